/** English texts of the sync state (the Spanish ones are ../es/syncState.ts). Same keys, same {variables}. */
import type { syncStateMessages as es } from '../es/syncState';
import type { Shape } from '../shape';

export const syncStateMessages: Shape<typeof es> = {
  syncState: {
    synced: 'all synced',
    syncing: 'syncing',
    pending: 'changes or files waiting to be sent',
    offline: 'offline',
    error: 'sync error',
    idle: 'waiting to sync',
    awaitingFirst: 'Waiting for the first sync…',
    awaitingFirstBody: 'This device’s data has not arrived from the server yet: the figures will appear as soon as it finishes.',
    awaitingFirstOffline: 'Offline: the data will arrive with the first sync, as soon as the connection is back.',
    missingOrdersWaiting: '{n, plural, one {# order of this route is} other {# orders of this route are}} not on this device yet: they will arrive with the sync.',
    missingOrdersSettled: 'The route carries {n, plural, one {# order that does} other {# orders that do}} not exist on the server: they will not arrive. Tell the office: on the day’s planning board, “Day check” repairs it.',
    unknownValue: '…',
    unknownValueLabel: 'waiting for the first sync',
  },
};
