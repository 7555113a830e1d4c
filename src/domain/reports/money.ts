/**
 * The report's money figures (./aggregate.ts, «Money» in its header): order payments of the orders
 * in scope by method, their differences, the cash hand-overs of the period and the cash still with
 * each rider; and the filters' hub list, shared with the other figures.
 */
import type { PaymentMethod } from '../entities/operation';
import { PAYMENT_METHODS } from '../entities/operation';
import { settledDifferenceCents } from '../payments/cash';
import type { MoneyFigure, MoneyFigures, ReportFilters, ReportInput, RiderCashRow } from './reportTypes';

/** Sorts texts by code unit (the same order on every device and on the server). */
export const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Whether a hub passes the filters' `hubs` list (every hub when there is none). */
export function hubsFilter(filters: ReportFilters): (hub: number) => boolean {
  if (!filters.hubs) return () => true;
  const hubs = new Set(filters.hubs);
  return (hub) => hubs.has(hub);
}

export function moneyFigures(input: ReportInput, indexOf: ReadonlyMap<string, number>, riderOf: readonly string[], keepIds: boolean): MoneyFigures & { inScope: Uint8Array } {
  const { period, filters } = input;
  const inHubs = hubsFilter(filters);
  const byMethod = Object.fromEntries(PAYMENT_METHODS.map((m) => [m, { count: 0, cents: 0, orderIds: [] as string[] }])) as Record<PaymentMethod, MoneyFigure>;
  const differences: MoneyFigure = { count: 0, cents: 0, orderIds: [] };
  const handedOver = { count: 0, cents: 0, differenceCents: 0, writtenOffCents: 0 };
  const cash = new Map<string, RiderCashRow>();
  const cashRow = (riderId: string): RiderCashRow => {
    let row = cash.get(riderId);
    if (!row) {
      row = { riderId, name: riderId, collected: { count: 0, cents: 0, orderIds: [] }, handedOverCents: 0, writtenOffCents: 0, onHandCents: 0 };
      cash.set(riderId, row);
    }
    return row;
  };
  // Per payment: 1 when it is an order payment of an order in scope (./extra.ts reads it too).
  // The orders are looked up in a pass of their own (independent look-ups run faster together).
  const payments = input.payments;
  const inScope = new Uint8Array(payments.length);
  const paymentOrder = new Int32Array(payments.length);
  for (let k = 0; k < payments.length; k += 1) {
    const p = payments[k]!;
    paymentOrder[k] = p.kind === 'cash-handover' ? -1 : (indexOf.get(p.order_id) ?? -1);
  }
  for (let k = 0; k < payments.length; k += 1) {
    const p = payments[k]!;
    if (p.kind === 'cash-handover') {
      if (p.date < period.from || p.date > period.to) continue;
      if (filters.hub !== null && p.hub !== filters.hub) continue;
      if (!inHubs(p.hub)) continue;
      if (filters.riderId !== null && p.rider_id !== filters.riderId) continue;
      if (p.status !== 'handed_over' && p.status !== 'reconciled') continue;
      handedOver.count += 1;
      handedOver.cents += p.counted_cents;
      handedOver.differenceCents += p.counted_cents - p.expected_cents;
      cashRow(p.rider_id).handedOverCents += p.counted_cents;
      const writtenOff = settledDifferenceCents(p);
      handedOver.writtenOffCents += writtenOff;
      cashRow(p.rider_id).writtenOffCents += writtenOff;
      continue;
    }
    const i = paymentOrder[k]!;
    if (i < 0) continue;
    inScope[k] = 1;
    if (p.status === 'pending') continue;
    const fig = byMethod[p.method];
    fig.count += 1;
    fig.cents += p.amount_collected_cents;
    if (keepIds) fig.orderIds.push(p.order_id);
    const diff = p.method === 'on_account' ? 0 : p.amount_collected_cents - p.amount_due_cents;
    if (diff !== 0) {
      differences.count += 1;
      differences.cents += diff;
      if (keepIds) differences.orderIds.push(p.order_id);
    }
    if (p.method === 'cash') {
      const row = cashRow(p.rider_id !== '' ? p.rider_id : (riderOf[i] ?? ''));
      row.collected.count += 1;
      row.collected.cents += p.amount_collected_cents;
      if (keepIds) row.collected.orderIds.push(p.order_id);
    }
  }
  let cashOnHandCents = 0;
  const cashWithRiders = [...cash.values()].sort((a, b) => byText(a.riderId, b.riderId));
  for (const row of cashWithRiders) {
    row.onHandCents = row.collected.cents - row.handedOverCents - row.writtenOffCents;
    cashOnHandCents += row.onHandCents;
  }
  return { byMethod, differences, handedOver, cashWithRiders, cashOnHandCents, inScope };
}

