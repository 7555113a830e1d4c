/**
 * The operation report (issue 34): service, failed deliveries by reason, money, and the same
 * tallies per day, per client, per rider and per hub, for a period and filters. Every figure keeps
 * the ids of the orders behind it, so the screen can open them. Pure (no React, no RxDB); it runs
 * in the reports Web Worker (src/workers/reports.ts) and in the benchmark. The definitions an
 * operations manager reads are in docs/reports.md; in short:
 *
 * - Orders in scope: `date` inside the period (both days included), of the hub / client chosen
 *   (and of the `hubs` listed, when a list is given), and, with a rider chosen, travelling on one
 *   of his routes. An order's rider is its route's.
 * - An order's outcome, one of: `returned` (its status is «Devuelto»), else the kind of its LAST
 *   delivery event among delivered / partial / failed (by `at`, then id), else `cancelled` (its
 *   status), else `open` (nothing recorded yet). The six outcomes partition the orders.
 * - On time / early / late: for delivered and partial orders, the time of that last event against
 *   the order's window, both ends included to the minute (./window.ts).
 * - Attempted: orders with at least one delivered / partial / failed event; first attempt:
 *   attempted orders whose first such event is delivered or partial.
 * - Failed attempts: every `failed` event of the orders in scope (an order may fail twice), by
 *   its reason (`reason_status_id`); their order ids are the orders that failed.
 * - Stops: stops of the period's routes (hub and rider filters on the route) with at least one
 *   order in scope. A client's row counts the stops where it had an order, so a shared stop counts
 *   once for each client (client rows' stops may add up to more than the total).
 * - Money: order payments of the orders in scope that are not «pendiente», by method
 *   (`amount_collected_cents`: what the rider keeps); differences: payments whose collected amount
 *   is not what was due (their sum, collected − due); hand-overs: cash hand-overs dated in the
 *   period (hub and rider filters), counted and their differences, and the differences their
 *   reconciliation settled (written off, docs/money.md); cash still with riders: cash collected in
 *   scope minus counted hand-overs minus written-off differences in the period, per rider.
 */
import type { IncidenceKind } from '../entities/events';
import { INCIDENCE_KINDS } from '../entities/events';
import { punctuality, windowBounds } from './window';
import { byText, hubsFilter, moneyFigures } from './money';
import { buildExtra, percentile, type ReportRouteStops } from './extra';
import { DELIVERED, FAILED, FIRST_AT, FIRST_OUTCOME, FIRST_OUTCOME_AT, FLAGS, LAST_AT, LAST_OUTCOME, LAST_OUTCOME_AT, NO_OUTCOME, PARTIAL, PROOFED, TIMES } from './layout';
import { resolutionMs, type ResolutionStep } from './incidences';
import { TALLY_FIGURES, type Figure, type TallyFigure, type ReportRoute, type GroupRow, type IncidenceResolution, type Outcome, type Report, type ReportInput, type ReportOrder, type Tally } from './reportTypes';

export * from './reportTypes';

export function emptyFigure(): Figure {
  return { count: 0, orderIds: [] };
}

export function emptyTally(): Tally {
  const t = {} as Record<TallyFigure, Figure>;
  for (const f of TALLY_FIGURES) t[f] = emptyFigure();
  return { ...t, failedByReason: {} };
}

/**
 * Whether the report being built keeps the orders behind its figures (set by buildReport for the
 * length of one synchronous call). Without them a month is counted several times faster: the
 * worker shows the counts first and builds the ids when a figure is opened.
 */
let keepIds = true;

function add(f: Figure, orderId: string): void {
  f.count += 1;
  if (keepIds) f.orderIds.push(orderId);
}

/** One order's facts; one object is reused for every order (none made per order). */
interface OrderFacts {
  /** The order's id. */
  id: string;
  outcome: Outcome;
  punctuality: 'early' | 'on_time' | 'late' | null;
  attempted: boolean;
  firstAttempt: boolean;
  /** Reason ids of its failed events, in time order. */
  failures: readonly string[];
}

function tallyOrder(t: Tally, f: OrderFacts): void {
  const id = f.id;
  add(t.orders, id);
  add(t[f.outcome], id);
  if (f.punctuality === 'on_time') add(t.onTime, id);
  else if (f.punctuality === 'early') add(t.early, id);
  else if (f.punctuality === 'late') add(t.late, id);
  if (f.attempted) add(t.attempted, id);
  if (f.firstAttempt) add(t.firstAttempt, id);
  if (f.failures.length > 0) {
    t.failedAttempts.count += f.failures.length;
    if (keepIds) t.failedAttempts.orderIds.push(id);
    for (const reason of f.failures) {
      const fig = (t.failedByReason[reason] ??= emptyFigure());
      fig.count += 1;
      if (keepIds && fig.orderIds[fig.orderIds.length - 1] !== id) fig.orderIds.push(id);
    }
  }
}

function tallyStop(t: Tally, orderIds: readonly string[]): void {
  t.stops.count += 1;
  if (keepIds) for (const id of orderIds) t.stops.orderIds.push(id);
}

class Groups {
  readonly map = new Map<string, Tally>();
  get(key: string): Tally {
    let t = this.map.get(key);
    if (!t) {
      t = emptyTally();
      this.map.set(key, t);
    }
    return t;
  }
  rows(name: (key: string) => string, compare: (a: string, b: string) => number): GroupRow[] {
    return [...this.map.keys()].sort(compare).map((key) => ({ key, name: name(key), tally: this.map.get(key)! }));
  }
}


const OUTCOME_OF_CODE: readonly (Outcome | undefined)[] = [undefined, 'delivered', 'partial', 'failed'];

export interface BuildOptions {
  /** Keep the ids of the orders behind each figure (default true); false: counts only, faster. */
  readonly orderIds?: boolean;
}

export function buildReport(input: ReportInput, options: BuildOptions = {}): Report {
  keepIds = options.orderIds ?? true;
  try {
    return build(input);
  } finally {
    keepIds = true;
  }
}

function build(input: ReportInput): Report {
  const { period, filters } = input;
  const routeById = new Map<string, ReportRoute>();
  for (const r of input.routes) routeById.set(r.id, r);

  // Orders in scope, and the one index by order id the report builds (an order's position in
  // `orders`; every later pass looks an order up here once, or reaches it by its position).
  let orders: ReportOrder[] = [];
  let indexOf = new Map<string, number>();
  const inHubs = hubsFilter(filters);
  for (const o of input.orders) {
    if (o.date < period.from || o.date > period.to) continue;
    if (filters.hub !== null && o.hub !== filters.hub) continue;
    if (!inHubs(o.hub)) continue;
    if (filters.clientId !== null && o.client_id !== filters.clientId) continue;
    if (filters.riderId !== null && (routeById.get(o.route_id)?.rider_id ?? '') !== filters.riderId) continue;
    indexOf.set(o.id, orders.length);
    orders.push(o);
  }
  if (indexOf.size !== orders.length) ({ orders, indexOf } = unique(orders));

  // One pass over the events, in whatever order they come: each event's order (looked up once,
  // once for a run of events of the same order), and per order, in typed arrays side by side (one
  // or two cache lines per event however the events are ordered; no event object is read again):
  // the times of its first and last events of any kind and of its first and last outcome events
  // (delivered / partial / failed, by `at`, then id), those two events' kinds and indexes, and
  // whether it has a proof (a signature or a photo). Read by ./extra.ts too.
  const events = input.events;
  const n = orders.length;
  const eventOrder = new Int32Array(events.length).fill(-1);
  const times = new Float64Array(n * TIMES);
  for (let i = 0; i < n; i += 1) {
    times[i * TIMES + FIRST_AT] = Infinity;
    times[i * TIMES + LAST_AT] = -Infinity;
    times[i * TIMES + FIRST_OUTCOME_AT] = Infinity;
    times[i * TIMES + LAST_OUTCOME_AT] = -Infinity;
  }
  const flags = new Uint8Array(n * FLAGS);
  const outcomeEvent = new Int32Array(n * 2);
  const failedEvents: number[] = [];
  let previousId = '';
  let previous: number | undefined;
  for (let k = 0; k < events.length; k += 1) {
    const id = events[k]!.order_id;
    const i = id === previousId ? previous : indexOf.get(id);
    previousId = id;
    previous = i;
    if (i !== undefined) eventOrder[k] = i;
  }
  for (let k = 0; k < events.length; k += 1) {
    const i = eventOrder[k]!;
    if (i < 0) continue;
    const e = events[k]!;
    const at = e.at;
    const t = i * TIMES;
    if (at < times[t + FIRST_AT]!) times[t + FIRST_AT] = at;
    if (at > times[t + LAST_AT]!) times[t + LAST_AT] = at;
    const kind = e.kind;
    const code = kind === 'delivered' ? DELIVERED : kind === 'partial' ? PARTIAL : kind === 'failed' ? FAILED : NO_OUTCOME;
    const f = i * FLAGS;
    if (kind === 'signed' || e.photo === true) flags[f + PROOFED] = 1;
    if (code === NO_OUTCOME) continue;
    const firstAt = times[t + FIRST_OUTCOME_AT]!;
    if (at < firstAt || (at === firstAt && e.id < events[outcomeEvent[i * 2]!]!.id)) {
      times[t + FIRST_OUTCOME_AT] = at;
      outcomeEvent[i * 2] = k;
      flags[f + FIRST_OUTCOME] = code;
    }
    const lastAt = times[t + LAST_OUTCOME_AT]!;
    if (at > lastAt || (at === lastAt && events[outcomeEvent[i * 2 + 1]!]!.id < e.id)) {
      times[t + LAST_OUTCOME_AT] = at;
      outcomeEvent[i * 2 + 1] = k;
      flags[f + LAST_OUTCOME] = code;
    }
    if (code === FAILED) failedEvents.push(k);
  }
  // Failed events by order, in time order (then id), so each order's reasons come in the order they happened.
  failedEvents.sort((x, y) => {
    const a = events[x]!;
    const b = events[y]!;
    return eventOrder[x]! - eventOrder[y]! || a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  });
  const failuresOf: (string[] | undefined)[] = new Array<string[] | undefined>(n);
  for (const k of failedEvents) (failuresOf[eventOrder[k]!] ??= []).push(events[k]!.reason_status_id);

  const total = emptyTally();
  const days = new Groups();
  const clients = new Groups();
  const riders = new Groups();
  const hubs = new Groups();
  const riderOf: string[] = new Array<string>(orders.length);
  const NONE: readonly string[] = [];

  // Orders of a route often come one after the other; a hub's tally by its number.
  let previousRoute = '\u0000';
  let previousRider = '';
  const hubTally: Tally[] = [];
  const facts: OrderFacts = { id: '', outcome: 'open', punctuality: null, attempted: false, firstAttempt: false, failures: NONE };
  for (let i = 0; i < orders.length; i += 1) {
    const o = orders[i]!;
    const firstKind = flags[i * FLAGS + FIRST_OUTCOME]!;
    const lastKind = flags[i * FLAGS + LAST_OUTCOME]!;
    let outcome: Outcome;
    if (o.status === 'returned') outcome = 'returned';
    else if (lastKind !== NO_OUTCOME) outcome = OUTCOME_OF_CODE[lastKind]!;
    else if (o.status === 'cancelled') outcome = 'cancelled';
    else outcome = 'open';
    const done = outcome === 'delivered' || outcome === 'partial';
    if (o.route_id !== previousRoute) {
      previousRoute = o.route_id;
      previousRider = o.route_id === '' ? '' : (routeById.get(o.route_id)?.rider_id ?? '');
    }
    const rider = previousRider;
    riderOf[i] = rider;
    facts.id = o.id;
    facts.outcome = outcome;
    facts.punctuality = done ? punctuality(times[i * TIMES + LAST_OUTCOME_AT]!, windowBounds(o)) : null;
    facts.attempted = firstKind !== NO_OUTCOME;
    facts.firstAttempt = firstKind !== NO_OUTCOME && firstKind !== FAILED;
    facts.failures = failuresOf[i] ?? NONE;
    tallyOrder(total, facts);
    tallyOrder(days.get(o.date), facts);
    tallyOrder(clients.get(o.client_id), facts);
    tallyOrder(riders.get(rider), facts);
    tallyOrder((hubTally[o.hub] ??= hubs.get(String(o.hub))), facts);
  }

  // Stops of the period's routes with an order in scope (kept, as order indexes, for ./extra.ts).
  const reportRoutes: ReportRouteStops[] = [];
  for (const r of input.routes) {
    if (r.date < period.from || r.date > period.to) continue;
    if (filters.hub !== null && r.hub !== filters.hub) continue;
    if (!inHubs(r.hub)) continue;
    if (filters.riderId !== null && r.rider_id !== filters.riderId) continue;
    let routeStops: number[][] | null = null;
    let routeTallies: Tally[] | null = null;
    for (const s of r.stops) {
      const at: number[] = [];
      for (const id of s.order_ids) {
        const i = indexOf.get(id);
        if (i !== undefined) at.push(i);
      }
      if (at.length === 0) continue;
      (routeStops ??= []).push(at);
      const ids = keepIds ? at.map((i) => orders[i]!.id) : NONE;
      // The route's day, rider and hub tallies, found at its first stop with an order in scope.
      routeTallies ??= [total, days.get(r.date), riders.get(r.rider_id), hubs.get(String(r.hub))];
      for (const t of routeTallies) tallyStop(t, ids);
      if (!keepIds || at.length === 1) {
        // Counts only (or one order): the stop once for each client met.
        for (let a = 0; a < at.length; a += 1) {
          const c = orders[at[a]!]!.client_id;
          let met = false;
          for (let b = 0; b < a && !met; b += 1) met = orders[at[b]!]!.client_id === c;
          if (!met) tallyStop(clients.get(c), ids);
        }
        continue;
      }
      const byClient = new Map<string, string[]>();
      for (const i of at) {
        const c = orders[i]!.client_id;
        const list = byClient.get(c);
        if (list) list.push(orders[i]!.id);
        else byClient.set(c, [orders[i]!.id]);
      }
      for (const [c, list] of byClient) tallyStop(clients.get(c), list);
    }
    if (routeStops) reportRoutes.push({ route: r, stops: routeStops });
  }

  // Incidences of the orders in scope, by kind (follow-up documents left out), and how fast they
  // were resolved (their follow-ups, ./incidences.ts).
  const incidencesByKind = Object.fromEntries(INCIDENCE_KINDS.map((k) => [k, emptyFigure()])) as Record<IncidenceKind, Figure>;
  const incidenceResolution = Object.fromEntries(INCIDENCE_KINDS.map((k) => [k, { resolved: emptyFigure(), open: emptyFigure(), medianMs: null, p90Ms: null }])) as Record<IncidenceKind, IncidenceResolution>;
  const stepsOf = new Map<string, ResolutionStep[]>();
  for (const i of input.incidences) {
    if (i.kind !== 'follow-up' || i.follows === undefined || i.follow_state === undefined || !indexOf.has(i.order_id)) continue;
    const list = stepsOf.get(i.follows);
    const step = { id: i.id, at: i.at, follow_state: i.follow_state };
    if (list) list.push(step);
    else stepsOf.set(i.follows, [step]);
  }
  const resolutionTimes = new Map<IncidenceKind, number[]>(INCIDENCE_KINDS.map((k) => [k, []]));
  const NO_STEPS: ResolutionStep[] = [];
  for (const i of input.incidences) {
    if (i.kind === 'follow-up' || !indexOf.has(i.order_id)) continue;
    add(incidencesByKind[i.kind], i.order_id);
    const ms = resolutionMs(i.at, stepsOf.get(i.id) ?? NO_STEPS);
    const r = incidenceResolution[i.kind];
    if (ms === null) add(r.open, i.order_id);
    else {
      add(r.resolved, i.order_id);
      resolutionTimes.get(i.kind)!.push(ms);
    }
  }
  for (const [kind, times] of resolutionTimes) {
    times.sort((a, b) => a - b);
    incidenceResolution[kind].medianMs = percentile(times, 0.5);
    incidenceResolution[kind].p90Ms = percentile(times, 0.9);
  }
  if (keepIds) for (const k of INCIDENCE_KINDS) for (const f of [incidencesByKind[k], incidenceResolution[k].resolved, incidenceResolution[k].open]) f.orderIds = [...new Set(f.orderIds)];

  const { inScope: paymentInScope, ...money } = moneyFigures(input, indexOf, riderOf, keepIds);

  const userName = new Map(input.users.map((u) => [u.id, u.name]));
  const clientName = new Map(input.clients.map((c) => [c.id, c.name]));
  const hubName = new Map(input.hubs.map((h) => [String(h.number), h.name]));
  const reasonName = new Map(input.reasons.map((r) => [r.id, r.name]));
  const reasonNames: Record<string, string> = {};
  for (const id of Object.keys(total.failedByReason)) reasonNames[id] = reasonName.get(id) ?? id;
  for (const row of money.cashWithRiders) row.name = userName.get(row.riderId) ?? row.riderId;

  return {
    period,
    filters,
    total,
    byDay: days.rows((k) => k, byText),
    byClient: clients.rows((k) => clientName.get(k) ?? k, (a, b) => byText(clientName.get(a) ?? a, clientName.get(b) ?? b)),
    byRider: riders.rows((k) => (k === '' ? '' : (userName.get(k) ?? k)), (a, b) => (a === '' ? 1 : b === '' ? -1 : byText(userName.get(a) ?? a, userName.get(b) ?? b))),
    byHub: hubs.rows((k) => hubName.get(k) ?? k, (a, b) => Number(a) - Number(b)),
    reasonNames,
    incidencesByKind,
    incidenceResolution,
    money,
    extra: buildExtra(input, { orders, indexOf, paymentInScope, eventOrder, times, flags, routes: reportRoutes }, keepIds),
  };
}

/** The orders by id, each once (the last of the same id, where the first was), for an input with repeated ids. */
function unique(list: readonly ReportOrder[]): { orders: ReportOrder[]; indexOf: Map<string, number> } {
  const byId = new Map<string, ReportOrder>();
  for (const o of list) byId.set(o.id, o);
  const orders = [...byId.values()];
  return { orders, indexOf: new Map(orders.map((o, i) => [o.id, i])) };
}

/** Share `part / whole` (0 when there is no whole). */
export function share(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}
