/** Left-out orders of a proposal: a new route for them, or forced onto a route (issue 27 §2). */
import { describe, expect, it } from 'vitest';
import { forceIntoRoute, withNewRoute } from '../../src/domain/routing/proposal';
import type { DayPlanResult } from '../../src/domain/routing/day';
import { msg } from '../../src/domain/messages';

function proposal(): DayPlanResult {
  const stop = (p: string, ids: string[], seq: number) => ({ seq, delivery_point_id: p, order_ids: ids, eta: '09:00', arrival_s: 0, start_s: 0, departure_s: 0, waiting_s: 0, late_s: 0, window_start: '09:00', window_end: '12:00', lock: 'none' as const });
  const load = { weight_g: 0, volume_ml: 0, boxes: 0 };
  return {
    routes: [{ route_id: 'r1', rider_id: 'u1', bike_id: 'b1', planned_start: '08:00', end: '12:00', start_s: 0, end_s: 0, stops: [stop('pa', ['o1'], 1), stop('pb', ['o2'], 2)], distance_m: 1, duration_s: 1, travel_s: 1, waiting_s: 0, load, capacity: load, warnings: [] }],
    unplanned: [
      { delivery_point_id: 'pb', order_ids: ['o3'], reason: 'capacity', message: msg('domain.routing.overWeight', {}) },
      { delivery_point_id: 'pc', order_ids: ['o4', 'o5'], reason: 'time_window', message: msg('domain.routing.late', {}) },
    ],
    warnings: [],
    summary: { routes: 1, stops: 2, orders: 2, distance_m: 1, duration_s: 1, travel_s: 1 },
    travel: 'estimate',
  } as unknown as DayPlanResult;
}

const all = (r: DayPlanResult) => [...r.routes.flatMap((x) => x.stops.flatMap((s) => s.order_ids)), ...r.unplanned.flatMap((u) => u.order_ids)].sort();

describe('left-out orders', () => {
  it('go onto a new route of their own, and nothing is lost', () => {
    const before = proposal();
    const after = withNewRoute(before, 1, '08:00');
    expect(after.unplanned.map((u) => u.delivery_point_id)).toEqual(['pb']);
    expect(after.routes.at(-1)).toMatchObject({ route_id: null, rider_id: '', bike_id: '', stops: [{ seq: 1, delivery_point_id: 'pc', order_ids: ['o4', 'o5'] }] });
    expect(all(after)).toEqual(all(before));
  });

  it('forced onto a route, join its stop of the same point, else go last', () => {
    const joined = forceIntoRoute(proposal(), 0, 0);
    expect(joined.routes[0]?.stops.map((s) => s.order_ids)).toEqual([['o1'], ['o2', 'o3']]);
    const last = forceIntoRoute(proposal(), 1, 0);
    expect(last.routes[0]?.stops.map((s) => [s.seq, s.delivery_point_id])).toEqual([[1, 'pa'], [2, 'pb'], [3, 'pc']]);
    expect(all(last)).toEqual(all(proposal()));
    expect(() => forceIntoRoute(proposal(), 5, 0)).toThrow(RangeError);
  });
});
