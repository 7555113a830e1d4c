import { describe, expect, it } from 'vitest';
import { routeBoard, type RouteBoardInput } from '../../src/domain/tracking/board';
import { createBoardCache } from '../../src/domain/tracking/boardCache';
import { madridTimeMs } from '../../src/domain/tracking/fromEntities';
import type { RoutePosition } from '../../src/domain/tracking/positions';
import { deliveryEvent, order, point, route, TODAY } from '../helpers/fixtures';

const NOW = madridTimeMs(TODAY, '10:00'); // a fixed instant of the fixtures' day, never «now»

/** `n` routes in progress, two stops each, with the same clock. */
function inputs(n: number, nowMs = NOW): RouteBoardInput[] {
  return Array.from({ length: n }, (_, i) => {
    const stops = [0, 1].map((s) => ({ point: `pe${i}-${s}`, orders: [`o${i}-${s}`] }));
    return {
      route: { ...route(`r${i}`, `rider${i}`, stops, 'in_progress'), code: `R-${String(i).padStart(3, '0')}` },
      orders: stops.map((s) => order(s.orders[0] as string, s.point, `r${i}`, 'out_for_delivery')),
      points: stops.map((s) => point(s.point)),
      hub: null,
      events: [],
      position: null,
      nowMs,
    };
  });
}

const at = (input: RouteBoardInput, changes: Partial<RouteBoardInput>): RouteBoardInput => ({ ...input, ...changes });

/** A cache over `routeBoard` that counts what it computes, per route. */
function counted() {
  const calls: string[] = [];
  const cache = createBoardCache((input) => {
    calls.push(input.route.id);
    return routeBoard(input);
  });
  return { cache, calls };
}

describe('createBoardCache (the live map keeps its boards between updates)', () => {
  it('computes every board the first time, as routeBoard does, in the inputs’ order', () => {
    const { cache, calls } = counted();
    const list = inputs(3);
    const first = cache.update(list);
    expect(calls).toEqual(['r0', 'r1', 'r2']);
    expect(first.computed).toBe(3);
    expect(first.stale).toBe(0);
    expect(first.boards.map((b) => b.route.id)).toEqual(['r0', 'r1', 'r2']);
    expect(first.boards[1]).toEqual(routeBoard(list[1] as RouteBoardInput));
  });

  it('gives the same board objects back when nothing changed (fresh arrays of the same documents too)', () => {
    const { cache, calls } = counted();
    const list = inputs(3);
    const first = cache.update(list);
    calls.length = 0;
    const again = cache.update(list.map((i) => ({ ...i, orders: [...i.orders], points: [...i.points], events: [] })));
    expect(calls).toEqual([]);
    expect(again.computed).toBe(0);
    again.boards.forEach((b, i) => expect(b).toBe(first.boards[i]));
  });

  it('computes again only the route whose position arrived', () => {
    const { cache, calls } = counted();
    const list = inputs(4);
    const first = cache.update(list);
    calls.length = 0;
    const position: RoutePosition = { route_id: 'r2', rider_id: 'rider2', at: NOW - 30_000, lat: 40.42, lng: -3.7, accuracy: 10, speed: 4 };
    const moved = list.map((i) => (i.route.id === 'r2' ? at(i, { position }) : i));
    const next = cache.update(moved, 60);
    expect(calls).toEqual(['r2']);
    expect(next.boards[2]?.position).toBe(position);
    expect(next.boards[2]?.positionAgeMs).toBe(30_000);
    expect(next.boards[0]).toBe(first.boards[0]);
    expect(next.boards[3]).toBe(first.boards[3]);
  });

  it('many positions at once (the half-minute poll) are spread like the clock, and go before it', () => {
    const { cache, calls } = counted();
    const list = inputs(4);
    cache.update(list);
    calls.length = 0;
    const positionOf = (i: RouteBoardInput): RoutePosition => ({ route_id: i.route.id, rider_id: i.route.rider_id, at: NOW, lat: 40.42, lng: -3.7, accuracy: 10, speed: 4 });
    // r1 and r3 moved; every route's clock ticked.
    const next = list.map((i) => at(i, { nowMs: NOW + 10_000, ...(i.route.id === 'r1' || i.route.id === 'r3' ? { position: positionOf(i) } : {}) }));
    const a = cache.update(next, 1);
    expect(calls).toEqual(['r1']);
    expect(a.stale).toBe(3);
    expect(a.boards[3]?.position).toBeNull();
    const b = cache.update(next, 1);
    expect(calls).toEqual(['r1', 'r3']);
    expect(b.boards[3]?.position).toEqual(positionOf(list[3] as RouteBoardInput));
    cache.update(next, 2);
    expect(calls).toEqual(['r1', 'r3', 'r0', 'r2']);
  });

  it('a changed document (the route, an order, a point, an event) computes that route again', () => {
    const { cache, calls } = counted();
    const list = inputs(3);
    cache.update(list);
    const base = list[1] as RouteBoardInput;
    const changes: Partial<RouteBoardInput>[] = [
      { route: { ...base.route } },
      { orders: [base.orders[0]!, { ...base.orders[1]!, window_end: '09:30' }] },
      { points: [base.points[0]!, { ...base.points[1]!, lat: 40.5 }] },
      { events: [deliveryEvent('e1', base.orders[0]!, 'rider1')] },
    ];
    for (const change of changes) {
      calls.length = 0;
      cache.update(list.map((i) => (i === base ? at(i, change) : i)));
      expect(calls).toEqual(['r1']);
      cache.update(list);
    }
  });

  it('after a clock tick brings the boards up to date a budget at a time, oldest first, until none is stale', () => {
    const { cache, calls } = counted();
    const list = inputs(5);
    cache.update(list);
    calls.length = 0;
    // Same documents (the cache compares them by identity): only the clock moved.
    const ticked = list.map((i) => at(i, { nowMs: NOW + 10_000 }));
    const a = cache.update(ticked, 2);
    expect(a.computed).toBe(2);
    expect(a.stale).toBe(3);
    expect(calls).toEqual(['r0', 'r1']);
    expect(a.boards.map((b) => b.route.id)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
    const b = cache.update(ticked, 2);
    expect(calls).toEqual(['r0', 'r1', 'r2', 'r3']);
    expect(b.stale).toBe(1);
    const c = cache.update(ticked, 2);
    expect(c.stale).toBe(0);
    expect(calls).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
    expect(cache.update(ticked, 2).computed).toBe(0);
  });

  it('a stale board keeps its older clock until its turn: its position’s age is the older one', () => {
    const { cache } = counted();
    const position: RoutePosition = { route_id: 'r1', rider_id: 'rider1', at: NOW - 5_000, lat: 40.42, lng: -3.7, accuracy: 10, speed: 4 };
    const list = inputs(2).map((i) => (i.route.id === 'r1' ? at(i, { position }) : i));
    cache.update(list);
    const ticked = list.map((i) => at(i, { nowMs: NOW + 10_000 }));
    expect(cache.update(ticked, 1).boards[1]?.positionAgeMs).toBe(5_000);
    expect(cache.update(ticked, 1).boards[1]?.positionAgeMs).toBe(15_000);
  });

  it('the budget counts the routes computed for their own documents first', () => {
    const { cache } = counted();
    const list = inputs(4);
    cache.update(list);
    const next = cache.update(
      list.map((i) => at(i, { nowMs: NOW + 10_000, ...(i.route.id === 'r3' ? { route: { ...i.route } } : {}) })),
      2,
    );
    expect(next.computed).toBe(2);
    expect(next.stale).toBe(2);
    // A changed document is computed even with no budget at all.
    const other = counted();
    other.cache.update(list);
    expect(other.cache.update(list.map((i) => (i.route.id === 'r0' ? at(i, { route: { ...i.route } }) : i)), 0).computed).toBe(1);
    expect(other.calls).toEqual(['r0', 'r1', 'r2', 'r3', 'r0']);
  });

  it('forgets a route no longer given (filtered out, completed): it is computed afresh when it comes back', () => {
    const { cache, calls } = counted();
    const list = inputs(3);
    const first = cache.update(list);
    cache.update(list.slice(0, 2));
    calls.length = 0;
    const back = cache.update(list);
    expect(calls).toEqual(['r2']);
    expect(back.boards[2]).not.toBe(first.boards[2]);
    expect(back.boards[2]).toEqual(first.boards[2]);
  });
});
