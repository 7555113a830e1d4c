/**
 * The report's further figures (issue 34): productivity (per rider-hour, km per route, route
 * duration planned and actual, service time per stop, picking lines per hour and picking errors
 * per 100 lines), settled card and transfer payments, proofs of delivery per client, and
 * sustainability (km by cargo bike, the CO₂ and diesel a van would have used). Pure; called by
 * ./aggregate.ts with the orders in scope. Definitions for an operations manager: docs/reports.md.
 *
 * - Routes of the report: routes of the period, of the hub and rider chosen, with at least one
 *   order in scope (as for «Paradas»). **Ridden**: with at least one delivery event (any kind) of
 *   its orders. **Timed**: ridden, with its first and last delivery events at different times.
 * - Actual duration of a route: from its first to its last delivery event (any kind: delivered,
 *   partial, failed, signed, collected) of its orders in scope. Routes store no start or finish
 *   time. (With a client chosen that is the span of that client's deliveries on the route: read
 *   productivity without a client filter.)
 * - Planned duration: from the route's planned start to the planned arrival (eta) at its last stop.
 * - Rider-hours: the actual durations of the timed routes. Stops and orders per rider-hour:
 *   the stops (with an order in scope) and orders in scope of the timed routes ÷ their rider-hours.
 * - km: the route's planned distance (`distance_m`, what the planner computed), for ridden routes.
 * - Service time at a stop (of the report, with an event): from the first event recorded at the
 *   stop's orders in scope to the last one within SERVICE_WINDOW_MS of it (a return later is
 *   another visit, not counted). A stop with one event has 0 s. Median and 90th percentile
 *   (nearest rank) over the stops.
 * - Picking: lines of the orders in scope with a pick not undone, counted for the picker of their
 *   earliest such pick; picker-hours: per picker and per (order date, hub), from his first to his
 *   last pick of the report's orders; errors: «picker-error» incidences of the orders in scope, by
 *   who recorded them.
 * - Settled card / transfer: order payments in scope by card or transfer at «Conciliado».
 * - Proof of delivery available: orders in scope whose outcome is delivered or partially delivered
 *   (not returned) with a signature (a `signed` event) or a photo on one of their delivery events.
 * - Sustainability: km of ridden routes × the van factors of Configuración.
 */
import type { ExtraFigures, ExtraRef, Figure, PickingRow, ProductivityRow, ReportInput, ReportOrder, ReportPick, ReportPickSummary, ReportRoute, SustainabilityFactors } from './reportTypes';
import { FAILED, FIRST_AT, FLAGS, LAST_AT, LAST_OUTCOME, NO_OUTCOME, PROOFED, TIMES } from './layout';

export type { ExtraFigures, ExtraRef, PickingRow, ProductivityRow, SustainabilityFactors } from './reportTypes';

/** A stop's service time counts the events recorded within this time of its first one. */
export const SERVICE_WINDOW_MS = 30 * 60_000;

/**
 * Defaults: the EEA's monitoring of new light commercial vehicles (vans) registered in the EU in
 * 2022 reports an average of about 200 g CO₂/km (WLTP); at 2.64 kg CO₂ per litre of diesel (MITECO's
 * emission factor for gasóleo), that is about 7.6 l/100 km.
 */
export const DEFAULT_SUSTAINABILITY: SustainabilityFactors = {
  co2_g_per_km: 200,
  diesel_l_per_100km: 7.6,
  source: 'EEA, CO2 emissions from new vans in Europe, 2022 (≈200 g/km, WLTP); MITECO, diesel emission factor 2.64 kg CO2/l',
};

export function extraFigureAt(extra: ExtraFigures, ref: ExtraRef): Figure | null {
  switch (ref.kind) {
    case 'productivity': {
      const p = extra.productivity;
      const row = ref.group === 'total' ? p.total : p[ref.group].find((r) => r.key === ref.key);
      return row ? row[ref.figure] : null;
    }
    case 'picking': {
      const p = extra.picking;
      const row = ref.group === 'total' ? p.total : p[ref.group].find((r) => r.key === ref.key);
      return row ? row[ref.figure] : null;
    }
    case 'settled':
      return extra.settled[ref.method];
    case 'proofs':
      return ref.clientId === '' ? extra.proofs.total : (extra.proofs.byClient[ref.clientId] ?? null);
  }
}

/** The value at rank ceil(q·n) of sorted values (nearest rank); null when there are none. */
export function percentile(sorted: ArrayLike<number>, q: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

/** Minutes between two `HH:MM` times of day (0 when `to` is not after `from`). */
export function minutesBetween(from: string, to: string): number {
  const m = (t: string): number => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  if (!/^\d\d:\d\d/.test(from) || !/^\d\d:\d\d/.test(to)) return 0;
  return Math.max(0, m(to) - m(from));
}

/** A route's planned duration in minutes: planned start to the eta of its last stop. */
export function plannedMinutes(r: ReportRoute): number {
  const last = r.stops[r.stops.length - 1];
  return r.planned_start !== undefined && last?.eta !== undefined ? minutesBetween(r.planned_start, last.eta) : 0;
}

/** The service time (ms) of a stop from its events' times: first event to the last within SERVICE_WINDOW_MS of it. */
export function serviceMs(times: readonly number[]): number {
  if (times.length === 0) return 0;
  const first = Math.min(...times);
  let last = first;
  for (const t of times) if (t > last && t - first <= SERVICE_WINDOW_MS) last = t;
  return last - first;
}

export function vanEquivalent(km: number, f: SustainabilityFactors): { co2Kg: number; dieselL: number } {
  return { co2Kg: (km * f.co2_g_per_km) / 1000, dieselL: (km * f.diesel_l_per_100km) / 100 };
}

function emptyProductivity(key: string): ProductivityRow {
  return { key, routes: 0, ridden: 0, timed: 0, riderMinutes: 0, plannedMinutes: 0, stops: { count: 0, orderIds: [] }, orders: { count: 0, orderIds: [] }, distanceM: 0, serviceStops: 0, serviceMedianS: null, serviceP90S: null };
}

function emptyPicking(key: string): PickingRow {
  return { key, lines: { count: 0, orderIds: [] }, pickerMinutes: 0, errors: { count: 0, orderIds: [] } };
}

function rowOf<R>(map: Map<string, R>, key: string, make: (key: string) => R): R {
  let r = map.get(key);
  if (!r) {
    r = make(key);
    map.set(key, r);
  }
  return r;
}

const byKey = (a: { key: string }, b: { key: string }): number => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
const byHubKey = (a: { key: string }, b: { key: string }): number => Number(a.key) - Number(b.key);


/**
 * Picking events summarised per order and picker (what the page sends the worker instead of every
 * pick): an undo (`undoes`) cancels the pick it names; each order line counts once, for the picker
 * of its earliest pick not undone (by time, then id); a picker's first and last times on the order
 * count every pick of his, undos included (he was working).
 */
export function summarisePicks(picks: readonly ReportPick[]): ReportPickSummary[] {
  const undone = new Set<string>();
  for (const p of picks) if (p.undoes) undone.add(p.undoes);
  const byOrder = new Map<string, { spans: Map<string, { first: number; last: number; lines: number }>; best: Map<string, ReportPick> }>();
  for (const p of picks) {
    let o = byOrder.get(p.order_id);
    if (!o) byOrder.set(p.order_id, (o = { spans: new Map(), best: new Map() }));
    const span = o.spans.get(p.created_by);
    if (!span) o.spans.set(p.created_by, { first: p.at, last: p.at, lines: 0 });
    else {
      if (p.at < span.first) span.first = p.at;
      if (p.at > span.last) span.last = p.at;
    }
    if (p.undoes || undone.has(p.id)) continue;
    const b = o.best.get(p.line_id);
    if (!b || p.at < b.at || (p.at === b.at && p.id < b.id)) o.best.set(p.line_id, p);
  }
  const out: ReportPickSummary[] = [];
  for (const [order_id, o] of byOrder) {
    for (const p of o.best.values()) o.spans.get(p.created_by)!.lines += 1;
    for (const [created_by, s] of o.spans) out.push({ order_id, created_by, lines: s.lines, first_at: s.first, last_at: s.last });
  }
  return out;
}

/** The orders in scope as ./aggregate.ts holds them, and what its pass over the events found. */
export interface ScopeIndex {
  readonly orders: readonly ReportOrder[];
  readonly indexOf: ReadonlyMap<string, number>;
  /** Per payment of the input: 1 when it is an order payment of an order in scope. */
  readonly paymentInScope: Uint8Array;
  /** Per event of the input: the index of its order in scope, or -1. */
  readonly eventOrder: Int32Array;
  /** Per order, TIMES numbers from i × TIMES: at FIRST_AT / LAST_AT the times of its first and last delivery events of any kind, at FIRST_OUTCOME_AT / LAST_OUTCOME_AT of its first and last outcome events (±Infinity: none). */
  readonly times: Float64Array;
  /** Per order, FLAGS bytes from i × FLAGS: at FIRST_OUTCOME / LAST_OUTCOME the kind of its first and last outcome events (NO_OUTCOME, DELIVERED, PARTIAL, FAILED), at PROOFED 1 when one of its events is a signature or carries a photo. */
  readonly flags: Uint8Array;
  /** The routes of the report (period, hub, rider) and their stops' orders in scope (indexes). */
  readonly routes: readonly ReportRouteStops[];
}


/** An order's day and hub as one number: day × DAY_HUB + hub (hub numbers are below it). */
const DAY_HUB = 100_000;

export interface ReportRouteStops {
  readonly route: ReportRoute;
  readonly stops: readonly (readonly number[])[];
}

export function buildExtra(input: ReportInput, scopeIndex: ScopeIndex, keepIds: boolean): ExtraFigures {
  const push = (f: Figure, id: string): void => {
    if (keepIds) f.orderIds.push(id);
  };
  const { orders, indexOf: idx, eventOrder, times, flags } = scopeIndex;
  const n = orders.length;
  const events = input.events;

  // Productivity, over the routes of the report.
  const total = emptyProductivity('');
  const riders = new Map<string, ProductivityRow>();
  const hubs = new Map<string, ProductivityRow>();
  const kmByHub = new Map<string, number>();
  // The stops of the report: their first event, the end of their visit, their rows.
  const orderStop = new Int32Array(n).fill(-1);
  const stopFirst: number[] = [];
  const stopRows: ProductivityRow[][] = [];
  for (const { route: r, stops } of scopeIndex.routes) {
    let first = Infinity;
    let last = -Infinity;
    for (const list of stops) {
      for (const i of list) {
        const a = times[i * TIMES + FIRST_AT]!;
        const b = times[i * TIMES + LAST_AT]!;
        if (a < first) first = a;
        if (b > last) last = b;
      }
    }
    const rows = [total, rowOf(riders, r.rider_id, emptyProductivity), rowOf(hubs, String(r.hub), emptyProductivity)];
    const ridden = first !== Infinity;
    const timed = ridden && last > first;
    const planned = plannedMinutes(r);
    for (const row of rows) {
      row.routes += 1;
      if (ridden) {
        row.ridden += 1;
        row.distanceM += r.distance_m ?? 0;
      }
      if (timed) {
        row.timed += 1;
        row.riderMinutes += (last - first) / 60_000;
        row.plannedMinutes += planned;
      }
    }
    if (ridden) kmByHub.set(String(r.hub), (kmByHub.get(String(r.hub)) ?? 0) + (r.distance_m ?? 0) / 1000);
    for (const list of stops) {
      let sFirst = Infinity;
      for (const i of list) if (times[i * TIMES + FIRST_AT]! < sFirst) sFirst = times[i * TIMES + FIRST_AT]!;
      if (sFirst !== Infinity) {
        const s = stopFirst.length;
        stopFirst.push(sFirst);
        stopRows.push(rows);
        for (const i of list) orderStop[i] = s;
      }
      if (!timed) continue;
      for (const row of rows) {
        row.stops.count += 1;
        row.orders.count += list.length;
        if (keepIds) {
          for (const i of list) {
            row.stops.orderIds.push(orders[i]!.id);
            row.orders.orderIds.push(orders[i]!.id);
          }
        }
      }
    }
  }
  // Service time: the last event at the stop's orders within SERVICE_WINDOW_MS of its first.
  const stopLast = Float64Array.from(stopFirst);
  for (let k = 0; k < events.length; k += 1) {
    const i = eventOrder[k]!;
    if (i < 0) continue;
    const s = orderStop[i]!;
    if (s < 0) continue;
    const at = events[k]!.at;
    if (at > stopLast[s]! && at - stopFirst[s]! <= SERVICE_WINDOW_MS) stopLast[s] = at;
  }
  const service = new Map<ProductivityRow, number[]>();
  for (let s = 0; s < stopFirst.length; s += 1) {
    const seconds = (stopLast[s]! - stopFirst[s]!) / 1000;
    for (const row of stopRows[s]!) {
      row.serviceStops += 1;
      const list = service.get(row);
      if (list) list.push(seconds);
      else service.set(row, [seconds]);
    }
  }
  for (const [row, list] of service) {
    // A typed array sorts numbers without a comparator (several times faster for a month's stops).
    const sorted = Float64Array.from(list).sort();
    row.serviceMedianS = percentile(sorted, 0.5);
    row.serviceP90S = percentile(sorted, 0.9);
  }

  // Picking: each line of an order in scope counts once, for the picker of its earliest pick
  // that was not undone; picker-hours from each picker's first to last pick per day and hub.
  // Each pick's order looked up in a pass of its own; then an order's day and hub by its position,
  // a picker's rows and spans by his number, a hub's row by its number (no text made per pick).
  const picks = input.picks;
  const pickOrder = new Int32Array(picks.length);
  for (let k = 0; k < picks.length; k += 1) pickOrder[k] = idx.get(picks[k]!.order_id) ?? -1;
  const dayHub = new Int32Array(n);
  const dayOf = new Map<string, number>();
  let previousDate = '';
  let day = -1;
  for (let i = 0; i < n; i += 1) {
    const o = orders[i]!;
    if (o.date !== previousDate) {
      previousDate = o.date;
      const known = dayOf.get(o.date);
      if (known === undefined) dayOf.set(o.date, (day = dayOf.size));
      else day = known;
    }
    dayHub[i] = day * DAY_HUB + o.hub;
  }
  const pTotal = emptyPicking('');
  const pickers = new Map<string, PickingRow>();
  const pHubs = new Map<string, PickingRow>();
  const hubRows: PickingRow[] = [];
  const hubRow = (hub: number): PickingRow => (hubRows[hub] ??= rowOf(pHubs, String(hub), emptyPicking));
  const pickerNumber = new Map<string, number>();
  const pickerRows: PickingRow[] = [];
  /** Per picker (by number): his span per order day and hub (day × DAY_HUB + hub). */
  const spans: Map<number, { first: number; last: number }>[] = [];
  for (let k = 0; k < picks.length; k += 1) {
    const i = pickOrder[k]!;
    if (i < 0) continue;
    const p = picks[k]!;
    let who = pickerNumber.get(p.created_by);
    if (who === undefined) {
      who = pickerRows.length;
      pickerNumber.set(p.created_by, who);
      pickerRows.push(rowOf(pickers, p.created_by, emptyPicking));
      spans.push(new Map());
    }
    const key = dayHub[i]!;
    const byDay = spans[who]!;
    const span = byDay.get(key);
    if (!span) byDay.set(key, { first: p.first_at, last: p.last_at });
    else {
      if (p.first_at < span.first) span.first = p.first_at;
      if (p.last_at > span.last) span.last = p.last_at;
    }
    if (p.lines === 0) continue;
    for (const row of [pTotal, pickerRows[who]!, hubRow(key % DAY_HUB)]) {
      row.lines.count += p.lines;
      push(row.lines, p.order_id);
    }
  }
  for (let who = 0; who < spans.length; who += 1) {
    for (const [key, span] of spans[who]!) {
      const min = (span.last - span.first) / 60_000;
      pTotal.pickerMinutes += min;
      pickerRows[who]!.pickerMinutes += min;
      hubRow(key % DAY_HUB).pickerMinutes += min;
    }
  }
  for (const i of input.incidences) {
    const o = i.kind === 'picker-error' ? idx.get(i.order_id) : undefined;
    if (o === undefined) continue;
    for (const row of [pTotal, rowOf(pickers, i.created_by ?? '', emptyPicking), rowOf(pHubs, String(orders[o]!.hub), emptyPicking)]) {
      row.errors.count += 1;
      push(row.errors, i.order_id);
    }
  }
  // The orders behind lines and errors: each once.
  if (keepIds) {
    for (const row of [pTotal, ...pickers.values(), ...pHubs.values()]) {
      row.lines.orderIds = [...new Set(row.lines.orderIds)];
      row.errors.orderIds = [...new Set(row.errors.orderIds)];
    }
  }

  // Settled card and transfer payments.
  const settled = { card: { count: 0, cents: 0, orderIds: [] as string[] }, transfer: { count: 0, cents: 0, orderIds: [] as string[] } };
  const { paymentInScope } = scopeIndex;
  for (let k = 0; k < input.payments.length; k += 1) {
    const p = input.payments[k]!;
    if (paymentInScope[k] === 0 || p.kind !== 'order' || p.status !== 'reconciled' || (p.method !== 'card' && p.method !== 'transfer')) continue;
    const f = settled[p.method];
    f.count += 1;
    f.cents += p.amount_collected_cents;
    push(f, p.order_id);
  }

  // Proofs of delivery per client.
  const proofs = { total: { count: 0, orderIds: [] as string[] }, byClient: {} as Record<string, Figure> };
  for (let i = 0; i < n; i += 1) {
    if (flags[i * FLAGS + PROOFED] === 0) continue;
    const o = orders[i]!;
    const last = flags[i * FLAGS + LAST_OUTCOME];
    if (o.status === 'returned' || last === NO_OUTCOME || last === FAILED) continue;
    proofs.total.count += 1;
    push(proofs.total, o.id);
    const f = (proofs.byClient[o.client_id] ??= { count: 0, orderIds: [] });
    f.count += 1;
    push(f, o.id);
  }

  const factors = input.sustainability[0] ?? DEFAULT_SUSTAINABILITY;
  const km = total.distanceM / 1000;
  return {
    productivity: { total, byRider: [...riders.values()].sort(byKey), byHub: [...hubs.values()].sort(byHubKey) },
    picking: { total: pTotal, byPicker: [...pickers.values()].sort(byKey), byHub: [...pHubs.values()].sort(byHubKey) },
    settled,
    proofs,
    sustainability: {
      km,
      ...vanEquivalent(km, factors),
      factors,
      byHub: [...kmByHub.entries()].map(([key, k]) => ({ key, km: k, ...vanEquivalent(k, factors) })).sort(byHubKey),
    },
  };
}
