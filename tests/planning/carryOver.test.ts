import { describe, expect, it } from 'vitest';
import { CARRY_OVER_DAYS, carryOverFrom, carryOverOrders } from '../../src/domain/routing/carryOver';
import type { Order, Route } from '../../src/domain/entities/operation';
import type { DeliveryEvent } from '../../src/domain/entities/events';

function order(id: string, over: Partial<Order>): Order {
  return { id, code: id.toUpperCase(), date: '2026-11-23', hub: 1, status: 'pending', route_id: '' , ...over } as Order;
}

type Ev = Pick<DeliveryEvent, 'order_id' | 'kind' | 'at' | 'outcome'>;
const failed = (order_id: string, at: number, outcome: DeliveryEvent['outcome']): Ev => ({ order_id, kind: 'failed', at, outcome });

const routes = new Map<string, Pick<Route, 'status'>>([
  ['r-cancel', { status: 'cancelled' }],
  ['r-live', { status: 'planned' }],
  ['r-done', { status: 'completed' }],
]);

describe('re-planning carry-over', () => {
  it('looks back a week, across month ends', () => {
    expect(CARRY_OVER_DAYS).toBe(7);
    expect(carryOverFrom('2026-12-03')).toBe('2026-11-26');
    expect(carryOverFrom('2026-03-01', 1)).toBe('2026-02-28');
  });

  it('brings orders of a cancelled route and failed orders marked «reprogramar» to the next day', () => {
    const orders = [
      order('a', { route_id: 'r-cancel', status: 'planned' }),
      order('b', { route_id: '', status: 'pending' }),
      order('c', { route_id: 'r-done', status: 'failed' }),
      order('d', { route_id: 'r-done', status: 'failed' }),
      order('e', { route_id: 'r-done', status: 'delivered' }),
      order('f', { route_id: 'r-live', status: 'planned' }),
      order('g', { route_id: 'r-done', status: 'returned' }),
      order('h', { route_id: '', status: 'cancelled' }),
    ];
    const events = [failed('c', 10, 'reschedule'), failed('d', 10, 'return_to_hub')];
    const got = carryOverOrders('2026-11-24', 1, orders, routes, events);
    expect(got.map((c) => [c.order.id, c.reason])).toEqual([
      ['a', 'route_cancelled'],
      ['b', 'left_pending'],
      ['c', 'rescheduled'],
    ]);
  });

  it('judges a failed order by its last failure', () => {
    const orders = [order('c', { status: 'failed', route_id: 'r-done' }), order('d', { status: 'failed', route_id: 'r-done' })];
    const events: Ev[] = [
      failed('c', 10, 'reschedule'),
      failed('c', 20, 'return_to_hub'),
      failed('d', 20, 'reschedule'),
      failed('d', 10, 'return_to_hub'),
      { order_id: 'd', kind: 'signed', at: 30, outcome: '' },
    ];
    expect(carryOverOrders('2026-11-24', 1, orders, routes, events).map((c) => c.order.id)).toEqual(['d']);
    expect(carryOverOrders('2026-11-24', 1, [order('x', { status: 'failed' })], routes, [])).toEqual([]);
  });

  it('keeps to the hub and to the days before the planned day, within the window, sorted by day then code', () => {
    const orders = [
      order('o10', { date: '2026-11-22' }),
      order('o9', { date: '2026-11-23' }),
      order('o2', { date: '2026-11-22' }),
      order('other-hub', { hub: 2 }),
      order('same-day', { date: '2026-11-24' }),
      order('later', { date: '2026-11-25' }),
      order('too-old', { date: '2026-11-16' }),
      order('oldest', { date: '2026-11-17' }),
    ];
    expect(carryOverOrders('2026-11-24', 1, orders, routes, []).map((c) => c.order.id)).toEqual(['oldest', 'o2', 'o10', 'o9']);
  });
});
