/**
 * A scaled month of operation for the reports (issue 34): the benchmark (`npm run bench:reports`)
 * and the reports' property tests. `generateDemoData` simulates one day in detail (today's
 * progress only); this makes `days` whole past days at once — orders with their windows, routes
 * with stops, and for each order its delivery events (delivered / partial / failed, some failing
 * first and delivered on a second attempt, some returned), its payment, a few incidences and the
 * riders' cash hand-overs; and (issue 34's further figures, drawn from a second generator so the
 * first one's figures are unchanged) the routes' planned distance, start and stop times, the
 * signatures and collections at the door, the pickers' picks and errors, and card and transfer
 * payments settled. Deterministic for a seed. Only the fields the reports read are
 * meaningful; the documents keep the stored shapes' field names.
 */
import { createRng } from '../../src/domain/prng';
import type { ReportEvent, ReportHandover, ReportIncidence, ReportOrder, ReportPayment, ReportPick, ReportPickSummary, ReportRoute } from '../../src/domain/reports/aggregate';
import { summarisePicks, type SustainabilityFactors } from '../../src/domain/reports/extra';
import { madridWallTime } from '../../src/domain/reports/window';
import type { PaymentMethod } from '../../src/domain/entities/operation';
import { INCIDENCE_KINDS } from '../../src/domain/entities/events';
import type { FollowUpState } from '../../src/domain/incidences/followUp';
import { FAILED_DELIVERY_REASONS } from './reference';

export interface MonthOptions {
  seed?: number;
  /** First day `YYYY-MM-DD`. */
  from: string;
  days: number;
  ordersPerDay: number;
  hubs?: number;
  ridersPerHub?: number;
  stopsPerRoute?: number;
}

export interface MonthData {
  orders: ReportOrder[];
  routes: ReportRoute[];
  events: ReportEvent[];
  payments: (ReportPayment | ReportHandover)[];
  incidences: ReportIncidence[];
  /** The picking events; `picks` is their summary per order and picker (what the report reads). */
  pickEvents: ReportPick[];
  picks: ReportPickSummary[];
  sustainability: SustainabilityFactors[];
  users: { id: string; name: string }[];
  hubs: { number: number; name: string }[];
  clients: { id: string; name: string }[];
  reasons: { id: string; name: string }[];
}

const pad = (n: number, w: number): string => String(n).padStart(w, '0');
const hhmm = (min: number): string => `${pad(Math.floor(min / 60), 2)}:${pad(min % 60, 2)}`;
const MIN = 60_000;

export function generateMonth(opts: MonthOptions): MonthData {
  const rng = createRng(opts.seed ?? 1);
  const hubCount = opts.hubs ?? 5;
  const ridersPerHub = opts.ridersPerHub ?? 12;
  const stopsPerRoute = opts.stopsPerRoute ?? 25;
  const hubs = Array.from({ length: hubCount }, (_, i) => ({ number: i + 1, name: `Hub ${i + 1}` }));
  const clients = ['pascual', 'bimbo', 'synlab', 'mercado'].map((k) => ({ id: `client-${k}`, name: k[0]!.toUpperCase() + k.slice(1) }));
  const users: { id: string; name: string }[] = [];
  const ridersOf = new Map<number, string[]>();
  for (const h of hubs) {
    const ids: string[] = [];
    for (let r = 1; r <= ridersPerHub; r += 1) {
      const id = `rider-${h.number}-${r}`;
      users.push({ id, name: `Rider ${h.number}.${r}` });
      ids.push(id);
    }
    ridersOf.set(h.number, ids);
  }
  const reasons = FAILED_DELIVERY_REASONS.map((r) => ({ id: r.id, name: r.name }));
  const reasonWeights = FAILED_DELIVERY_REASONS.map((r) => [r.id, r.weight] as const);
  const methods: (readonly [PaymentMethod, number])[] = [['on_account', 60], ['cash', 20], ['card', 15], ['transfer', 5]];

  const pickersOf = new Map<number, string[]>();
  for (const h of hubs) {
    const ids = [1, 2].map((p) => `picker-${h.number}-${p}`);
    for (const [i, id] of ids.entries()) users.push({ id, name: `Picker ${h.number}.${i + 1}` });
    pickersOf.set(h.number, ids);
  }
  const more = createRng((opts.seed ?? 1) + 7919);
  const data: MonthData = { orders: [], routes: [], events: [], payments: [], incidences: [], pickEvents: [], picks: [], sustainability: [], users, hubs, clients, reasons };
  // The incidences' follow-ups from a third generator (the others' figures unchanged): most are
  // reviewed and resolved (or credited) within hours or days, some stay open or in review, a few
  // are reopened and closed again, and now and then a note repeats the state.
  const follow = createRng((opts.seed ?? 1) + 104_729);
  let followSeq = 0;
  const followUps = (incidenceId: string, orderId: string, openedAt: number): void => {
    const step = (at: number, follow_state: FollowUpState): void => {
      data.incidences.push({ id: `fu-${(followSeq += 1).toString(36)}`, kind: 'follow-up', order_id: orderId, at, follows: incidenceId, follow_state });
    };
    const roll = follow.next();
    if (roll < 0.15) return;
    let at = openedAt + follow.int(5, 600) * MIN;
    step(at, 'in_review');
    if (roll < 0.3) return;
    at += follow.int(10, 3 * 24 * 60) * MIN;
    step(at, follow.chance(0.8) ? 'resolved' : 'credited');
    if (follow.chance(0.1)) step(at + follow.int(1, 60) * MIN, 'resolved');
    if (roll > 0.95) {
      at += follow.int(60, 24 * 60) * MIN;
      step(at, 'in_review');
      step(at + follow.int(10, 600) * MIN, 'resolved');
    }
  };
  const start = Date.parse(`${opts.from}T00:00:00Z`);
  let eventSeq = 0;
  const nextId = (p: string): string => `${p}-${(eventSeq += 1).toString(36)}`;

  for (let d = 0; d < opts.days; d += 1) {
    const date = new Date(start + d * 86_400_000).toISOString().slice(0, 10);
    const compact = date.replaceAll('-', '');
    const perHub = Math.floor(opts.ordersPerDay / hubCount);
    for (const h of hubs) {
      const riders = ridersOf.get(h.number)!;
      const cashByRider = new Map<string, number>();
      // Routes: riders take orders in stops of 1–3 orders until their route is full.
      let routeIdx = -1;
      let route: ReportRoute | null = null;
      let stop: { order_ids: string[]; eta: string } | null = null;
      let stopSize = 1;
      const routes: ReportRoute[] = [];
      for (let n = 0; n < perHub; n += 1) {
        const id = `o-${compact}-${h.number}-${n}`;
        const startMin = rng.int(8 * 4, 16 * 4) * 15;
        const window_start = hhmm(startMin);
        const window_end = hhmm(startMin + rng.pick([60, 120, 180, 240]));
        // Nine orders in ten are planned: stops of 1–3 orders, routes of `stopsPerRoute` stops.
        const planned = rng.chance(0.9);
        let route_id = '';
        let rider = '';
        if (planned) {
          if (stop === null || stop.order_ids.length >= stopSize) {
            if (route === null || route.stops.length >= stopsPerRoute) {
              routeIdx += 1;
              route = { id: `r-${compact}-${h.number}-${routeIdx}`, date, hub: h.number, rider_id: rng.chance(0.97) ? riders[routeIdx % riders.length]! : '', stops: [], distance_m: more.int(8_000, 40_000), planned_start: hhmm(more.int(28, 40) * 15) };
              routes.push(route);
            }
            stop = { order_ids: [], eta: hhmm(Math.min(23 * 60, 9 * 60 + (route.stops.length + 1) * more.int(10, 20))) };
            stopSize = rng.int(1, 3);
            (route.stops as { order_ids: string[]; eta: string }[]).push(stop);
          }
          stop.order_ids.push(id);
          route_id = route!.id;
          rider = route!.rider_id;
        }
        const client = rng.pick(clients).id;
        let status: ReportOrder['status'] = planned ? 'planned' : 'pending';
        if (planned) {
          // What happened at the door.
          const ws = madridWallTime(date, window_start);
          const we = madridWallTime(date, window_end) + MIN;
          const timeNear = (): number => {
            const r = rng.next();
            if (r < 0.8) return rng.int(ws, we - 1);
            if (r < 0.9) return we + rng.int(0, 90) * MIN;
            if (r < 0.95) return ws - rng.int(1, 60) * MIN;
            return rng.pick([ws, we - 1, we, ws - 1]);
          };
          const roll = rng.next();
          const fail = (at: number): void => {
            data.events.push({ id: nextId('e'), kind: 'failed', order_id: id, at, reason_status_id: rng.weighted(reasonWeights) });
          };
          let doneAt = 0;
          const deliver = (kind: 'delivered' | 'partial', at: number): void => {
            doneAt = at;
            data.events.push({ id: nextId('e'), kind, order_id: id, at, reason_status_id: '' });
            status = kind === 'delivered' ? 'delivered' : 'partially_delivered';
            // Most recipients sign, a minute or two after the goods are handed over.
            if (more.chance(0.85)) data.events.push({ id: nextId('e'), kind: 'signed', order_id: id, at: at + more.int(20, 150) * 1000, reason_status_id: '' });
          };
          if (roll < 0.02) status = 'cancelled';
          else if (roll < 0.06) status = 'out_for_delivery';
          else if (roll < 0.12) {
            fail(timeNear());
            status = 'failed';
          } else if (roll < 0.14) {
            fail(timeNear());
            status = 'returned';
          } else if (roll < 0.18) {
            const first = timeNear();
            fail(first);
            deliver('delivered', first + rng.int(10, 120) * MIN);
          } else deliver(roll < 0.23 ? 'partial' : 'delivered', timeNear());
          const outcome = status as ReportOrder['status'];
          if (outcome === 'delivered' || outcome === 'partially_delivered') {
            const method = rng.weighted(methods);
            const due = rng.int(500, 30_000);
            const collected = method === 'on_account' ? 0 : rng.chance(0.03) ? due - rng.int(1, 200) : due;
            const settled = (method === 'card' || method === 'transfer') && more.chance(0.6);
            data.payments.push({ kind: 'order', order_id: id, rider_id: rider, method, status: method === 'on_account' ? 'on_account' : settled ? 'reconciled' : 'collected', amount_due_cents: due, amount_collected_cents: collected });
            if (method !== 'on_account') data.events.push({ id: nextId('e'), kind: 'collected', order_id: id, at: doneAt + more.int(30, 200) * 1000, reason_status_id: '' });
            if (method === 'cash') cashByRider.set(rider, (cashByRider.get(rider) ?? 0) + collected);
          }
          if (rng.chance(0.02)) {
            const kind = rng.pick(INCIDENCE_KINDS);
            const incidenceId = `i-${compact}-${h.number}-${n}`;
            const openedAt = madridWallTime(date, window_start) + follow.int(-240, 240) * MIN;
            data.incidences.push(kind === 'picker-error' ? { id: incidenceId, kind, order_id: id, at: openedAt, created_by: more.pick(pickersOf.get(h.number)!) } : { id: incidenceId, kind, order_id: id, at: openedAt });
            followUps(incidenceId, id, openedAt);
          }
          // Picking: one to three lines, by one of the hub's pickers the morning of the day; now
          // and then a pick undone and picked again.
          const picker = more.pick(pickersOf.get(h.number)!);
          const pickAt = Date.parse(`${date}T05:00:00Z`) + more.int(0, 150) * MIN;
          const lines = more.int(1, 3);
          for (let l = 1; l <= lines; l += 1) {
            const pid = nextId('p');
            data.pickEvents.push({ id: pid, order_id: id, line_id: String(l), at: pickAt + l * 20_000, created_by: picker });
            if (more.chance(0.02)) {
              data.pickEvents.push({ id: nextId('p'), order_id: id, line_id: String(l), at: pickAt + l * 20_000 + 5000, created_by: picker, undoes: pid });
              data.pickEvents.push({ id: nextId('p'), order_id: id, line_id: String(l), at: pickAt + l * 20_000 + 9000, created_by: picker });
            }
          }
        }
        data.orders.push({ id, date, hub: h.number, client_id: client, route_id, status, window_start, window_end });
      }
      data.routes.push(...routes);
      // Most riders hand their cash over the same day; some keep it.
      for (const [rider, cents] of cashByRider) {
        if (!rng.chance(0.9)) continue;
        const counted = rng.chance(0.05) ? cents - rng.int(0, 500) : cents;
        data.payments.push({ kind: 'cash-handover', rider_id: rider, hub: h.number, date, status: rng.chance(0.5) ? 'reconciled' : 'handed_over', expected_cents: cents, counted_cents: Math.max(0, counted) });
      }
    }
  }
  data.picks = summarisePicks(data.pickEvents);
  return data;
}
