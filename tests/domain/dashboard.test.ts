import { describe, expect, it } from 'vitest';
import { statusSections, summariseDay, type DayInput } from '../../src/domain/dashboard';
import type { DeliveryEvent } from '../../src/domain/entities/events';

const TODAY = '2026-11-22';

const collected = (route_id: string, method: DeliveryEvent['payment_method'], collected: number, change: number) => ({
  kind: 'collected' as const,
  route_id,
  payment_method: method,
  amount_collected_cents: collected,
  change_cents: change,
});

function input(over: Partial<DayInput> = {}): DayInput {
  return {
    today: TODAY,
    hub: null,
    orders: [
      { hub: 1, date: TODAY, status: 'delivered' },
      { hub: 1, date: TODAY, status: 'partially_delivered' },
      { hub: 1, date: TODAY, status: 'failed' },
      { hub: 1, date: TODAY, status: 'cancelled' },
      { hub: 2, date: TODAY, status: 'pending' },
      { hub: 2, date: '2026-11-23', status: 'pending' },
    ],
    routes: [
      { id: 'r1', hub: 1, date: TODAY, status: 'in_progress' },
      { id: 'r2', hub: 2, date: TODAY, status: 'ready' },
      { id: 'r-old', hub: 1, date: '2026-11-21', status: 'completed' },
    ],
    events: [
      collected('r1', 'cash', 5000, 1234), // keeps 37,66 €
      collected('r1', 'card', 2000, 0),
      collected('r2', 'cash', 1000, 0),
      collected('r-old', 'cash', 9999, 0), // another day's route
      { kind: 'delivered', route_id: 'r1', payment_method: '', amount_collected_cents: 0, change_cents: 0 },
    ],
    // The day's exceptions (their day is their route's): yesterday's is not counted.
    exceptions: [
      { hub: 1, day: TODAY },
      { hub: 2, day: TODAY },
      { hub: 1, day: '2026-11-21' },
    ],
    ...over,
  };
}

describe('summariseDay', () => {
  it('counts the whole operation of the day', () => {
    const s = summariseDay(input());
    expect(s.orders.total).toBe(5);
    expect(s.orders.byStatus.delivered).toBe(1);
    expect(s.orders.byStatus.pending).toBe(1);
    expect(s.routes.total).toBe(2);
    expect(s.routes.byStatus.in_progress).toBe(1);
    expect(s.routes.byStatus.completed).toBe(0);
    // delivered + partial over the orders that are not cancelled
    expect(s.delivered).toEqual({ done: 2, of: 4, share: 0.5 });
    expect(s.incidences).toBe(2);
    expect(s.cashCents).toBe(5000 - 1234 + 1000);
    expect(s.otherCollectedCents).toBe(2000);
  });

  it('keeps to one hub', () => {
    const s = summariseDay(input({ hub: 2 }));
    expect(s.orders.total).toBe(1);
    expect(s.routes.total).toBe(1);
    expect(s.delivered).toEqual({ done: 0, of: 1, share: 0 });
    expect(s.incidences).toBe(1);
    expect(s.cashCents).toBe(1000);
    expect(s.otherCollectedCents).toBe(0);
  });

  it('is all zeroes for a day without work', () => {
    const s = summariseDay(input({ today: '2027-01-01' }));
    expect(s.orders.total).toBe(0);
    expect(s.routes.total).toBe(0);
    expect(s.delivered).toEqual({ done: 0, of: 0, share: 0 });
    expect(s.cashCents).toBe(0);
    expect(s.incidences).toBe(0);
  });
});

describe('statusSections', () => {
  it('keeps the order given, drops empty statuses and gives percentages', () => {
    const sections = statusSections({ a: 1, b: 0, c: 3 }, ['c', 'b', 'a']);
    expect(sections).toEqual([
      { status: 'c', count: 3, percent: 75 },
      { status: 'a', count: 1, percent: 25 },
    ]);
  });

  it('is empty when there is nothing', () => {
    expect(statusSections({ a: 0 }, ['a'])).toEqual([]);
  });
});
