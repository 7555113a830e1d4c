/**
 * The pure code of what follows a route's write (src/domain/routing/follow.ts), shared by the
 * embedded server's push (server/rules.ts) and the Firebase route function
 * (functions/src/routeWrite.ts): the orders a route lists or drops, and a point's readers.
 */
import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/domain/entities/operation';
import { ordersFollowingRoute, pointRiders, stopPoints } from '../../src/domain/routing/follow';
import { order, route } from '../helpers/fixtures';

describe('a point’s readers', () => {
  it('are the riders of the live routes that stop there, each once, sorted', () => {
    const routes = [
      route('a', 'u-rider2', [{ point: 'p1', orders: [] }, { point: 'p2', orders: [] }]),
      route('b', 'u-rider1', [{ point: 'p1', orders: [] }]),
      route('c', 'u-rider1', [{ point: 'p1', orders: [] }]),
      route('d', 'u-rider3', [{ point: 'p2', orders: [] }], 'cancelled'),
      { ...route('e', 'u-rider4', [{ point: 'p2', orders: [] }]), _deleted: true },
      route('f', '', [{ point: 'p3', orders: [] }]),
    ];
    expect(Object.fromEntries(pointRiders(['p1', 'p2', 'p3', 'p9'], routes))).toEqual({ p1: ['u-rider1', 'u-rider2'], p2: ['u-rider2'], p3: [], p9: [] });
    expect([...stopPoints(routes[3] ?? null)]).toEqual([]);
  });
});

describe('orders follow a route’s stops', () => {
  const orders = new Map<string, Order>([
    ['o-pending', order('o-pending', 'p1', '', 'pending')],
    ['o-other', order('o-other', 'p1', 'r-other', 'planned')],
    ['o-picked', order('o-picked', 'p1', 'r-other', 'picked')],
    ['o-dropped', order('o-dropped', 'p1', 'r', 'planned')],
    ['o-moved', order('o-moved', 'p1', 'r-elsewhere', 'planned')],
  ]);
  const get = (id: string) => orders.get(id) ?? null;

  it('an order listed is taken unless picked; an order dropped goes back only if it is still the route’s', () => {
    const before = route('r', 'u-rider1', [{ point: 'p1', orders: ['o-dropped', 'o-moved'] }], 'planned');
    const after = route('r', 'u-rider1', [{ point: 'p1', orders: ['o-pending', 'o-other', 'o-picked', 'o-missing'] }], 'planned');
    const out = ordersFollowingRoute(before, after, get, () => 99);
    expect(out.map((o) => [o.id, o.route_id, o.status, o.updated_at])).toEqual([
      ['o-pending', 'r', 'planned', 99],
      ['o-other', 'r', 'planned', 99],
      ['o-dropped', '', 'pending', 99],
    ]);
  });

  it('a cancelled route lists nothing', () => {
    const before = route('r', 'u-rider1', [{ point: 'p1', orders: ['o-dropped'] }], 'planned');
    const out = ordersFollowingRoute(before, { ...before, status: 'cancelled' }, get, () => 5);
    expect(out.map((o) => [o.id, o.status])).toEqual([['o-dropped', 'pending']]);
  });
});
