import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildReport, type ReportIncidence, type ReportInput } from '../../src/domain/reports/aggregate';
import { resolutionMs } from '../../src/domain/reports/incidences';
import { INCIDENCE_KINDS } from '../../src/domain/entities/events';
import { followUpOf, type FollowUpEvent } from '../../src/domain/incidences/followUp';
import { generateMonth } from '../../server/demo/month';
import { addDays } from '../../src/domain/reports/period';

const H = 3_600_000;
const step = (id: string, at: number, follow_state: 'open' | 'in_review' | 'resolved' | 'credited') => ({ id, at, follow_state });

describe('resolutionMs', () => {
  it('is the time from the opening to the change that closed it', () => {
    expect(resolutionMs(0, [step('a', 1 * H, 'in_review'), step('b', 5 * H, 'resolved')])).toBe(5 * H);
    expect(resolutionMs(0, [step('a', 1 * H, 'in_review'), step('b', 2 * H, 'credited')])).toBe(2 * H);
  });
  it('null while open or in review; the follow-ups in any order', () => {
    expect(resolutionMs(0, [])).toBeNull();
    expect(resolutionMs(0, [step('a', H, 'in_review')])).toBeNull();
    expect(resolutionMs(0, [step('b', 5 * H, 'resolved'), step('a', 1 * H, 'in_review')])).toBe(5 * H);
  });
  it('a change the machine does not allow is not applied (open → resolved directly)', () => {
    expect(resolutionMs(0, [step('a', H, 'resolved')])).toBeNull();
  });
  it('a note on a closed incidence keeps its time; reopened and closed again counts to the second closing', () => {
    expect(resolutionMs(0, [step('a', H, 'in_review'), step('b', 2 * H, 'resolved'), step('c', 9 * H, 'resolved')])).toBe(2 * H);
    expect(resolutionMs(0, [step('a', H, 'in_review'), step('b', 2 * H, 'resolved'), step('c', 3 * H, 'in_review')])).toBeNull();
    expect(resolutionMs(0, [step('a', H, 'in_review'), step('b', 2 * H, 'resolved'), step('c', 3 * H, 'in_review'), step('d', 7 * H, 'credited')])).toBe(7 * H);
  });
  it('a duplicate counts once; a time before the opening counts as zero', () => {
    expect(resolutionMs(0, [step('a', H, 'in_review'), step('a', H, 'in_review'), step('b', 2 * H, 'resolved')])).toBe(2 * H);
    expect(resolutionMs(10 * H, [step('a', H, 'in_review'), step('b', 2 * H, 'resolved')])).toBe(0);
  });
});

/** The recount: each incidence's state and history from the follow-up machine itself (followUpOf). */
function recount(incidences: readonly ReportIncidence[], inScope: (orderId: string) => boolean) {
  const events: FollowUpEvent[] = incidences.flatMap((i) => (i.kind === 'follow-up' && i.follows && i.follow_state ? [{ id: i.id, at: i.at, created_by: '', follows: i.follows, follow_state: i.follow_state, note: '' }] : []));
  const out = new Map(INCIDENCE_KINDS.map((k) => [k, { count: 0, resolved: 0, open: 0, times: [] as number[], orders: new Set<string>(), resolvedOrders: new Set<string>(), openOrders: new Set<string>() }]));
  for (const i of incidences) {
    if (i.kind === 'follow-up' || !inScope(i.order_id)) continue;
    const k = out.get(i.kind)!;
    k.count += 1;
    k.orders.add(i.order_id);
    const view = followUpOf(i.id, events);
    if (view.state !== 'resolved' && view.state !== 'credited') {
      k.open += 1;
      k.openOrders.add(i.order_id);
      continue;
    }
    // The last applied change that moved it from not closed to closed.
    const closing = view.history.filter((h) => h.applied && h.from !== 'resolved' && h.from !== 'credited' && (h.to === 'resolved' || h.to === 'credited')).at(-1)!;
    k.resolved += 1;
    k.resolvedOrders.add(i.order_id);
    k.times.push(Math.max(0, closing.at - i.at));
  }
  return out;
}

const nearestRank = (times: number[], q: number): number | null => {
  if (times.length === 0) return null;
  const s = [...times].sort((a, b) => a - b);
  return s[Math.max(1, Math.ceil(q * s.length)) - 1]!;
};

describe('incidences by kind and how fast they were resolved, over generated days', () => {
  it('counts, resolved and open, median and p90 equal a recount with the follow-up machine', () => {
    fc.assert(
      fc.property(
        fc.record({ seed: fc.integer({ min: 1, max: 1_000_000 }), days: fc.integer({ min: 1, max: 3 }), ordersPerDay: fc.integer({ min: 50, max: 400 }), hub: fc.option(fc.integer({ min: 1, max: 2 })) }),
        (o) => {
          const from = '2026-03-27';
          const to = addDays(from, o.days - 1);
          const data = generateMonth({ seed: o.seed, from, days: o.days, ordersPerDay: o.ordersPerDay, hubs: 2, ridersPerHub: 2, stopsPerRoute: 5 });
          const input: ReportInput = { period: { from, to }, filters: { hub: o.hub, clientId: null, riderId: null }, ...data };
          const r = buildReport(input);
          const hubOf = new Map(data.orders.map((x) => [x.id, x.hub]));
          const expected = recount(data.incidences, (id) => o.hub === null || hubOf.get(id) === o.hub);
          for (const kind of INCIDENCE_KINDS) {
            const e = expected.get(kind)!;
            const got = r.incidenceResolution[kind];
            expect(r.incidencesByKind[kind].count, kind).toBe(e.count);
            expect(got.resolved.count + got.open.count, kind).toBe(e.count);
            expect(got.resolved.count, kind).toBe(e.resolved);
            expect(got.open.count, kind).toBe(e.open);
            expect(got.medianMs, kind).toBe(nearestRank(e.times, 0.5));
            expect(got.p90Ms, kind).toBe(nearestRank(e.times, 0.9));
            expect(new Set(got.resolved.orderIds)).toEqual(e.resolvedOrders);
            expect(new Set(got.open.orderIds)).toEqual(e.openOrders);
            expect(new Set(r.incidencesByKind[kind].orderIds)).toEqual(e.orders);
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('the generated month has resolved, credited, reopened and open incidences (the test above can fail)', () => {
    const data = generateMonth({ seed: 34, from: '2026-03-01', days: 2, ordersPerDay: 2000, hubs: 2, ridersPerHub: 3, stopsPerRoute: 10 });
    const states = data.incidences.filter((i) => i.kind === 'follow-up').map((i) => i.follow_state);
    expect(new Set(states)).toEqual(new Set(['in_review', 'resolved', 'credited']));
    const r = buildReport({ period: { from: '2026-03-01', to: '2026-03-02' }, filters: { hub: null, clientId: null, riderId: null }, ...data });
    for (const kind of INCIDENCE_KINDS) {
      expect(r.incidenceResolution[kind].resolved.count, kind).toBeGreaterThan(0);
      expect(r.incidenceResolution[kind].open.count, kind).toBeGreaterThan(0);
      expect(r.incidenceResolution[kind].p90Ms!, kind).toBeGreaterThanOrEqual(r.incidenceResolution[kind].medianMs!);
    }
  });
});
