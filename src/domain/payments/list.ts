/**
 * The payments review (issue 13): an order payment joined with its route and order as one row
 * of /payments/all_orders and /payments/details_orders/:route_id/status/:status_id, the filters
 * of those screens, and the totals per method and per status. The hub's cash per rider and day
 * (what the reconciliation lists) is summed here too. Pure: no RxDB, no React.
 */
import type { Order, Payment, PaymentMethod, Route } from '../entities/operation';
import { PAYMENT_STATUSES, type PaymentStatus } from '../status/machines';
import { cashBalanceOf, cashFactsOf, expectedForNewCount, type CashBalance } from './cash';
import type { CashHandover } from './handover';

export interface PaymentRow {
  readonly payment: Payment;
  /** The route's day (the day the payment belongs to). */
  readonly date: string;
  readonly hub: number;
  readonly route_code: string;
  /** The order's code; '' while the order is not on this device (never its internal id). */
  readonly order_code: string;
  /** The client's own order number (`external_ref`), found by the list's search. */
  readonly client_ref: string;
  readonly client_id: string;
  /** collected − due (negative: less collected than due). «A cuenta» collects nothing: 0. */
  readonly difference_cents: number;
}

/** Signed difference of a payment: what was collected minus what was due (0 for «a cuenta»). */
export function paymentDifferenceCents(p: Pick<Payment, 'method' | 'amount_due_cents' | 'amount_collected_cents'>): number {
  return p.method === 'on_account' ? 0 : p.amount_collected_cents - p.amount_due_cents;
}

/** Rows of order payments, with their route and order (payments of unknown routes are left out). */
export function paymentRows(payments: readonly Payment[], routes: ReadonlyMap<string, Pick<Route, 'date' | 'hub' | 'code'>>, orders: ReadonlyMap<string, Pick<Order, 'code' | 'client_id'> & { readonly external_ref?: string }>): PaymentRow[] {
  const rows: PaymentRow[] = [];
  for (const p of payments) {
    if (p.kind !== 'order') continue;
    const route = routes.get(p.route_id);
    if (!route) continue;
    const order = orders.get(p.order_id);
    rows.push({
      payment: p,
      date: route.date,
      hub: route.hub,
      route_code: route.code,
      order_code: order?.code ?? '',
      client_ref: order?.external_ref ?? '',
      client_id: order?.client_id ?? '',
      difference_cents: paymentDifferenceCents(p),
    });
  }
  return rows.sort((a, b) => a.route_code.localeCompare(b.route_code, 'es') || a.order_code.localeCompare(b.order_code, 'es'));
}

export interface PaymentFilter {
  /** '' = every value. */
  readonly hub: string;
  readonly rider: string;
  readonly method: '' | PaymentMethod;
  readonly status: '' | PaymentStatus;
}

export const NO_FILTER: PaymentFilter = { hub: '', rider: '', method: '', status: '' };

export function filterPaymentRows(rows: readonly PaymentRow[], f: PaymentFilter): PaymentRow[] {
  return rows.filter(
    (r) =>
      (f.hub === '' || String(r.hub) === f.hub) &&
      (f.rider === '' || r.payment.rider_id === f.rider) &&
      (f.method === '' || r.payment.method === f.method) &&
      (f.status === '' || r.payment.status === f.status),
  );
}

export interface Total {
  readonly count: number;
  readonly due_cents: number;
  readonly collected_cents: number;
  readonly difference_cents: number;
}

export interface PaymentTotals {
  readonly all: Total;
  /** Only the methods and statuses present, in the machine's / method list's order. */
  readonly byMethod: readonly (Total & { readonly method: PaymentMethod })[];
  readonly byStatus: readonly (Total & { readonly status: PaymentStatus })[];
}

const ZERO: Total = { count: 0, due_cents: 0, collected_cents: 0, difference_cents: 0 };
const add = (t: Total, r: PaymentRow): Total => ({
  count: t.count + 1,
  due_cents: t.due_cents + r.payment.amount_due_cents,
  collected_cents: t.collected_cents + r.payment.amount_collected_cents,
  difference_cents: t.difference_cents + r.difference_cents,
});

const METHOD_ORDER: readonly PaymentMethod[] = ['cash', 'card', 'transfer', 'on_account'];

export function paymentTotals(rows: readonly PaymentRow[]): PaymentTotals {
  let all = ZERO;
  const byMethod = new Map<PaymentMethod, Total>();
  const byStatus = new Map<PaymentStatus, Total>();
  for (const r of rows) {
    all = add(all, r);
    byMethod.set(r.payment.method, add(byMethod.get(r.payment.method) ?? ZERO, r));
    byStatus.set(r.payment.status, add(byStatus.get(r.payment.status) ?? ZERO, r));
  }
  return {
    all,
    byMethod: METHOD_ORDER.filter((m) => byMethod.has(m)).map((method) => ({ method, ...(byMethod.get(method) ?? ZERO) })),
    byStatus: PAYMENT_STATUSES.filter((s) => byStatus.has(s)).map((status) => ({ status, ...(byStatus.get(status) ?? ZERO) })),
  };
}

/** The `:status_id` of /payments/details_orders: a payment status, or `all`. Null when neither. */
export function detailsStatusOf(param: string | undefined): PaymentStatus | 'all' | null {
  if (param === 'all') return 'all';
  return (PAYMENT_STATUSES as readonly string[]).includes(param ?? '') ? (param as PaymentStatus) : null;
}

export interface RiderCashDay {
  readonly rider_id: string;
  /** Running balance over every fact the device holds (what he should hand over now). */
  readonly balance: CashBalance;
  /** Cash collected on `date` (payments of the day's routes). */
  readonly collected_today_cents: number;
  /** Cash counted at the hub on `date`. */
  readonly handed_over_today_cents: number;
  /** The day's hand-overs, oldest first. */
  readonly handovers: readonly CashHandover[];
  /** What a new count would expect (differences under review left out: `expectedForNewCount`). */
  readonly expected_next_cents: number;
}

/**
 * One rider's cash for a day: `docs` are every payments document of his (order payments and
 * hand-overs, any day); `dayRouteIds` the routes of his on `date`.
 */
export function riderCashDay(riderId: string, date: string, dayRouteIds: ReadonlySet<string>, docs: readonly (Payment | CashHandover)[]): RiderCashDay {
  const mine = docs.filter((d) => d.rider_id === riderId);
  const handovers = mine.filter((d): d is CashHandover => d.kind === 'cash-handover' && d.date === date).sort((a, b) => a.recorded_at - b.recorded_at || (a.id < b.id ? -1 : 1));
  const collectedToday = cashFactsOf(mine.filter((d) => d.kind === 'order' && dayRouteIds.has(d.route_id)));
  return {
    rider_id: riderId,
    balance: cashBalanceOf(riderId, cashFactsOf(mine)),
    collected_today_cents: collectedToday.reduce((s, f) => s + f.cents, 0),
    handed_over_today_cents: cashFactsOf(handovers).reduce((s, f) => (f.kind === 'handed_over' ? s + f.cents : s), 0),
    handovers,
    expected_next_cents: expectedForNewCount(riderId, mine),
  };
}
