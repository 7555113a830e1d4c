/**
 * Texts of the sync state (issue 15): what the sync badge says to screen readers, and what a
 * screen shows while this user's first sync on this device has not finished yet, instead of a
 * confident 0. Spread into the catalogue by `../messages.es.ts`.
 */
import { addSpanish } from '../loaded';

export const syncStateMessages = {
  syncState: {
    synced: 'todo sincronizado',
    syncing: 'sincronizando',
    pending: 'cambios o ficheros por enviar',
    offline: 'sin conexión',
    error: 'error de sincronización',
    idle: 'esperando para sincronizar',
    awaitingFirst: 'Esperando la primera sincronización…',
    awaitingFirstBody: 'Los datos de este dispositivo aún no han llegado del servidor: las cifras aparecerán en cuanto termine.',
    awaitingFirstOffline: 'Sin conexión: los datos llegarán con la primera sincronización, en cuanto vuelva la red.',
    missingOrdersWaiting: '{n, plural, one {Falta # pedido} other {Faltan # pedidos}} de esta ruta en el dispositivo: llegarán con la sincronización.',
    missingOrdersSettled: 'La ruta lleva {n, plural, one {# pedido que no existe} other {# pedidos que no existen}} en el servidor: no van a llegar. Avisa a la oficina: en la planificación del día, «Comprobación del día» lo repara.',
    unknownValue: '…',
    unknownValueLabel: 'pendiente de la primera sincronización',
  },
} as const;

addSpanish(syncStateMessages);
