import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildReport, type ReportFilters, type ReportInput } from '../../src/domain/reports/aggregate';
import { DEFAULT_SUSTAINABILITY, minutesBetween, percentile, plannedMinutes, serviceMs, SERVICE_WINDOW_MS, summarisePicks, vanEquivalent, type PickingRow, type ProductivityRow } from '../../src/domain/reports/extra';
import { figureAt } from '../../src/domain/reports/figures';
import { generateMonth, type MonthData } from '../../server/demo/month';
import { addDays } from '../../src/domain/reports/period';

const NO_FILTERS: ReportFilters = { hub: null, clientId: null, riderId: null };
const inputOf = (data: MonthData, from: string, to: string, filters: ReportFilters = NO_FILTERS): ReportInput => ({ period: { from, to }, filters, ...data });
const sorted = (ids: readonly string[]): string[] => [...ids].sort();
const close = (a: number, b: number): void => expect(Math.abs(a - b)).toBeLessThan(1e-6);

const days = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  days: fc.integer({ min: 1, max: 3 }),
  ordersPerDay: fc.integer({ min: 0, max: 120 }),
  hubs: fc.integer({ min: 1, max: 3 }),
  ridersPerHub: fc.integer({ min: 1, max: 3 }),
  stopsPerRoute: fc.integer({ min: 1, max: 8 }),
});

const PRODUCTIVITY_SUMS = ['routes', 'ridden', 'timed', 'riderMinutes', 'plannedMinutes', 'distanceM', 'serviceStops'] as const;

function expectProductivitySums(total: ProductivityRow, rows: readonly ProductivityRow[]): void {
  for (const k of PRODUCTIVITY_SUMS) close(rows.reduce((s, r) => s + r[k], 0), total[k]);
  for (const f of ['stops', 'orders'] as const) {
    expect(rows.reduce((s, r) => s + r[f].count, 0), f).toBe(total[f].count);
    expect(sorted(rows.flatMap((r) => r[f].orderIds))).toEqual(sorted(total[f].orderIds));
  }
}

function expectPickingSums(total: PickingRow, rows: readonly PickingRow[]): void {
  expect(rows.reduce((s, r) => s + r.lines.count, 0)).toBe(total.lines.count);
  expect(rows.reduce((s, r) => s + r.errors.count, 0)).toBe(total.errors.count);
  close(rows.reduce((s, r) => s + r.pickerMinutes, 0), total.pickerMinutes);
}

describe('the report’s further figures over generated days', () => {
  it('per-rider, per-hub, per-picker and per-client sums equal the totals', () => {
    fc.assert(
      fc.property(days, (o) => {
        const from = '2026-05-04';
        const data = generateMonth({ ...o, from });
        const x = buildReport(inputOf(data, from, addDays(from, o.days - 1))).extra;
        expectProductivitySums(x.productivity.total, x.productivity.byRider);
        expectProductivitySums(x.productivity.total, x.productivity.byHub);
        expectPickingSums(x.picking.total, x.picking.byPicker);
        expectPickingSums(x.picking.total, x.picking.byHub);
        expect(Object.values(x.proofs.byClient).reduce((s, f) => s + f.count, 0)).toBe(x.proofs.total.count);
        close(x.sustainability.byHub.reduce((s, h) => s + h.km, 0), x.sustainability.km);
      }),
      { numRuns: 30 },
    );
  });

  it('matches a straightforward recount', () => {
    fc.assert(
      fc.property(days, (o) => {
        const from = '2026-11-02';
        const data = generateMonth({ ...o, from });
        const r = buildReport(inputOf(data, from, addDays(from, o.days - 1)));
        const x = r.extra;
        const orderById = new Map(data.orders.map((ord) => [ord.id, ord]));
        const eventsOf = (id: string) => data.events.filter((e) => e.order_id === id);

        // Settled card / transfer: reconciled payments by those methods.
        for (const m of ['card', 'transfer'] as const) {
          const list = data.payments.filter((p) => p.kind === 'order' && p.method === m && p.status === 'reconciled');
          expect(x.settled[m].count).toBe(list.length);
          expect(x.settled[m].cents).toBe(list.reduce((s, p) => s + (p.kind === 'order' ? p.amount_collected_cents : 0), 0));
        }

        // Proofs: delivered / partial last outcome, not returned, with a signature or photo.
        const proofs = data.orders.filter((ord) => {
          const ev = eventsOf(ord.id);
          const outcomes = ev.filter((e) => e.kind === 'delivered' || e.kind === 'partial' || e.kind === 'failed').sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
          const last = outcomes[outcomes.length - 1];
          return ord.status !== 'returned' && last !== undefined && last.kind !== 'failed' && ev.some((e) => e.kind === 'signed' || e.photo === true);
        });
        expect(sorted(x.proofs.total.orderIds)).toEqual(sorted(proofs.map((p) => p.id)));

        // Routes: ridden (an event on one of its orders), timed (first ≠ last), km, minutes.
        let ridden = 0;
        let timed = 0;
        let metres = 0;
        let minutes = 0;
        for (const route of data.routes) {
          const times = route.stops.flatMap((s) => s.order_ids.flatMap((id) => eventsOf(id).map((e) => e.at)));
          if (times.length === 0) continue;
          ridden += 1;
          metres += route.distance_m ?? 0;
          const span = Math.max(...times) - Math.min(...times);
          if (span > 0) {
            timed += 1;
            minutes += span / 60_000;
          }
        }
        expect(x.productivity.total.routes).toBe(data.routes.filter((rt) => rt.stops.length > 0).length);
        expect(x.productivity.total.ridden).toBe(ridden);
        expect(x.productivity.total.timed).toBe(timed);
        expect(x.productivity.total.distanceM).toBe(metres);
        close(x.productivity.total.riderMinutes, minutes);
        close(x.sustainability.km, metres / 1000);

        // Service time: one value per stop with an event; the median recounted.
        const services: number[] = [];
        for (const route of data.routes) {
          for (const s of route.stops) {
            const times = s.order_ids.flatMap((id) => eventsOf(id).map((e) => e.at));
            if (times.length > 0) services.push(serviceMs(times) / 1000);
          }
        }
        services.sort((a, b) => a - b);
        expect(x.productivity.total.serviceStops).toBe(services.length);
        expect(x.productivity.total.serviceMedianS).toBe(percentile(services, 0.5));
        expect(x.productivity.total.serviceP90S).toBe(percentile(services, 0.9));

        // Picking lines: distinct order lines with a pick not undone; errors: picker-error incidences.
        const undone = new Set(data.pickEvents.flatMap((p) => (p.undoes ? [p.undoes] : [])));
        const lines = new Set(data.pickEvents.filter((p) => !p.undoes && !undone.has(p.id) && orderById.has(p.order_id)).map((p) => `${p.order_id}|${p.line_id}`));
        expect(x.picking.total.lines.count).toBe(lines.size);
        expect(x.picking.total.errors.count).toBe(data.incidences.filter((i) => i.kind === 'picker-error').length);
      }),
      { numRuns: 15 },
    );
  });

  it('a hub or rider filter gives the figures of its row', () => {
    fc.assert(
      fc.property(days, fc.nat(), (o, pick) => {
        const from = '2026-02-16';
        const to = addDays(from, o.days - 1);
        const data = generateMonth({ ...o, from });
        const all = buildReport(inputOf(data, from, to)).extra;
        const hub = (pick % o.hubs) + 1;
        const one = buildReport(inputOf(data, from, to, { ...NO_FILTERS, hub })).extra;
        const row = all.productivity.byHub.find((r) => r.key === String(hub));
        for (const k of PRODUCTIVITY_SUMS) close(one.productivity.total[k], row?.[k] ?? 0);
        expect(one.productivity.total.serviceMedianS).toBe(row?.serviceMedianS ?? null);
        expect(one.picking.total.lines.count).toBe(all.picking.byHub.find((r) => r.key === String(hub))?.lines.count ?? 0);
        const rider = data.users[pick % data.users.length]!.id;
        const byRider = buildReport(inputOf(data, from, to, { ...NO_FILTERS, riderId: rider })).extra;
        expect(byRider.productivity.total.stops.count).toBe(all.productivity.byRider.find((r) => r.key === rider)?.stops.count ?? 0);
      }),
      { numRuns: 15 },
    );
  });
});

describe('the further figures on hand-made orders', () => {
  const T = (hhmmss: string): number => Date.parse(`2026-03-30T${hhmmss}Z`);
  const order = (id: string, client = 'c1', status: 'delivered' | 'returned' = 'delivered') => ({ id, date: '2026-03-30', hub: 1, client_id: client, route_id: 'r1', status, window_start: '08:00', window_end: '14:00' });
  const ev = (id: string, kind: 'delivered' | 'partial' | 'failed' | 'signed' | 'collected', orderId: string, at: number, photo = false) => ({ id, kind, order_id: orderId, at, reason_status_id: kind === 'failed' ? 'st-x' : '', ...(photo ? { photo: true } : {}) });
  const base: ReportInput = {
    period: { from: '2026-03-30', to: '2026-03-30' },
    filters: NO_FILTERS,
    orders: [order('o1'), order('o2', 'c2'), order('o3'), order('o4', 'c2', 'returned')],
    routes: [{ id: 'r1', date: '2026-03-30', hub: 1, rider_id: 'u1', distance_m: 12_500, planned_start: '09:00', stops: [{ order_ids: ['o1', 'o2'], eta: '09:20' }, { order_ids: ['o3'], eta: '10:00' }, { order_ids: ['o4'], eta: '10:30' }] }],
    events: [
      ev('e1', 'delivered', 'o1', T('08:10:00')),
      ev('e2', 'signed', 'o1', T('08:11:00')),
      ev('e3', 'delivered', 'o2', T('08:12:00')),
      ev('e4', 'collected', 'o2', T('08:14:00')),
      // o3 fails with a photo, then is delivered 2 h later (another visit): no signature.
      ev('e5', 'failed', 'o3', T('08:30:00'), true),
      ev('e6', 'delivered', 'o3', T('10:30:00')),
      // o4 signed but returned: no proof of delivery.
      ev('e7', 'delivered', 'o4', T('10:40:00')),
      ev('e8', 'signed', 'o4', T('10:41:00')),
    ],
    payments: [
      { kind: 'order', order_id: 'o1', rider_id: 'u1', method: 'card', status: 'reconciled', amount_due_cents: 1500, amount_collected_cents: 1500 },
      { kind: 'order', order_id: 'o2', rider_id: 'u1', method: 'transfer', status: 'collected', amount_due_cents: 900, amount_collected_cents: 900 },
      { kind: 'order', order_id: 'o3', rider_id: 'u1', method: 'cash', status: 'reconciled', amount_due_cents: 700, amount_collected_cents: 700 },
    ],
    incidences: [{ id: 'i1', kind: 'picker-error', order_id: 'o1', at: 0, created_by: 'p1' }],
    picks: summarisePicks([
      { id: 'k1', order_id: 'o1', line_id: '1', at: T('06:00:00'), created_by: 'p1' },
      { id: 'k2', order_id: 'o1', line_id: '2', at: T('06:10:00'), created_by: 'p1' },
      { id: 'k3', order_id: 'o1', line_id: '2', at: T('06:11:00'), created_by: 'p1', undoes: 'k2' },
      { id: 'k4', order_id: 'o2', line_id: '1', at: T('06:30:00'), created_by: 'p2' },
      { id: 'k5', order_id: 'o3', line_id: '1', at: T('07:00:00'), created_by: 'p1' },
    ]),
    users: [{ id: 'u1', name: 'Ana' }],
    hubs: [{ number: 1, name: 'Arganzuela' }],
    clients: [{ id: 'c1', name: 'Bimbo' }, { id: 'c2', name: 'Pascual' }],
    reasons: [{ id: 'st-x', name: 'Ausente' }],
    sustainability: [],
  };

  it('times the route from its first to its last event and compares it with its plan', () => {
    const p = buildReport(base).extra.productivity.total;
    expect(p.routes).toBe(1);
    expect(p.timed).toBe(1);
    expect(p.riderMinutes).toBe(151); // 08:10 → 10:41
    expect(p.plannedMinutes).toBe(90); // 09:00 → last eta 10:30
    expect(p.stops.count).toBe(3);
    expect(p.orders.count).toBe(4);
    expect(p.distanceM).toBe(12_500);
  });

  it('service time per stop: first event to the last within the window (a later return not counted)', () => {
    const p = buildReport(base).extra.productivity.total;
    // Stops: o1+o2 08:10→08:14 (240 s); o3 08:30 only (0 s); o4 10:40→10:41 (60 s).
    expect(p.serviceStops).toBe(3);
    expect(p.serviceMedianS).toBe(60);
    expect(p.serviceP90S).toBe(240);
  });

  it('picking lines skip undone picks; picker-hours from first to last pick; errors by picker', () => {
    const x = buildReport(base).extra.picking;
    expect(x.total.lines.count).toBe(3);
    const p1 = x.byPicker.find((r) => r.key === 'p1')!;
    expect(p1.lines.count).toBe(2);
    expect(p1.pickerMinutes).toBe(60); // 06:00 → 07:00
    expect(p1.errors.count).toBe(1);
    expect(x.byPicker.find((r) => r.key === 'p2')!.pickerMinutes).toBe(0);
  });

  it('settles only reconciled card and transfer payments; proofs only of delivered orders with a signature or photo', () => {
    const r = buildReport(base);
    expect(r.extra.settled.card).toEqual({ count: 1, cents: 1500, orderIds: ['o1'] });
    expect(r.extra.settled.transfer.count).toBe(0);
    // o1 signed; o2 not signed; o3 delivered after a failed attempt with a photo; o4 returned.
    expect(r.extra.proofs.total.orderIds).toEqual(['o1', 'o3']);
    expect(Object.keys(r.extra.proofs.byClient)).toEqual(['c1']);
    expect(figureAt(r, { kind: 'extra', ref: { kind: 'proofs', clientId: 'c1' } })?.orderIds).toEqual(['o1', 'o3']);
    expect(figureAt(r, { kind: 'extra', ref: { kind: 'settled', method: 'card' } })?.count).toBe(1);
  });

  it('sustainability: km × the configured factors, the defaults when none is configured', () => {
    const d = buildReport(base).extra.sustainability;
    expect(d.km).toBe(12.5);
    expect(d.factors).toEqual(DEFAULT_SUSTAINABILITY);
    expect(d.co2Kg).toBeCloseTo(2.5, 9);
    const c = buildReport({ ...base, sustainability: [{ co2_g_per_km: 240, diesel_l_per_100km: 9, source: 'x' }] }).extra.sustainability;
    expect(c.co2Kg).toBeCloseTo(3, 9);
    expect(c.dieselL).toBeCloseTo(1.125, 9);
    expect(vanEquivalent(100, { co2_g_per_km: 200, diesel_l_per_100km: 7.6, source: '' })).toEqual({ co2Kg: 20, dieselL: 7.6 });
  });

  it('counts-only and with-ids reports agree', () => {
    const strip = (v: unknown): string => JSON.stringify(v, (k: string, x: unknown) => (k === 'orderIds' ? undefined : x));
    expect(strip(buildReport(base, { orderIds: false }).extra)).toBe(strip(buildReport(base).extra));
  });
});

describe('the further figures’ helpers', () => {
  it('percentile by nearest rank', () => {
    expect(percentile([], 0.5)).toBeNull();
    expect(percentile([7], 0.9)).toBe(7);
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBe(9);
  });
  it('planned minutes and service window', () => {
    expect(minutesBetween('09:00', '10:30')).toBe(90);
    expect(minutesBetween('10:30', '09:00')).toBe(0);
    expect(plannedMinutes({ id: 'r', date: '2026-01-01', hub: 1, rider_id: '', stops: [{ order_ids: ['a'] }] })).toBe(0);
    expect(serviceMs([0, SERVICE_WINDOW_MS, SERVICE_WINDOW_MS + 1])).toBe(SERVICE_WINDOW_MS);
    expect(serviceMs([])).toBe(0);
  });
});
