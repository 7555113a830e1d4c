export { TrackingPage } from './TrackingPage';
export { OrderNoticesPage } from './OrderNoticesPage';
export { WebhooksPage } from './WebhooksPage';
