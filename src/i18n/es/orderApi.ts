/**
 * Spanish texts of the clients' order API (server answers; docs/api.md lists them). Spread into
 * the catalogue by ../messages.es.ts; `../orderApi.ts` formats the problems with them.
 */
import { addSpanish } from '../loaded';

export const orderApiMessages = {
  orderApi: {
    where: {
      line: 'Línea {line}, campo «{path}»',
      field: 'Campo «{path}»',
      order: 'Pedido',
    },
    type: {
      text: 'un texto',
      number: 'un número',
      object: 'un objeto',
      array: 'una lista',
      boolean: 'verdadero o falso',
      null: 'null',
      undefined: 'nada',
    },
    shape: {
      required: 'falta este campo (obligatorio; debe ser {expected})',
      type: 'debe ser {expected} y es {received}',
      too_short: 'no puede estar vacío',
      too_long: 'tiene más de {max, plural, one {# carácter} other {# caracteres}}',
      too_few: 'debe tener al menos {min} elemento',
      too_many: 'tiene más de {max, plural, one {# elemento} other {# elementos}}',
      format_date: 'debe ser una fecha AAAA-MM-DD (por ejemplo 2026-12-01)',
      format_time: 'debe ser una hora HH:MM (por ejemplo 09:30)',
      format: 'no tiene un formato válido',
      enum: 'debe ser uno de: {values}',
      unknown_field: 'campo desconocido (revisa el nombre en /api/docs)',
      invalid: 'valor no válido',
    },
    error: {
      invalid: 'El pedido no es válido: {count, plural, one {# problema} other {# problemas}}. Nada se ha guardado.',
      conflict: 'El pedido ya está planificado en una ruta y no puede cambiar. Nada se ha guardado.',
      idempotency: 'Esta Idempotency-Key ya se usó con otro cuerpo. Usa una clave nueva para otra petición.',
      idempotencyHeader: 'La cabecera Idempotency-Key debe tener de 1 a 200 caracteres imprimibles',
      missingKey: 'Falta la clave de la API: envíala en la cabecera X-Api-Key',
      badKey: 'Clave de la API no válida, caducada o revocada',
      otherClient: 'Esta clave es de otro cliente: no puede enviar pedidos a {path}',
      rateLimited: 'Demasiadas peticiones con esta clave: espera {wait} y vuelve a intentarlo',
      tooManyFailures: 'Demasiadas claves incorrectas desde esta dirección: espera {wait} y vuelve a intentarlo',
      tooLarge: 'El cuerpo de la petición supera 1 MB: envía un pedido por petición',
      notJson: 'El cuerpo no es un JSON válido',
      busy: 'Hay otras peticiones del mismo pedido en curso: nada se ha guardado, vuelve a intentarlo en un segundo',
      internal: 'Error interno del servidor; inténtalo de nuevo',
      emptyBody: 'El cuerpo está vacío: envía el pedido en JSON',
      unsupportedType: 'Envía el pedido como JSON (Content-Type: application/json)',
      noClient: 'El cliente «{client}» no existe en CargoBici o no está activo',
      adminOnly: 'Solo los administradores pueden gestionar las claves de la API',
      keyInvalid: 'La petición no es válida: {count, plural, one {# problema} other {# problemas}}',
      keyNotFound: 'No existe esa clave',
      expiryPast: 'la fecha de caducidad no puede ser anterior a hoy',
    },
  },
} as const;

addSpanish(orderApiMessages);
