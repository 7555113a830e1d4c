/** The rider's round (issue 9): routes, load-out, stops, orders, signature, failures, incidences. */
export { DistributionPage } from './DistributionPage';
export { RouteDetailPage } from './RouteDetailPage';
export { LoadOutPage } from './LoadOutPage';
export { RouteSummaryPage } from './RouteSummaryPage';
export { RouteCancelPage } from './RouteCancelPage';
export { StopPage } from './StopPage';
export { OrderDeliveryPage } from './OrderDeliveryPage';
export { SignCollectPage } from './SignCollectPage';
export { FailedPage } from './FailedPage';
export { IncidencePage } from './IncidencePage';
export { DeliveryRecordPage } from './DeliveryRecordPage';
