import { describe, expect, it } from 'vitest';
import { deliveryDayOf, exceptionCounts, exceptionsOfDay, followUpSubject, isCashDifference, type ExceptionSources } from '../../src/domain/incidences/exceptions';
import { summariseDay } from '../../src/domain/dashboard';

const DAY = '2026-03-28';
// Madrid is UTC+1 on 2026-03-28 (its clocks go forward at 01:00 UTC on the 29th).
const at = (iso: string) => Date.parse(iso);

const routes = [
  { id: 'rt-a', date: DAY, hub: 1 },
  { id: 'rt-b', date: DAY, hub: 2 },
  { id: 'rt-prev', date: '2026-03-27', hub: 1 },
  { id: 'rt-next', date: '2026-03-29', hub: 1 },
];
const orders = [
  { id: 'o-1', date: DAY, hub: 1 },
  { id: 'o-2', date: DAY, hub: 2 },
  { id: 'o-3', date: '2026-03-29', hub: 1 },
];

function failed(id: string, route_id: string, when: string, over: Record<string, unknown> = {}) {
  return {
    id,
    kind: 'failed' as const,
    at: at(when),
    order_id: 'o-1',
    route_id,
    rider_id: 'u-r1',
    delivery_point_id: 'dp-1',
    created_by: 'u-r1',
    reason_status_id: 'st-closed',
    outcome: 'return_to_hub' as const,
    note: 'Persiana bajada',
    photo_file: `deliveries/u-r1/${id}.jpg`,
    ...over,
  };
}

function incidence(id: string, kind: 'picker-product' | 'delivery-product' | 'picker-error' | 'follow-up', route_id: string, order_id = 'o-1', hub = 1) {
  return { id, kind, at: at('2026-03-28T08:00:00Z'), type: 'missing' as const, order_id, product_id: 'p-1', route_id, delivery_point_id: 'dp-1', hub, created_by: 'u-op', quantity: 2, note: '', photo_file: '' };
}

function handover(id: string, route_id: string, expected: number, counted: number, status: 'collected' | 'handed_over' | 'reconciled' = 'handed_over') {
  return { id, kind: 'cash-handover', route_id, rider_id: 'u-r1', hub: 1, date: DAY, status, expected_cents: expected, counted_cents: counted, reason: 'Faltan 5 €', recorded_by: 'u-op', recorded_at: at('2026-03-28T18:00:00Z') };
}

const none: ExceptionSources = { routes, orders, deliveries: [], incidences: [], payments: [] };

describe('exceptionsOfDay', () => {
  it('lists a failed delivery with its reason, note, photo, order, route and point', () => {
    const list = exceptionsOfDay({ ...none, deliveries: [failed('fail-o-1-1', 'rt-a', '2026-03-28T10:00:00Z')] }, { day: DAY, hub: null });
    expect(list).toEqual([
      expect.objectContaining({
        id: 'fail-o-1-1',
        kind: 'failed_delivery',
        day: DAY,
        hub: 1,
        route_id: 'rt-a',
        order_id: 'o-1',
        delivery_point_id: 'dp-1',
        reason_status_id: 'st-closed',
        outcome: 'return_to_hub',
        note: 'Persiana bajada',
        photo_file: 'deliveries/u-r1/fail-o-1-1.jpg',
      }),
    ]);
  });

  it('counts a failed delivery once per event: the same event twice is one, a second failed attempt is another', () => {
    const first = failed('fail-o-1-1', 'rt-a', '2026-03-28T10:00:00Z');
    const again = failed('fail-o-1-2', 'rt-a', '2026-03-28T12:00:00Z');
    const list = exceptionsOfDay({ ...none, deliveries: [first, { ...first }, again] }, { day: DAY, hub: null });
    expect(list.map((e) => e.id)).toEqual(['fail-o-1-2', 'fail-o-1-1']);
  });

  it('leaves out delivery events that are not failures', () => {
    const delivered = { ...failed('dlv-o-1', 'rt-a', '2026-03-28T10:00:00Z'), kind: 'delivered' as const };
    const collected = { ...failed('col-o-1', 'rt-a', '2026-03-28T10:00:00Z'), kind: 'collected' as const };
    expect(exceptionsOfDay({ ...none, deliveries: [delivered, collected] }, { day: DAY, hub: null })).toEqual([]);
  });

  it('files a record under its route’s delivery day, not the day it was recorded, at both edges of the day', () => {
    const deliveries = [
      // 00:30 in Madrid on the 28th (23:30 UTC on the 27th) on the 27th's late round: the 27th.
      failed('late-prev', 'rt-prev', '2026-03-27T23:30:00Z'),
      // 23:59 in Madrid on the 28th, on the 28th's route: the 28th.
      failed('last-minute', 'rt-a', '2026-03-28T22:59:00Z'),
      // 00:10 in Madrid on the 29th (23:10 UTC on the 28th) on a 28th route: still the 28th.
      failed('after-midnight', 'rt-a', '2026-03-28T23:10:00Z'),
      // Recorded on the 28th (a test round the evening before) for the 29th's route: the 29th.
      failed('early-next', 'rt-next', '2026-03-28T19:00:00Z'),
    ];
    expect(exceptionsOfDay({ ...none, deliveries }, { day: DAY, hub: null }).map((e) => e.id).sort()).toEqual(['after-midnight', 'last-minute']);
    expect(exceptionsOfDay({ ...none, deliveries }, { day: '2026-03-27', hub: null }).map((e) => e.id)).toEqual(['late-prev']);
    expect(exceptionsOfDay({ ...none, deliveries }, { day: '2026-03-29', hub: null }).map((e) => e.id)).toEqual(['early-next']);
  });

  it('leaves out a record whose route is not known (it has no day)', () => {
    expect(exceptionsOfDay({ ...none, deliveries: [failed('x', 'rt-gone', '2026-03-28T10:00:00Z')] }, { day: DAY, hub: null })).toEqual([]);
  });

  it('joins picking shortfalls and product incidences at the door, each with its kind; picker errors and follow-ups are not exceptions', () => {
    const list = exceptionsOfDay(
      {
        ...none,
        incidences: [incidence('i-pick', 'picker-product', 'rt-a'), incidence('i-door', 'delivery-product', 'rt-a'), incidence('i-err', 'picker-error', 'rt-a'), incidence('fu-1', 'follow-up', 'rt-a')],
      },
      { day: DAY, hub: null },
    );
    expect(list.map((e) => [e.id, e.kind, e.type, e.product_id, e.quantity]).sort()).toEqual([
      ['i-door', 'delivery_product', 'missing', 'p-1', 2],
      ['i-pick', 'picking_shortfall', 'missing', 'p-1', 2],
    ]);
  });

  it('files a picking incidence recorded before its order had a route under its order’s day; one found twice counts once', () => {
    const early = incidence('i-early', 'picker-product', '', 'o-1');
    const tomorrow = incidence('i-tomorrow', 'picker-product', '', 'o-3');
    const list = exceptionsOfDay({ ...none, incidences: [early, early, tomorrow] }, { day: DAY, hub: null });
    expect(list.map((e) => [e.id, e.day, e.route_id])).toEqual([['i-early', DAY, '']]);
  });

  it('lists cash counted with a difference (short or over), not a matching count or a count still open', () => {
    const payments = [
      handover('ho-short', 'rt-a', 10_000, 9_500),
      handover('ho-over', 'rt-b', 10_000, 10_200, 'reconciled'),
      handover('ho-even', 'rt-a', 10_000, 10_000),
      handover('ho-open', 'rt-a', 10_000, 0, 'collected'),
      { kind: 'order', id: 'pay-o-1' },
    ];
    const list = exceptionsOfDay({ ...none, payments }, { day: DAY, hub: null });
    expect(list.map((e) => [e.id, e.kind, e.difference_cents, e.order_id, e.note]).sort()).toEqual([
      ['ho-over', 'cash_difference', 200, '', 'Faltan 5 €'],
      ['ho-short', 'cash_difference', -500, '', 'Faltan 5 €'],
    ]);
    expect(isCashDifference({ status: 'collected', counted_cents: 1, expected_cents: 2 })).toBe(false);
  });

  it('keeps to one hub (the route’s) and sorts newest first', () => {
    const sources: ExceptionSources = {
      ...none,
      deliveries: [failed('f-a', 'rt-a', '2026-03-28T09:00:00Z'), failed('f-b', 'rt-b', '2026-03-28T11:00:00Z', { order_id: 'o-2' })],
      incidences: [incidence('i-b', 'delivery-product', 'rt-b', 'o-2', 2)],
    };
    expect(exceptionsOfDay(sources, { day: DAY, hub: 2 }).map((e) => e.id)).toEqual(['f-b', 'i-b']);
    expect(exceptionsOfDay(sources, { day: DAY, hub: 1 }).map((e) => e.id)).toEqual(['f-a']);
    expect(exceptionsOfDay(sources, { day: DAY, hub: null }).map((e) => e.id)).toEqual(['f-b', 'f-a', 'i-b']);
  });

  it('counts by kind, and Home counts the same exceptions of the day', () => {
    const sources: ExceptionSources = {
      ...none,
      deliveries: [failed('f-a', 'rt-a', '2026-03-28T09:00:00Z'), failed('f-prev', 'rt-prev', '2026-03-28T00:30:00Z')],
      incidences: [incidence('i-pick', 'picker-product', 'rt-a'), incidence('i-door', 'delivery-product', 'rt-b', 'o-2', 2)],
      payments: [handover('ho-short', 'rt-a', 10_000, 9_500)],
    };
    const list = exceptionsOfDay(sources, { day: DAY, hub: null });
    expect(exceptionCounts(list)).toEqual({ failed_delivery: 1, picking_shortfall: 1, delivery_product: 1, cash_difference: 1, total: 4 });
    const home = (hub: number | null) => summariseDay({ today: DAY, hub, orders: [], routes: [], events: [], exceptions: list }).incidences;
    expect([home(null), home(1), home(2)]).toEqual([4, 3, 1]);
  });
});

describe('followUpSubject', () => {
  it('names the failed event, its order, route, point and hub; the stored shape’s product is the one given', () => {
    const [e] = exceptionsOfDay({ ...none, deliveries: [failed('fail-o-1-1', 'rt-a', '2026-03-28T10:00:00Z')] }, { day: DAY, hub: null });
    expect(followUpSubject(e!, 'p-9')).toEqual(
      expect.objectContaining({ id: 'fail-o-1-1', order_id: 'o-1', route_id: 'rt-a', delivery_point_id: 'dp-1', hub: 1, product_id: 'p-9', type: 'other' }),
    );
  });

  it('keeps an incidence’s own product and type; a cash difference has none', () => {
    const [i] = exceptionsOfDay({ ...none, incidences: [incidence('i-door', 'delivery-product', 'rt-a')] }, { day: DAY, hub: null });
    expect(followUpSubject(i!, 'p-9')).toEqual(expect.objectContaining({ id: 'i-door', kind: 'delivery-product', product_id: 'p-1', type: 'missing', quantity: 2 }));
    const [c] = exceptionsOfDay({ ...none, payments: [handover('ho', 'rt-a', 1, 2)] }, { day: DAY, hub: null });
    expect(followUpSubject(c!, 'p-9')).toBeNull();
  });
});

describe('deliveryDayOf', () => {
  it('is the route’s day, or the order’s without a route, or unknown', () => {
    const r = new Map(routes.map((x) => [x.id, x]));
    const o = new Map(orders.map((x) => [x.id, x]));
    expect(deliveryDayOf({ route_id: 'rt-next', order_id: 'o-1' }, r, o)).toBe('2026-03-29');
    expect(deliveryDayOf({ route_id: '', order_id: 'o-3' }, r, o)).toBe('2026-03-29');
    expect(deliveryDayOf({ route_id: 'rt-gone', order_id: 'o-1' }, r, o)).toBeUndefined();
    expect(deliveryDayOf({ route_id: '', order_id: 'o-gone' }, r, o)).toBeUndefined();
  });
});
