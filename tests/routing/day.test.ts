import { describe, expect, it } from 'vitest';
import { generateDemoData } from '../../server/demo/generate';
import type { BikeModel, Hub } from '../../src/domain/entities/reference';
import { evaluateDay, orderRoute, planDay, prepareDay, secondsOf, timeOf, type DayPlanInput, type DayPlanResult } from '../../src/domain/routing/day';
import { dayInputFromEntities } from '../../src/domain/routing/fromEntities';
import { domainText } from '../../src/i18n/domain';
import { RoutingInputError } from '../../src/domain/routing/instance';

const HUB = { lat: 40.397, lng: -3.695, opens: '07:00', closes: '20:00' };

/** A point `dx`, `dy` hundreds of metres east / north of the hub. */
const near = (dx: number, dy: number) => ({ lat: HUB.lat + dy * 0.0009, lng: HUB.lng + dx * 0.00118 });

function order(id: string, point: string, dx: number, dy: number, window: [string, string], kg = 5): DayPlanInput['orders'][number] {
  return { id, code: `P-${id}`, delivery_point_id: point, ...near(dx, dy), window_start: window[0], window_end: window[1], lines: [{ quantity: 1, weight_g: kg * 1000, volume_ml: 10_000 }] };
}

const orders: DayPlanInput['orders'] = [
  order('o1', 'p1', 5, 0, ['08:00', '12:00']),
  order('o2', 'p1', 5, 0, ['09:00', '13:00']),
  order('o3', 'p1', 5, 0, ['14:00', '16:00']),
  order('o4', 'p2', -5, 3, ['08:00', '11:00']),
  order('o5', 'p3', 0, 8, ['10:00', '12:00']),
  order('o6', 'p4', 8, 8, ['08:00', '18:00']),
  order('o7', 'p5', -8, -6, ['08:00', '18:00']),
  order('o8', 'p6', 3, -9, ['08:00', '18:00']),
];

const base: DayPlanInput = {
  hub: HUB,
  orders,
  routes: [],
  riders: [{ id: 'ana' }, { id: 'ben' }],
  bikes: [
    { id: 'small', capacity_kg: 100, capacity_l: 300 },
    { id: 'big', capacity_kg: 200, capacity_l: 1500 },
  ],
};

function everyOrderOnce(input: DayPlanInput, result: DayPlanResult): void {
  const seen = [...result.routes.flatMap((r) => r.stops.flatMap((s) => s.order_ids)), ...result.unplanned.flatMap((u) => u.order_ids)];
  expect(seen.slice().sort()).toEqual(input.orders.map((o) => o.id).sort());
}

describe('day model', () => {
  it('groups unplanned orders per delivery point when their windows overlap', () => {
    const model = prepareDay(base);
    expect(model.locations).toHaveLength(1 + 6);
    const real = model.problem({ size: 7, durations: new Float64Array(49), distances: new Float64Array(49) });
    const p1 = real.jobs.filter((j) => j.location === model.locations.findIndex((l) => l.lat === near(5, 0).lat && l.lng === near(5, 0).lng));
    expect(p1.map((j) => [j.window, j.demand[0]])).toEqual([
      [{ start: secondsOf('09:00'), end: secondsOf('12:00') }, 10_000],
      [{ start: secondsOf('14:00'), end: secondsOf('16:00') }, 5_000],
    ]);
    // Service: 4 min per stop + 2 min per order.
    expect(p1.map((j) => j.service)).toEqual([8 * 60, 6 * 60]);
    // Vehicles: free riders on free bikes, biggest bike first; the hub's hours as the shift, 8 h at most.
    expect(real.vehicles.map((v) => [v.capacity, v.shiftStart, v.shiftEnd, v.maxDuration])).toEqual([
      [[200_000, 1_500_000, Number.MAX_VALUE], secondsOf('07:00'), secondsOf('20:00'), 8 * 3600],
      [[100_000, 300_000, Number.MAX_VALUE], secondsOf('07:00'), secondsOf('20:00'), 8 * 3600],
    ]);
  });

  it('times: HH:mm ↔ seconds', () => {
    expect(secondsOf('08:30')).toBe(30_600);
    expect(timeOf(30_600)).toBe('08:30');
    expect(timeOf(30_629)).toBe('08:30');
    expect(timeOf(30_630)).toBe('08:31');
    expect(timeOf(-5)).toBe('00:00');
    expect(timeOf(90_000)).toBe('23:59');
  });

  it('rejects bad input with the field and a Spanish message', () => {
    const bad = { ...base, orders: [{ ...(orders[0] as DayPlanInput['orders'][number]), window_start: '8:00' }], routes: [{ id: 'r1', rider_id: 'ana', bike_id: 'big', stops: [{ delivery_point_id: 'p9', order_ids: ['nope'] }] }] };
    let error: unknown;
    try {
      prepareDay(bad);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RoutingInputError);
    const issues = (error as RoutingInputError).issues;
    expect(issues).toContain('pedido 1 › inicio de la franja: Hora no válida (HH:mm)');
    expect(issues).toContain('ruta 1 › parada 1 › pedido 1: El pedido «nope» de la ruta no está entre los pedidos del día');
  });
});

describe('planDay', () => {
  it('plans every order with ETAs within their windows, loads and capacities', () => {
    const result = planDay(base, { seed: 1, maxIterations: 300 });
    everyOrderOnce(base, result);
    expect(result.unplanned).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.travel).toBe('estimate');
    for (const r of result.routes) {
      expect(r.route_id).toBeNull();
      expect(r.planned_start).toMatch(/^\d\d:\d\d$/);
      r.stops.forEach((s, i) => {
        expect(s.seq).toBe(i + 1);
        expect(s.eta).toBe(timeOf(s.arrival_s));
        expect(s.start_s).toBeLessThanOrEqual(secondsOf(s.window_end));
        expect(s.late_s).toBe(0);
      });
      expect(r.load.weight_g).toBeLessThanOrEqual(r.capacity.weight_g);
      expect(r.duration_s).toBe(Math.round(r.end_s - r.start_s));
    }
    expect(result.summary.orders).toBe(8);
  });

  it('leaves out, with the reason, orders without a location or that fit no bike', () => {
    const input: DayPlanInput = {
      ...base,
      orders: [...orders, { ...order('o9', 'p9', 0, 0, ['08:00', '18:00']), lat: null, lng: null }, order('o10', 'p10', 1, 1, ['08:00', '18:00'], 500)],
    };
    const result = planDay(input, { seed: 1, maxIterations: 100 });
    everyOrderOnce(input, result);
    const reasons = Object.fromEntries(result.unplanned.map((u) => [u.order_ids[0], [u.reason, domainText(u.message)]]));
    expect(reasons.o9).toEqual(['no_location', 'Punto «sin ubicación»: P-o9 no se puede planificar']);
    expect(reasons.o10).toEqual(['capacity', 'P-o10: no cabe en ninguna bici disponible']);
  });

  it('keeps locked stops of a given route where they are and reuses its rider and bike', () => {
    const input: DayPlanInput = {
      ...base,
      riders: [...(base.riders as DayPlanInput['riders']), { id: 'cris' }],
      routes: [
        {
          id: 'r1',
          rider_id: 'cris',
          bike_id: 'small',
          stops: [
            { delivery_point_id: 'p6', order_ids: ['o8'], lock: 'position' },
            { delivery_point_id: 'p2', order_ids: ['o4'], lock: 'route' },
            { delivery_point_id: 'p3', order_ids: ['o5'] },
          ],
        },
      ],
    };
    const result = planDay(input, { seed: 2, maxIterations: 300 });
    everyOrderOnce(input, result);
    const r1 = result.routes.find((r) => r.route_id === 'r1');
    expect(r1).toMatchObject({ rider_id: 'cris', bike_id: 'small' });
    expect(r1?.stops[0]).toMatchObject({ delivery_point_id: 'p6', order_ids: ['o8'], lock: 'position' });
    expect(r1?.stops.some((s) => s.order_ids.includes('o4'))).toBe(true);
    // The other riders get the only free bike (the big one).
    expect(result.routes.filter((r) => r.route_id === null).map((r) => r.bike_id)).toEqual(expect.arrayContaining(result.routes.filter((r) => r.route_id === null).map(() => 'big')));
    expect(result.warnings).toEqual([]);
  });
});

describe('evaluateDay and orderRoute', () => {
  const heavy: DayPlanInput = {
    ...base,
    orders: [...orders, order('o9', 'p4', 8, 8, ['08:00', '09:00'], 95)],
    routes: [
      {
        id: 'r1',
        rider_id: 'ana',
        bike_id: 'small',
        planned_start: '08:00',
        stops: [
          { delivery_point_id: 'p5', order_ids: ['o7'] },
          { delivery_point_id: 'p1', order_ids: ['o1', 'o2'] },
          { delivery_point_id: 'p4', order_ids: ['o6', 'o9'] },
          { delivery_point_id: 'p3', order_ids: ['o5'] },
        ],
      },
      { id: 'r2', rider_id: 'ana', bike_id: '', stops: [{ delivery_point_id: 'p2', order_ids: ['o4'] }] },
    ],
  };

  it('names the problems of hand-made routes: capacity, a missed window by how much, a rider twice, no bike', () => {
    const result = evaluateDay(heavy);
    const r1 = result.routes[0];
    expect(r1?.planned_start).toBe('08:00');
    expect(r1?.stops.map((s) => s.delivery_point_id)).toEqual(['p5', 'p1', 'p4', 'p3']);
    const messages = r1?.warnings.map((w) => domainText(w.message)) ?? [];
    expect(messages).toContain('Supera la capacidad de peso de la bici en 20 kg');
    const late = r1?.warnings.find((w) => w.kind === 'time_window');
    expect(late?.order_ids).toEqual(['o6', 'o9']);
    expect(late ? domainText(late.message) : '').toMatch(/^Llega \d+ min tarde a la franja 08:00–09:00 \(P-o6, P-o9\)$/);
    expect(r1?.warnings.map((w) => w.kind)).toContain('rider_twice');
    expect(result.routes[1]?.warnings.map((w) => w.kind).sort()).toEqual(['no_bike', 'rider_twice']);
    // Orders on no route are listed as not planned yet.
    expect(result.unplanned.map((u) => [u.order_ids, u.reason])).toEqual(
      expect.arrayContaining([
        [['o3'], 'not_planned'],
        [['o8'], 'not_planned'],
      ]),
    );
  });

  it('orderRoute reorders one route (no longer than before) and leaves the others as they are', () => {
    const before = evaluateDay(heavy);
    const after = orderRoute(heavy, 'r1', { seed: 1, maxIterations: 200 });
    expect(after.routes[1]?.stops).toEqual(before.routes[1]?.stops);
    const ids = (r: DayPlanResult) => (r.routes[0]?.stops ?? []).flatMap((s) => s.order_ids).sort();
    expect(ids(after)).toEqual(ids(before));
    const lateness = (r: DayPlanResult) => (r.routes[0]?.stops ?? []).reduce((s, x) => s + x.late_s, 0);
    expect(lateness(after)).toBeLessThanOrEqual(lateness(before));
    expect(() => orderRoute(heavy, 'nope', { maxIterations: 1 })).toThrow(RoutingInputError);
  });
});

describe('dayInputFromEntities: the board input from the app documents', () => {
  it('takes the hub’s unplanned orders and open routes, its free riders and available bikes', () => {
    const today = '2026-11-23';
    const tomorrow = '2026-11-24';
    const data = generateDemoData({ seed: 3, today, now: Date.UTC(2026, 10, 23, 9, 0) });
    const hub = data.catalog.find((c): c is Hub => c.kind === 'hub' && c.number === 1) as Hub;
    const models = data.catalog.filter((c): c is BikeModel => c.kind === 'bike-model');
    const input = dayInputFromEntities({ date: tomorrow, hub, orders: data.orders, deliveryPoints: data.delivery_points, products: data.products, routes: data.routes, users: data.users, bikes: data.bikes, bikeModels: models });
    const dayOrders = data.orders.filter((o) => o.hub === 1 && o.date === tomorrow && o.status !== 'cancelled');
    expect(input.orders.map((o) => o.id).sort()).toEqual(dayOrders.map((o) => o.id).sort());
    expect(input.routes.map((r) => r.id).sort()).toEqual(data.routes.filter((r) => r.hub === 1 && r.date === tomorrow).map((r) => r.id).sort());
    expect(input.riders.length).toBe(data.users.filter((u) => u.role === 'rider' && u.hub === 1).length);
    expect(input.bikes.every((b) => data.bikes.find((x) => x.id === b.id)?.status !== 'maintenance')).toBe(true);
    const line = input.orders[0]?.lines[0];
    const product = data.products.find((p) => p.id === dayOrders.find((o) => o.id === input.orders[0]?.id)?.lines[0]?.product_id);
    expect(line?.weight_g).toBe(product?.weight_g);
    // It plans: every order once, within the bikes' capacities.
    const result = planDay(input, { seed: 1, maxIterations: 200 });
    everyOrderOnce(input, result);
    for (const r of result.routes) expect(r.warnings.filter((w) => w.kind === 'capacity' || w.kind === 'time_window')).toEqual([]);
  });

  it('estimates travel with the hub’s own detour factor and bike speed (its record), else the defaults', () => {
    const data = generateDemoData({ seed: 3, today: '2026-11-23', now: Date.UTC(2026, 10, 23, 9, 0) });
    const hub = data.catalog.find((c): c is Hub => c.kind === 'hub' && c.number === 1) as Hub;
    const models = data.catalog.filter((c): c is BikeModel => c.kind === 'bike-model');
    const entities = { date: '2026-11-24', orders: data.orders, deliveryPoints: data.delivery_points, products: data.products, routes: data.routes, users: data.users, bikes: data.bikes, bikeModels: models };
    const plain = dayInputFromEntities({ ...entities, hub: { ...hub, detour_factor: undefined, speed_kmh: undefined } });
    expect(plain.settings).toBeUndefined();
    const slow = dayInputFromEntities({ ...entities, hub: { ...hub, detour_factor: 1.5, speed_kmh: 10 } });
    expect(slow.settings).toEqual({ detourFactor: 1.5, speedKmh: 10 });
    // The caller's settings still win over the hub's.
    expect(dayInputFromEntities({ ...entities, hub: { ...hub, speed_kmh: 10 }, settings: { speedKmh: 20 } }).settings).toEqual({ speedKmh: 20 });
    // Slower bikes on longer streets: the day's routes travel for longer (10 / 15 km/h, 1.5 / 1.3).
    const before = evaluateDay(plain).summary.travel_s;
    const after = evaluateDay(slow).summary.travel_s;
    expect(before).toBeGreaterThan(0);
    expect(after / before).toBeCloseTo((1.5 / 10) / (1.3 / 15), 1);
  });

  it('gives a point «sin ubicación» no position, so the board warns instead of planning it at the hub', () => {
    const data = generateDemoData({ seed: 3, today: '2026-11-23', now: Date.UTC(2026, 10, 23, 9, 0) });
    const hub = data.catalog.find((c): c is Hub => c.kind === 'hub' && c.number === 1) as Hub;
    const models = data.catalog.filter((c): c is BikeModel => c.kind === 'bike-model');
    const order = data.orders.find((o) => o.hub === 1 && o.date === '2026-11-24' && o.route_id === '' && o.status === 'pending');
    if (!order) throw new Error('the demo has no unplanned order of tomorrow');
    const points = data.delivery_points.map((p) => (p.id === order.delivery_point_id ? { ...p, located: false, lat: hub.lat, lng: hub.lng } : p));
    const input = dayInputFromEntities({ date: '2026-11-24', hub, orders: data.orders, deliveryPoints: points, products: data.products, routes: data.routes, users: data.users, bikes: data.bikes, bikeModels: models });
    expect(input.orders.find((o) => o.id === order.id)).toMatchObject({ lat: null, lng: null });
    const result = evaluateDay(input);
    expect(result.unplanned.find((u) => u.order_ids.includes(order.id))?.reason).toBe('no_location');
  });

  it('reads the lock stored on a route stop, and planning the day keeps a position-locked stop where it is', () => {
    const today = '2026-11-23';
    const tomorrow = '2026-11-24';
    const data = generateDemoData({ seed: 3, today, now: Date.UTC(2026, 10, 23, 9, 0) });
    const hub = data.catalog.find((c): c is Hub => c.kind === 'hub' && c.number === 1) as Hub;
    const models = data.catalog.filter((c): c is BikeModel => c.kind === 'bike-model');
    const free = data.orders.filter((o) => o.hub === 1 && o.date === tomorrow && o.route_id === '' && o.status === 'pending');
    const byPoint = [...new Map(free.map((o) => [o.delivery_point_id, o])).values()].slice(0, 3);
    expect(byPoint.length, 'three unplanned points tomorrow').toBe(3);
    const rider = data.users.find((u) => u.role === 'rider' && u.hub === 1 && u.active) as (typeof data.users)[number];
    // A draft route visiting the three points; the third is locked in position 3.
    const draft = {
      id: 'rt-locked',
      code: 'R-LOCK-1',
      name: 'Ruta fija',
      hub: 1,
      date: tomorrow,
      rider_id: rider.id,
      bike_id: '',
      status: 'draft' as const,
      status_id: '',
      stops: byPoint.map((o, i) => ({ seq: i + 1, delivery_point_id: o.delivery_point_id, order_ids: [o.id], eta: '09:00', ...(i === 2 ? { lock: 'position' as const } : {}) })),
      planned_start: '08:00',
      distance_m: 0,
      cancel_reason: '',
      updated_at: 0,
    };
    const orders = data.orders.map((o) => (byPoint.some((b) => b.id === o.id) ? { ...o, route_id: draft.id, status: 'planned' as const } : o));
    const routes = [...data.routes.filter((r) => !(r.hub === 1 && r.date === tomorrow)), draft];
    const input = dayInputFromEntities({ date: tomorrow, hub, orders, deliveryPoints: data.delivery_points, products: data.products, routes, users: data.users, bikes: data.bikes, bikeModels: models });
    expect(input.routes.find((r) => r.id === draft.id)?.stops.map((s) => s.lock)).toEqual(['none', 'none', 'position']);
    const result = planDay(input, { seed: 2, maxIterations: 300 });
    everyOrderOnce(input, result);
    const kept = result.routes.find((r) => r.route_id === draft.id);
    expect(kept?.stops[2]).toMatchObject({ delivery_point_id: byPoint[2]?.delivery_point_id, lock: 'position' });
  });

  it('by default plans only the orders without a route: published routes stay as they are, drafts keep their stops, a shop’s new order joins its stop (issue 27 §2)', () => {
    const today = '2026-11-23';
    const tomorrow = '2026-11-24';
    const data = generateDemoData({ seed: 3, today, now: Date.UTC(2026, 10, 23, 9, 0) });
    const hub = data.catalog.find((c): c is Hub => c.kind === 'hub' && c.number === 1) as Hub;
    const models = data.catalog.filter((c): c is BikeModel => c.kind === 'bike-model');
    const free = data.orders.filter((o) => o.hub === 1 && o.date === tomorrow && o.route_id === '' && o.status === 'pending');
    const points = [...new Map(free.map((o) => [o.delivery_point_id, o])).values()];
    const [p1, p2, p3] = points as [(typeof free)[number], (typeof free)[number], (typeof free)[number]];
    const riders = data.users.filter((u) => u.role === 'rider' && u.hub === 1 && u.active);
    const base = { hub: 1, date: tomorrow, bike_id: '', status_id: '', planned_start: '08:00', distance_m: 0, cancel_reason: '', updated_at: 0 };
    const published = { ...base, id: 'rt-pub', code: 'R-PUB', name: 'Publicada', rider_id: riders[0]?.id ?? '', status: 'planned' as const, stops: [{ seq: 1, delivery_point_id: p1.delivery_point_id, order_ids: [p1.id], eta: '09:00' }] };
    const draft = { ...base, id: 'rt-draft', code: 'R-DRAFT', name: 'Borrador', rider_id: '', status: 'draft' as const, stops: [{ seq: 1, delivery_point_id: p2.delivery_point_id, order_ids: [p2.id], eta: '09:00' }] };
    // A second order of p2's shop, with a window that overlaps.
    const sibling = { ...p3, id: 'o-sibling', code: 'P-SIBLING', delivery_point_id: p2.delivery_point_id, window_start: p2.window_start, window_end: p2.window_end };
    const orders = [
      ...data.orders.map((o) => (o.id === p1.id ? { ...o, route_id: published.id, status: 'planned' as const } : o.id === p2.id ? { ...o, route_id: draft.id, status: 'planned' as const } : o)),
      sibling,
    ];
    const routes = [...data.routes.filter((r) => !(r.hub === 1 && r.date === tomorrow)), published, draft];
    const entities = { date: tomorrow, hub, orders, deliveryPoints: data.delivery_points, products: data.products, routes, users: data.users, bikes: data.bikes, bikeModels: models };
    const input = dayInputFromEntities({ ...entities, scope: 'unrouted' });
    // The published route is not in the problem, and its rider is not offered again.
    expect(input.routes.map((r) => r.id)).toEqual([draft.id]);
    expect(input.riders.map((r) => r.id)).not.toContain(published.rider_id);
    expect(input.orders.map((o) => o.id)).not.toContain(p1.id);
    // The draft keeps its stop, which the shop's new order joins.
    expect(input.routes[0]?.stops).toEqual([{ delivery_point_id: p2.delivery_point_id, order_ids: [p2.id, sibling.id], lock: 'route' }]);
    const result = planDay(input, { seed: 1, maxIterations: 200 });
    everyOrderOnce(input, result);
    expect(result.routes.find((r) => r.route_id === draft.id)?.stops.some((st) => st.order_ids.includes(p2.id) && st.order_ids.includes(sibling.id))).toBe(true);
    // With the operator's leave, the published route takes new stops after its own.
    const open = dayInputFromEntities({ ...entities, scope: 'unrouted', intoPublished: true });
    const kept = open.routes.find((r) => r.id === published.id)?.stops ?? [];
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ delivery_point_id: p1.delivery_point_id, lock: 'position' });
    expect(kept[0]?.order_ids[0]).toBe(p1.id);
    // «Replanificar todo» as before: every stop free unless locked by the operator.
    expect(dayInputFromEntities({ ...entities, scope: 'all' }).routes.find((r) => r.id === published.id)?.stops[0]?.lock).toBe('none');
  });
});

describe('day objectives (issue 32)', () => {
  const riders = Array.from({ length: 4 }, (_, k) => ({ id: `r${k}` }));
  const bikes = Array.from({ length: 4 }, (_, k) => ({ id: `b${k}`, capacity_kg: 200, capacity_l: 1500 }));
  const day: DayPlanInput = { ...base, riders, bikes };

  it('«Mínimo de repartidores» (the default) rides the day with as few routes as the bound allows, and returns the bound', () => {
    const result = planDay(day, { seed: 1, maxIterations: 800 });
    everyOrderOnce(day, result);
    expect(result.warnings).toEqual([]);
    expect(result.objective).toBe('min-vehicles');
    expect(result.lowerBound?.routes).toBeGreaterThanOrEqual(1);
    expect(result.summary.routes).toBeLessThanOrEqual((result.lowerBound?.routes ?? 0) + 1);
    expect(prepareDay(day).problem({ size: 7, durations: new Float64Array(49), distances: new Float64Array(49) }).objective).toBe('min-vehicles');
  });

  it('«Repartir entre los disponibles» shares the day among more riders, every order still planned', () => {
    const fewest = planDay(day, { seed: 1, maxIterations: 800 });
    const shared = planDay({ ...day, settings: { objective: 'balanced' } }, { seed: 1, maxIterations: 800 });
    everyOrderOnce(day, shared);
    expect(shared.unplanned).toEqual([]);
    expect(shared.warnings).toEqual([]);
    expect(shared.objective).toBe('balanced');
    expect(shared.summary.routes).toBeGreaterThan(fewest.summary.routes);
    const longest = (r: DayPlanResult): number => Math.max(...r.routes.filter((x) => x.stops.length > 0).map((x) => x.duration_s));
    expect(longest(shared)).toBeLessThan(longest(fewest));
  });

  it('a cost per route and per hour weighs routes against time (fixed cost in seconds at the hourly cost)', () => {
    const model = prepareDay({ ...day, settings: { costPerRoute: 60, costPerHour: 20 } });
    const problem = model.problem({ size: 7, durations: new Float64Array(49), distances: new Float64Array(49) });
    expect(problem.objective).toBe('cost');
    expect(problem.vehicles.every((v) => v.fixedCost === 3 * 3600)).toBe(true);
  });
});
