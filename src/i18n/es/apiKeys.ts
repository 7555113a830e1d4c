/**
 * Spanish texts of the admins' screen of the clients' order-API keys (/config/api-keys, issue 10).
 * Spread into the catalogue (`../messages.es.ts`).
 */
import { addSpanish } from '../loaded';

export const apiKeysMessages = {
  apiKeys: {
    configLink: 'Claves de la API de pedidos',
    intro: 'Claves con las que los sistemas de los clientes envían pedidos a la API. Cada clave se muestra una sola vez al crearla y se guarda solo su huella (hash).',
    list: 'Claves de la API',
    none: 'No hay claves creadas.',
    loadFailed: 'No se han podido cargar las claves: {message}',
    name: 'Nombre',
    client: 'Cliente',
    created: 'Creada',
    expires: 'Caduca',
    lastUsed: 'Último uso',
    state: 'Estado',
    actions: 'Acciones',
    never: 'Nunca',
    active: 'Activa',
    expired: 'Caducada',
    revoked: 'Revocada',
    revoke: 'Revocar',
    revokeTitle: 'Revocar la clave «{name}»',
    revokeMessage: 'La clave dejará de funcionar en este mismo momento y no se puede volver a activar. ¿Revocarla?',
    revokedNotice: 'Clave «{name}» revocada',
    revokeFailed: 'No se ha podido revocar la clave: {message}',
    createTitle: 'Nueva clave',
    create: 'Crear clave',
    clientPlaceholder: 'Elige el cliente',
    namePlaceholder: 'p. ej. ERP Qualianza producción',
    expiry: 'Último día de validez',
    expiryHelp: 'La clave funciona hasta el final de ese día (hora de Madrid). Por defecto, un año.',
    clientRequired: 'Cliente: elige Qualianza (pascual) o Bimbo',
    nameRequired: 'Nombre: escribe un nombre que diga quién usa la clave',
    nameTooLong: 'Nombre: como mucho 80 caracteres',
    expiryInvalid: 'Último día de validez: escribe una fecha válida (día/mes/año)',
    expiryPast: 'Último día de validez: no puede ser anterior a hoy',
    createFailed: 'No se ha podido crear la clave: {message}',
    createdTitle: 'Clave creada: cópiala ahora',
    createdWarning: 'Esta es la única vez que se muestra la clave. Guárdala en un lugar seguro: después no se puede volver a ver; si se pierde, revócala y crea otra.',
    keyLabel: 'Clave de la API',
    copy: 'Copiar',
    copied: 'Copiada',
    done: 'Ya la he guardado',
  },
};

addSpanish(apiKeysMessages);
