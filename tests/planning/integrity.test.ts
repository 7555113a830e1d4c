/** The planning's invariants (src/domain/routing/integrity.ts): problems found and repaired. */
import { describe, expect, it } from 'vitest';
import { dayProblems, problemKey, problemMessage, problemNames, repairDay } from '../../src/domain/routing/integrity';
import { domainText } from '../../src/i18n/domain';
import type { Order, Route } from '../../src/domain/entities/operation';
import { order, route, TODAY } from '../helpers/fixtures';

const day = { date: TODAY, hub: 1 };
const planned = (id: string, point: string, routeId: string): Order => order(id, point, routeId, 'planned');
const draft = (id: string, stops: { point: string; orders: string[] }[], status: Route['status'] = 'draft'): Route => route(id, '', stops, status);

describe('dayProblems', () => {
  it('finds nothing in a consistent day', () => {
    const routes = [draft('r1', [{ point: 'pa', orders: ['o1', 'o2'] }]), draft('r2', [{ point: 'pb', orders: ['o3'] }])];
    const orders = [planned('o1', 'pa', 'r1'), planned('o2', 'pa', 'r1'), planned('o3', 'pb', 'r2'), order('o4', 'pc', '', 'pending')];
    expect(dayProblems(day, routes, orders)).toEqual([]);
  });

  it('finds the corruption an interrupted save left (issue 27): planned orders no route lists, an order on two routes, a link to the wrong route', () => {
    const routes = [draft('r1', [{ point: 'pa', orders: ['o1'] }, { point: 'pb', orders: ['o2'] }]), draft('r2', [{ point: 'pb', orders: ['o2', 'o3'] }])];
    const orders = [planned('o1', 'pa', 'r1'), planned('o2', 'pb', 'r1'), planned('o3', 'pb', 'r1'), planned('o9', 'pc', 'r1')];
    const kinds = dayProblems(day, routes, orders).map(problemKey).sort();
    expect(kinds).toEqual(['order_twice:o2', 'order_unrouted:o9', 'route_id_mismatch:o2:r2', 'route_id_mismatch:o3:r2'].sort());
  });

  it('reports a missing order only when asked (a device may still be syncing it)', () => {
    const routes = [draft('r1', [{ point: 'pa', orders: ['o1', 'ghost'] }])];
    const orders = [planned('o1', 'pa', 'r1')];
    expect(dayProblems(day, routes, orders).map(problemKey)).toEqual(['order_missing:ghost:r1']);
    expect(dayProblems(day, routes, orders, { missingIsProblem: false })).toEqual([]);
  });

  it('keeps a route under way or done as history, and a cancelled route’s orders wait for the carry-over', () => {
    const done = route('r1', 'u1', [{ point: 'pa', orders: ['o1'] }], 'completed');
    const carried = { ...order('o1', 'pa', '', 'pending'), date: '2026-11-23' };
    const cancelled = { ...route('r2', 'u1', [], 'cancelled'), cancel_reason: 'lluvia' };
    const waiting = order('o2', 'pb', 'r2', 'picked');
    expect(dayProblems(day, [done, cancelled], [carried, waiting])).toEqual([]);
  });

  it('words a problem with codes and names, never ids', () => {
    const routes = [draft('r1', [{ point: 'pa', orders: ['o1'] }]), draft('r2', [{ point: 'pa', orders: ['o1'] }])];
    const orders = [planned('o1', 'pa', 'r1')];
    const [p] = dayProblems(day, routes, orders).filter((x) => x.kind === 'order_twice');
    const text = domainText(problemMessage(p as NonNullable<typeof p>, problemNames(routes, orders)));
    expect(text).toContain('P-o1');
    expect(text).toContain('Ruta r1');
    expect(text).not.toMatch(/«o1»/);
  });
});

describe('repairDay', () => {
  it('settles every problem of a corrupted day in one set of writes, and the day is then clean', () => {
    const routes = [
      draft('r1', [{ point: 'pa', orders: ['o1'] }, { point: 'pb', orders: ['o2'] }]),
      draft('r2', [{ point: 'pb', orders: ['o2', 'o3'] }, { point: 'pz', orders: ['ghost'] }]),
      route('r3', 'u1', [{ point: 'pd', orders: ['o5'] }], 'picking'),
    ];
    const orders = [planned('o1', 'pa', 'r1'), planned('o2', 'pb', 'r1'), planned('o3', 'pb', 'r1'), planned('o9', 'pc', 'r1'), { ...order('o5', 'pd', 'r3', 'picking') }, order('o6', 'pe', 'r3', 'picking')];
    const fix = repairDay(day, routes, orders);
    const after = (list: readonly { id: string }[], writes: readonly { id: string }[]) => list.map((d) => writes.find((w) => w.id === d.id) ?? d);
    const routesAfter = after(routes, fix.routes) as Route[];
    const ordersAfter = after(orders, fix.orders) as Order[];
    expect(dayProblems(day, routesAfter, ordersAfter)).toEqual([]);
    expect(fix.left).toEqual([]);
    // o2 stays where its route_id says; o9 goes back to «Pendiente»; o6 (picking) goes back on its route.
    expect(routesAfter.find((r) => r.id === 'r2')?.stops.flatMap((s) => s.order_ids)).toEqual(['o3']);
    expect(ordersAfter.find((o) => o.id === 'o9')).toMatchObject({ status: 'pending', route_id: '' });
    expect(ordersAfter.find((o) => o.id === 'o3')).toMatchObject({ status: 'planned', route_id: 'r2' });
    expect(routesAfter.find((r) => r.id === 'r3')?.stops.flatMap((s) => s.order_ids)).toEqual(['o5', 'o6']);
  });

  it('writes nothing for a clean day', () => {
    const routes = [draft('r1', [{ point: 'pa', orders: ['o1'] }])];
    const fix = repairDay(day, routes, [planned('o1', 'pa', 'r1')]);
    expect(fix).toEqual({ routes: [], orders: [], left: [] });
  });

  it('leaves to a person an order past planning whose route is gone', () => {
    const fix = repairDay(day, [], [order('o1', 'pa', 'r-gone', 'picked')]);
    expect(fix.left.map(problemKey)).toEqual(['order_unrouted:o1']);
  });
});
