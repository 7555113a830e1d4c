/**
 * The route registry: ONE table of every path of the specification's section 2.
 *
 * The router, the menu, the guards, the breadcrumbs, the developer route list and the route
 * e2e test all read this table. Paths keep the specification's `:param` syntax; the router
 * converts them. Nested children whose specification path starts with «/» are absolute (as in
 * the original router) and are listed with their full path.
 *
 * `pending` names the issue that builds a screen; such a screen renders the «En construcción»
 * notice with its title. Nothing else may be a placeholder.
 */
import type { ScreenAccess, InterfaceGroup } from '../domain/access/groups';
import type { MessageKey } from '../i18n';
import { fillPath, makeHref, makeLinkTo, type AppHref, type PathOf, type PathParamNames } from './href';

export type Layout = 'shell' | 'blank';

export interface RouteEntry {
  /** Stable id; also the screen key. */
  readonly id: string;
  /** Path with `:param` segments, as in the specification. */
  readonly path: string;
  readonly layout: Layout;
  readonly access: ScreenAccess;
  /** Page title (the page's one `<h1>`), from the message catalogue. */
  readonly title: MessageKey;
  /** Breadcrumb label; defaults to the title. */
  readonly crumb?: MessageKey;
  /** Id of the parent entry in the breadcrumb trail (Home is always first in the shell). */
  readonly parent?: string;
  /** Issue number that will build this screen; absent when the screen is built. */
  readonly pending?: number;
  /** Sample parameters for tests and the developer route list. */
  readonly sample?: Readonly<Record<string, string>>;
}

const OPS: readonly InterfaceGroup[] = ['machine-operator'];
const RIDER_OPS: readonly InterfaceGroup[] = ['machine-operator', 'machine-rider'];
const SIGNED_IN: readonly InterfaceGroup[] = ['machine-operator', 'machine-rider', 'users-admin', 'machine-dev-mode'];
const ADMIN: readonly InterfaceGroup[] = ['machine-admin'];
const USERS_ADMIN: readonly InterfaceGroup[] = ['users-admin'];
const DEV: readonly InterfaceGroup[] = ['machine-dev-mode'];

const TABLE = [
  // ── Main layout (with the application shell) ──────────────────────────────────────────────
  { id: 'home', path: '/', layout: 'shell', access: SIGNED_IN, title: 'routeTitles.home', crumb: 'menu.home' },
  { id: 'charge', path: '/charge', layout: 'shell', access: OPS, title: 'routeTitles.charge' },
  { id: 'routed', path: '/routed', layout: 'shell', access: OPS, title: 'routeTitles.routed' },
  { id: 'barcode', path: '/barcode', layout: 'shell', access: RIDER_OPS, title: 'routeTitles.barcode' },

  { id: 'routes', path: '/routes', layout: 'shell', access: OPS, title: 'routeTitles.routes' },
  { id: 'routeDetail', path: '/routes/route/:id', layout: 'shell', access: OPS, title: 'routeTitles.routeDetail', parent: 'routes' },
  { id: 'routeSynlab', path: '/routes/route-synlab/:id', layout: 'shell', access: OPS, title: 'routeTitles.routeSynlab', parent: 'routes' },
  { id: 'routeForm', path: '/routes/route/form/:id', layout: 'shell', access: OPS, title: 'routeTitles.routeForm', parent: 'routes' },

  { id: 'delivery', path: '/delivery/:id', layout: 'shell', access: RIDER_OPS, title: 'routeTitles.delivery', parent: 'distribution' },

  { id: 'picking', path: '/picking', layout: 'shell', access: OPS, title: 'routeTitles.picking' },
  { id: 'pickingRoute', path: '/picking/route/:id', layout: 'shell', access: OPS, title: 'routeTitles.pickingRoute', parent: 'picking', sample: { id: 'all' } },
  { id: 'pickingPeProducts', path: '/picking/products/pe/:id', layout: 'shell', access: OPS, title: 'routeTitles.pickingPeProducts', parent: 'pickingRoute' },
  { id: 'pickingOrdersHub', path: '/picking/products/pe/:id/orders/hub/product/:idHub/:idProduct', layout: 'shell', access: OPS, title: 'routeTitles.pickingOrdersHub', parent: 'pickingRoute' },
  { id: 'pickingRoutePe', path: '/picking/route/:id/pe/:idPE', layout: 'shell', access: OPS, title: 'routeTitles.pickingRoutePe', parent: 'pickingRoute' },
  { id: 'pickerProduct', path: '/picking/products/pe/:pe_id/:product_id/order/:order_id', layout: 'shell', access: OPS, title: 'routeTitles.pickerProduct', parent: 'pickingRoute' },
  { id: 'incidenceProduct', path: '/incidence-product/pe/:pe_name/:pe_id/productId/:product_id/order/:order_id', layout: 'shell', access: OPS, title: 'routeTitles.incidenceProduct', parent: 'picking' },
  { id: 'incidenceAllPicking', path: '/incidence-all-picking', layout: 'shell', access: OPS, title: 'routeTitles.incidenceAllPicking', parent: 'picking' },
  { id: 'errorPicking', path: '/error-picking-producto/:pe_name/:order_id/:product_id/', layout: 'shell', access: OPS, title: 'routeTitles.errorPicking', parent: 'picking' },

  { id: 'paymentsAll', path: '/payments/all_orders', layout: 'shell', access: OPS, title: 'routeTitles.paymentsAll' },
  // Issue 34: the operation reports; not in the specification.
  { id: 'reports', path: '/reports', layout: 'shell', access: OPS, title: 'routeTitles.reports' },
  // Issue 34: a client's month, printable, for the operators and admins of the hubs whose data the device holds.
  { id: 'reportsClientMonth', path: '/reports/client/:clientId/:month', layout: 'shell', access: OPS, title: 'routeTitles.reportsClientMonth', parent: 'reports', sample: { month: '2026-11' } },
  // Issue 33: the office's live map; not in the specification.
  { id: 'tracking', path: '/tracking', layout: 'shell', access: OPS, title: 'routeTitles.tracking', crumb: 'menu.tracking' },
  { id: 'paymentsDetails', path: '/payments/details_orders/:route_id/status/:status_id', layout: 'shell', access: OPS, title: 'routeTitles.paymentsDetails', parent: 'paymentsAll', sample: { status_id: 'all' } },

  { id: 'profileUser', path: '/profile-user', layout: 'shell', access: SIGNED_IN, title: 'routeTitles.profileUser' },

  { id: 'userModel', path: '/user-model', layout: 'shell', access: USERS_ADMIN, title: 'routeTitles.userModel' },
  { id: 'createUser', path: '/create-user', layout: 'shell', access: USERS_ADMIN, title: 'routeTitles.createUser', parent: 'userModel' },
  { id: 'userEdit', path: '/user-edit/:user_id', layout: 'shell', access: USERS_ADMIN, title: 'routeTitles.userEdit', parent: 'userModel' },
  { id: 'crudUser', path: '/crud-user', layout: 'shell', access: USERS_ADMIN, title: 'routeTitles.crudUser', parent: 'userModel' },

  { id: 'deliveryPointsModel', path: '/delivery-points-model', layout: 'shell', access: OPS, title: 'routeTitles.deliveryPointsModel' },
  { id: 'deliveryCreate', path: '/delivery-create', layout: 'shell', access: OPS, title: 'routeTitles.deliveryCreate', parent: 'deliveryPointsModel' },
  { id: 'deliveryPointsEdit', path: '/delivery-points-edit/:id', layout: 'shell', access: OPS, title: 'routeTitles.deliveryPointsEdit', parent: 'deliveryPointsModel' },
  { id: 'deliveryPointsData', path: '/delivery-points-data/:id', layout: 'shell', access: OPS, title: 'routeTitles.deliveryPointsData', parent: 'deliveryPointsModel' },
  { id: 'deliveryPoints', path: '/delivery-points', layout: 'shell', access: OPS, title: 'routeTitles.deliveryPoints', parent: 'deliveryPointsModel' },

  { id: 'bikeModel', path: '/bike-model', layout: 'shell', access: OPS, title: 'routeTitles.bikeModel', crumb: 'menu.bikeModel' },
  { id: 'bikeModelCreate', path: '/bike-model/bike-model-formulario', layout: 'shell', access: OPS, title: 'routeTitles.bikeModelCreate', parent: 'bikeModel' },
  { id: 'bikeModelEdit', path: '/bike-model/bike-model-formulario/:bike_id', layout: 'shell', access: OPS, title: 'routeTitles.bikeModelEdit', parent: 'bikeModel' },
  { id: 'bike', path: '/bike', layout: 'shell', access: OPS, title: 'routeTitles.bike', crumb: 'menu.bikes' },
  { id: 'bikeCreate', path: '/bike/bike-formulario', layout: 'shell', access: OPS, title: 'routeTitles.bikeCreate', parent: 'bike' },
  { id: 'bikeEdit', path: '/bike/bike-formulario/:bike_id', layout: 'shell', access: OPS, title: 'routeTitles.bikeEdit', parent: 'bike' },
  { id: 'hub', path: '/hub', layout: 'shell', access: OPS, title: 'routeTitles.hub' },
  { id: 'hubCreate', path: '/hub/hub-formulario', layout: 'shell', access: OPS, title: 'routeTitles.hubCreate', parent: 'hub' },
  { id: 'hubEdit', path: '/hub/hub-formulario/:hub_id', layout: 'shell', access: OPS, title: 'routeTitles.hubEdit', parent: 'hub' },
  { id: 'productCrud', path: '/product-crud', layout: 'shell', access: OPS, title: 'routeTitles.productCrud' },
  { id: 'productCreate', path: '/product-create', layout: 'shell', access: OPS, title: 'routeTitles.productCreate', parent: 'productCrud' },
  { id: 'productEdit', path: '/product-edit/:product_id', layout: 'shell', access: OPS, title: 'routeTitles.productEdit', parent: 'productCrud' },
  { id: 'orders', path: '/orders', layout: 'shell', access: OPS, title: 'routeTitles.orders' },
  { id: 'createOrder', path: '/create-order', layout: 'shell', access: OPS, title: 'routeTitles.createOrder', parent: 'orders' },
  { id: 'editOrder', path: '/edit-order/:id', layout: 'shell', access: OPS, title: 'routeTitles.editOrder', parent: 'orders' },
  // Issue 13: an order's proof of delivery (albarán), printable; not in the specification.
  { id: 'proofOfDelivery', path: '/proof-of-delivery/:order_id', layout: 'shell', access: OPS, title: 'routeTitles.proofOfDelivery', parent: 'orders' },
  // Issue 33: an order's notices to its receiver, the point's contact for them, a tracking link.
  { id: 'orderNotices', path: '/orders/notices/:id', layout: 'shell', access: OPS, title: 'routeTitles.orderNotices', parent: 'orders' },

  { id: 'distribution', path: '/distribution', layout: 'shell', access: RIDER_OPS, title: 'routeTitles.distribution' },
  { id: 'distributionRoute', path: '/distribution/:id', layout: 'shell', access: RIDER_OPS, title: 'routeTitles.distributionRoute', parent: 'distribution' },
  { id: 'distributionStop', path: '/distribution/pe/:id/rider_id/:riderId/routeId/:routeId', layout: 'shell', access: RIDER_OPS, title: 'routeTitles.distributionStop', parent: 'distribution' },
  { id: 'distributionLoadOut', path: '/distribution/id_hub/:id_hub/id_route/:id_route', layout: 'shell', access: RIDER_OPS, title: 'routeTitles.distributionLoadOut', parent: 'distribution' },
  { id: 'distributionSummary', path: '/distribution/route-summary/:id', layout: 'shell', access: RIDER_OPS, title: 'routeTitles.distributionSummary', parent: 'distribution' },
  { id: 'distributionReceive', path: '/distribution/product-receive/:id/rider_id/:rider_id/route_id/:route_id', layout: 'shell', access: RIDER_OPS, title: 'routeTitles.distributionReceive', parent: 'distribution' },
  { id: 'distributionCancel', path: '/distribution/route_cancel/:id', layout: 'shell', access: OPS, title: 'routeTitles.distributionCancel', parent: 'distribution' },

  { id: 'deliveryProducts', path: '/order_id/:id/rider_id/:riderId/route_id/:routeId', layout: 'shell', access: RIDER_OPS, title: 'routeTitles.deliveryProducts', parent: 'distribution' },
  { id: 'incidenceDeliveryProduct', path: '/incidenceByDeliveryProduct/order/:id/product_id/:product_id/product_name/:product_name/products_charge/:picking_charge/rider_id/:rider_id/route_id/:route_id', layout: 'shell', access: RIDER_OPS, title: 'routeTitles.incidenceDeliveryProduct', parent: 'distribution' },
  { id: 'incidenceAllDelivered', path: '/incidence-all-delivered', layout: 'shell', access: OPS, title: 'routeTitles.incidenceAllDelivered' },
  { id: 'deliveryFailed', path: '/deliveryFailed/pe/:pe_id/order/:id/rider_id/:rider_id/route_id/:route_id', layout: 'shell', access: RIDER_OPS, title: 'routeTitles.deliveryFailed', parent: 'distribution' },
  { id: 'signAndCollect', path: '/signAndCollect/pe/:pe_id/order/:id/totalUnits/:totalUnits/rider_id/:rider_id/route_id/:route_id/summary/:summary/delivery/:delivery', layout: 'shell', access: RIDER_OPS, title: 'routeTitles.signAndCollect', parent: 'distribution' },

  { id: 'config', path: '/config', layout: 'shell', access: ADMIN, title: 'routeTitles.config' },
  { id: 'configRoles', path: '/config/roles', layout: 'shell', access: ADMIN, title: 'routeTitles.configRoles', parent: 'config' },
  { id: 'createRol', path: '/create-rol', layout: 'shell', access: ADMIN, title: 'routeTitles.createRol', parent: 'configRoles' },
  { id: 'rolEdit', path: '/rol-edit/:rol_id', layout: 'shell', access: ADMIN, title: 'routeTitles.rolEdit', parent: 'configRoles' },
  { id: 'configTaxes', path: '/config/taxes', layout: 'shell', access: ADMIN, title: 'routeTitles.configTaxes', parent: 'config' },
  { id: 'createTaxes', path: '/create-taxes', layout: 'shell', access: ADMIN, title: 'routeTitles.createTaxes', parent: 'configTaxes' },
  { id: 'taxEdit', path: '/tax-edit/:tax_id', layout: 'shell', access: ADMIN, title: 'routeTitles.taxEdit', parent: 'configTaxes' },
  { id: 'configStatus', path: '/config/status', layout: 'shell', access: ADMIN, title: 'routeTitles.configStatus', parent: 'config' },
  { id: 'createStatus', path: '/config/create-status', layout: 'shell', access: ADMIN, title: 'routeTitles.createStatus', parent: 'configStatus' },
  { id: 'statusEdit', path: '/config/status-edit/:id', layout: 'shell', access: ADMIN, title: 'routeTitles.statusEdit', parent: 'configStatus' },
  { id: 'configApiKeys', path: '/config/api-keys', layout: 'shell', access: ADMIN, title: 'routeTitles.configApiKeys', parent: 'config' },
  // Issue 33: the clients' webhooks (order status changes, signed).
  { id: 'configWebhooks', path: '/config/webhooks', layout: 'shell', access: ADMIN, title: 'routeTitles.configWebhooks', parent: 'config' },

  { id: 'synlab', path: '/synlab', layout: 'shell', access: ADMIN, title: 'routeTitles.synlab' },
  { id: 'synlabForm', path: '/synlab/form', layout: 'shell', access: ADMIN, title: 'routeTitles.synlabForm', parent: 'synlab' },
  { id: 'synlabFormEdit', path: '/synlab/form/:id', layout: 'shell', access: ADMIN, title: 'routeTitles.synlabFormEdit', parent: 'synlab' },

  { id: 'test', path: '/test', layout: 'shell', access: DEV, title: 'routeTitles.test' },
  { id: 'testTwo', path: '/test/two', layout: 'shell', access: DEV, title: 'routeTitles.testTwo', parent: 'test' },
  { id: 'testThree', path: '/test/three', layout: 'shell', access: DEV, title: 'routeTitles.testThree', parent: 'test' },
  { id: 'testDeliveryOrderSynlab', path: '/test/deliveryOrderSynlab', layout: 'shell', access: DEV, title: 'routeTitles.testDeliveryOrderSynlab', parent: 'test' },
  { id: 'testDataroutes', path: '/test/dataroutes', layout: 'shell', access: DEV, title: 'routeTitles.testDataroutes', parent: 'test' },
  { id: 'testEntrega', path: '/test/entrega', layout: 'shell', access: DEV, title: 'routeTitles.testEntrega', parent: 'test' },

  // ── Blank layout (no shell) ────────────────────────────────────────────────────────────────
  { id: 'import', path: '/import', layout: 'blank', access: OPS, title: 'routeTitles.import' },
  { id: 'blank', path: '/blank', layout: 'blank', access: SIGNED_IN, title: 'routeTitles.blank' },
  { id: 'blankCharge', path: '/blank/charge', layout: 'blank', access: OPS, title: 'routeTitles.blankCharge', parent: 'blank' },
  { id: 'blankMap', path: '/blank/map', layout: 'blank', access: OPS, title: 'routeTitles.blankMap', parent: 'blank' },
  { id: 'blankRouted', path: '/blank/routed', layout: 'blank', access: OPS, title: 'routeTitles.blankRouted', parent: 'blank' },
  { id: 'blankPicking', path: '/blank/picking', layout: 'blank', access: OPS, title: 'routeTitles.blankPicking', parent: 'blank' },
  { id: 'blankDelivery', path: '/blank/delivery', layout: 'blank', access: RIDER_OPS, title: 'routeTitles.blankDelivery', parent: 'blank' },
  { id: 'pickingPe', path: '/picking/pe', layout: 'blank', access: OPS, title: 'routeTitles.pickingPe', parent: 'blank' },
  // Issue 13: the client's public link to one albarán (the token is its key; no account).
  { id: 'publicProof', path: '/albaran/:token', layout: 'blank', access: 'public', title: 'routeTitles.publicProof' },
  // Issue 33: the receiver's tracking page (a token link like the albarán's; no account).
  { id: 'publicTracking', path: '/envio/:token', layout: 'blank', access: 'public', title: 'routeTitles.publicTracking' },
  { id: 'login', path: '/login', layout: 'blank', access: 'public', title: 'routeTitles.login' },
  { id: 'reset', path: '/reset', layout: 'blank', access: 'public', title: 'routeTitles.reset' },
  { id: 'resetForm', path: '/reset/form', layout: 'blank', access: 'public', title: 'routeTitles.resetForm', parent: 'reset' },
] as const satisfies readonly RouteEntry[];

/** The table, read as plain entries (the literal types stay on `RouteId`, `ScreenId` and `href`). */
export const ROUTES: readonly RouteEntry[] = TABLE;

/** The id of a registry entry. */
export type RouteId = (typeof TABLE)[number]['id'];

/** The id of an entry whose screen is built (no `pending` issue): each must have a screen. */
export type ScreenId = Exclude<(typeof TABLE)[number], { readonly pending: number }>['id'];

/** The parameter names of a registry route's path (`'id' | 'riderId'` …; never for none). */
export type RouteParamNames<I extends RouteId> = PathParamNames<PathOf<typeof TABLE, I>>;

/** Every `parent` names an entry of the table (a misspelled parent does not compile). */
type ParentId = Extract<(typeof TABLE)[number], { readonly parent: string }>['parent'];
const _parentsExist: readonly RouteId[] = [] as ParentId[];
void _parentsExist;

/**
 * The path of a registry route with its parameters filled (URL-encoded), checked by the
 * compiler against the route's path pattern:
 * `href('distributionStop', { id: pointId, riderId, routeId })`, `href('orders')`.
 */
export const href = makeHref(TABLE);

/**
 * The same route as a typed TanStack link target, `{ to: '/routes/route/$id', params: { id } }`,
 * for `navigate(linkTo(…))` and `<Link {...linkTo(…)}>`: checked by `href`'s parameter types and
 * again by the registered router against the generated route tree (router.tsx).
 */
export const linkTo = makeLinkTo(TABLE);

export type { AppHref };

/** The menu of the specification (section 2), in its order. «Productos» appears once. */
export interface MenuEntry {
  readonly label: MessageKey;
  readonly description: MessageKey;
  readonly routeId: RouteId;
  /**
   * Concrete path the entry opens. «Picker Producto» has the specification's template path
   * `/picking/products/pe/{pe_id}/{product_id}/order/{order_id}`: it needs a product being
   * picked, so the menu opens the picker's current product when there is one and «Picking
   * Rutas» otherwise (decision recorded in docs/screens.md, «Menu» and «Routes and screens»).
   */
  readonly to: string;
  readonly icon: 'home' | 'import' | 'planning' | 'routes' | 'products' | 'picking' | 'destination' | 'product' | 'hub' | 'bike' | 'bikeModel' | 'distribution' | 'orders' | 'points' | 'incidences' | 'payments' | 'reports' | 'tracking' | 'users' | 'config';
  /** An entry of the specification's menu (the others are ours: see docs/screens.md, «Menu»). */
  readonly spec: boolean;
}

export const MENU: readonly MenuEntry[] = [
  { label: 'menu.home', description: 'menu.homeDescription', routeId: 'home', to: href('home'), icon: 'home', spec: true },
  { label: 'menu.distribution', description: 'menu.distributionDescription', routeId: 'distribution', to: href('distribution'), icon: 'distribution', spec: false },
  { label: 'menu.routes', description: 'menu.routesDescription', routeId: 'routes', to: href('routes'), icon: 'routes', spec: true },
  { label: 'menu.tracking', description: 'menu.trackingDescription', routeId: 'tracking', to: href('tracking'), icon: 'tracking', spec: false },
  { label: 'menu.orders', description: 'menu.ordersDescription', routeId: 'orders', to: href('orders'), icon: 'orders', spec: false },
  // Issue 28: the desk's daily screens (import, then plan) are in the menu, not only typed.
  { label: 'menu.charge', description: 'menu.chargeDescription', routeId: 'charge', to: href('charge'), icon: 'import', spec: false },
  { label: 'menu.routed', description: 'menu.routedDescription', routeId: 'routed', to: href('routed'), icon: 'planning', spec: false },
  { label: 'menu.products', description: 'menu.productsDescription', routeId: 'productCrud', to: href('productCrud'), icon: 'products', spec: true },
  { label: 'menu.pickingRoutes', description: 'menu.pickingRoutesDescription', routeId: 'picking', to: href('picking'), icon: 'picking', spec: true },
  { label: 'menu.pickingDestination', description: 'menu.pickingDestinationDescription', routeId: 'pickingRoute', to: href('pickingRoute', { id: 'all' }), icon: 'destination', spec: true },
  { label: 'menu.pickerProduct', description: 'menu.pickerProductDescription', routeId: 'pickerProduct', to: href('picking'), icon: 'product', spec: true },
  { label: 'menu.points', description: 'menu.pointsDescription', routeId: 'deliveryPoints', to: href('deliveryPoints'), icon: 'points', spec: false },
  { label: 'menu.incidences', description: 'menu.incidencesDescription', routeId: 'incidenceAllDelivered', to: href('incidenceAllDelivered'), icon: 'incidences', spec: false },
  { label: 'menu.payments', description: 'menu.paymentsDescription', routeId: 'paymentsAll', to: href('paymentsAll'), icon: 'payments', spec: false },
  { label: 'menu.reports', description: 'menu.reportsDescription', routeId: 'reports', to: href('reports'), icon: 'reports', spec: false },
  { label: 'menu.hubs', description: 'menu.hubsDescription', routeId: 'hub', to: href('hub'), icon: 'hub', spec: true },
  { label: 'menu.bikes', description: 'menu.bikesDescription', routeId: 'bike', to: href('bike'), icon: 'bike', spec: true },
  { label: 'menu.bikeModel', description: 'menu.bikeModelDescription', routeId: 'bikeModel', to: href('bikeModel'), icon: 'bikeModel', spec: true },
  { label: 'menu.users', description: 'menu.usersDescription', routeId: 'userModel', to: href('userModel'), icon: 'users', spec: false },
  { label: 'menu.config', description: 'menu.configDescription', routeId: 'config', to: href('config'), icon: 'config', spec: false },
];

const byId = new Map<string, RouteEntry>(ROUTES.map((r) => [r.id, r]));

export function routeById(id: string): RouteEntry {
  const entry = byId.get(id);
  if (!entry) throw new Error(`Unknown route id: ${id}`);
  return entry;
}

/** Names of the `:params` of a path, in order. */
export function pathParams(path: string): string[] {
  return path
    .split('/')
    .filter((s) => s.startsWith(':'))
    .map((s) => s.slice(1));
}

/** A concrete URL for a route, filling every parameter from `params` (or its sample, or «1»). */
export function samplePath(entry: RouteEntry, params: Readonly<Record<string, string>> = {}): string {
  const values = Object.fromEntries(pathParams(entry.path).map((name) => [name, params[name] ?? entry.sample?.[name] ?? '1']));
  return fillPath(entry.path, values);
}

/** Entries of the breadcrumb trail of a route, root first, the route itself last. */
export function breadcrumbTrail(id: string): RouteEntry[] {
  const trail: RouteEntry[] = [];
  const seen = new Set<string>();
  let current: RouteEntry | undefined = byId.get(id);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    trail.unshift(current);
    current = current.parent ? byId.get(current.parent) : undefined;
  }
  return trail;
}
