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

/** One fact that moves a rider's cash. */
export type CashFact =
  | { readonly kind: 'collected'; readonly rider_id: string; readonly cents: number }
  | { readonly kind: 'handed_over'; readonly rider_id: string; readonly cents: number };

export interface CashBalance {
  readonly rider_id: string;
  readonly collected_cents: number;
  readonly handed_over_cents: number;
  /** collected − handed over (negative when the rider handed over more than recorded). */
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

interface PaymentLike {
  readonly kind?: string;
  readonly method?: string;
  readonly status?: string;
  readonly rider_id: string;
  readonly amount_collected_cents?: number;
  readonly counted_cents?: number;
}

/** Cash facts of stored payments docs: cash order payments and counted hand-overs. */
export function cashFactsOf(docs: readonly PaymentLike[]): CashFact[] {
  const out: CashFact[] = [];
  for (const d of docs) {
    if (d.rider_id === '') continue;
    if (d.kind === 'cash-handover') {
      if (d.status === 'handed_over' || d.status === 'reconciled') out.push({ kind: 'handed_over', rider_id: d.rider_id, cents: d.counted_cents ?? 0 });
    } else if (d.method === 'cash' && d.status !== 'pending') {
      out.push({ kind: 'collected', rider_id: d.rider_id, cents: d.amount_collected_cents ?? 0 });
    }
  }
  return out;
}

/** Balances per rider, sorted by rider id. */
export function cashBalances(facts: readonly CashFact[]): CashBalance[] {
  const by = new Map<string, { collected: number; handed: number }>();
  for (const f of facts) {
    const b = by.get(f.rider_id) ?? { collected: 0, handed: 0 };
    if (f.kind === 'collected') b.collected += f.cents;
    else b.handed += f.cents;
    by.set(f.rider_id, b);
  }
  return [...by.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([rider_id, b]) => ({ rider_id, collected_cents: b.collected, handed_over_cents: b.handed, on_hand_cents: b.collected - b.handed }));
}

/** One rider's balance (zeros when he has no facts). */
export function cashBalanceOf(riderId: string, facts: readonly CashFact[]): CashBalance {
  return cashBalances(facts.filter((f) => f.rider_id === riderId))[0] ?? { rider_id: riderId, collected_cents: 0, handed_over_cents: 0, on_hand_cents: 0 };
}

export type CashLevel = 'ok' | 'near' | 'over';

/** «near» from 80 % of the threshold, «over» at or above it. A threshold of 0 means no warning. */
export function cashLevel(onHandCents: number, thresholdCents: number): CashLevel {
  if (thresholdCents <= 0) return 'ok';
  if (onHandCents >= thresholdCents) return 'over';
  if (onHandCents * 5 >= thresholdCents * 4) return 'near';
  return 'ok';
}
