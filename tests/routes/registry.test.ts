import { describe, expect, it } from 'vitest';
import { breadcrumbTrail, MENU, ROUTES, pathParams, samplePath } from '../../src/links/registry';
import { SCREENS } from '../../src/routes/screens';
import { toRouterPath } from '../../src/routes/router';
import { t, type MessageKey } from '../../src/i18n';
import { mayOpen, type InterfaceGroup } from '../../src/domain/access/groups';

/** Every path of the specification's section 2, written out as the specification gives them. */
const SPEC_PATHS = [
  '/', '/charge', '/routed', '/barcode',
  '/routes', '/routes/route/:id', '/routes/route-synlab/:id', '/routes/route/form/:id',
  '/delivery/:id',
  '/picking', '/picking/route/:id', '/picking/products/pe/:id',
  '/picking/products/pe/:id/orders/hub/product/:idHub/:idProduct', '/picking/route/:id/pe/:idPE',
  '/picking/products/pe/:pe_id/:product_id/order/:order_id',
  '/incidence-product/pe/:pe_name/:pe_id/productId/:product_id/order/:order_id',
  '/incidence-all-picking', '/error-picking-producto/:pe_name/:order_id/:product_id/',
  '/payments/all_orders', '/payments/details_orders/:route_id/status/:status_id',
  '/profile-user',
  '/user-model', '/create-user', '/user-edit/:user_id', '/crud-user',
  '/delivery-points-model', '/delivery-create', '/delivery-points-edit/:id', '/delivery-points-data/:id', '/delivery-points',
  '/bike-model', '/bike-model/bike-model-formulario', '/bike-model/bike-model-formulario/:bike_id',
  '/bike', '/bike/bike-formulario', '/bike/bike-formulario/:bike_id',
  '/hub', '/hub/hub-formulario', '/hub/hub-formulario/:hub_id',
  '/product-crud', '/product-create', '/product-edit/:product_id',
  '/orders', '/create-order', '/edit-order/:id',
  '/distribution', '/distribution/:id', '/distribution/pe/:id/rider_id/:riderId/routeId/:routeId',
  '/distribution/id_hub/:id_hub/id_route/:id_route', '/distribution/route-summary/:id',
  '/distribution/product-receive/:id/rider_id/:rider_id/route_id/:route_id', '/distribution/route_cancel/:id',
  '/order_id/:id/rider_id/:riderId/route_id/:routeId',
  '/incidenceByDeliveryProduct/order/:id/product_id/:product_id/product_name/:product_name/products_charge/:picking_charge/rider_id/:rider_id/route_id/:route_id',
  '/incidence-all-delivered',
  '/deliveryFailed/pe/:pe_id/order/:id/rider_id/:rider_id/route_id/:route_id',
  '/signAndCollect/pe/:pe_id/order/:id/totalUnits/:totalUnits/rider_id/:rider_id/route_id/:route_id/summary/:summary/delivery/:delivery',
  '/config', '/config/roles', '/create-rol', '/rol-edit/:rol_id', '/config/taxes', '/create-taxes', '/tax-edit/:tax_id',
  '/config/status', '/config/create-status', '/config/status-edit/:id',
  '/synlab', '/synlab/form', '/synlab/form/:id',
  '/test', '/test/two', '/test/three', '/test/deliveryOrderSynlab', '/test/dataroutes', '/test/entrega',
  '/import', '/blank', '/blank/charge', '/blank/map', '/blank/routed', '/blank/picking', '/blank/delivery', '/picking/pe',
  '/login', '/reset', '/reset/form',
];

/** Paths added after the specification, each with its issue. */
const ADDED_PATHS = [
  '/config/api-keys', // issue 10: the admins' screen of the clients' order-API keys
  '/proof-of-delivery/:order_id', // issue 13: an order's proof of delivery (albarán)
  '/albaran/:token', // issue 13: the client's public link to one albarán
  '/reports', // issue 34: the operation reports («Informes»)
  '/reports/client/:clientId/:month', // issue 34: a client's monthly report, printable
  '/tracking', // issue 33: the office's live map («Seguimiento»)
  '/orders/notices/:id', // issue 33: an order's notices to its receiver
  '/config/webhooks', // issue 33: the clients' webhooks
  '/envio/:token', // issue 33: the receiver's tracking page
];

const translated = (key: MessageKey) => t(key) !== key;

describe('route registry', () => {
  it('lists every path of the specification and the ones issues added, and nothing else', () => {
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set([...SPEC_PATHS, ...ADDED_PATHS]));
    expect(ROUTES).toHaveLength(SPEC_PATHS.length + ADDED_PATHS.length);
  });

  it('has unique ids and router paths', () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => toRouterPath(r.path))).size).toBe(ROUTES.length);
  });

  it('gives every entry a Spanish title and breadcrumb from the catalogue', () => {
    for (const r of ROUTES) {
      expect(translated(r.title), r.id).toBe(true);
      if (r.crumb) expect(translated(r.crumb), r.id).toBe(true);
    }
  });

  it('points parents at existing entries, without cycles', () => {
    const ids = new Set(ROUTES.map((r) => r.id));
    for (const r of ROUTES) {
      if (r.parent) expect(ids.has(r.parent), `${r.id} → ${r.parent}`).toBe(true);
      const trail = breadcrumbTrail(r.id);
      expect(trail[trail.length - 1]?.id).toBe(r.id);
      expect(new Set(trail.map((e) => e.id)).size).toBe(trail.length);
    }
  });

  it('has a screen for every built entry and none for a pending one', () => {
    for (const r of ROUTES) {
      if (r.pending === undefined) expect(SCREENS[r.id], `${r.id} is built`).toBeDefined();
      else expect(SCREENS[r.id], `${r.id} is pending`).toBeUndefined();
    }
    for (const id of Object.keys(SCREENS)) expect(ROUTES.some((r) => r.id === id), id).toBe(true);
  });

  it('gives every non-public screen at least one interface group', () => {
    for (const r of ROUTES) {
      if (r.access !== 'public') expect(r.access.length, r.id).toBeGreaterThan(0);
    }
  });

  it('converts :params to the router syntax and drops a trailing slash', () => {
    expect(toRouterPath('/routes/route/:id')).toBe('/routes/route/$id');
    expect(toRouterPath('/error-picking-producto/:pe_name/:order_id/:product_id/')).toBe(
      '/error-picking-producto/$pe_name/$order_id/$product_id',
    );
    expect(toRouterPath('/')).toBe('/');
  });

  it('fills sample paths with given, sample or default values', () => {
    const e = ROUTES.find((r) => r.id === 'pickingOrdersHub');
    expect(e).toBeDefined();
    if (!e) return;
    expect(pathParams(e.path)).toEqual(['id', 'idHub', 'idProduct']);
    expect(samplePath(e, { id: 'pe 1', idHub: 'h1' })).toBe('/picking/products/pe/pe%201/orders/hub/product/h1/1');
  });
});

describe('menu', () => {
  it('has the specification entries in order, «Productos» once', () => {
    expect(MENU.filter((m) => m.spec).map((m) => t(m.label))).toEqual([
      'Home', 'Rutas', 'Productos', 'Picking Rutas', 'Picking Destino', 'Picker Producto', 'Hubs', 'Bikes', 'Bike Model',
    ]);
  });

  it('points every entry at a registry route whose path matches', () => {
    for (const m of MENU) {
      const r = ROUTES.find((e) => e.id === m.routeId);
      expect(r, m.routeId).toBeDefined();
      expect(translated(m.label)).toBe(true);
      expect(translated(m.description)).toBe(true);
    }
    expect(new Set(MENU.map((m) => t(m.label))).size).toBe(MENU.length);
  });

  it('holds every screen a role uses daily (issue 28: import and planning were reachable only by typing)', () => {
    const daily: Readonly<Record<string, { groups: readonly InterfaceGroup[]; ids: readonly string[] }>> = {
      operator: { groups: ['machine-operator'], ids: ['home', 'charge', 'routed', 'routes', 'orders', 'picking', 'paymentsAll', 'distribution'] },
      admin: { groups: ['machine-admin'], ids: ['home', 'charge', 'routed', 'routes', 'orders', 'paymentsAll', 'config'] },
      rider: { groups: ['machine-rider'], ids: ['home', 'distribution'] },
    };
    for (const [role, { groups, ids }] of Object.entries(daily)) {
      const menu = MENU.filter((m) => mayOpen(groups, ROUTES.find((r) => r.id === m.routeId)?.access ?? [])).map((m) => m.routeId);
      expect(ids.filter((id) => !menu.includes(id as never)), role).toEqual([]);
    }
  });
});
