/**
 * Spanish texts about the device's storage (issue 15, part 4): persistent storage, use and quota,
 * and the message of a write refused because the device is full. Spread into the catalogue
 * (`../messages.es.ts`).
 */
import { addSpanish } from '../loaded';

export const deviceMessages = {
  deviceStorage: {
    full: 'El dispositivo no tiene espacio libre y no se ha guardado este cambio. Lo que ya estaba guardado sigue aquí: libera espacio (fotos, otras aplicaciones) y vuelve a intentarlo.',
    used: 'Almacenamiento usado',
    quota: 'Espacio disponible para la aplicación',
    persisted: 'Almacenamiento persistente',
    persistedYes: 'Sí: el navegador no borrará los datos por falta de espacio',
    persistedNo: 'No: el navegador podría borrar los datos si le falta espacio',
    unknown: 'Desconocido',
  },
} as const;

addSpanish(deviceMessages);
