/** The picking floor (issue 12): routes, delivery points, the picker's product page, incidences, barcode. */
export { PickingRoutesPage } from './PickingRoutesPage';
export { PickingRoutePage } from './PickingRoutePage';
export { PickingRoutePointPage } from './PickingRoutePointPage';
export { PickerProductPage } from './ProductPage';
export { IncidenceProductPage } from './IncidenceProductPage';
export { ErrorPickingPage } from './ErrorPickingPage';
export { IncidenceAllPickingPage } from './IncidenceAllPickingPage';
export { PickingPointsPage } from './PickingPointsPage';
export { PointProductsPage } from './PointProductsPage';
export { ProductOrdersHubPage } from './ProductOrdersHubPage';
export { BarcodePage } from './BarcodePage';
