/**
 * Spanish texts of the configuration page and the roles (features/config).
 * Read them with `t(…)`; the English twin is ../en/config.ts.
 */
import { addSpanish } from '../loaded';

export const configMessages = {
  config: {
    intro: 'Configuración de CargoBici (solo administradores).',
    roles: 'Roles y grupos de interfaz',
    taxes: 'Impuestos',
    status: 'Estados',
    synlab: 'Cliente externo Synlab',
    conflicts: 'Conflictos de sincronización',
    conflictsIntro: 'Campos que cambiaron a la vez en un dispositivo y en el servidor: se conservó el valor del servidor.',
    noConflicts: 'No hay conflictos registrados.',
  },
  roles: {
    name: 'Nombre',
    baseRole: 'Permisos de datos de',
    groups: 'Grupos de interfaz',
    system: 'Rol del sistema',
    list: 'Roles',
    create: 'Nuevo rol',
    id: 'Identificador',
    idHelp: 'Minúsculas, números y guiones; no se puede cambiar después.',
    systemLocked: 'Los roles del sistema no se pueden borrar ni cambiar de permisos de datos.',
    what: 'el rol',
    idTaken: 'Ya existe un rol con ese identificador.',
  },
} as const;

addSpanish(configMessages);
