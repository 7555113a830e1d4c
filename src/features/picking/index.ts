/** The picking floor (issue 12): routes, delivery points, the picker's product page, incidences, barcode. */
export { PickingRoutesPage, PickingRoutePage, PickingRoutePointPage } from './RoutesPages';
export { PickerProductPage } from './ProductPage';
export { IncidenceProductPage, ErrorPickingPage, IncidenceAllPickingPage } from './IncidencePages';
export { PickingPointsPage, PointProductsPage, ProductOrdersHubPage } from './ByProductPages';
export { BarcodePage } from './BarcodePage';
