import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildReport, TALLY_FIGURES, OUTCOMES, type Report, type ReportFilters, type ReportInput, type Tally } from '../../src/domain/reports/aggregate';
import { generateMonth, type MonthData } from '../../server/demo/month';
import { generateDemoData } from '../../server/demo/generate';
import { addDays } from '../../src/domain/reports/period';
import { summarisePicks } from '../../src/domain/reports/extra';
import { createRng } from '../../src/domain/prng';

const NO_FILTERS: ReportFilters = { hub: null, clientId: null, riderId: null };

function inputOf(data: MonthData, from: string, to: string, filters: ReportFilters = NO_FILTERS): ReportInput {
  return { period: { from, to }, filters, ...data };
}

const sorted = (ids: readonly string[]): string[] => [...ids].sort();

/** The groups' figures add up to the total's (counts, and the same orders behind them). */
function expectSumsEqual(total: Tally, rows: Report['byDay'], figures: readonly (typeof TALLY_FIGURES)[number][]): void {
  for (const f of figures) {
    expect(rows.reduce((s, r) => s + r.tally[f].count, 0), f).toBe(total[f].count);
    expect(sorted(rows.flatMap((r) => r.tally[f].orderIds)), f).toEqual(sorted(total[f].orderIds));
  }
  const reasons = new Set([...Object.keys(total.failedByReason), ...rows.flatMap((r) => Object.keys(r.tally.failedByReason))]);
  for (const reason of reasons) {
    expect(rows.reduce((s, r) => s + (r.tally.failedByReason[reason]?.count ?? 0), 0), reason).toBe(total.failedByReason[reason]?.count ?? 0);
  }
}

const WITHOUT_STOPS = TALLY_FIGURES.filter((f) => f !== 'stops');

const days = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  days: fc.integer({ min: 1, max: 4 }),
  ordersPerDay: fc.integer({ min: 0, max: 120 }),
  hubs: fc.integer({ min: 1, max: 3 }),
  ridersPerHub: fc.integer({ min: 1, max: 3 }),
  stopsPerRoute: fc.integer({ min: 1, max: 8 }),
});

describe('buildReport over generated days', () => {
  it('per-day, per-rider, per-hub and per-client sums equal the totals', () => {
    fc.assert(
      fc.property(days, (o) => {
        const data = generateMonth({ ...o, from: '2026-03-27' });
        const r = buildReport(inputOf(data, '2026-03-27', addDays('2026-03-27', o.days - 1)));
        expect(r.total.orders.count).toBe(data.orders.length);
        for (const rows of [r.byDay, r.byRider, r.byHub]) expectSumsEqual(r.total, rows, TALLY_FIGURES);
        // A stop shared by two clients counts for each: only the orders' figures add up.
        expectSumsEqual(r.total, r.byClient, WITHOUT_STOPS);
        // The outcomes partition the orders.
        expect(OUTCOMES.reduce((s, k) => s + r.total[k].count, 0)).toBe(r.total.orders.count);
        // Punctuality is decided for each delivered or partially delivered order.
        expect(r.total.onTime.count + r.total.early.count + r.total.late.count).toBe(r.total.delivered.count + r.total.partial.count);
      }),
      { numRuns: 40 },
    );
  });

  it('a filter gives the same figures as its row of the unfiltered report', () => {
    fc.assert(
      fc.property(days, fc.nat(), (o, pick) => {
        const data = generateMonth({ ...o, from: '2026-10-24' });
        const to = addDays('2026-10-24', o.days - 1);
        const all = buildReport(inputOf(data, '2026-10-24', to));
        const cases: [ReportFilters, Report['byDay']][] = [
          [{ ...NO_FILTERS, hub: (pick % o.hubs) + 1 }, all.byHub],
          [{ ...NO_FILTERS, clientId: data.clients[pick % data.clients.length]!.id }, all.byClient],
          [{ ...NO_FILTERS, riderId: data.users[pick % data.users.length]!.id }, all.byRider],
        ];
        for (const [filters, rows] of cases) {
          const one = buildReport(inputOf(data, '2026-10-24', to, filters));
          const key = filters.hub !== null ? String(filters.hub) : (filters.clientId ?? filters.riderId);
          const row = rows.find((x) => x.key === key);
          for (const f of TALLY_FIGURES) expect(one.total[f].count, `${f} ${key}`).toBe(row?.tally[f].count ?? 0);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('matches a straightforward recount of failed attempts and money', () => {
    fc.assert(
      fc.property(days, (o) => {
        const data = generateMonth({ ...o, from: '2026-05-01' });
        const from = '2026-05-02';
        const to = addDays('2026-05-01', o.days - 1);
        const r = buildReport(inputOf(data, from, to));
        const inScope = new Set(data.orders.filter((x) => x.date >= from && x.date <= to).map((x) => x.id));
        const failed = data.events.filter((e) => e.kind === 'failed' && inScope.has(e.order_id));
        expect(r.total.failedAttempts.count).toBe(failed.length);
        expect(r.total.orders.count).toBe(inScope.size);
        for (const method of ['cash', 'card', 'transfer', 'on_account'] as const) {
          const pays = data.payments.filter((p) => p.kind === 'order' && p.method === method && p.status !== 'pending' && inScope.has(p.order_id));
          expect(r.money.byMethod[method].count).toBe(pays.length);
          expect(r.money.byMethod[method].cents).toBe(pays.reduce((s, p) => s + (p.kind === 'order' ? p.amount_collected_cents : 0), 0));
        }
        const handed = data.payments.filter((p) => p.kind === 'cash-handover' && p.date >= from && p.date <= to);
        expect(r.money.handedOver.count).toBe(handed.length);
        // Reconciled counts settle their differences (issue 28): expected − counted of each.
        const settled = handed.reduce((s, p) => s + (p.kind === 'cash-handover' && p.status === 'reconciled' ? p.expected_cents - p.counted_cents : 0), 0);
        expect(r.money.handedOver.writtenOffCents).toBe(settled);
        expect(r.money.cashOnHandCents).toBe(r.money.byMethod.cash.cents - r.money.handedOver.cents - settled);
      }),
      { numRuns: 25 },
    );
  });
});

/** The list in a random order (seeded). */
function shuffled<T>(list: readonly T[], seed: number): T[] {
  const rng = createRng(seed);
  const out = [...list];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * A report as text, with what follows the input's order normalised: the orders behind each figure
 * sorted, keys of records (reasons, clients) sorted, sums of fractions rounded.
 */
function normalised(r: Report): string {
  return JSON.stringify(r, (k: string, v: unknown) => {
    if (k === 'orderIds' && Array.isArray(v)) return [...(v as string[])].sort();
    if (typeof v === 'number' && !Number.isInteger(v)) return Number(v.toFixed(6));
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) return Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return v;
  });
}

describe('buildReport in any order of its input', () => {
  it('gives the same report for the same documents in two different orders', () => {
    fc.assert(
      fc.property(days, fc.integer({ min: 1, max: 1_000_000 }), (o, seed) => {
        const data = generateMonth({ ...o, from: '2026-06-01' });
        const to = addDays('2026-06-01', o.days - 1);
        const mixed: MonthData = {
          ...data,
          orders: shuffled(data.orders, seed),
          routes: shuffled(data.routes, seed + 1),
          events: shuffled(data.events, seed + 2),
          payments: shuffled(data.payments, seed + 3),
          incidences: shuffled(data.incidences, seed + 4),
          picks: shuffled(data.picks, seed + 5),
        };
        const a = buildReport(inputOf(data, '2026-06-01', to));
        const b = buildReport(inputOf(mixed, '2026-06-01', to));
        expect(normalised(b)).toBe(normalised(a));
        expect(normalised(buildReport(inputOf(mixed, '2026-06-01', to), { orderIds: false }))).toBe(normalised(buildReport(inputOf(data, '2026-06-01', to), { orderIds: false })));
      }),
      { numRuns: 25 },
    );
  });
});

describe('buildReport on hand-made orders', () => {
  const order = { id: 'o1', date: '2026-03-29', hub: 1, client_id: 'c1', route_id: 'r1', status: 'delivered' as const, window_start: '10:00', window_end: '14:00' };
  const route = { id: 'r1', date: '2026-03-29', hub: 1, rider_id: 'u1', stops: [{ order_ids: ['o1'] }] };
  const base: ReportInput = {
    period: { from: '2026-03-29', to: '2026-03-29' },
    filters: NO_FILTERS,
    orders: [order],
    routes: [route],
    events: [],
    payments: [],
    incidences: [],
    users: [{ id: 'u1', name: 'Ana' }],
    hubs: [{ number: 1, name: 'Arganzuela' }],
    clients: [{ id: 'c1', name: 'Bimbo' }],
    reasons: [{ id: 'st-x', name: 'Ausente' }],
    picks: [],
    sustainability: [],
  };

  it('a failed first attempt then a delivery: delivered, not first-attempt, one failed attempt by reason', () => {
    const r = buildReport({
      ...base,
      events: [
        { id: 'e2', kind: 'delivered', order_id: 'o1', at: Date.parse('2026-03-29T10:30:00Z'), reason_status_id: '' },
        { id: 'e1', kind: 'failed', order_id: 'o1', at: Date.parse('2026-03-29T09:00:00Z'), reason_status_id: 'st-x' },
      ],
    });
    expect(r.total.delivered.orderIds).toEqual(['o1']);
    expect(r.total.attempted.count).toBe(1);
    expect(r.total.firstAttempt.count).toBe(0);
    expect(r.total.failedByReason['st-x']).toEqual({ count: 1, orderIds: ['o1'] });
    expect(r.reasonNames['st-x']).toBe('Ausente');
    expect(r.total.stops.count).toBe(1);
    expect(r.byRider[0]).toMatchObject({ key: 'u1', name: 'Ana' });
    // 2026-03-29 is the day Madrid moves to summer time (UTC+2): 10:30 UTC is 12:30 in Madrid.
    expect(r.total.onTime.count).toBe(1);
  });

  it('a returned order counts as returned, not failed; a cancelled one as cancelled', () => {
    const r = buildReport({
      ...base,
      orders: [{ ...order, status: 'returned' }, { ...order, id: 'o2', status: 'cancelled' }],
      events: [{ id: 'e1', kind: 'failed', order_id: 'o1', at: 1, reason_status_id: 'st-x' }],
    });
    expect(r.total.returned.orderIds).toEqual(['o1']);
    expect(r.total.failed.count).toBe(0);
    expect(r.total.cancelled.orderIds).toEqual(['o2']);
    expect(r.total.failedAttempts.count).toBe(1);
  });
});

describe('buildReport without order ids', () => {
  it('gives the same counts, with no ids behind them', () => {
    const data = generateMonth({ seed: 3, from: '2026-02-01', days: 3, ordersPerDay: 90, hubs: 2, ridersPerHub: 2, stopsPerRoute: 4 });
    const withIds = buildReport(inputOf(data, '2026-02-01', '2026-02-03'));
    const counts = buildReport(inputOf(data, '2026-02-01', '2026-02-03'), { orderIds: false });
    const strip = (r: Report): string => JSON.stringify(r, (k: string, v: unknown) => (k === 'orderIds' ? undefined : v));
    expect(strip(counts)).toBe(strip(withIds));
    expect(counts.total.orders.orderIds).toEqual([]);
    expect(withIds.total.orders.orderIds.length).toBe(withIds.total.orders.count);
  });
});

describe('buildReport on the demo operation (server/demo/generate.ts)', () => {
  it('adds up per rider, hub, client and day on a seeded demo day, and counts its failed events', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (seed) => {
        const today = '2026-06-16';
        const demo = generateDemoData({ seed, today, now: Date.parse('2026-06-16T15:30:00Z'), scale: { deliveryPoints: 120, ordersPerDay: 80, ridersPerHub: 2 } });
        const input: ReportInput = {
          period: { from: today, to: addDays(today, 1) },
          filters: NO_FILTERS,
          orders: demo.orders,
          routes: demo.routes,
          events: demo.deliveries,
          payments: demo.payments,
          incidences: demo.incidences,
          users: demo.users,
          hubs: demo.catalog.flatMap((c) => (c.kind === 'hub' ? [c] : [])),
          clients: demo.catalog.flatMap((c) => (c.kind === 'client' ? [c] : [])),
          reasons: demo.catalog.flatMap((c) => (c.kind === 'status-delivery' ? [c] : [])),
          picks: summarisePicks(demo.picks),
          sustainability: [],
        };
        const r = buildReport(input);
        expect(r.total.orders.count).toBe(demo.orders.length);
        for (const rows of [r.byDay, r.byRider, r.byHub]) expectSumsEqual(r.total, rows, TALLY_FIGURES);
        expectSumsEqual(r.total, r.byClient, WITHOUT_STOPS);
        expect(r.total.delivered.count, 'the demo day has deliveries').toBeGreaterThan(0);
        expect(r.total.failedAttempts.count).toBe(demo.deliveries.filter((e) => e.kind === 'failed').length);
        const cash = demo.payments.filter((p) => p.kind === 'order' && p.method === 'cash' && p.status !== 'pending');
        expect(r.money.byMethod.cash.cents).toBe(cash.reduce((s, p) => s + p.amount_collected_cents, 0));
      }),
      { numRuns: 5 },
    );
  });
});
