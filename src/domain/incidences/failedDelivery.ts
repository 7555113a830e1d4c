/**
 * Following up a failed delivery from the day's exceptions (issue 27 §3): the operator decides
 * what happens to the order, next to the failure's reason and photo.
 *
 * - «Reentregar» (`redeliver`): the order goes again on a later day. As the planning board's
 *   carry-over does (src/data/planning.ts `bringCarriedOrders`), the same order becomes
 *   «Pendiente» on the chosen day with no route, among that day's orders to plan; the failed
 *   event stays on the day and route it happened on. The day is after the order's day and not
 *   before today.
 * - «Devolver» (`return`): the goods go back to the hub: «Devuelto al hub».
 * - «Cancelar» (`cancel`): the order is cancelled: «Cancelado».
 *
 * Each follows the order machine (src/domain/status/machines.ts) for the actor's role, as the
 * server checks it: a change the role may reach in one or more of its own steps
 * (`checkReachable`: a failed order is cancelled through «Pendiente», both operators' steps).
 * Only an order whose delivery failed (still «Entrega fallida», or already «Devuelto al hub»
 * for a re-delivery or a cancellation) is followed up here; an order the rider delivered
 * after all, or one already re-planned or cancelled, is left as it is.
 *
 * Deciding resolves the exception's follow-up (src/domain/incidences/followUp.ts): the steps
 * from its state to «Resuelta» the follow-up machine allows, the last one carrying the note.
 * Pure.
 */
import type { Order } from '../entities/operation';
import { checkReachable, orderMachine, type ActingRole, type OrderStatus } from '../status/machines';
import type { FollowUpState } from './followUp';

export const FAILURE_ACTIONS = ['redeliver', 'return', 'cancel'] as const;
export type FailureAction = (typeof FAILURE_ACTIONS)[number];

/** The order status each action leads to. */
export const FAILURE_ACTION_STATUS: Readonly<Record<FailureAction, OrderStatus>> = { redeliver: 'pending', return: 'returned', cancel: 'cancelled' };

/** The order statuses each action starts from. */
const FROM: Readonly<Record<FailureAction, readonly OrderStatus[]>> = {
  redeliver: ['failed', 'returned'],
  return: ['failed'],
  cancel: ['failed', 'returned'],
};

export type FailureActionProblem = 'status' | 'role' | 'date';

/** Why an action cannot be taken on an order in `status` by `role` (null when it can). */
export function failureActionProblem(action: FailureAction, status: OrderStatus, role: ActingRole | 'anonimus'): Exclude<FailureActionProblem, 'date'> | null {
  if (!FROM[action].includes(status)) return 'status';
  return checkReachable(orderMachine, status, FAILURE_ACTION_STATUS[action], role).ok ? null : 'role';
}

/** The actions `role` may take on an order in `status`, in the list's order. */
export function failureActions(status: OrderStatus, role: ActingRole | 'anonimus'): FailureAction[] {
  return FAILURE_ACTIONS.filter((a) => failureActionProblem(a, status, role) === null);
}

export interface FailureActionInput {
  readonly action: FailureAction;
  readonly role: ActingRole | 'anonimus';
  /** redeliver: the new delivery day (YYYY-MM-DD). */
  readonly date?: string | undefined;
  /** Today in Madrid (YYYY-MM-DD). */
  readonly today: string;
}

/** The change of the order an action makes, or why it cannot be made. */
export function failureActionPatch(
  order: Pick<Order, 'status' | 'date'>,
  input: FailureActionInput,
): { ok: true; patch: Partial<Pick<Order, 'status' | 'status_id' | 'date' | 'route_id'>> } | { ok: false; problem: FailureActionProblem } {
  const problem = failureActionProblem(input.action, order.status, input.role);
  if (problem) return { ok: false, problem };
  if (input.action === 'redeliver') {
    const date = input.date ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T12:00:00Z`)) || date <= order.date || date < input.today) return { ok: false, problem: 'date' };
    return { ok: true, patch: { date, route_id: '', status: 'pending', status_id: '' } };
  }
  return { ok: true, patch: { status: FAILURE_ACTION_STATUS[input.action], status_id: '' } };
}

/**
 * The follow-up changes that bring an exception from `state` to «Resuelta» through the
 * follow-up machine (open → in review → resolved). Already resolved: one change that stays
 * «Resuelta» (it records the decision as a note).
 */
export function stepsToResolved(state: FollowUpState): FollowUpState[] {
  if (state === 'in_review') return ['resolved'];
  if (state === 'resolved') return ['resolved'];
  return ['in_review', 'resolved'];
}
