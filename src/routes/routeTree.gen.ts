// Generated from src/links/registry.ts by `npm run routes` (src/routes/routeTreeSource.ts). Do not edit.
import { createRoute } from '@tanstack/react-router';
import { blankLayoutRoute, rootRoute, screenOptions, shellLayoutRoute } from './tree';

const homeRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/', ...screenOptions('home') });
const chargeRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/charge', ...screenOptions('charge') });
const routedRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/routed', ...screenOptions('routed') });
const barcodeRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/barcode', ...screenOptions('barcode') });
const routesRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/routes', ...screenOptions('routes') });
const routeDetailRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/routes/route/$id', ...screenOptions('routeDetail') });
const routeSynlabRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/routes/route-synlab/$id', ...screenOptions('routeSynlab') });
const routeFormRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/routes/route/form/$id', ...screenOptions('routeForm') });
const deliveryRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/delivery/$id', ...screenOptions('delivery') });
const pickingRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/picking', ...screenOptions('picking') });
const pickingRouteRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/picking/route/$id', ...screenOptions('pickingRoute') });
const pickingPeProductsRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/picking/products/pe/$id', ...screenOptions('pickingPeProducts') });
const pickingOrdersHubRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/picking/products/pe/$id/orders/hub/product/$idHub/$idProduct', ...screenOptions('pickingOrdersHub') });
const pickingRoutePeRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/picking/route/$id/pe/$idPE', ...screenOptions('pickingRoutePe') });
const pickerProductRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/picking/products/pe/$pe_id/$product_id/order/$order_id', ...screenOptions('pickerProduct') });
const incidenceProductRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/incidence-product/pe/$pe_name/$pe_id/productId/$product_id/order/$order_id', ...screenOptions('incidenceProduct') });
const incidenceAllPickingRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/incidence-all-picking', ...screenOptions('incidenceAllPicking') });
const errorPickingRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/error-picking-producto/$pe_name/$order_id/$product_id', ...screenOptions('errorPicking') });
const paymentsAllRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/payments/all_orders', ...screenOptions('paymentsAll') });
const reportsRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/reports', ...screenOptions('reports') });
const reportsClientMonthRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/reports/client/$clientId/$month', ...screenOptions('reportsClientMonth') });
const trackingRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/tracking', ...screenOptions('tracking') });
const paymentsDetailsRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/payments/details_orders/$route_id/status/$status_id', ...screenOptions('paymentsDetails') });
const profileUserRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/profile-user', ...screenOptions('profileUser') });
const userModelRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/user-model', ...screenOptions('userModel') });
const createUserRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/create-user', ...screenOptions('createUser') });
const userEditRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/user-edit/$user_id', ...screenOptions('userEdit') });
const crudUserRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/crud-user', ...screenOptions('crudUser') });
const deliveryPointsModelRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/delivery-points-model', ...screenOptions('deliveryPointsModel') });
const deliveryCreateRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/delivery-create', ...screenOptions('deliveryCreate') });
const deliveryPointsEditRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/delivery-points-edit/$id', ...screenOptions('deliveryPointsEdit') });
const deliveryPointsDataRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/delivery-points-data/$id', ...screenOptions('deliveryPointsData') });
const deliveryPointsRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/delivery-points', ...screenOptions('deliveryPoints') });
const bikeModelRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/bike-model', ...screenOptions('bikeModel') });
const bikeModelCreateRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/bike-model/bike-model-formulario', ...screenOptions('bikeModelCreate') });
const bikeModelEditRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/bike-model/bike-model-formulario/$bike_id', ...screenOptions('bikeModelEdit') });
const bikeRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/bike', ...screenOptions('bike') });
const bikeCreateRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/bike/bike-formulario', ...screenOptions('bikeCreate') });
const bikeEditRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/bike/bike-formulario/$bike_id', ...screenOptions('bikeEdit') });
const hubRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/hub', ...screenOptions('hub') });
const hubCreateRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/hub/hub-formulario', ...screenOptions('hubCreate') });
const hubEditRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/hub/hub-formulario/$hub_id', ...screenOptions('hubEdit') });
const productCrudRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/product-crud', ...screenOptions('productCrud') });
const productCreateRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/product-create', ...screenOptions('productCreate') });
const productEditRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/product-edit/$product_id', ...screenOptions('productEdit') });
const ordersRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/orders', ...screenOptions('orders') });
const createOrderRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/create-order', ...screenOptions('createOrder') });
const editOrderRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/edit-order/$id', ...screenOptions('editOrder') });
const proofOfDeliveryRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/proof-of-delivery/$order_id', ...screenOptions('proofOfDelivery') });
const orderNoticesRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/orders/notices/$id', ...screenOptions('orderNotices') });
const distributionRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/distribution', ...screenOptions('distribution') });
const distributionRouteRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/distribution/$id', ...screenOptions('distributionRoute') });
const distributionStopRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/distribution/pe/$id/rider_id/$riderId/routeId/$routeId', ...screenOptions('distributionStop') });
const distributionLoadOutRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/distribution/id_hub/$id_hub/id_route/$id_route', ...screenOptions('distributionLoadOut') });
const distributionSummaryRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/distribution/route-summary/$id', ...screenOptions('distributionSummary') });
const distributionReceiveRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/distribution/product-receive/$id/rider_id/$rider_id/route_id/$route_id', ...screenOptions('distributionReceive') });
const distributionCancelRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/distribution/route_cancel/$id', ...screenOptions('distributionCancel') });
const deliveryProductsRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/order_id/$id/rider_id/$riderId/route_id/$routeId', ...screenOptions('deliveryProducts') });
const incidenceDeliveryProductRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/incidenceByDeliveryProduct/order/$id/product_id/$product_id/product_name/$product_name/products_charge/$picking_charge/rider_id/$rider_id/route_id/$route_id', ...screenOptions('incidenceDeliveryProduct') });
const incidenceAllDeliveredRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/incidence-all-delivered', ...screenOptions('incidenceAllDelivered') });
const deliveryFailedRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/deliveryFailed/pe/$pe_id/order/$id/rider_id/$rider_id/route_id/$route_id', ...screenOptions('deliveryFailed') });
const signAndCollectRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/signAndCollect/pe/$pe_id/order/$id/totalUnits/$totalUnits/rider_id/$rider_id/route_id/$route_id/summary/$summary/delivery/$delivery', ...screenOptions('signAndCollect') });
const configRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/config', ...screenOptions('config') });
const configRolesRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/config/roles', ...screenOptions('configRoles') });
const createRolRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/create-rol', ...screenOptions('createRol') });
const rolEditRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/rol-edit/$rol_id', ...screenOptions('rolEdit') });
const configTaxesRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/config/taxes', ...screenOptions('configTaxes') });
const createTaxesRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/create-taxes', ...screenOptions('createTaxes') });
const taxEditRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/tax-edit/$tax_id', ...screenOptions('taxEdit') });
const configStatusRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/config/status', ...screenOptions('configStatus') });
const createStatusRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/config/create-status', ...screenOptions('createStatus') });
const statusEditRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/config/status-edit/$id', ...screenOptions('statusEdit') });
const configApiKeysRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/config/api-keys', ...screenOptions('configApiKeys') });
const configWebhooksRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/config/webhooks', ...screenOptions('configWebhooks') });
const synlabRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/synlab', ...screenOptions('synlab') });
const synlabFormRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/synlab/form', ...screenOptions('synlabForm') });
const synlabFormEditRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/synlab/form/$id', ...screenOptions('synlabFormEdit') });
const testRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/test', ...screenOptions('test') });
const testTwoRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/test/two', ...screenOptions('testTwo') });
const testThreeRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/test/three', ...screenOptions('testThree') });
const testDeliveryOrderSynlabRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/test/deliveryOrderSynlab', ...screenOptions('testDeliveryOrderSynlab') });
const testDataroutesRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/test/dataroutes', ...screenOptions('testDataroutes') });
const testEntregaRoute = createRoute({ getParentRoute: () => shellLayoutRoute, path: '/test/entrega', ...screenOptions('testEntrega') });
const importRoute = createRoute({ getParentRoute: () => blankLayoutRoute, path: '/import', ...screenOptions('import') });
const blankRoute = createRoute({ getParentRoute: () => blankLayoutRoute, path: '/blank', ...screenOptions('blank') });
const blankChargeRoute = createRoute({ getParentRoute: () => blankLayoutRoute, path: '/blank/charge', ...screenOptions('blankCharge') });
const blankMapRoute = createRoute({ getParentRoute: () => blankLayoutRoute, path: '/blank/map', ...screenOptions('blankMap') });
const blankRoutedRoute = createRoute({ getParentRoute: () => blankLayoutRoute, path: '/blank/routed', ...screenOptions('blankRouted') });
const blankPickingRoute = createRoute({ getParentRoute: () => blankLayoutRoute, path: '/blank/picking', ...screenOptions('blankPicking') });
const blankDeliveryRoute = createRoute({ getParentRoute: () => blankLayoutRoute, path: '/blank/delivery', ...screenOptions('blankDelivery') });
const pickingPeRoute = createRoute({ getParentRoute: () => blankLayoutRoute, path: '/picking/pe', ...screenOptions('pickingPe') });
const publicProofRoute = createRoute({ getParentRoute: () => blankLayoutRoute, path: '/albaran/$token', ...screenOptions('publicProof') });
const publicTrackingRoute = createRoute({ getParentRoute: () => blankLayoutRoute, path: '/envio/$token', ...screenOptions('publicTracking') });
const loginRoute = createRoute({ getParentRoute: () => blankLayoutRoute, path: '/login', ...screenOptions('login') });
const resetRoute = createRoute({ getParentRoute: () => blankLayoutRoute, path: '/reset', ...screenOptions('reset') });
const resetFormRoute = createRoute({ getParentRoute: () => blankLayoutRoute, path: '/reset/form', ...screenOptions('resetForm') });

export const routeTree = rootRoute.addChildren([
  shellLayoutRoute.addChildren([
    homeRoute,
    chargeRoute,
    routedRoute,
    barcodeRoute,
    routesRoute,
    routeDetailRoute,
    routeSynlabRoute,
    routeFormRoute,
    deliveryRoute,
    pickingRoute,
    pickingRouteRoute,
    pickingPeProductsRoute,
    pickingOrdersHubRoute,
    pickingRoutePeRoute,
    pickerProductRoute,
    incidenceProductRoute,
    incidenceAllPickingRoute,
    errorPickingRoute,
    paymentsAllRoute,
    reportsRoute,
    reportsClientMonthRoute,
    trackingRoute,
    paymentsDetailsRoute,
    profileUserRoute,
    userModelRoute,
    createUserRoute,
    userEditRoute,
    crudUserRoute,
    deliveryPointsModelRoute,
    deliveryCreateRoute,
    deliveryPointsEditRoute,
    deliveryPointsDataRoute,
    deliveryPointsRoute,
    bikeModelRoute,
    bikeModelCreateRoute,
    bikeModelEditRoute,
    bikeRoute,
    bikeCreateRoute,
    bikeEditRoute,
    hubRoute,
    hubCreateRoute,
    hubEditRoute,
    productCrudRoute,
    productCreateRoute,
    productEditRoute,
    ordersRoute,
    createOrderRoute,
    editOrderRoute,
    proofOfDeliveryRoute,
    orderNoticesRoute,
    distributionRoute,
    distributionRouteRoute,
    distributionStopRoute,
    distributionLoadOutRoute,
    distributionSummaryRoute,
    distributionReceiveRoute,
    distributionCancelRoute,
    deliveryProductsRoute,
    incidenceDeliveryProductRoute,
    incidenceAllDeliveredRoute,
    deliveryFailedRoute,
    signAndCollectRoute,
    configRoute,
    configRolesRoute,
    createRolRoute,
    rolEditRoute,
    configTaxesRoute,
    createTaxesRoute,
    taxEditRoute,
    configStatusRoute,
    createStatusRoute,
    statusEditRoute,
    configApiKeysRoute,
    configWebhooksRoute,
    synlabRoute,
    synlabFormRoute,
    synlabFormEditRoute,
    testRoute,
    testTwoRoute,
    testThreeRoute,
    testDeliveryOrderSynlabRoute,
    testDataroutesRoute,
    testEntregaRoute,
  ]),
  blankLayoutRoute.addChildren([
    importRoute,
    blankRoute,
    blankChargeRoute,
    blankMapRoute,
    blankRoutedRoute,
    blankPickingRoute,
    blankDeliveryRoute,
    pickingPeRoute,
    publicProofRoute,
    publicTrackingRoute,
    loginRoute,
    resetRoute,
    resetFormRoute,
  ]),
]);
