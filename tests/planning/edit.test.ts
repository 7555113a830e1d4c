import { describe, expect, it } from 'vitest';
import { addOrdersToStops, canInsertStopAt, canMoveStop, canPlaceStop, insertOrdersAt, placeStopAt, isLocatedPoint, lockStopAt, moveStopBy, ordersWithoutLocation, placePointPatch, nextRouteCode, publishProblems, removeOrdersFromStops, removeStopAt, withTimes } from '../../src/domain/routing/edit';
import type { RouteStop } from '../../src/domain/entities/operation';
// The catalogue words the domain's messages (Spanish, the default language).
import '../../src/i18n';

const stops: RouteStop[] = [
  { seq: 1, delivery_point_id: 'pa', order_ids: ['o1'], eta: '09:00' },
  { seq: 2, delivery_point_id: 'pb', order_ids: ['o2', 'o3'], eta: '09:20' },
  { seq: 3, delivery_point_id: 'pc', order_ids: ['o4'], eta: '09:40' },
];

describe('route stop edits', () => {
  it('adds orders to the stop of their point, else as new stops at the end, numbered 1…n', () => {
    const next = addOrdersToStops(stops, [
      { id: 'o5', delivery_point_id: 'pb' },
      { id: 'o6', delivery_point_id: 'pd' },
      { id: 'o1', delivery_point_id: 'pa' },
    ]);
    expect(next.map((s) => [s.seq, s.delivery_point_id, s.order_ids])).toEqual([
      [1, 'pa', ['o1']],
      [2, 'pb', ['o2', 'o3', 'o5']],
      [3, 'pc', ['o4']],
      [4, 'pd', ['o6']],
    ]);
    expect(stops[1]?.order_ids, 'the input is not changed').toEqual(['o2', 'o3']);
  });

  it('moves a stop up or down and keeps the ends', () => {
    expect(moveStopBy(stops, 2, -1).map((s) => [s.seq, s.delivery_point_id])).toEqual([
      [1, 'pb'],
      [2, 'pa'],
      [3, 'pc'],
    ]);
    expect(moveStopBy(stops, 3, 1).map((s) => s.delivery_point_id)).toEqual(['pa', 'pb', 'pc']);
    expect(moveStopBy(stops, 1, -1).map((s) => s.delivery_point_id)).toEqual(['pa', 'pb', 'pc']);
  });

  it('never moves a stop locked in place, nor another stop into its place', () => {
    const locked = lockStopAt(stops, 2, 'position');
    expect(canMoveStop(locked, 2, -1)).toBe(false);
    expect(canMoveStop(locked, 2, 1)).toBe(false);
    expect(canMoveStop(locked, 1, 1), 'stop 1 would take the locked place').toBe(false);
    expect(canMoveStop(locked, 3, -1)).toBe(false);
    expect(moveStopBy(locked, 1, 1).map((s) => s.delivery_point_id)).toEqual(['pa', 'pb', 'pc']);
    expect(moveStopBy(locked, 3, -1).map((s) => s.delivery_point_id)).toEqual(['pa', 'pb', 'pc']);
    const routeLocked = lockStopAt(stops, 2, 'route');
    expect(canMoveStop(routeLocked, 2, 1), 'a stop kept on its route may still change place').toBe(true);
    expect(moveStopBy(routeLocked, 2, 1).map((s) => s.delivery_point_id)).toEqual(['pa', 'pc', 'pb']);
    expect(canMoveStop(stops, 1, -1)).toBe(false);
    expect(canMoveStop(stops, 3, 1)).toBe(false);
    expect(canMoveStop(stops, 9, -1)).toBe(false);
  });

  it('removes a stop and returns its orders; removing orders drops emptied stops', () => {
    const { stops: left, orderIds } = removeStopAt(stops, 2);
    expect(orderIds).toEqual(['o2', 'o3']);
    expect(left.map((s) => [s.seq, s.delivery_point_id])).toEqual([
      [1, 'pa'],
      [2, 'pc'],
    ]);
    expect(removeStopAt(stops, 9).orderIds).toEqual([]);
    expect(removeOrdersFromStops(stops, ['o1', 'o3']).map((s) => [s.seq, s.order_ids])).toEqual([
      [1, ['o2']],
      [2, ['o4']],
    ]);
  });

  it('takes the ETAs of an evaluation of the same stops', () => {
    const timed = withTimes(stops, [
      { delivery_point_id: 'pb', order_ids: ['o3', 'o2'], eta: '10:05' },
      { delivery_point_id: 'pa', order_ids: ['o1'], eta: '09:45' },
    ]);
    expect(timed.map((s) => s.eta)).toEqual(['09:45', '10:05', '09:40']);
  });

  it('names what keeps a route from being published', () => {
    expect(publishProblems({ name: 'R1', status: 'draft', rider_id: 'u1', stops })).toEqual([]);
    const problems = publishProblems({ name: 'R1', status: 'planned', rider_id: '', stops: [] });
    expect(problems.map((p) => p.path)).toEqual(['status', 'rider_id', 'stops']);
    expect(problems[1]?.message).toBe('La ruta «R1» no tiene repartidor');
  });

  it('numbers new route codes after the highest of the day and hub', () => {
    expect(nextRouteCode('2026-11-24', 1, [])).toBe('R-20261124-H1-1');
    expect(nextRouteCode('2026-11-24', 1, ['R-20261124-H1-2', 'R-20261124-H1-10', 'R-20261124-H2-40', 'R-20261124-MAD1-3'])).toBe('R-20261124-H1-11');
  });
});

describe('stop locks', () => {
  it('locks and frees one stop, and every edit keeps the locks of the other stops', () => {
    const locked = lockStopAt(stops, 2, 'position');
    expect(locked.map((s) => s.lock)).toEqual([undefined, 'position', undefined]);
    expect(lockStopAt(locked, 2, 'route')[1]?.lock).toBe('route');
    expect(lockStopAt(locked, 2, 'none')[1]).toEqual(stops[1]);
    expect(lockStopAt(stops, 9, 'position'), 'no such stop').toEqual(stops);
    expect(moveStopBy(lockStopAt(stops, 2, 'route'), 2, 1).map((s) => [s.delivery_point_id, s.lock])).toEqual([
      ['pa', undefined],
      ['pc', undefined],
      ['pb', 'route'],
    ]);
    expect(removeStopAt(locked, 1).stops[0]).toMatchObject({ seq: 1, delivery_point_id: 'pb', lock: 'position' });
    expect(addOrdersToStops(locked, [{ id: 'o9', delivery_point_id: 'pb' }])[1]).toMatchObject({ order_ids: ['o2', 'o3', 'o9'], lock: 'position' });
  });
});

describe('points «sin ubicación»', () => {
  const points = new Map([
    ['pa', { located: true }],
    ['pb', { located: false }],
    ['pc', {}],
  ]);

  it('a point is located unless marked «sin ubicación» or missing', () => {
    expect(isLocatedPoint({ located: true })).toBe(true);
    expect(isLocatedPoint({})).toBe(true);
    expect(isLocatedPoint({ located: false })).toBe(false);
    expect(isLocatedPoint(undefined)).toBe(false);
  });

  it('names the orders whose point is «sin ubicación», in order (unknown points are not judged)', () => {
    const orders = [
      { id: 'o1', delivery_point_id: 'pa' },
      { id: 'o2', delivery_point_id: 'pb' },
      { id: 'o3', delivery_point_id: 'pc' },
      { id: 'o4', delivery_point_id: 'pz' },
      { id: 'o5', delivery_point_id: 'pb' },
    ];
    expect(ordersWithoutLocation(orders, points).map((o) => o.id)).toEqual(['o2', 'o5']);
    expect(ordersWithoutLocation(orders.slice(0, 1), points)).toEqual([]);
  });

  it('placing a point needs a latitude and a longitude on Earth, and locates it', () => {
    expect(placePointPatch(40.42, -3.7)).toEqual({ ok: true, patch: { lat: 40.42, lng: -3.7, located: true } });
    expect(placePointPatch(-90, 180)).toEqual({ ok: true, patch: { lat: -90, lng: 180, located: true } });
    expect(placePointPatch(91, 0)).toEqual({ ok: false, field: 'lat' });
    expect(placePointPatch(Number.NaN, 0)).toEqual({ ok: false, field: 'lat' });
    expect(placePointPatch('40', 0)).toEqual({ ok: false, field: 'lat' });
    expect(placePointPatch(40, -180.5)).toEqual({ ok: false, field: 'lng' });
    expect(placePointPatch(40, Number.POSITIVE_INFINITY)).toEqual({ ok: false, field: 'lng' });
    expect(placePointPatch(40, null)).toEqual({ ok: false, field: 'lng' });
  });
});

describe('dragging stops', () => {
  const five: RouteStop[] = ['pa', 'pb', 'pc', 'pd', 'pe'].map((p, i) => ({ seq: i + 1, delivery_point_id: p, order_ids: [`o${i + 1}`], eta: `09:${10 + i}` }));
  const points = (list: readonly RouteStop[]) => list.map((s) => s.delivery_point_id).join('');

  it('drags a stop to another place of its route, down or up, renumbered 1…n', () => {
    expect(points(placeStopAt(five, 1, 4))).toBe('pbpcpdpape');
    expect(points(placeStopAt(five, 5, 2))).toBe('papepbpcpd');
    expect(placeStopAt(five, 5, 2).map((s) => s.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(placeStopAt(five, 5, 2)[1]).toMatchObject({ delivery_point_id: 'pe', order_ids: ['o5'], eta: '09:14' });
  });

  it('refuses a drop on its own place, out of the route, of a locked stop, or across a stop locked in place', () => {
    expect(canPlaceStop(five, 2, 2)).toBe(false);
    expect(canPlaceStop(five, 2, 0)).toBe(false);
    expect(canPlaceStop(five, 2, 6)).toBe(false);
    expect(canPlaceStop(five, 9, 1)).toBe(false);
    const locked = lockStopAt(five, 3, 'position');
    expect(canPlaceStop(locked, 3, 1)).toBe(false);
    expect(canPlaceStop(locked, 1, 4), 'stop 3 would become 2').toBe(false);
    expect(canPlaceStop(locked, 5, 3), 'stop 3 would become 4').toBe(false);
    expect(canPlaceStop(locked, 1, 2)).toBe(true);
    expect(canPlaceStop(locked, 5, 4)).toBe(true);
    expect(points(placeStopAt(locked, 1, 4)), 'a refused drag changes nothing').toBe('papbpcpdpe');
    expect(canPlaceStop(lockStopAt(five, 2, 'route'), 2, 1), 'a stop locked to its route is not dragged either').toBe(false);
  });

  it('keeps every stop, and every stop locked in place at its number, whatever the drag', () => {
    const locked = lockStopAt(lockStopAt(five, 2, 'position'), 5, 'position');
    for (let seq = 1; seq <= 5; seq += 1) {
      for (let to = 1; to <= 5; to += 1) {
        const next = placeStopAt(locked, seq, to);
        expect([...next.map((s) => s.delivery_point_id)].sort()).toEqual(['pa', 'pb', 'pc', 'pd', 'pe']);
        expect(next[1]?.delivery_point_id).toBe('pb');
        expect(next[4]?.delivery_point_id).toBe('pe');
      }
    }
  });

  it('drops a stop of another route at a place, or into the stop of its point when the route visits it', () => {
    expect(points(insertOrdersAt(five, [{ id: 'x1', delivery_point_id: 'px' }, { id: 'x2', delivery_point_id: 'px' }], 2, '10:00'))).toBe('papxpbpcpdpe');
    expect(insertOrdersAt(five, [{ id: 'x1', delivery_point_id: 'px' }], 6, '10:00').at(-1)).toEqual({ seq: 6, delivery_point_id: 'px', order_ids: ['x1'], eta: '10:00' });
    const joined = insertOrdersAt(five, [{ id: 'x1', delivery_point_id: 'pc' }], 1, '10:00');
    expect(points(joined)).toBe('papbpcpdpe');
    expect(joined[2]?.order_ids).toEqual(['o3', 'x1']);
  });

  it('refuses a new stop that would shift a stop locked in place, or one out of the route', () => {
    const locked = lockStopAt(five, 4, 'position');
    expect(canInsertStopAt(locked, 'px', 4)).toBe(false);
    expect(canInsertStopAt(locked, 'px', 5)).toBe(true);
    expect(canInsertStopAt(locked, 'px', 7)).toBe(false);
    expect(canInsertStopAt(locked, 'pa', 1), 'joining a stop shifts nothing').toBe(true);
    expect(points(insertOrdersAt(locked, [{ id: 'x1', delivery_point_id: 'px' }], 2, '10:00'))).toBe('papbpcpdpe');
  });
});
