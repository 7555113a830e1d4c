/** Small, valid documents for server and sync tests (the demo generator makes the big ones). */
import type { Order, Route, DeliveryPoint, User, Product } from '../../src/domain/entities/operation';
import type { Role } from '../../src/domain/entities/reference';
import { emptyDeliveryFields, type DeliveryEvent } from '../../src/domain/entities/events';
import { DEFAULT_ROLE_GROUPS, SYSTEM_ROLES } from '../../src/domain/access/groups';

export const T0 = 1_763_800_000_000;
export const TODAY = '2026-11-22';

export function roles(): Role[] {
  return SYSTEM_ROLES.map((r) => ({ id: r, kind: 'role', name: r, active: true, updated_at: T0, groups: [...DEFAULT_ROLE_GROUPS[r]], base_role: r, system: true }));
}

export function user(id: string, role: string, email: string, name = id): User {
  return { id, name, role, email, hub: 1, hubs: [1], phone: '', active: true, updated_at: T0 };
}

export function point(id: string, hub = 1): DeliveryPoint {
  return {
    id,
    name: `Bar ${id}`,
    hub,
    ref_providers: ['PASCUAL-000001'],
    client_providers: ['pascual-CLI00001'],
    kind: 'bar',
    address: 'Calle de Toledo 12',
    postal_code: '28005',
    city: 'Madrid',
    lat: 40.41,
    lng: -3.71,
    contact_name: 'Ana',
    phone: '',
    opens: '08:00',
    closes: '14:00',
    notes: '',
    active: true,
    updated_at: T0,
  };
}

export function product(id: string): Product {
  return {
    id,
    name: `Producto ${id}`,
    sku: id.toUpperCase(),
    barcode: '',
    client_id: 'c-pascual',
    unit: 'ud',
    weight_g: 1000,
    volume_ml: 1000,
    price_cents: 250,
    tax_id: 'iva-10',
    cold: false,
    active: true,
    updated_at: T0,
  };
}

export function order(id: string, pointId: string, routeId: string, status: Order['status'] = 'picked'): Order {
  return {
    id,
    code: `P-${id}`,
    client_id: 'c-pascual',
    delivery_point_id: pointId,
    hub: 1,
    date: TODAY,
    window_start: '09:00',
    window_end: '12:00',
    status,
    picking_status: status === 'picked' ? 'picked' : 'pending',
    status_id: '',
    route_id: routeId,
    lines: [
      { line_id: 'l1', product_id: 'p1', name: 'Leche', quantity: 6, unit_price_cents: 120, tax_id: 'iva-4', tax_rate_bp: 400, picked_quantity: status === 'picked' ? 6 : 0 },
    ],
    payment_method: 'cash',
    external_ref: '',
    notes: '',
    created_at: T0,
    updated_at: T0,
  };
}

export function route(id: string, riderId: string, stops: { point: string; orders: string[] }[], status: Route['status'] = 'ready'): Route {
  return {
    id,
    code: id.toUpperCase(),
    name: `Ruta ${id}`,
    hub: 1,
    date: TODAY,
    rider_id: riderId,
    bike_id: '',
    status,
    status_id: '',
    stops: stops.map((s, i) => ({ seq: i + 1, delivery_point_id: s.point, order_ids: s.orders, eta: `1${i}:00` })),
    planned_start: '09:00',
    distance_m: 1000,
    cancel_reason: '',
    updated_at: T0,
  };
}

export function deliveryEvent(id: string, o: Order, riderId: string, kind: DeliveryEvent['kind'] = 'delivered'): DeliveryEvent {
  return {
    id,
    at: T0 + 1000,
    created_by: riderId,
    position: null,
    kind,
    order_id: o.id,
    route_id: o.route_id,
    rider_id: riderId,
    delivery_point_id: o.delivery_point_id,
    ...emptyDeliveryFields(),
    lines: o.lines.map((l) => ({ line_id: l.line_id, product_id: l.product_id, delivered: l.quantity, refused: 0 })),
  };
}

/** A small operation: two riders with one route each, an operator and an admin. */
export function smallOperation() {
  const o1 = order('o1', 'pe1', 'r1');
  const o2 = order('o2', 'pe2', 'r1');
  const o3 = order('o3', 'pe3', 'r2');
  const o4 = order('o4', 'pe4', '', 'pending');
  return {
    catalog: [...roles()],
    users: [
      user('u-admin', 'admin', 'admin@cargobici.test', 'Administración'),
      user('u-operador', 'operator', 'operador@cargobici.test', 'Olga Operadora'),
      user('u-rider1', 'rider', 'rider1@cargobici.test', 'Rafa Rider'),
      user('u-rider2', 'rider', 'rider2@cargobici.test', 'Rosa Rider'),
      // An operator of two hubs (issue 29, finding 6): home hub 3, writes in hubs 3 and 4.
      { ...user('u-op-bcn', 'operator', 'operador.bcn@cargobici.test', 'Jordi Puig'), hub: 3, hubs: [3, 4] },
    ],
    products: [product('p1')],
    delivery_points: [point('pe1'), point('pe2'), point('pe3'), point('pe4')],
    orders: [o1, o2, o3, o4],
    routes: [route('r1', 'u-rider1', [{ point: 'pe1', orders: ['o1'] }, { point: 'pe2', orders: ['o2'] }]), route('r2', 'u-rider2', [{ point: 'pe3', orders: ['o3'] }])],
  };
}

export const PASSWORD = 'cargobici-demo';

/** A valid new document of each collection, in the scope of `userId` (route r1 belongs to u-rider1). */
export function newDocFor(collection: string, userId: string, n: number, kind?: string): Record<string, unknown> {
  const id = `new-${collection}-${userId}-${n}`;
  switch (collection) {
    case 'users':
      return user(id, 'rider', `${id}@cargobici.test`, 'Nuevo Rider');
    case 'catalog':
      if (kind === 'tax') return { id, kind: 'tax', name: 'IVA súper', active: true, updated_at: T0, rate_bp: 500 };
      return {
        id,
        kind: 'hub',
        name: 'Hub nuevo',
        active: true,
        updated_at: T0,
        number: 40 + n,
        city: 'Madrid',
        address: 'Calle Mayor 1',
        lat: 40.41,
        lng: -3.7,
        opens: '07:00',
        closes: '20:00',
        phone: '',
      };
    case 'bikes':
      return { id, code: `CB-${n}`, model_id: 'bm-1', hub: 1, status: 'available', battery_pct: 90, last_service_date: '', notes: '', updated_at: T0 };
    case 'products':
      return product(id);
    case 'delivery_points':
      return point(id);
    case 'orders':
      return order(id, 'pe1', '', 'pending');
    case 'routes':
      return route(id, '', [], 'draft');
    case 'deliveries':
      return deliveryEvent(id, order('o1', 'pe1', 'r1'), userId);
    case 'incidences':
      return {
        id,
        at: T0,
        created_by: userId,
        position: null,
        kind: kind ?? 'delivery-product',
        type: 'damaged',
        order_id: 'o1',
        product_id: 'p1',
        route_id: 'r1',
        delivery_point_id: 'pe1',
        hub: 1,
        quantity: 1,
        note: '',
        photo_file: '',
      };
    case 'payments':
      // One payment per order (`pay-<order id>`): the order `o-<id>` must be on route r1 (see paymentOrder).
      return {
        id: `pay-o-${id}`,
        kind: 'order',
        order_id: `o-${id}`,
        route_id: 'r1',
        rider_id: 'u-rider1',
        method: 'cash',
        amount_due_cents: 749,
        amount_collected_cents: 749,
        status: 'collected',
        status_id: '',
        collected_at: T0,
        reviewed_by: '',
        note: '',
        updated_at: T0,
      };
    case 'receipts':
      return { id, at: T0, created_by: userId, position: null, route_id: 'r1', rider_id: userId, hub: 1, lines: [{ product_id: 'p1', name: 'Leche', expected: 6, received: 6 }], note: '' };
    case 'picks':
      return { id, at: T0, created_by: userId, position: null, route_id: 'r1', order_id: 'o1', line_id: 'l1', product_id: 'p1', delivery_point_id: 'pe1', hub: 1, quantity: 6, scanned_barcode: '' };
    default:
      throw new Error(`no fixture for ${collection}`);
  }
}

/** The order a payment of `newDocFor('payments', …)` is for, on route r1. */
export function paymentOrder(payment: Record<string, unknown>): Order {
  return order(String(payment.order_id), 'pe1', 'r1');
}
