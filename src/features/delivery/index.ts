export { DistributionPage, LoadOutPage, RouteCancelPage, RouteDetailPage, RouteSummaryPage } from './RoutePages';
export { DeliveryRecordPage, FailedPage, IncidencePage, IncidencesListPage, OrderDeliveryPage, SignCollectPage, StopPage } from './StopPages';
