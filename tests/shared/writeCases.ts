/**
 * ONE list of write cases, run against both backends (issue 29): the embedded server through
 * `/api/sync/:collection/push` as each user (tests/security/write-cases.test.ts) and the real
 * Firestore emulator with the generated firestore.rules, written with the Firestore client SDK as
 * that user would, not through our push code (tests/firebase/write-cases.test.ts). A case
 * allowed by one backend and refused by the other fails the run of one of them.
 *
 * Every case starts from the small operation (tests/helpers/fixtures.ts: route r1 of rider 1 with
 * o1 at pe1 and o2 at pe2, route r2 of rider 2 with o3 at pe3, all in hub 1; the operator and the
 * admin work in hub 1 too) plus its own `seed`,
 * and stores `before` (when given) as the written document's current state. Ids are the case's
 * own, so cases do not see each other's writes.
 */
import type { LocalCollection } from '../../src/domain/collections';
import type { Order, Payment, Route } from '../../src/domain/entities/operation';
import { deliveryEvent, newDocFor, order, point, route, smallOperation, T0, TODAY } from '../helpers/fixtures';
import { recordHandover, type CashHandover } from '../../src/domain/payments/handover';

export type Row = Record<string, unknown>;
export type Who = 'admin' | 'operator' | 'rider1' | 'rider2' | 'operatorBcn';
export type Outcome = 'allowed' | 'refused';

/** The user id and sign-in e-mail of each actor of the cases. */
export const ACTORS: Readonly<Record<Who, { readonly id: string; readonly email: string }>> = {
  admin: { id: 'u-admin', email: 'admin@cargobici.test' },
  operator: { id: 'u-operador', email: 'operador@cargobici.test' },
  rider1: { id: 'u-rider1', email: 'rider1@cargobici.test' },
  rider2: { id: 'u-rider2', email: 'rider2@cargobici.test' },
  operatorBcn: { id: 'u-op-bcn', email: 'operador.bcn@cargobici.test' },
};

export type Topic = 'role' | 'row scope' | 'hub scope' | 'state machine' | 'computed amount' | 'authorship' | 'event → order → route' | 'file reference' | 'cash hand-over' | 'function field' | 'route → orders' | 'schema';

export interface WriteCase {
  readonly name: string;
  readonly topic: Topic;
  readonly who: Who;
  readonly collection: LocalCollection;
  /** Other documents stored first. */
  readonly seed?: Partial<Record<LocalCollection, readonly Row[]>>;
  /** The written document's stored state before the write (null: it does not exist). */
  readonly before: Row | null;
  /** The state the user writes. */
  readonly after: Row;
  /**
   * The outcome on both backends, or per backend when they legitimately differ, with the reason
   * (`why`): a difference nobody wrote down here fails.
   */
  readonly expect: Outcome | { readonly server: Outcome; readonly firebase: Outcome; readonly why: string };
  /**
   * Fields the trusted side computes, with their stored value once it has: the embedded server
   * inside the push (server/rules.ts), Firebase in the trusted function after the write
   * (functions/src/paymentDue.ts; the Firebase run calls it as the trigger would).
   */
  readonly computed?: Row;
  /** The issue and finding the case guards, when it has one. */
  readonly finding?: string;
  /**
   * Other documents as they must be stored after an allowed write, by what follows it: the
   * embedded server derives them inside the push (server/rules.ts), Firebase in the trusted
   * function (functions/src/routeWrite.ts; the Firebase run calls it as the trigger would).
   */
  readonly follows?: Partial<Record<LocalCollection, readonly Row[]>>;
  /**
   * The embedded server refuses it with the entity's schema (where that rule lives there: a
   * hand-over's count, a field the device's shape does not have), so its reason says «Datos no
   * válidos»; the rules check the same without the schema.
   */
  readonly serverSchema?: true;
}

export function expected(c: WriteCase, backend: 'server' | 'firebase'): Outcome {
  return typeof c.expect === 'string' ? c.expect : c.expect[backend];
}

/** An order of route `routeId` (6 × 1,20 € at 4 %: 7,49 € due when all is delivered). */
function ord(id: string, routeId = 'r1', change: Partial<Order> = {}): Order {
  const point = routeId === 'r2' ? 'pe3' : 'pe1';
  return { ...order(id, point, routeId), ...change };
}

/** The payment rider 1 records for an order of his route r1. */
function pay(orderId: string, change: Partial<Payment> = {}): Payment {
  return {
    id: `pay-${orderId}`,
    kind: 'order',
    order_id: orderId,
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
    ...change,
  };
}

function rte(id: string, riderId: string, status: Route['status'], change: Partial<Route> = {}): Route {
  return { ...route(id, riderId, [{ point: 'pe1', orders: ['o1'] }], status), ...change };
}

const fixture = smallOperation();
const fixtureDoc = (c: 'users' | 'routes' | 'orders', id: string): Row => {
  const found = (fixture[c] as readonly Row[]).find((d) => d.id === id);
  if (!found) throw new Error(`${c}/${id} is not in the small operation`);
  return found;
};

const later = { updated_at: T0 + 60_000 };

/** A document moved to hub 2 (the operator of the cases works in hub 1). */
function hub2<T extends object>(d: T): T & { hub: number } {
  return { ...d, hub: 2 };
}
/** An order's lines at another unit price. */
function priced(o: Order, cents: number): Order['lines'] {
  return o.lines.map((l) => ({ ...l, unit_price_cents: cents }));
}

/** A route of hub 1 with rider 1 stopping at pe1 with `orders`. */
function planned(id: string, orders: string[]): Route {
  return route(id, 'u-rider1', [{ point: 'pe1', orders }], 'planned');
}

/** Rider 1's hand-over of 15 € counted by the operator (hub 1), as the hub's screen records it. */
function handover(id: string, change: Partial<CashHandover> = {}): CashHandover {
  const h = recordHandover({ id, riderId: 'u-rider1', routeId: 'r1', hub: 1, date: TODAY, expectedCents: 1500, count: null, amountCents: 1500, reason: '', by: 'u-operador', at: T0 });
  return { ...h, ...change };
}
/** The same hand-over opened and not counted yet. */
function opened(id: string): CashHandover {
  return handover(id, { status: 'collected', counted_cents: 0, recorded_by: '', recorded_at: 0, history: [] });
}

export const WRITE_CASES: readonly WriteCase[] = [
  // ── Roles ──────────────────────────────────────────────────────────────────────────────────
  { name: 'a rider creates a product', topic: 'role', who: 'rider1', collection: 'products', before: null, after: { ...newDocFor('products', 'u-rider1', 1), id: 'wc-product' }, expect: 'refused' },
  { name: 'an operator creates a bike', topic: 'role', who: 'operator', collection: 'bikes', before: null, after: { ...newDocFor('bikes', 'u-operador', 2), id: 'wc-bike' }, expect: 'allowed' },
  { name: 'an operator creates a tax (admins only)', topic: 'role', who: 'operator', collection: 'catalog', before: null, after: { ...newDocFor('catalog', 'u-operador', 3, 'tax'), id: 'wc-tax' }, expect: 'refused' },
  { name: 'a rider changes his phone', topic: 'role', who: 'rider1', collection: 'users', before: fixtureDoc('users', 'u-rider1'), after: { ...fixtureDoc('users', 'u-rider1'), phone: '+34 600 000 001', ...later }, expect: 'allowed' },
  { name: 'a rider makes himself an operator', topic: 'role', who: 'rider1', collection: 'users', before: fixtureDoc('users', 'u-rider1'), after: { ...fixtureDoc('users', 'u-rider1'), role: 'operator', ...later }, expect: 'refused' },

  // ── Row scope ──────────────────────────────────────────────────────────────────────────────
  { name: 'a rider sets an order of his route out for delivery', topic: 'row scope', who: 'rider1', collection: 'orders', before: ord('wc-o-own'), after: { ...ord('wc-o-own'), status: 'out_for_delivery', ...later }, expect: 'allowed' },
  { name: 'a rider sets an order of another rider’s route out for delivery', topic: 'row scope', who: 'rider1', collection: 'orders', before: ord('wc-o-other', 'r2'), after: { ...ord('wc-o-other', 'r2'), status: 'out_for_delivery', ...later }, expect: 'refused' },
  { name: 'a rider moves his order to another route', topic: 'row scope', who: 'rider1', collection: 'orders', before: ord('wc-o-move'), after: { ...ord('wc-o-move'), route_id: 'r2', ...later }, expect: 'refused' },
  { name: 'a rider loads another rider’s route', topic: 'row scope', who: 'rider1', collection: 'routes', before: rte('wc-r-other', 'u-rider2', 'ready'), after: { ...rte('wc-r-other', 'u-rider2', 'ready'), status: 'loaded', ...later }, expect: 'refused' },
  { name: 'a rider takes another rider’s route', topic: 'row scope', who: 'rider1', collection: 'routes', before: fixtureDoc('routes', 'r2'), after: { ...fixtureDoc('routes', 'r2'), rider_id: 'u-rider1', ...later }, expect: 'refused' },

  // ── Hub scope (finding 6): the operator (hub 1) writes only in hub 1; admins everywhere ────
  { name: 'an operator changes the unit price of his hub’s order', topic: 'hub scope', finding: '29.6', who: 'operator', collection: 'orders', before: ord('wc-h-own'), after: { ...ord('wc-h-own'), lines: priced(ord('wc-h-own'), 99), ...later }, expect: 'allowed' },
  { name: 'an operator changes the unit price of another hub’s order', topic: 'hub scope', finding: '29.6', who: 'operator', collection: 'orders', before: hub2(ord('wc-h-price')), after: { ...hub2(ord('wc-h-price')), lines: priced(ord('wc-h-price'), 1), ...later }, expect: 'refused' },
  { name: 'an admin changes the unit price of another hub’s order', topic: 'hub scope', finding: '29.6', who: 'admin', collection: 'orders', before: hub2(ord('wc-h-adm')), after: { ...hub2(ord('wc-h-adm')), lines: priced(ord('wc-h-adm'), 1), ...later }, expect: 'allowed' },
  { name: 'an operator moves his hub’s order to another hub', topic: 'hub scope', finding: '29.6', who: 'operator', collection: 'orders', before: ord('wc-h-move'), after: { ...ord('wc-h-move'), hub: 2, ...later }, expect: 'refused' },
  { name: 'an operator creates an order in another hub', topic: 'hub scope', finding: '29.6', who: 'operator', collection: 'orders', before: null, after: hub2(order('wc-h-new', 'pe1', '', 'pending')), expect: 'refused' },
  { name: 'an operator gives another hub’s route to a rider', topic: 'hub scope', finding: '29.6', who: 'operator', collection: 'routes', before: hub2(rte('wc-h-route', '', 'planned')), after: { ...hub2(rte('wc-h-route', '', 'planned')), rider_id: 'u-rider1', ...later }, expect: 'refused' },
  { name: 'an operator gives his hub’s route to a rider', topic: 'hub scope', finding: '29.6', who: 'operator', collection: 'routes', before: rte('wc-h-rown', '', 'planned'), after: { ...rte('wc-h-rown', '', 'planned'), rider_id: 'u-rider1', ...later }, expect: 'allowed' },
  { name: 'an operator hands over the payment of another hub’s order', topic: 'hub scope', finding: '29.6', who: 'operator', collection: 'payments', seed: { orders: [hub2(ord('wc-h-pay'))] }, before: pay('wc-h-pay'), after: { ...pay('wc-h-pay'), status: 'handed_over', reviewed_by: 'u-operador', ...later }, expect: 'refused' },
  { name: 'operador.bcn (hubs 3 and 4) changes the unit price of a hub-4 order', topic: 'hub scope', finding: '29.6', who: 'operatorBcn', collection: 'orders', before: { ...ord('wc-h-bcn4', ''), hub: 4 }, after: { ...ord('wc-h-bcn4', ''), hub: 4, lines: priced(ord('wc-h-bcn4', ''), 99), ...later }, expect: 'allowed' },
  { name: 'operador.bcn (hubs 3 and 4) changes the unit price of a hub-1 order', topic: 'hub scope', finding: '29.6', who: 'operatorBcn', collection: 'orders', before: ord('wc-h-bcn1', ''), after: { ...ord('wc-h-bcn1', ''), lines: priced(ord('wc-h-bcn1', ''), 1), ...later }, expect: 'refused' },
  { name: 'an operator creates a bike in another hub', topic: 'hub scope', finding: '29.6', who: 'operator', collection: 'bikes', before: null, after: { ...newDocFor('bikes', 'u-operador', 9), id: 'wc-h-bike', hub: 2 }, expect: 'refused' },
  { name: 'an operator edits another hub’s delivery point', topic: 'hub scope', finding: '29.6', who: 'operator', collection: 'delivery_points', before: { ...point('wc-h-point', 2) }, after: { ...point('wc-h-point', 2), notes: 'Timbre roto', ...later }, expect: 'refused' },

  // ── State machines (src/domain/status/machines.ts) ────────────────────────────────────────
  { name: 'a rider cancels his own order', topic: 'state machine', finding: '29.3', who: 'rider1', collection: 'orders', before: ord('wc-o-cancel'), after: { ...ord('wc-o-cancel'), status: 'cancelled', ...later }, expect: 'refused' },
  { name: 'a rider sends his order back to pending', topic: 'state machine', finding: '29.3', who: 'rider1', collection: 'orders', before: ord('wc-o-back'), after: { ...ord('wc-o-back'), status: 'pending', ...later }, expect: 'refused' },
  { name: 'a rider records his order delivered (two steps pushed at once)', topic: 'state machine', who: 'rider1', collection: 'orders', before: ord('wc-o-jump'), after: { ...ord('wc-o-jump'), status: 'delivered', ...later }, expect: 'allowed' },
  { name: 'a rider loads his route', topic: 'state machine', who: 'rider1', collection: 'routes', before: rte('wc-r-load', 'u-rider1', 'ready'), after: { ...rte('wc-r-load', 'u-rider1', 'ready'), status: 'loaded', ...later }, expect: 'allowed' },
  { name: 'a rider cancels his route', topic: 'state machine', who: 'rider1', collection: 'routes', before: rte('wc-r-cancel', 'u-rider1', 'in_progress'), after: { ...rte('wc-r-cancel', 'u-rider1', 'in_progress'), status: 'cancelled', cancel_reason: 'Lluvia', ...later }, expect: 'refused' },
  { name: 'a rider sends his route back to planned', topic: 'state machine', who: 'rider1', collection: 'routes', before: rte('wc-r-back', 'u-rider1', 'ready'), after: { ...rte('wc-r-back', 'u-rider1', 'ready'), status: 'planned', ...later }, expect: 'refused' },
  { name: 'an operator cancels an order before it leaves', topic: 'state machine', who: 'operator', collection: 'orders', before: ord('wc-o-opcancel'), after: { ...ord('wc-o-opcancel'), status: 'cancelled', ...later }, expect: 'allowed' },
  { name: 'an operator cancels a delivered order', topic: 'state machine', who: 'operator', collection: 'orders', before: ord('wc-o-delivered', 'r1', { status: 'delivered' }), after: { ...ord('wc-o-delivered', 'r1', { status: 'delivered' }), status: 'cancelled', ...later }, expect: 'refused' },
  { name: 'an operator creates an order already delivered', topic: 'state machine', who: 'operator', collection: 'orders', before: null, after: { ...order('wc-o-new', 'pe1', '', 'pending'), status: 'delivered' }, expect: 'refused' },
  { name: 'an operator brings a collected payment back to pending', topic: 'state machine', who: 'operator', collection: 'payments', seed: { orders: [ord('wc-o-pback')] }, before: pay('wc-o-pback'), after: { ...pay('wc-o-pback'), status: 'pending', ...later }, expect: 'refused' },
  { name: 'an operator hands over a collected payment', topic: 'state machine', who: 'operator', collection: 'payments', seed: { orders: [ord('wc-o-phand')] }, before: pay('wc-o-phand'), after: { ...pay('wc-o-phand'), status: 'handed_over', reviewed_by: 'u-operador', ...later }, expect: 'allowed' },
  { name: 'an operator changes a reconciled payment', topic: 'state machine', who: 'operator', collection: 'payments', seed: { orders: [ord('wc-o-prec')] }, before: pay('wc-o-prec', { status: 'reconciled', reviewed_by: 'u-operador' }), after: { ...pay('wc-o-prec', { status: 'reconciled', reviewed_by: 'u-operador' }), note: 'Faltaban 5 €', ...later }, expect: 'refused' },
  { name: 'an admin corrects a reconciled payment', topic: 'state machine', who: 'admin', collection: 'payments', seed: { orders: [ord('wc-o-padm')] }, before: pay('wc-o-padm', { status: 'reconciled', reviewed_by: 'u-operador' }), after: { ...pay('wc-o-padm', { status: 'reconciled', reviewed_by: 'u-operador' }), note: 'Corregido', ...later }, expect: 'allowed' },

  // ── Payments a rider records; amounts the server computes (finding 1) ──────────────────────
  { name: 'a rider records his order’s payment', topic: 'computed amount', who: 'rider1', collection: 'payments', seed: { orders: [ord('wc-o-pay')] }, before: null, after: pay('wc-o-pay'), expect: 'allowed', computed: { amount_due_cents: 749 } },
  {
    name: 'a rider records his order’s payment with an amount due of 1 cent',
    topic: 'computed amount',
    finding: '29.1',
    who: 'rider1',
    collection: 'payments',
    seed: { orders: [ord('wc-o-pay1')] },
    before: null,
    after: pay('wc-o-pay1', { amount_due_cents: 1, amount_collected_cents: 1 }),
    expect: 'allowed',
    computed: { amount_due_cents: 749, amount_collected_cents: 1 },
  },
  {
    name: 'a rider records a payment after a partial delivery (3 of 6 units are due)',
    topic: 'computed amount',
    who: 'rider1',
    collection: 'payments',
    seed: {
      orders: [ord('wc-o-part')],
      deliveries: [{ ...deliveryEvent('wc-dlv-part', ord('wc-o-part'), 'u-rider1', 'partial'), lines: [{ line_id: 'l1', product_id: 'p1', delivered: 3, refused: 3 }] }],
    },
    before: null,
    after: pay('wc-o-part', { amount_due_cents: 749 }),
    expect: 'allowed',
    computed: { amount_due_cents: 374 },
  },
  { name: 'a rider records his payment already reconciled', topic: 'computed amount', finding: '29.1', who: 'rider1', collection: 'payments', seed: { orders: [ord('wc-o-prec1')] }, before: null, after: pay('wc-o-prec1', { status: 'reconciled' }), expect: 'refused' },
  { name: 'a rider records his payment handed over', topic: 'computed amount', finding: '29.1', who: 'rider1', collection: 'payments', seed: { orders: [ord('wc-o-phand1')] }, before: null, after: pay('wc-o-phand1', { status: 'handed_over' }), expect: 'refused' },
  { name: 'a rider records his payment reviewed by himself', topic: 'computed amount', finding: '29.1', who: 'rider1', collection: 'payments', seed: { orders: [ord('wc-o-prev')] }, before: null, after: pay('wc-o-prev', { reviewed_by: 'u-rider1' }), expect: 'refused' },
  {
    name: 'a rider records a paying order as «a cuenta»',
    topic: 'computed amount',
    who: 'rider1',
    collection: 'payments',
    seed: { orders: [ord('wc-o-pacc')] },
    before: null,
    after: pay('wc-o-pacc', { method: 'on_account', status: 'on_account', amount_collected_cents: 0 }),
    expect: 'refused',
  },
  {
    name: 'a rider records an order paid on account as cash',
    topic: 'computed amount',
    who: 'rider1',
    collection: 'payments',
    seed: { orders: [ord('wc-o-pacc2', 'r1', { payment_method: 'on_account' })] },
    before: null,
    after: pay('wc-o-pacc2'),
    expect: 'refused',
  },
  { name: 'a rider records, on his route, the payment of another route’s order', topic: 'computed amount', who: 'rider1', collection: 'payments', seed: { orders: [ord('wc-o-pforeign', 'r2')] }, before: null, after: pay('wc-o-pforeign'), expect: 'refused' },
  { name: 'a rider records a second payment of one order', topic: 'computed amount', who: 'rider1', collection: 'payments', seed: { orders: [ord('wc-o-ptwice')] }, before: null, after: { ...pay('wc-o-ptwice'), id: 'pay-wc-o-ptwice-bis' }, expect: 'refused' },
  { name: 'a rider changes the payment he recorded', topic: 'computed amount', who: 'rider1', collection: 'payments', seed: { orders: [ord('wc-o-pchg')] }, before: pay('wc-o-pchg'), after: { ...pay('wc-o-pchg'), amount_collected_cents: 0, ...later }, expect: 'refused' },
  { name: 'an operator changes an amount due', topic: 'computed amount', who: 'operator', collection: 'payments', seed: { orders: [ord('wc-o-pdue')] }, before: pay('wc-o-pdue'), after: { ...pay('wc-o-pdue'), amount_due_cents: 0, ...later }, expect: 'refused' },

  // ── Authorship ─────────────────────────────────────────────────────────────────────────────
  { name: 'a rider records a payment in another rider’s name', topic: 'authorship', who: 'rider1', collection: 'payments', seed: { orders: [ord('wc-o-pname')] }, before: null, after: pay('wc-o-pname', { rider_id: 'u-rider2' }), expect: 'refused' },
  { name: 'a rider records a delivery in another rider’s name', topic: 'authorship', who: 'rider1', collection: 'deliveries', seed: { orders: [ord('wc-o-dname')] }, before: null, after: { ...deliveryEvent('wc-dlv-name', ord('wc-o-dname'), 'u-rider1'), created_by: 'u-rider2' }, expect: 'refused' },
  { name: 'a picker records a pick in another user’s name', topic: 'authorship', who: 'operator', collection: 'picks', before: null, after: { ...newDocFor('picks', 'u-operador', 4), id: 'wc-pick-name', created_by: 'u-admin' }, expect: 'refused' },

  // ── Events → order → route (finding 3) ─────────────────────────────────────────────────────
  { name: 'a rider records a delivery of his order', topic: 'event → order → route', who: 'rider1', collection: 'deliveries', seed: { orders: [ord('wc-o-dok')] }, before: null, after: deliveryEvent('wc-dlv-ok', ord('wc-o-dok'), 'u-rider1'), expect: 'allowed' },
  {
    name: 'a rider records, on his route, a delivery of another route’s order',
    topic: 'event → order → route',
    finding: '29.3',
    who: 'rider1',
    collection: 'deliveries',
    seed: { orders: [ord('wc-o-dcross', 'r2')] },
    before: null,
    after: { ...deliveryEvent('wc-dlv-cross', ord('wc-o-dcross', 'r2'), 'u-rider1'), route_id: 'r1' },
    expect: 'refused',
  },
  {
    name: 'a rider records, on his route, a delivery of an order with no route',
    topic: 'event → order → route',
    finding: '29.3',
    who: 'rider1',
    collection: 'deliveries',
    seed: { orders: [order('wc-o-dnone', 'pe4', '', 'pending')] },
    before: null,
    after: { ...deliveryEvent('wc-dlv-none', order('wc-o-dnone', 'pe4', '', 'pending'), 'u-rider1', 'failed'), route_id: 'r1', reason_status_id: 'st-ausente' },
    expect: 'refused',
  },
  {
    name: 'a rider records a delivery of his order at another point',
    topic: 'event → order → route',
    who: 'rider1',
    collection: 'deliveries',
    seed: { orders: [ord('wc-o-dpoint')] },
    before: null,
    after: { ...deliveryEvent('wc-dlv-point', ord('wc-o-dpoint'), 'u-rider1'), delivery_point_id: 'pe2' },
    expect: 'refused',
  },
  {
    name: 'a rider records a delivery on another rider’s route',
    topic: 'event → order → route',
    who: 'rider1',
    collection: 'deliveries',
    seed: { orders: [ord('wc-o-dr2', 'r2')] },
    before: null,
    after: deliveryEvent('wc-dlv-r2', ord('wc-o-dr2', 'r2'), 'u-rider1'),
    expect: 'refused',
  },
  {
    name: 'a rider records, on his route, an incidence about another route’s order',
    topic: 'event → order → route',
    finding: '29.3',
    who: 'rider1',
    collection: 'incidences',
    seed: { orders: [ord('wc-o-icross', 'r2')] },
    before: null,
    after: { ...newDocFor('incidences', 'u-rider1', 5), id: 'wc-inc-cross', order_id: 'wc-o-icross', route_id: 'r1', delivery_point_id: 'pe1' },
    expect: 'refused',
  },
  {
    name: 'a rider changes a delivery he recorded',
    topic: 'event → order → route',
    who: 'rider1',
    collection: 'deliveries',
    seed: { orders: [ord('wc-o-dchg')] },
    before: deliveryEvent('wc-dlv-chg', ord('wc-o-dchg'), 'u-rider1'),
    after: { ...deliveryEvent('wc-dlv-chg', ord('wc-o-dchg'), 'u-rider1'), signer_name: 'Otro' },
    expect: 'refused',
  },
  { name: 'a picker records a pick of his hub’s route', topic: 'event → order → route', who: 'operator', collection: 'picks', before: null, after: { ...newDocFor('picks', 'u-operador', 6), id: 'wc-pick-ok' }, expect: 'allowed' },
  {
    name: 'a picker records, on a route, a pick of another route’s order',
    topic: 'event → order → route',
    who: 'operator',
    collection: 'picks',
    before: null,
    after: { ...newDocFor('picks', 'u-operador', 7), id: 'wc-pick-cross', order_id: 'o3', delivery_point_id: 'pe3' },
    expect: 'refused',
  },

  // ── File references ────────────────────────────────────────────────────────────────────────
  {
    name: 'a rider records an incidence with a photo of his own folder',
    topic: 'file reference',
    who: 'rider1',
    collection: 'incidences',
    seed: { orders: [ord('wc-o-photo')] },
    before: null,
    after: { ...newDocFor('incidences', 'u-rider1', 8), id: 'wc-inc-photo', order_id: 'wc-o-photo', photo_file: 'incidences/u-rider1/wc-inc-photo.jpg' },
    expect: 'allowed',
  },

  {
    name: 'a rider records an incidence with a photo of another rider’s folder',
    topic: 'file reference',
    finding: '29.7',
    who: 'rider1',
    collection: 'incidences',
    seed: { orders: [ord('wc-o-photo2')] },
    before: null,
    after: { ...newDocFor('incidences', 'u-rider1', 10), id: 'wc-inc-photo2', order_id: 'wc-o-photo2', photo_file: 'incidences/u-rider2/wc-other.jpg' },
    expect: 'refused',
  },
  {
    name: 'a rider records a delivery whose signature is in another rider’s folder',
    topic: 'file reference',
    finding: '29.7',
    who: 'rider1',
    collection: 'deliveries',
    seed: { orders: [ord('wc-o-sig2')] },
    before: null,
    after: { ...deliveryEvent('wc-dlv-sig2', ord('wc-o-sig2'), 'u-rider1', 'signed'), signer_name: 'Ana', signature_strokes: [[[0, 0, 0], [10, 10, 5]]], signature_file: 'deliveries/u-rider2/wc-sig.png' },
    expect: 'refused',
  },
  {
    name: 'a rider records a delivery whose photo is not a file path',
    topic: 'file reference',
    finding: '29.7',
    who: 'rider1',
    collection: 'deliveries',
    seed: { orders: [ord('wc-o-badpath')] },
    before: null,
    after: { ...deliveryEvent('wc-dlv-badpath', ord('wc-o-badpath'), 'u-rider1'), photo_file: 'deliveries/u-rider1/../u-rider2/x.png' },
    expect: 'refused',
  },

  // ── Cash hand-overs (src/domain/payments/handover.ts) ─────────────────────────────────────
  { name: 'an operator records a hand-over counted in his name', topic: 'cash hand-over', who: 'operator', collection: 'payments', before: null, after: handover('wc-ho-ok'), expect: 'allowed' },
  { name: 'an operator records a hand-over counted in another user’s name', topic: 'cash hand-over', who: 'operator', collection: 'payments', before: null, after: handover('wc-ho-name', { recorded_by: 'u-admin', history: [{ at: T0, by: 'u-admin', action: 'recorded', counted_cents: 1500, reason: '' }] }), expect: 'refused' },
  { name: 'an operator records a hand-over already reconciled', topic: 'cash hand-over', who: 'operator', collection: 'payments', before: null, after: handover('wc-ho-rec', { status: 'reconciled', reconciled_by: 'u-operador', reconciled_at: T0 }), expect: 'refused' },
  { name: 'a rider records his own hand-over', topic: 'cash hand-over', who: 'rider1', collection: 'payments', before: null, after: handover('wc-ho-rider', { recorded_by: 'u-rider1', history: [{ at: T0, by: 'u-rider1', action: 'recorded', counted_cents: 1500, reason: '' }] }), expect: 'refused' },
  {
    name: 'an operator records a count by notes that does not add up to the amount',
    topic: 'cash hand-over',
    who: 'operator',
    collection: 'payments',
    before: null,
    after: handover('wc-ho-sum', { count: [{ denomination_cents: 1000, quantity: 1 }] }),
    expect: 'refused',
    serverSchema: true,
  },
  {
    name: 'an operator records a shortfall without its reason',
    topic: 'cash hand-over',
    who: 'operator',
    collection: 'payments',
    before: null,
    after: handover('wc-ho-short', { counted_cents: 1000, history: [{ at: T0, by: 'u-operador', action: 'recorded', counted_cents: 1000, reason: '' }] }),
    expect: 'refused',
    serverSchema: true,
  },
  { name: 'an operator counts an opened hand-over', topic: 'cash hand-over', who: 'operator', collection: 'payments', before: opened('wc-ho-count'), after: { ...handover('wc-ho-count'), ...later }, expect: 'allowed' },
  { name: 'an operator signs off a counted hand-over', topic: 'cash hand-over', who: 'operator', collection: 'payments', before: handover('wc-ho-sign'), after: { ...handover('wc-ho-sign', { status: 'reconciled', reconciled_by: 'u-operador', reconciled_at: T0 + 10, history: [...handover('wc-ho-sign').history, { at: T0 + 10, by: 'u-operador', action: 'reconciled', counted_cents: 1500, reason: '' }] }), ...later }, expect: 'allowed' },
  { name: 'an operator signs off a hand-over in another user’s name', topic: 'cash hand-over', who: 'operator', collection: 'payments', before: handover('wc-ho-sign2'), after: { ...handover('wc-ho-sign2', { status: 'reconciled', reconciled_by: 'u-admin', reconciled_at: T0 + 10, history: [...handover('wc-ho-sign2').history, { at: T0 + 10, by: 'u-admin', action: 'reconciled', counted_cents: 1500, reason: '' }] }), ...later }, expect: 'refused' },
  { name: 'an operator lowers the cash expected of a hand-over', topic: 'cash hand-over', who: 'operator', collection: 'payments', before: handover('wc-ho-exp'), after: { ...handover('wc-ho-exp', { expected_cents: 1000, counted_cents: 1000 }), ...later }, expect: 'refused' },
  { name: 'an operator changes a count without saying why in its history', topic: 'cash hand-over', who: 'operator', collection: 'payments', before: handover('wc-ho-recount'), after: { ...handover('wc-ho-recount', { counted_cents: 1400, reason: 'Faltan 1 €' }), ...later }, expect: 'refused' },
  { name: 'an operator erases a hand-over’s history', topic: 'cash hand-over', who: 'operator', collection: 'payments', before: handover('wc-ho-erase'), after: { ...handover('wc-ho-erase', { history: [] }), ...later }, expect: 'refused' },

  // ── Fields only the trusted side writes (finding 2: a point's readers) ────────────────────
  {
    name: 'an operator creates a point naming the riders who may read it',
    topic: 'function field',
    finding: '29.2',
    who: 'operator',
    collection: 'delivery_points',
    before: null,
    after: { ...point('wc-f-point'), rider_ids: ['u-rider1'] },
    expect: {
      server: 'allowed',
      firebase: 'refused',
      why: 'rider_ids exists only in Firestore (who may read a point, written by the route function): the embedded server reads a rider’s points from its own index of the routes’ stops and drops the field (not in its shape), so the write gives nobody access there (docs/firebase.md)',
    },
  },
  {
    name: 'an admin makes rider 1 a reader of rider 2’s point',
    topic: 'function field',
    finding: '29.2',
    who: 'admin',
    collection: 'delivery_points',
    before: { ...point('wc-f-point2') },
    after: { ...point('wc-f-point2'), rider_ids: ['u-rider1'], ...later },
    expect: {
      server: 'allowed',
      firebase: 'refused',
      why: 'rider_ids exists only in Firestore (who may read a point, written by the route function): the embedded server reads a rider’s points from its own index of the routes’ stops and drops the field (not in its shape), so the write gives nobody access there (docs/firebase.md)',
    },
  },

  // ── Routes own the order ↔ route relation (issue 27; Firebase: the route function) ────────
  {
    name: 'an operator puts a pending order on his hub’s route',
    topic: 'route → orders',
    who: 'operator',
    collection: 'routes',
    seed: { orders: [order('wc-rt-o1', 'pe1', 'wc-rt-add', 'planned'), order('wc-rt-o2', 'pe1', '', 'pending')] },
    before: planned('wc-rt-add', ['wc-rt-o1']),
    after: { ...planned('wc-rt-add', ['wc-rt-o1', 'wc-rt-o2']), ...later },
    expect: 'allowed',
    follows: { orders: [{ id: 'wc-rt-o2', route_id: 'wc-rt-add', status: 'planned' }, { id: 'wc-rt-o1', route_id: 'wc-rt-add', status: 'planned' }] },
  },
  {
    name: 'an operator takes an order off his hub’s route',
    topic: 'route → orders',
    who: 'operator',
    collection: 'routes',
    seed: { orders: [order('wc-rt-o3', 'pe1', 'wc-rt-drop', 'planned'), order('wc-rt-o4', 'pe1', 'wc-rt-drop', 'planned')] },
    before: planned('wc-rt-drop', ['wc-rt-o3', 'wc-rt-o4']),
    after: { ...planned('wc-rt-drop', ['wc-rt-o3']), ...later },
    expect: 'allowed',
    follows: { orders: [{ id: 'wc-rt-o4', route_id: '', status: 'pending' }, { id: 'wc-rt-o3', route_id: 'wc-rt-drop', status: 'planned' }] },
  },

  // ── What only the embedded server checks ───────────────────────────────────────────────────
  {
    name: 'a rider records a delivery of −3 units',
    topic: 'schema',
    who: 'rider1',
    collection: 'deliveries',
    seed: { orders: [ord('wc-o-dneg')] },
    before: null,
    after: { ...deliveryEvent('wc-dlv-neg', ord('wc-o-dneg'), 'u-rider1', 'partial'), lines: [{ line_id: 'l1', product_id: 'p1', delivered: -3, refused: 0 }] },
    expect: {
      server: 'refused',
      firebase: 'allowed',
      why: 'entity schemas are checked by the push (the server’s, and our Firebase push), not by the rules: a forged Firebase client can store a malformed document in its scope (docs/firebase.md)',
    },
  },
];
