/** Messages of the data layer's writes and actions (src/data), shown where a write is refused. */
import { addSpanish } from '../loaded';

export const dataMessages = {
  data: {
    notFound: 'No existe {what} «{id}»',
    readOnly: 'Este registro no se puede modificar: registra uno nuevo',
    routeTransition: 'No se puede pasar la ruta de «{from}» a «{to}»',
    cancelReason: 'Escribe el motivo de la cancelación (al menos 3 caracteres)',
    saveFailed: 'No se ha podido guardar',
    badArgs: 'Datos no válidos: {problems}',
    roleRefused: 'Tu rol ({role}) no puede hacer esto',
    loadOutNote: 'Carga en el hub: esperadas {expected}, recibidas {received}',
    duplicateId: 'Ya existe {what} con ese identificador',
    otherUser: 'Este dispositivo tiene datos de {name}. Esa persona debe cerrar su sesión antes de que entre otra.',
    sync: {
      offline: 'Sin conexión con el servidor: los cambios se guardan en el dispositivo y se enviarán al volver la conexión',
      failed: 'No se pudo sincronizar; se reintentará',
    },
    signOut: {
      pendingOne: 'Hay 1 cambio sin enviar al servidor. Conéctate y espera a que se sincronicen antes de cerrar la sesión, o se perderían.',
      pendingMany: 'Hay {n, plural, one {# cambio} other {# cambios}} sin enviar al servidor. Conéctate y espera a que se sincronicen antes de cerrar la sesión, o se perderían.',
      uploadsOne: 'Hay 1 fichero (firmas o fotos) sin subir. Conéctate y espera a que se suban antes de cerrar la sesión.',
      uploadsMany: 'Hay {n, plural, one {# fichero} other {# ficheros}} (firmas o fotos) sin subir. Conéctate y espera a que se suban antes de cerrar la sesión.',
      stillSyncing: 'Todavía se están sincronizando cambios. Espera unos segundos y vuelve a intentarlo.',
    },
    upload: {
      offline: 'Sin conexión con el servidor',
      serverError: 'El servidor respondió {status}; se reintentará',
      limited: 'El servidor pide esperar (límite de subidas); el fichero se queda en el dispositivo y se reintentará',
      conflict: 'Ya hay otro fichero distinto con ese nombre en el servidor',
      tooLarge: 'El fichero es demasiado grande',
      badType: 'Tipo de fichero no admitido',
      forbidden: 'No tienes permiso para subir este fichero',
      refused: 'El servidor rechazó el fichero ({status})',
      sessionExpired: 'La sesión ha caducado: inicia sesión para subir el fichero',
    },
  },
} as const;

addSpanish(dataMessages);
