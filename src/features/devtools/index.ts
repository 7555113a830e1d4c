/**
 * Developer diagnostics under /test (interface group machine-dev-mode): the device's
 * environment with its camera and barcode scanner (/test/two) and the es-ES formats. The pages
 * that list routes live in src/routes/pages.
 */
export { DevEnvironmentPage } from './DevEnvironmentPage';
export { DevFormatsPage } from './DevFormatsPage';
export { DeliveryLabPage } from './DeliveryLabPage';
export { SynlabOrdersPage } from './SynlabOrdersPage';
