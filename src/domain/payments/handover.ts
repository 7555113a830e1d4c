/**
 * The hub's cash hand-over and reconciliation (issue 13). When a rider comes back, an operator
 * counts the cash he hands over — note by note and coin by coin, or as one amount — against the
 * cash expected (his cash on hand: what he collected minus what he handed over before). A
 * difference needs a reason. The record then goes:
 *
 *   collected (opened, not counted yet) → handed_over (counted, signed by who recorded it)
 *                                       → reconciled (signed off: who and when).
 *
 * After reconciliation nothing changes except by an administrator, who must give a reason; every
 * step (recorded, reconciled, amended) is kept in the record's history.
 *
 * The record is stored in the `payments` collection with `kind: 'cash-handover'` (no 13th local
 * collection): order payments carry `kind: 'order'`. Pure: no RxDB, no React.
 */
import { z } from 'zod';
import { cents, epochMs, idField, isoDate, optionalRef, text } from '../entities/fields';
import type { SystemRole } from '../access/groups';
import { settledDifferenceCents } from './cash';
import { DomainError, msg, worded, type DomainMessage, type DomainMessageKey } from '../messages';

/** Euro notes and coins, in cents, largest first. */
export const EURO_DENOMINATIONS_CENTS = [50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1] as const;
/** Denominations of 5 € and up are notes; the rest are coins. */
export const SMALLEST_NOTE_CENTS = 500;

// The statuses and the machine live in a leaf module without zod (./handoverMachine.ts).
import { HANDOVER_STATUSES, handoverMachine, type HandoverStatus } from './handoverMachine';
export { HANDOVER_STATUSES, handoverMachine, type HandoverStatus };

export const countLineSchema = z.object({
  denomination_cents: z.union(EURO_DENOMINATIONS_CENTS.map((d) => z.literal(d)) as unknown as [z.ZodLiteral<number>, z.ZodLiteral<number>]),
  quantity: z
    .int({ error: () => worded(msg('domain.handover.quantityWhole')) })
    .min(0, { error: () => worded(msg('domain.handover.quantityNegative')) })
    .max(100_000, { error: () => worded(msg('domain.handover.quantityTooHigh')) }),
});
export type CountLine = z.infer<typeof countLineSchema>;

export const HISTORY_ACTIONS = ['recorded', 'reconciled', 'amended'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export const historyEntrySchema = z.object({
  at: epochMs(),
  by: idField(),
  action: z.enum(HISTORY_ACTIONS),
  /** Counted amount after this step. */
  counted_cents: cents(),
  /** Reason of the difference (recorded) or of the change (amended); '' otherwise. */
  reason: text(500),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** Signed difference: counted − expected (negative = shortfall). */
export function differenceCents(h: Pick<CashHandover, 'counted_cents' | 'expected_cents'>): number {
  return h.counted_cents - h.expected_cents;
}

/** Sum of a count by notes and coins. */
export function countTotalCents(lines: readonly Pick<CountLine, 'denomination_cents' | 'quantity'>[]): number {
  return lines.reduce((sum, l) => sum + l.denomination_cents * l.quantity, 0);
}

/** The hand-over's own rules a parse reports (keys of `domain.handover.*`). */
type HandoverIssue = 'routeMissing' | 'riderMissing' | 'notOfOrder' | 'countMismatch' | 'denominationTwice' | 'differenceReason' | 'recorderMissing' | 'reconcilerMissing';

export const cashHandoverSchema = z
  .object({
    id: idField(),
    kind: z.literal('cash-handover'),
    /** The rider's route of that day the cash came back with (scope: the rider reads it). */
    route_id: optionalRef(),
    /** Always '' (order payments name their order; a hand-over covers the rider's cash). */
    order_id: optionalRef(),
    rider_id: optionalRef(),
    hub: z.int().min(0).max(9999),
    date: isoDate(),
    status: z.enum(HANDOVER_STATUSES),
    status_id: optionalRef(),
    /** Cash the rider should hand over: his cash on hand when the count started. */
    expected_cents: cents(),
    /** Cash counted by the operator. */
    counted_cents: cents(),
    /** The count by notes and coins; empty when the operator entered one amount. */
    count: z.array(countLineSchema).max(EURO_DENOMINATIONS_CENTS.length),
    /** Why counted ≠ expected ('' when they match). */
    reason: text(500),
    recorded_by: optionalRef(),
    recorded_at: epochMs(),
    reconciled_by: optionalRef(),
    reconciled_at: epochMs(),
    history: z.array(historyEntrySchema).max(200),
    note: text(500),
    updated_at: epochMs(),
  })
  .superRefine((h, ctx) => {
    // Worded when parsed, in the interface's language (zod keeps a string).
    const issue = (key: HandoverIssue): string => worded(msg(`domain.handover.${key}`));
    // `route_id` and `rider_id` use optionalRef (indexable alongside order payments) but are required.
    if (h.route_id === '') ctx.addIssue({ code: 'custom', path: ['route_id'], message: issue('routeMissing') });
    if (h.rider_id === '') ctx.addIssue({ code: 'custom', path: ['rider_id'], message: issue('riderMissing') });
    if (h.order_id !== '') ctx.addIssue({ code: 'custom', path: ['order_id'], message: issue('notOfOrder') });
    if (h.count.length > 0 && countTotalCents(h.count) !== h.counted_cents) {
      ctx.addIssue({ code: 'custom', path: ['counted_cents'], message: issue('countMismatch') });
    }
    const denominations = h.count.map((l) => l.denomination_cents);
    if (new Set(denominations).size !== denominations.length) {
      ctx.addIssue({ code: 'custom', path: ['count'], message: issue('denominationTwice') });
    }
    if (h.status !== 'collected' && differenceCents(h) !== 0 && h.reason.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: issue('differenceReason') });
    }
    if (h.status !== 'collected' && (h.recorded_by === '' || h.recorded_at === 0)) {
      ctx.addIssue({ code: 'custom', path: ['recorded_by'], message: issue('recorderMissing') });
    }
    if (h.status === 'reconciled' && (h.reconciled_by === '' || h.reconciled_at === 0)) {
      ctx.addIssue({ code: 'custom', path: ['reconciled_by'], message: issue('reconcilerMissing') });
    }
  });
export type CashHandover = z.infer<typeof cashHandoverSchema>;

/** Id of a rider's n-th hand-over of a day (1-based). */
export function handoverId(date: string, riderId: string, n: number): string {
  return `cash-${date}-${riderId}-${n}`;
}

export type Check = { readonly ok: true } | { readonly ok: false; readonly reason: DomainMessage };
type WriteRefusal = DomainMessageKey extends infer K ? (K extends `domain.handover.write.${infer R}` ? R : never) : never;
const deny = (reason: WriteRefusal): Check => ({ ok: false, reason: msg(`domain.handover.write.${reason}`) });
const OK: Check = { ok: true };

export interface CountInput {
  /** A count by notes and coins (quantities per denomination), or null for one amount. */
  readonly count: readonly CountLine[] | null;
  /** The single amount (used when `count` is null). */
  readonly amountCents: number;
  readonly reason: string;
}

/** The counted amount and the stored count lines of an operator's input (zero lines dropped). */
export function countedOf(input: Pick<CountInput, 'count' | 'amountCents'>): { counted_cents: number; count: CountLine[] } {
  if (input.count === null) return { counted_cents: input.amountCents, count: [] };
  const count = [...input.count].filter((l) => l.quantity > 0).sort((a, b) => b.denomination_cents - a.denomination_cents);
  return { counted_cents: countTotalCents(count), count };
}

export interface RecordInput extends CountInput {
  readonly id: string;
  readonly riderId: string;
  readonly routeId: string;
  readonly hub: number;
  readonly date: string;
  readonly expectedCents: number;
  readonly by: string;
  readonly at: number;
}

/** A counted hand-over, ready to store (validated: throws a ZodError with Spanish messages). */
export function recordHandover(input: RecordInput): CashHandover {
  const { counted_cents, count } = countedOf(input);
  const reason = counted_cents === input.expectedCents ? '' : input.reason.trim();
  return cashHandoverSchema.parse({
    id: input.id,
    kind: 'cash-handover',
    route_id: input.routeId,
    order_id: '',
    rider_id: input.riderId,
    hub: input.hub,
    date: input.date,
    status: 'handed_over',
    status_id: '',
    expected_cents: input.expectedCents,
    counted_cents,
    count,
    reason,
    recorded_by: input.by,
    recorded_at: input.at,
    reconciled_by: '',
    reconciled_at: 0,
    history: [{ at: input.at, by: input.by, action: 'recorded', counted_cents, reason }],
    note: '',
    updated_at: input.at,
  });
}

/**
 * Signs off a counted hand-over. A difference is settled by the sign-off (issue 28): the record
 * keeps expected, counted and the reason, and its history's «reconciled» step repeats the reason,
 * so the write-off (`writeOffOf`) is read from the one document the reconciliation writes.
 */
export function reconcileHandover(h: CashHandover, by: string, at: number): CashHandover {
  if (h.status !== 'handed_over') throw new DomainError(msg(h.status === 'reconciled' ? 'domain.handover.alreadyReconciled' : 'domain.handover.countFirst'));
  return cashHandoverSchema.parse({
    ...h,
    status: 'reconciled',
    status_id: '',
    reconciled_by: by,
    reconciled_at: at,
    history: [...h.history, { at, by, action: 'reconciled', counted_cents: h.counted_cents, reason: differenceCents(h) === 0 ? '' : h.reason }],
    updated_at: Math.max(at, h.updated_at + 1),
  });
}

/** A difference a reconciliation settled: who signed it off, when, and why it was short or over. */
export interface WriteOff {
  readonly handover_id: string;
  readonly rider_id: string;
  readonly hub: number;
  readonly date: string;
  /** expected − counted: positive for a shortfall, negative for a surplus. */
  readonly cents: number;
  readonly reason: string;
  readonly by: string;
  readonly at: number;
}

/** The write-off of a reconciled hand-over with a difference, or null. */
export function writeOffOf(h: CashHandover): WriteOff | null {
  const cents = settledDifferenceCents(h);
  if (cents === 0) return null;
  return { handover_id: h.id, rider_id: h.rider_id, hub: h.hub, date: h.date, cents, reason: h.reason, by: h.reconciled_by, at: h.reconciled_at };
}

/** An administrator's correction of a reconciled hand-over's count, with the reason kept. */
export function amendHandover(h: CashHandover, input: CountInput & { readonly by: string; readonly at: number; readonly changeReason: string }): CashHandover {
  const why = input.changeReason.trim();
  if (why === '') throw new DomainError(msg('domain.handover.changeReason'));
  const { counted_cents, count } = countedOf(input);
  const reason = counted_cents === h.expected_cents ? '' : input.reason.trim();
  return cashHandoverSchema.parse({
    ...h,
    counted_cents,
    count,
    reason,
    history: [...h.history, { at: input.at, by: input.by, action: 'amended', counted_cents, reason: why }],
    updated_at: Math.max(input.at, h.updated_at + 1),
  });
}

/** Fields of a hand-over an update may change besides the sync fields. */
const COUNT_FIELDS = ['counted_cents', 'count', 'reason'] as const;

/**
 * Whether `role` may turn `before` into `after` (both hand-overs; `before` null on create). The
 * access table and the machine already say who may write payments and move statuses; this adds
 * what they cannot see: identities and times of the signatures, history that only grows, a
 * reconciled record that only an administrator changes, with a reason.
 */
export function checkHandoverWrite(role: SystemRole, userId: string, before: CashHandover | null, after: CashHandover): Check {
  if (role !== 'operator' && role !== 'admin') return deny('operatorsOnly');
  const history = after.history;
  if (before === null) {
    if (after.status === 'reconciled') return deny('twoSteps');
    if (after.status === 'handed_over') {
      if (after.recorded_by !== userId) return deny('ownName');
      if (history.length !== 1 || history[0]?.action !== 'recorded') return deny('newHistory');
    }
    if (after.reconciled_by !== '') return deny('newNotReconciled');
    return OK;
  }
  if (before.rider_id !== after.rider_id || before.date !== after.date || before.hub !== after.hub || before.expected_cents !== after.expected_cents) {
    return deny('fixedFields');
  }
  if (before.recorded_by !== '' && (before.recorded_by !== after.recorded_by || before.recorded_at !== after.recorded_at)) {
    return deny('recorderFixed');
  }
  const kept = history.length >= before.history.length && before.history.every((e, i) => JSON.stringify(e) === JSON.stringify(history[i]));
  if (!kept) return deny('historyKept');
  const added = history.slice(before.history.length);
  const countChanged = COUNT_FIELDS.some((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]));

  if (before.status === 'reconciled') {
    if (role !== 'admin') return deny('reconciledAdminOnly');
    if (after.status !== 'reconciled') return deny('reconciledStays');
    if (before.reconciled_by !== after.reconciled_by || before.reconciled_at !== after.reconciled_at) return deny('reconcilerFixed');
    if (!countChanged && added.length === 0) return OK;
    const last = added[added.length - 1];
    if (added.length !== 1 || last?.action !== 'amended' || last.by !== userId || last.reason.trim() === '' || last.counted_cents !== after.counted_cents) {
      return deny('amendReason');
    }
    return OK;
  }
  if (after.status === 'reconciled') {
    if (before.status !== 'handed_over') return deny('countBeforeReconcile');
    if (countChanged) return deny('reconcileKeepsCount');
    if (after.reconciled_by !== userId) return deny('reconcileOwnName');
    if (added.length !== 1 || added[0]?.action !== 'reconciled' || added[0].by !== userId) return deny('reconcileInHistory');
    return OK;
  }
  if (after.reconciled_by !== '' || after.reconciled_at !== 0) return deny('unreconciledNoSignature');
  if (before.status === 'collected' && after.status === 'handed_over') {
    if (after.recorded_by !== userId) return deny('ownName');
    if (added.length !== 1 || added[0]?.action !== 'recorded') return deny('countInHistory');
    return OK;
  }
  if (countChanged && added.some((e) => e.action === 'reconciled')) return deny('reconcileInHistory');
  // A counted, not yet reconciled record: the operator may correct the count (it stays in history).
  if (countChanged && (added.length !== 1 || added[0]?.action !== 'amended' || added[0].reason.trim() === '')) {
    return deny('countChangeReason');
  }
  return OK;
}
