/**
 * The rider's cash on hand (issue 13): a running balance per rider, what he collected in cash
 * minus what he handed over at the hub. Collections come from the order payments (the cash a
 * rider keeps: `amount_collected_cents` of a cash payment, change already given back); hand-overs
 * from the counted amount of the hub's hand-over records (src/domain/payments/handover.ts).
 * The order the facts arrive in does not matter (sync may bring them in any order).
 *
 * The threshold warns the rider (on his phone) and the operators when the cash on hand reaches it:
 * carrying too much cash on a bike is a risk. Pure.
 */

/**
 * One fact that moves a rider's cash. `written_off`: the difference a reconciled hand-over
 * settled (expected − counted: positive for a shortfall, negative for a surplus), so that after
 * the sign-off the rider carries nothing of that count (issue 28; docs/money.md).
 */
export type CashFact =
  | { readonly kind: 'collected'; readonly rider_id: string; readonly cents: number }
  | { readonly kind: 'handed_over'; readonly rider_id: string; readonly cents: number }
  | { readonly kind: 'written_off'; readonly rider_id: string; readonly cents: number };

export interface CashBalance {
  readonly rider_id: string;
  readonly collected_cents: number;
  readonly handed_over_cents: number;
  /** Differences settled by reconciled hand-overs (shortfalls positive, surpluses negative). */
  readonly written_off_cents: number;
  /** collected − handed over − written off (negative when the rider handed over more than recorded). */
  readonly on_hand_cents: number;
}

/** Default threshold when the hub sets none: 300,00 €. */
export const DEFAULT_CASH_THRESHOLD_CENTS = 300_00;

/**
 * The cash limit of a rider of hub `hub` (its `cash_limit_cents`; 0: none): the default when the
 * hub sets none or is not known.
 */
export function cashLimitOf(hubs: readonly { readonly number: number; readonly cash_limit_cents?: number | undefined }[], hub: number | undefined): number {
  const found = hub === undefined ? undefined : hubs.find((h) => h.number === hub);
  return found?.cash_limit_cents ?? DEFAULT_CASH_THRESHOLD_CENTS;
}

export interface PaymentLike {
  readonly kind?: string;
  readonly method?: string;
  readonly status?: string;
  readonly rider_id: string;
  readonly amount_collected_cents?: number;
  readonly counted_cents?: number;
  readonly expected_cents?: number;
}

/**
 * The difference a hand-over's reconciliation settled (expected − counted; 0 unless reconciled):
 * the write-off of that count (docs/money.md).
 */
export function settledDifferenceCents(d: Pick<PaymentLike, 'kind' | 'status' | 'expected_cents' | 'counted_cents'>): number {
  if (d.kind !== 'cash-handover' || d.status !== 'reconciled') return 0;
  return (d.expected_cents ?? 0) - (d.counted_cents ?? 0);
}

/** Cash facts of stored payments docs: cash order payments and counted hand-overs. */
export function cashFactsOf(docs: readonly PaymentLike[]): CashFact[] {
  const out: CashFact[] = [];
  for (const d of docs) {
    if (d.rider_id === '') continue;
    if (d.kind === 'cash-handover') {
      if (d.status === 'handed_over' || d.status === 'reconciled') out.push({ kind: 'handed_over', rider_id: d.rider_id, cents: d.counted_cents ?? 0 });
      const settled = settledDifferenceCents(d);
      if (settled !== 0) out.push({ kind: 'written_off', rider_id: d.rider_id, cents: settled });
    } else if (d.method === 'cash' && d.status !== 'pending') {
      out.push({ kind: 'collected', rider_id: d.rider_id, cents: d.amount_collected_cents ?? 0 });
    }
  }
  return out;
}

/** Balances per rider, sorted by rider id. */
export function cashBalances(facts: readonly CashFact[]): CashBalance[] {
  const by = new Map<string, { collected: number; handed: number; writtenOff: number }>();
  for (const f of facts) {
    const b = by.get(f.rider_id) ?? { collected: 0, handed: 0, writtenOff: 0 };
    if (f.kind === 'collected') b.collected += f.cents;
    else if (f.kind === 'handed_over') b.handed += f.cents;
    else b.writtenOff += f.cents;
    by.set(f.rider_id, b);
  }
  return [...by.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([rider_id, b]) => ({
      rider_id,
      collected_cents: b.collected,
      handed_over_cents: b.handed,
      written_off_cents: b.writtenOff,
      on_hand_cents: b.collected - b.handed - b.writtenOff,
    }));
}

/** One rider's balance (zeros when he has no facts). */
export function cashBalanceOf(riderId: string, facts: readonly CashFact[]): CashBalance {
  return cashBalances(facts.filter((f) => f.rider_id === riderId))[0] ?? { rider_id: riderId, collected_cents: 0, handed_over_cents: 0, written_off_cents: 0, on_hand_cents: 0 };
}

/**
 * The cash a new count of a rider expects: his cash on hand minus the differences of his counts
 * not signed off yet (a difference under review is settled by its own reconciliation, so the
 * next count must not expect it again). Never below 0.
 */
export function expectedForNewCount(riderId: string, docs: readonly PaymentLike[]): number {
  const onHand = cashBalanceOf(riderId, cashFactsOf(docs)).on_hand_cents;
  const pending = docs
    .filter((d) => d.rider_id === riderId && d.kind === 'cash-handover' && d.status === 'handed_over')
    .reduce((sum, d) => sum + (d.expected_cents ?? 0) - (d.counted_cents ?? 0), 0);
  return Math.max(0, onHand - pending);
}

export type CashLevel = 'ok' | 'near' | 'over';

/** «near» from 80 % of the threshold, «over» at or above it. A threshold of 0 means no warning. */
export function cashLevel(onHandCents: number, thresholdCents: number): CashLevel {
  if (thresholdCents <= 0) return 'ok';
  if (onHandCents >= thresholdCents) return 'over';
  if (onHandCents * 5 >= thresholdCents * 4) return 'near';
  return 'ok';
}
