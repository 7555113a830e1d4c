import { describe, expect, it } from 'vitest';
import type { Payment } from '../../src/domain/entities/operation';
import { recordHandover, reconcileHandover } from '../../src/domain/payments/handover';
import { detailsStatusOf, filterPaymentRows, NO_FILTER, paymentDifferenceCents, paymentRows, paymentTotals, riderCashDay } from '../../src/domain/payments/list';
import { T0, TODAY } from '../helpers/fixtures';

function pay(id: string, over: Partial<Payment> = {}): Payment {
  return {
    id: `pay-${id}`,
    kind: 'order',
    order_id: id,
    route_id: 'r1',
    rider_id: 'u-rider1',
    method: 'cash',
    amount_due_cents: 10_00,
    amount_collected_cents: 10_00,
    status: 'collected',
    status_id: '',
    collected_at: T0,
    reviewed_by: '',
    note: '',
    updated_at: T0,
    ...over,
  };
}

const routes = new Map([
  ['r1', { date: TODAY, hub: 1, code: 'R-A' }],
  ['r2', { date: TODAY, hub: 2, code: 'R-B' }],
]);
const orders = new Map([
  ['o1', { code: 'P-1', client_id: 'c1', external_ref: '4500218302' }],
  ['o2', { code: 'P-2', client_id: 'c2' }],
]);

describe('payments review rows, filters and totals', () => {
  const payments = [
    pay('o2', { route_id: 'r2', rider_id: 'u-rider2', method: 'card', amount_due_cents: 25_00, amount_collected_cents: 25_00 }),
    pay('o1', { amount_due_cents: 12_40, amount_collected_cents: 12_00 }),
    pay('o3', { method: 'on_account', status: 'on_account', amount_due_cents: 50_00, amount_collected_cents: 0 }),
    pay('o9', { route_id: 'r-unknown' }),
  ];
  const rows = paymentRows(payments, routes, orders);

  it('joins route and order, leaves out unknown routes, sorts by route and order code', () => {
    // An order not on this device has no code yet: never its internal id (issue 28).
    expect(rows.map((r) => [r.route_code, r.order_code, r.hub, r.client_id, r.client_ref])).toEqual([
      ['R-A', '', 1, '', ''],
      ['R-A', 'P-1', 1, 'c1', '4500218302'],
      ['R-B', 'P-2', 2, 'c2', ''],
    ]);
  });

  it('the difference is collected − due, and nothing for «a cuenta»', () => {
    expect(rows.find((r) => r.order_code === 'P-1')?.difference_cents).toBe(-40);
    expect(paymentDifferenceCents({ method: 'on_account', amount_due_cents: 50_00, amount_collected_cents: 0 })).toBe(0);
  });

  it('filters by hub, rider, method and status (every filter can exclude)', () => {
    expect(filterPaymentRows(rows, NO_FILTER)).toHaveLength(3);
    expect(filterPaymentRows(rows, { ...NO_FILTER, hub: '2' }).map((r) => r.order_code)).toEqual(['P-2']);
    expect(filterPaymentRows(rows, { ...NO_FILTER, rider: 'u-rider1' })).toHaveLength(2);
    expect(filterPaymentRows(rows, { ...NO_FILTER, method: 'cash' }).map((r) => r.order_code)).toEqual(['P-1']);
    expect(filterPaymentRows(rows, { ...NO_FILTER, status: 'on_account' }).map((r) => r.payment.order_id)).toEqual(['o3']);
    expect(filterPaymentRows(rows, { hub: '2', rider: 'u-rider1', method: '', status: '' })).toEqual([]);
  });

  it('totals per method and status in a fixed order, and all of them', () => {
    const totals = paymentTotals(rows);
    expect(totals.all).toEqual({ count: 3, due_cents: 87_40, collected_cents: 37_00, difference_cents: -40 });
    expect(totals.byMethod.map((m) => [m.method, m.count, m.collected_cents])).toEqual([
      ['cash', 1, 12_00],
      ['card', 1, 25_00],
      ['on_account', 1, 0],
    ]);
    expect(totals.byStatus.map((s) => [s.status, s.count, s.due_cents])).toEqual([
      ['collected', 2, 37_40],
      ['on_account', 1, 50_00],
    ]);
    expect(paymentTotals([]).byMethod).toEqual([]);
  });

  it('reads the details status parameter', () => {
    expect(detailsStatusOf('all')).toBe('all');
    expect(detailsStatusOf('reconciled')).toBe('reconciled');
    expect(detailsStatusOf('nope')).toBeNull();
    expect(detailsStatusOf(undefined)).toBeNull();
  });
});

describe("a rider's cash of one day", () => {
  it('balance over every day, collected and handed over on the day, its hand-overs oldest first', () => {
    const base = { riderId: 'u-rider1', routeId: 'r1', hub: 1, date: TODAY, count: null, reason: 'Faltan', by: 'u-op' } as const;
    const h1 = reconcileHandover(recordHandover({ ...base, id: 'h1', expectedCents: 30_00, amountCents: 25_00, at: T0 + 10 }), 'u-op', T0 + 11);
    const h2 = recordHandover({ ...base, id: 'h2', expectedCents: 5_00, amountCents: 5_00, at: T0 + 20 });
    const docs = [
      pay('o1', { amount_collected_cents: 20_00 }),
      pay('o2', { amount_collected_cents: 10_00 }),
      pay('o7', { route_id: 'r-yesterday', amount_collected_cents: 7_00 }),
      pay('o8', { method: 'card', amount_collected_cents: 99_00 }),
      pay('o5', { rider_id: 'u-rider2', amount_collected_cents: 1_00 }),
      h2,
      { ...h1, date: TODAY },
      recordHandover({ ...base, id: 'h-old', date: '2026-11-21', expectedCents: 3_00, amountCents: 3_00, at: T0 - 1000 }),
    ];
    const day = riderCashDay('u-rider1', TODAY, new Set(['r1']), docs);
    expect(day.collected_today_cents).toBe(30_00);
    expect(day.handed_over_today_cents).toBe(30_00);
    expect(day.handovers.map((h) => h.id)).toEqual(['h1', 'h2']);
    // h1's 5 € shortfall was settled when it was reconciled (issue 28).
    expect(day.balance).toEqual({ rider_id: 'u-rider1', collected_cents: 37_00, handed_over_cents: 33_00, written_off_cents: 5_00, on_hand_cents: -1_00 });
  });
});
