/** English texts of the barcode scanner of src/ui/scanner (picking and the rider's load-out) (the Spanish ones are ../es/scanner.ts). Same keys, same {variables}. */
import type { scannerMessages as es } from '../es/scanner';
import type { Shape } from '../shape';

export const scannerMessages: Shape<typeof es> = {
  scanner: {
    manualLabel: 'Code',
    manualPlaceholder: 'Type or scan the code',
    manualSubmit: 'OK',
    manualHelp: 'With a USB or Bluetooth scanner you can scan without touching the screen.',
    startCamera: 'Use the camera',
    stopCamera: 'Stop the camera',
    starting: 'Opening the camera…',
    scanning: 'Point the camera at the code',
    torchOn: 'Turn the torch on',
    torchOff: 'Turn the torch off',
    read: 'Read: {code}',
    regionLabel: 'Camera view',
    errors: {
      denied: 'There is no permission to use the camera. Allow it in the browser settings or type the code by hand.',
      absent: 'This device has no camera available. Type the code by hand or use a scanner.',
      busy: 'The camera is being used by another app. Close it or type the code by hand.',
      insecure: 'The camera only works over a secure connection (https). Type the code by hand.',
      unavailable: 'The camera could not be opened ({detail}). Type the code by hand.',
      load: 'The camera scanner could not be loaded. Type the code by hand.',
    },
  },
};
