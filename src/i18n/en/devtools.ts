/** English texts of the diagnostic pages (features/devtools and the registry pages of src/routes) (the Spanish ones are ../es/devtools.ts). Same keys, same {variables}. */
import type { devtoolsMessages as es } from '../es/devtools';
import type { Shape } from '../shape';

export const devtoolsMessages: Shape<typeof es> = {
  dev: {
    intro: 'Diagnostic pages for development. Only the machine-dev-mode group sees them.',
    routesIntro: 'All the app’s routes, read from the route registry.',
    path: 'Path',
    title: 'Title',
    layout: 'Layout',
    access: 'Access',
    state: 'State',
    built: 'Available',
    pending: 'Pending (task {issue})',
    shell: 'With menu',
    blankLayout: 'Without menu',
    public: 'Public',
    environment: 'Environment',
    online: 'Connection',
    serviceWorker: 'Service worker',
    swActive: 'Active',
    swNone: 'Not registered',
    userAgent: 'Browser',
    formats: 'es-ES formats',
    sampleDate: 'Sample date',
    sampleMoney: 'Sample amount',
    labIntro: 'Test bench: signature and payment calculation on a real order on the device. Nothing is recorded.',
    labPng: 'PNG image of the signature, as it would be uploaded',
    noSynlab: 'There is no Synlab client on this device.',
    synlabCount: '{n, plural, one {# Synlab order} other {# Synlab orders}} on {date}',
  },
  scanLab: {
    title: 'Camera and barcode scanner',
    intro: 'Try the app’s scanner: camera, USB or Bluetooth scanner, and code typed by hand.',
    last: 'Last scan',
    none: 'Nothing has been read yet.',
    source: 'Source',
    sources: { camera: 'Camera', wedge: 'Scanner', manual: 'By hand' },
    kind: 'Type',
    kinds: { 'box-label': 'Box label', gtin: 'Product code (GTIN)', text: 'Other code' },
    count: 'Scans',
  },
};
