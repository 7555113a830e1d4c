/** English texts about the device's storage (the Spanish ones are ../es/device.ts). Same keys, same {variables}. */
import type { deviceMessages as es } from '../es/device';
import type { Shape } from '../shape';

export const deviceMessages: Shape<typeof es> = {
  deviceStorage: {
    full: 'The device has no free space and this change has not been saved. What was already saved is still here: free up some space (photos, other apps) and try again.',
    used: 'Storage used',
    quota: 'Space available to the app',
    persisted: 'Persistent storage',
    persistedYes: 'Yes: the browser will not delete the data for lack of space',
    persistedNo: 'No: the browser might delete the data if it runs out of space',
    unknown: 'Unknown',
  },
};
