/**
 * The e2e suite's choices among the demo data, in one place (issue 27 §0).
 *
 * The demo data is seeded for the Madrid day the server starts on, so which orders, routes and
 * events exist changes with the calendar date. A spec never assumes what a given date produces:
 * it asks one of these functions for the records it needs (or for what to change so that they
 * are what it needs, e.g. an order that pays cash), and each function throws a plain message
 * when the data cannot give it. `tests/e2e/choices.test.ts` runs every function here over the
 * demo data of 60 consecutive days, without a browser, and fails when an assumption does not
 * hold on one of them — before a run on that date would.
 *
 * Pure: no Playwright, no network. The specs pass what they pulled from the server; the test
 * passes what `generateDemoData` makes.
 */

export type Doc = Record<string, unknown>;

/** The collections the choices read, as the sync API (or the demo generator) gives them. */
export interface DemoDocs {
  readonly routes: readonly Doc[];
  readonly orders: readonly Doc[];
  readonly deliveries: readonly Doc[];
  readonly incidences: readonly Doc[];
  readonly payments: readonly Doc[];
  readonly users: readonly Doc[];
  readonly products: readonly Doc[];
  readonly catalog: readonly Doc[];
}

/** The collections a spec pulled, the others empty. */
export function demoDocs(parts: Partial<DemoDocs>): DemoDocs {
  return { routes: [], orders: [], deliveries: [], incidences: [], payments: [], users: [], products: [], catalog: [], ...parts };
}

export type Stop = { seq: number; delivery_point_id: string; order_ids: string[]; eta: string };
type Line = { line_id: string; quantity: number };

/** Riders whose routes specs take over or sign in as (a spec choosing a «free» route skips them). */
export const RIDERS_OF_SPECS = ['u-rider1', 'u-rider2', 'u-rider3', 'u-rider4', 'u-rider5', 'u-rider6', 'u-rider9', 'u-rider10', 'u-rider11', 'u-rider12'] as const;

export class ChoiceError extends Error {
  constructor(what: string) {
    super(`The demo data of this day cannot give what the spec needs: ${what}`);
    this.name = 'ChoiceError';
  }
}

function stopsOf(route: Doc): Stop[] {
  return route.stops as Stop[];
}

function byId(docs: readonly Doc[]): Map<string, Doc> {
  return new Map(docs.map((d) => [String(d.id), d]));
}

// ── rider-round.spec.ts ──────────────────────────────────────────────────────────────────────

/** An order of a route and where the rider finds it (its stop's delivery point) and reads it (its code). */
export interface RoundOrder {
  readonly orderId: string;
  readonly pointId: string;
  readonly code: string;
}

export interface RiderRoundChoice {
  readonly routeId: string;
  /** The route's first order: «Siguiente parada» opens it; delivered in full, paid in cash. */
  readonly full: RoundOrder;
  /** Delivered in part (its first line one short, or its first line refused and the others delivered), paid in cash. */
  readonly partial: RoundOrder;
  /** Reported failed. */
  readonly failed: RoundOrder;
  /** Orders the spec sets to pay in cash before the rider signs in (`full` and `partial` must). */
  readonly makeCash: readonly string[];
}

/** Whether a delivery of `lines` can be partial (the spec refuses one unit of the first line). */
function canBePartial(lines: readonly Line[]): boolean {
  return (lines[0]?.quantity ?? 0) >= 2 || lines.length >= 2;
}

/**
 * rider1's route of `today`, «Preparada», every order picked: the round delivers its first order
 * in full paid in cash, one later order in part paid in cash, and reports another failed.
 */
export function riderRoundChoice(docs: DemoDocs, today: string): RiderRoundChoice {
  const route = docs.routes.find((r) => r.rider_id === 'u-rider1' && r.date === today);
  if (!route) throw new ChoiceError('rider1 has no route of today');
  if (route.status !== 'ready') throw new ChoiceError(`rider1's route of today is «${String(route.status)}», not «ready»`);
  const orders = byId(docs.orders);
  const visit: RoundOrder[] = stopsOf(route).flatMap((s) => s.order_ids.map((orderId) => ({ orderId, pointId: s.delivery_point_id, code: String(orders.get(orderId)?.code ?? '') })));
  for (const v of visit) {
    if (orders.get(v.orderId)?.status !== 'picked') throw new ChoiceError(`the order ${v.orderId} of rider1's ready route is not «picked»`);
  }
  const [full, ...later] = visit;
  if (!full) throw new ChoiceError("rider1's route has no orders");
  const partial = later.find((v) => canBePartial((orders.get(v.orderId)?.lines ?? []) as Line[]));
  if (!partial) throw new ChoiceError("no order after the first of rider1's route can be delivered in part");
  const failed = later.find((v) => v !== partial);
  if (!failed) throw new ChoiceError(`rider1's route has ${visit.length} orders, the round needs 3`);
  const makeCash = [full, partial].map((v) => v.orderId).filter((id) => orders.get(id)?.payment_method !== 'cash');
  return { routeId: String(route.id), full, partial, failed, makeCash };
}

// ── incidence-followup.spec.ts ───────────────────────────────────────────────────────────────

/** The newest delivery-product incidence of hub 1 that nobody has followed up yet, and its order's code. */
export function openDeliveryIncidence(docs: DemoDocs): { incidence: Doc; code: string } {
  const followed = new Set(docs.incidences.filter((i) => i.kind === 'follow-up').map((i) => String(i.follows)));
  const incidence = docs.incidences
    .filter((i) => i.kind === 'delivery-product' && i.hub === 1 && !followed.has(String(i.id)))
    .sort((a, b) => Number(b.at) - Number(a.at))[0];
  if (!incidence) throw new ChoiceError('no open delivery incidence in hub 1');
  const order = docs.orders.find((o) => o.id === incidence.order_id);
  if (!order) throw new ChoiceError(`the incidence ${String(incidence.id)} names no order`);
  return { incidence, code: String(order.code) };
}

// ── proof.spec.ts ────────────────────────────────────────────────────────────────────────────

/** The newest signature (with strokes) of an order delivered in full, and that order. */
export function signedDelivery(docs: DemoDocs, hub?: number): { signed: Doc; order: Doc } {
  // Of one hub's orders when asked (an operator makes links of his hub's orders only, issue 29).
  const ofHub = new Set(docs.orders.filter((o) => hub === undefined || o.hub === hub).map((o) => String(o.id)));
  const delivered = new Set(docs.deliveries.filter((d) => d.kind === 'delivered' && ofHub.has(String(d.order_id))).map((d) => String(d.order_id)));
  const signed = docs.deliveries
    .filter((d) => d.kind === 'signed' && delivered.has(String(d.order_id)) && (d.signature_strokes as unknown[]).length > 0)
    .sort((a, b) => Number(b.at) - Number(a.at))[0];
  if (!signed) throw new ChoiceError('no signed delivery');
  const order = docs.orders.find((o) => o.id === signed.order_id);
  if (!order) throw new ChoiceError(`the signature ${String(signed.id)} names no order`);
  return { signed, order };
}

// ── settlement.spec.ts ───────────────────────────────────────────────────────────────────────

/** A card payment collected and a cash payment not reconciled, of hub 1's routes (oldest day first). */
export function settlementPayments(docs: DemoDocs): { card: Doc; cash: Doc; cardCode: string; cashCode: string } {
  const dayOf = new Map(docs.routes.filter((r) => r.hub === 1).map((r) => [String(r.id), String(r.date)]));
  const code = new Map(docs.orders.map((o) => [String(o.id), String(o.code)]));
  const byDay = (a: Doc, b: Doc) => (dayOf.get(String(a.route_id)) ?? '').localeCompare(dayOf.get(String(b.route_id)) ?? '') || String(a.id).localeCompare(String(b.id));
  const ours = (p: Doc) => p.kind === 'order' && code.has(String(p.order_id)) && dayOf.has(String(p.route_id));
  const card = docs.payments
    .filter((p) => ours(p) && p.method === 'card' && ['collected', 'handed_over'].includes(String(p.status)) && Number(p.amount_collected_cents) > 0)
    .sort(byDay)[0];
  const cash = docs.payments.filter((p) => ours(p) && p.method === 'cash' && p.status !== 'reconciled').sort(byDay)[0];
  if (!card) throw new ChoiceError('no card payment collected in hub 1');
  if (!cash) throw new ChoiceError('no cash payment to reconcile in hub 1');
  return { card, cash, cardCode: code.get(String(card.order_id)) as string, cashCode: code.get(String(cash.order_id)) as string };
}

// ── sync.spec.ts ─────────────────────────────────────────────────────────────────────────────

/**
 * A route of today under way, of a rider no other spec uses, with an order still to deliver
 * that pays by `payment` (the sync spec pays by card).
 */
export function routeInProgressWithPending(docs: DemoDocs, today: string, skip: ReadonlySet<string>, payment: string): { route: Doc; pointId: string; orderId: string; email: string } {
  const done = new Set(docs.deliveries.filter((e) => ['delivered', 'partial', 'failed'].includes(String(e.kind))).map((e) => String(e.order_id)));
  const orders = byId(docs.orders);
  for (const r of docs.routes) {
    if (r.date !== today || r.status !== 'in_progress' || skip.has(String(r.rider_id))) continue;
    const email = docs.users.find((u) => u.id === r.rider_id)?.email;
    if (typeof email !== 'string') continue;
    for (const s of stopsOf(r)) {
      const pending = s.order_ids.find((o) => !done.has(o) && orders.get(o)?.payment_method === payment);
      if (pending) return { route: r, pointId: s.delivery_point_id, orderId: pending, email };
    }
  }
  throw new ChoiceError(`no route of today under way with an order still to deliver paid by ${payment}`);
}

// ── lost-answer.spec.ts, picking.spec.ts, payments.spec.ts: routes they copy ─────────────────

/** A route of today whose first `stops` stops hold only picked orders (the spec copies their points and orders). */
export function routeWithPickedOrders(docs: DemoDocs, today: string, stops: number): Doc {
  const orders = byId(docs.orders);
  const source = docs.routes.find((r) => r.date === today && stopsOf(r).length >= stops && stopsOf(r).every((s) => s.order_ids.every((o) => orders.get(o)?.status === 'picked')));
  if (!source) throw new ChoiceError(`no route of today with ${stops} stops of picked orders`);
  return source;
}

/** A route of today in `hub` with at least `stops` stops, and an order of that hub and day to copy. */
export function routeOfHub(docs: DemoDocs, today: string, hub: number, stops: number): { source: Doc; template: Doc } {
  const source = docs.routes.find((r) => r.date === today && r.hub === hub && stopsOf(r).length >= stops);
  if (!source) throw new ChoiceError(`no route of today in hub ${hub} with ${stops} stops`);
  const template = docs.orders.find((o) => o.hub === hub && o.date === today);
  if (!template) throw new ChoiceError(`no order of today in hub ${hub}`);
  return { source, template };
}

/** Active products with a barcode (the picking spec scans the first two and a wrong third). */
export function productsWithBarcode(docs: DemoDocs, n: number): Doc[] {
  const withCode = docs.products.filter((p) => p.barcode !== '' && p.active === true);
  if (withCode.length < n) throw new ChoiceError(`fewer than ${n} active products with a barcode`);
  return withCode.slice(0, n);
}

/** The hub a user belongs to (the payments spec makes its route in rider11's hub). */
export function hubOfUser(docs: DemoDocs, userId: string): number {
  const user = docs.users.find((u) => u.id === userId);
  if (!user) throw new ChoiceError(`no user ${userId}`);
  return Number(user.hub);
}

// ── access.spec.ts ───────────────────────────────────────────────────────────────────────────

/**
 * A route of today, «Planificada» or «Preparada», of a rider no other spec reads, in one of
 * `hubs` (those with an operator of their own, who hands it over: he writes only in his hub).
 */
export function routeToHandOver(docs: DemoDocs, today: string, hubs: readonly number[], skip: ReadonlySet<string>): Doc {
  const route = docs.routes.find((r) => r.date === today && hubs.includes(Number(r.hub)) && ['planned', 'ready'].includes(String(r.status)) && !skip.has(String(r.rider_id)));
  if (!route) throw new ChoiceError(`no route of today in hubs ${hubs.join(', ')} planned or ready to hand over`);
  return route;
}

// ── cut-text.spec.ts ─────────────────────────────────────────────────────────────────────────

/** Riders whose routes the specs only read (a spec that only looks may sign in as them). */
const READ_ONLY_RIDERS = ['u-rider7', 'u-rider8'] as const;

/**
 * A route of today of a rider the specs only read, its stop and an order on it still to deliver
 * that the rider collects at the door (not on account: its payment choice offers cash, card and
 * transfer); `email` signs in as that rider.
 */
export function readOnlyRound(docs: DemoDocs, today: string): { routeId: string; pointId: string; orderId: string; riderId: string; email: string } {
  const orders = byId(docs.orders);
  const done = new Set(docs.deliveries.filter((d) => ['delivered', 'partial', 'failed'].includes(String(d.kind))).map((d) => String(d.order_id)));
  for (const riderId of READ_ONLY_RIDERS) {
    const email = docs.users.find((u) => u.id === riderId)?.email;
    for (const route of docs.routes.filter((r) => r.rider_id === riderId && r.date === today)) {
      for (const s of stopsOf(route)) {
        const order = s.order_ids.map((id) => orders.get(id)).find((o) => o !== undefined && o.payment_method !== 'on_account' && !done.has(String(o.id)));
        if (order && email) return { routeId: String(route.id), pointId: s.delivery_point_id, orderId: String(order.id), riderId, email: String(email) };
      }
    }
  }
  throw new ChoiceError('no route of today of rider7 or rider8 with an order still to deliver and collected at the door');
}

// ── tracking.spec.ts ─────────────────────────────────────────────────────────────────────────

/**
 * A route of today under way, of a rider no spec signs in as, with a stop still to visit (the
 * last of the day's such routes: the sync spec takes the first free one). The spec makes the last
 * pending stop late (its window already over) and follows the rider on the map.
 */
export function trackedRoute(docs: DemoDocs, today: string): { route: Doc; email: string; pending: Stop[] } {
  const done = new Set(docs.deliveries.filter((e) => ['delivered', 'partial', 'failed'].includes(String(e.kind))).map((e) => String(e.order_id)));
  const taken = new Set<string>(RIDERS_OF_SPECS);
  // A rider with two routes under way (e2e/new-users.spec.ts gives rider8 one of its own) shares
  // his position for one of them only: his routes are left out.
  const underWay = new Map<string, number>();
  for (const r of docs.routes) if (r.date === today && r.status === 'in_progress') underWay.set(String(r.rider_id), (underWay.get(String(r.rider_id)) ?? 0) + 1);
  for (const r of [...docs.routes].reverse()) {
    if (r.date !== today || r.status !== 'in_progress' || taken.has(String(r.rider_id)) || (underWay.get(String(r.rider_id)) ?? 0) > 1) continue;
    const email = docs.users.find((u) => u.id === r.rider_id)?.email;
    if (typeof email !== 'string') continue;
    const pending = stopsOf(r).filter((s) => s.order_ids.every((o) => !done.has(o)));
    if (pending.length >= 1) return { route: r, email, pending };
  }
  throw new ChoiceError('no route of today under way, of a rider no spec uses, with a stop still to visit');
}
