import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { completedStops, etaForRoute, lateStops, type EtaEvent, type EtaInput, type EtaRoute } from '../../src/domain/tracking/eta';
import { estimateTravel, etaRouteOf, madridClock, madridTimeMs, travelFromTable } from '../../src/domain/tracking/fromEntities';

const T0 = Date.UTC(2026, 10, 20, 8, 0); // a fixed morning, never «today»
const MIN = 60_000;

const point = fc.record({ lat: fc.double({ min: 41.3, max: 41.45, noNaN: true }), lng: fc.double({ min: 2.1, max: 2.25, noNaN: true }) });

const routeArb: fc.Arbitrary<EtaRoute> = fc
  .array(fc.record({ location: point, orders: fc.integer({ min: 1, max: 3 }), windowStartMin: fc.integer({ min: 0, max: 300 }), windowLenMin: fc.integer({ min: 15, max: 240 }) }), { minLength: 1, maxLength: 12 })
  .chain((stops) =>
    fc.record({ start: point, startOffset: fc.integer({ min: 0, max: 60 }) }).map(({ start, startOffset }) => ({
      start,
      plannedStartMs: T0 + startOffset * MIN,
      stops: stops.map((s, i) => ({
        seq: i + 1,
        orderIds: Array.from({ length: s.orders }, (_, k) => `o${i + 1}-${k + 1}`),
        location: s.location,
        plannedMs: T0 + (i + 1) * 15 * MIN,
        windowStartMs: T0 + s.windowStartMin * MIN,
        windowEndMs: T0 + (s.windowStartMin + s.windowLenMin) * MIN,
      })),
    })),
  );

/** A route, some of its orders settled (at increasing times), maybe a position, and a now. */
const inputArb: fc.Arbitrary<EtaInput> = routeArb.chain((route) => {
  const orderIds = route.stops.flatMap((s) => s.orderIds);
  return fc
    .record({
      settled: fc.subarray(orderIds),
      kinds: fc.array(fc.constantFrom<'delivered' | 'partial' | 'failed'>('delivered', 'partial', 'failed'), { minLength: orderIds.length, maxLength: orderIds.length }),
      gaps: fc.array(fc.integer({ min: 0, max: 30 }), { minLength: orderIds.length, maxLength: orderIds.length }),
      position: fc.option(fc.record({ p: point, ageMin: fc.integer({ min: 0, max: 120 }), accuracy: fc.integer({ min: 3, max: 200 }) }), { nil: null }),
      nowMin: fc.integer({ min: 0, max: 600 }),
    })
    .map(({ settled, kinds, gaps, position, nowMin }) => {
      let at = route.plannedStartMs;
      const events: EtaEvent[] = settled.map((orderId, i) => {
        at += (gaps[i] ?? 0) * MIN;
        return { orderId, kind: kinds[i] ?? 'delivered', atMs: at };
      });
      const nowMs = Math.max(at, T0 + nowMin * MIN);
      return {
        route,
        events,
        position: position ? { lat: position.p.lat, lng: position.p.lng, accuracy: position.accuracy, atMs: nowMs - position.ageMin * MIN } : null,
        travel: estimateTravel(),
        nowMs,
      };
    });
});

describe('etaForRoute (properties)', () => {
  it('is monotonic along the route: an arrival is never before the one of the stop before it', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const etas = etaForRoute(input);
        for (let i = 1; i < etas.length; i += 1) expect(etas[i]!.etaMs).toBeGreaterThanOrEqual(etas[i - 1]!.etaMs);
      }),
      { numRuns: 300 },
    );
  });

  it('is never before now', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        for (const e of etaForRoute(input)) expect(e.etaMs).toBeGreaterThanOrEqual(input.nowMs);
      }),
      { numRuns: 300 },
    );
  });

  it('gives no ETA to a completed stop, and one to every other stop, in route order', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const done = completedStops(input.route, input.events);
        const etas = etaForRoute(input);
        const expected = input.route.stops.filter((_, i) => !done.has(i)).map((s) => s.seq);
        expect(etas.map((e) => e.seq)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('says how late a stop is: the arrival after the window end, else 0', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const bySeq = new Map(input.route.stops.map((s) => [s.seq, s]));
        for (const e of etaForRoute(input)) expect(e.lateByMs).toBe(Math.max(0, e.etaMs - bySeq.get(e.seq)!.windowEndMs));
      }),
      { numRuns: 200 },
    );
  });
});

describe('etaForRoute (examples)', () => {
  const a = { lat: 41.39, lng: 2.16 };
  const b = { lat: 41.4, lng: 2.17 };
  const route: EtaRoute = {
    start: a,
    plannedStartMs: T0,
    stops: [
      { seq: 1, orderIds: ['x'], location: a, plannedMs: T0, windowStartMs: T0, windowEndMs: T0 + 60 * MIN },
      { seq: 2, orderIds: ['y'], location: b, plannedMs: T0 + 20 * MIN, windowStartMs: T0, windowEndMs: T0 + 30 * MIN },
    ],
  };
  const travel = () => 600; // 10 minutes a leg

  it('leaves from the last position when it is newer than the last delivery', () => {
    const events: EtaEvent[] = [{ orderId: 'x', kind: 'delivered', atMs: T0 + 5 * MIN }];
    const [second] = etaForRoute({ route, events, position: { ...b, atMs: T0 + 12 * MIN, accuracy: 10 }, travel: () => 0, nowMs: T0 + 12 * MIN });
    expect(second).toMatchObject({ seq: 2, etaMs: T0 + 12 * MIN, lateByMs: 0 });
    const [fromStop] = etaForRoute({ route, events, position: null, travel, nowMs: T0 + 6 * MIN });
    expect(fromStop).toMatchObject({ seq: 2, etaMs: T0 + 15 * MIN });
  });

  it('flags a stop expected after its window, with how late', () => {
    const etas = etaForRoute({ route, events: [], position: null, travel, nowMs: T0 + 25 * MIN });
    // First stop now (25'), service 6', leg 10': 41' at the second, whose window ended at 30'.
    expect(etas.map((e) => e.etaMs)).toEqual([T0 + 25 * MIN, T0 + 41 * MIN]);
    expect(lateStops(etas)).toEqual([expect.objectContaining({ seq: 2, lateByMs: 11 * MIN })]);
  });

  it('gives nothing once every stop is completed', () => {
    const events: EtaEvent[] = [
      { orderId: 'x', kind: 'delivered', atMs: T0 },
      { orderId: 'y', kind: 'failed', atMs: T0 + MIN },
    ];
    expect(etaForRoute({ route, events, position: null, travel, nowMs: T0 + 2 * MIN })).toEqual([]);
  });

  it('learns a slow day: the same leg predicted later once slow stops were completed', () => {
    const far = { lat: 41.41, lng: 2.18 };
    const many: EtaRoute = {
      start: a,
      plannedStartMs: T0,
      stops: [0, 1, 2, 3, 4].map((i) => ({ seq: i + 1, orderIds: [`s${i}`], location: i % 2 === 0 ? a : far, plannedMs: T0, windowStartMs: T0, windowEndMs: T0 + 600 * MIN })),
    };
    const now = T0 + 60 * MIN;
    const fresh = etaForRoute({ route: many, events: [{ orderId: 's0', kind: 'delivered', atMs: T0 }], position: null, travel, nowMs: T0 });
    // Three stops completed 25 minutes apart (10' leg + 6' planned service: he is slower today).
    const slowEvents: EtaEvent[] = [0, 1, 2].map((i) => ({ orderId: `s${i}`, kind: 'delivered', atMs: T0 + i * 25 * MIN }));
    const slow = etaForRoute({ route: many, events: slowEvents, position: null, travel, nowMs: now });
    const gapFresh = fresh[2]!.etaMs - fresh[1]!.etaMs;
    const gapSlow = slow[1]!.etaMs - slow[0]!.etaMs;
    expect(gapSlow).toBeGreaterThan(gapFresh);
  });
});

describe('route documents → ETA input', () => {
  it('reads Madrid times of the route date, summer and winter', () => {
    expect(madridTimeMs('2026-07-01', '10:30')).toBe(Date.UTC(2026, 6, 1, 8, 30));
    expect(madridTimeMs('2026-11-20', '10:30')).toBe(Date.UTC(2026, 10, 20, 9, 30));
    expect(madridClock(Date.UTC(2026, 10, 20, 9, 30))).toBe('10:30');
  });

  it('takes a stop window as the tightest of its orders', () => {
    const r = etaRouteOf({
      route: { date: '2026-11-20', planned_start: '09:00', stops: [{ seq: 1, delivery_point_id: 'p', order_ids: ['o1', 'o2'], eta: '09:20' }] },
      orders: [
        { id: 'o1', window_start: '09:00', window_end: '12:00' },
        { id: 'o2', window_start: '10:00', window_end: '11:00' },
      ],
      points: [{ id: 'p', lat: 41.4, lng: 2.1 }],
      hub: { lat: 41.39, lng: 2.15 },
    });
    expect(r.stops[0]).toMatchObject({ windowStartMs: madridTimeMs('2026-11-20', '10:00'), windowEndMs: madridTimeMs('2026-11-20', '11:00'), location: { lat: 41.4, lng: 2.1 } });
  });
});

describe('travel times from the routing service', () => {
  it("reads the table between the route's places, and scales the estimate elsewhere by the table's ratio", () => {
    const places = [
      { lat: 40.41, lng: -3.7 },
      { lat: 40.42, lng: -3.7 },
      { lat: 40.43, lng: -3.7 },
    ];
    const estimate = estimateTravel();
    // The service says every leg takes twice the estimate.
    const durations = places.flatMap((a) => places.map((b) => 2 * estimate(a, b)));
    const travel = travelFromTable(places, durations, estimate);
    expect(travel(places[0]!, places[2]!)).toBeCloseTo(2 * estimate(places[0]!, places[2]!), 6);
    const rider = { lat: 40.415, lng: -3.705 };
    expect(travel(rider, places[1]!)).toBeCloseTo(2 * estimate(rider, places[1]!), 6);
  });
});
