/**
 * Incidence follow-up actions (issue 13): an operator or an administrator moves an incidence
 * open → in review → resolved (or credited), names who is in charge, and writes notes. Every
 * change is its own insert-only document in `incidences` (kind `follow-up`; the rules and the
 * derivation are the domain's, src/domain/incidences/followUp.ts), written locally first and
 * synced like every event; the server's access table lets only operators and admins insert them.
 */
import type { SystemRole } from '../domain/access/groups';
import { FOLLOW_UP_KIND, type Incidence, type IncidenceKind } from '../domain/entities/events';
import { canFollowUp, followUpError, followUpOf, type FollowUpEvent, type FollowUpState } from '../domain/incidences/followUp';
import { failureActionPatch, stepsToResolved, type FailureAction } from '../domain/incidences/failedDelivery';
import { redeliveryOrder } from '../domain/incidences/redelivery';
import type { Order } from '../domain/entities/operation';
import { madridDate } from '../domain/dates';
import { formatDate } from '../i18n/dates';
import { t } from '../i18n';
import type { CbDatabase } from './database';
import type { DataEngine } from './engine';

export type IncidencesEngine = Pick<DataEngine, 'db' | 'writer'>;

/** A refused follow-up: `message` is the Spanish text to show. */
export class FollowUpRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FollowUpRefused';
  }
}

/** Every follow-up document (the list derives each incidence's state from them). */
export function followUps(db: CbDatabase) {
  return db.incidences.find({ selector: { kind: FOLLOW_UP_KIND }, sort: [{ kind: 'asc' }, { at: 'asc' }] });
}

export interface FollowUpInput {
  readonly to: FollowUpState;
  readonly note: string;
  /** The person in charge from now on; undefined: unchanged. */
  readonly assignee?: string | undefined;
  readonly actor: { readonly userId: string; readonly role: SystemRole };
  readonly now?: number;
  /** Resolving: also create a re-delivery order for this day (src/domain/incidences/redelivery.ts). */
  readonly redeliveryDate?: string | undefined;
}

/** Records a change of an incidence's follow-up, checked against its state as this device knows it. */
export async function recordFollowUp(engine: IncidencesEngine, incidence: Incidence, input: FollowUpInput): Promise<Incidence> {
  const docs = (await followUps(engine.db).exec()).map((d) => d.toJSON() as unknown as FollowUpEvent);
  const current = followUpOf(incidence.id, docs);
  const assigneeChanged = input.assignee !== undefined && input.assignee !== current.assignee;
  const error = followUpError(input.actor.role === 'anonimus' ? 'rider' : input.actor.role, current.state, input.to, input.note, assigneeChanged);
  if (error !== '') throw new FollowUpRefused(t(`incidences.followUp.errors.${error}`));
  const now = input.now ?? Date.now();
  let note = input.note.trim();
  if (input.redeliveryDate !== undefined) {
    if (input.to !== 'resolved') throw new FollowUpRefused(t('incidences.followUp.errors.redeliveryOnlyResolving'));
    const original = (await engine.db.orders.findOne(incidence.order_id).exec())?.toJSON() as unknown as Order | undefined;
    if (!original) throw new FollowUpRefused(t('incidences.followUp.errors.redeliveryNoOrder', { id: incidence.order_id }));
    const made = redeliveryOrder({
      original,
      incidence,
      date: input.redeliveryDate,
      today: madridDate(now),
      id: `o-${crypto.randomUUID()}`,
      notes: t('incidences.followUp.redeliveryNotes', { code: original.code }),
      now,
    });
    if (!made.ok) throw new FollowUpRefused(t(`incidences.followUp.errors.redelivery_${made.problem}`, { date: original.date }));
    await engine.writer.insert('orders', made.order);
    note = [note, t('incidences.followUp.redeliveryMade', { code: made.order.code, date: made.order.date })].filter((x) => x !== '').join(' · ').slice(0, 500);
  }
  const doc = followUpDoc(incidence, input.to, note, input.actor.userId, now, assigneeChanged ? input.assignee : undefined);
  await engine.writer.insert('incidences', doc);
  return doc;
}

/** A follow-up document of `incidence` (the subject's fields name what it follows). */
function followUpDoc(incidence: Incidence, to: FollowUpState, note: string, by: string, at: number, assignee?: string): Incidence {
  return {
    id: `fu-${crypto.randomUUID()}`,
    at,
    created_by: by,
    position: null,
    kind: FOLLOW_UP_KIND,
    type: incidence.type,
    order_id: incidence.order_id,
    product_id: incidence.product_id,
    route_id: incidence.route_id,
    delivery_point_id: incidence.delivery_point_id,
    hub: incidence.hub,
    quantity: 0,
    note,
    photo_file: '',
    follows: incidence.id,
    follow_state: to,
    ...(assignee !== undefined ? { assignee } : {}),
  };
}

// ── The day's exceptions (issue 27 §3) ─────────────────────────────────────────────────────

/** Failed delivery events of some routes (the day's routes), by the route index. */
export function failedDeliveriesOfRoutes(db: CbDatabase, routeIds: readonly string[]) {
  return db.deliveries.find({ selector: { route_id: { $in: [...routeIds] }, kind: 'failed' }, sort: [{ route_id: 'asc' }], index: ['route_id'] });
}

/** The incidences that are exceptions of their day (src/domain/incidences/exceptions.ts). */
const EXCEPTION_INCIDENCE_KINDS: readonly IncidenceKind[] = ['picker-product', 'delivery-product'];

/** Incidences of some kinds (by default the exceptions': picking and delivery product incidences) of some routes, by the route index. */
export function exceptionIncidencesOfRoutes(db: CbDatabase, routeIds: readonly string[], kinds: readonly IncidenceKind[] = EXCEPTION_INCIDENCE_KINDS) {
  return db.incidences.find({ selector: { route_id: { $in: [...routeIds] }, kind: { $in: [...kinds] } }, sort: [{ route_id: 'asc' }], index: ['route_id'] });
}

/** Incidences of some kinds recorded on some orders before they had a route (`route_id` ''), by the order index. */
export function unroutedIncidencesOfOrders(db: CbDatabase, orderIds: readonly string[], kinds: readonly IncidenceKind[] = EXCEPTION_INCIDENCE_KINDS) {
  return db.incidences.find({ selector: { order_id: { $in: [...orderIds] }, route_id: '', kind: { $in: [...kinds] } }, sort: [{ order_id: 'asc' }], index: ['order_id'] });
}

/** The cash hand-overs of some routes (their counted differences are exceptions), by the route index. */
export function handoversOfRoutes(db: CbDatabase, routeIds: readonly string[]) {
  return db.payments.find({ selector: { route_id: { $in: [...routeIds] }, kind: 'cash-handover' }, sort: [{ route_id: 'asc' }], index: ['route_id'] });
}

export interface FailureDecision {
  readonly action: FailureAction;
  /** redeliver: the new delivery day. */
  readonly date?: string | undefined;
  readonly note: string;
  readonly actor: { readonly userId: string; readonly role: SystemRole };
  readonly now?: number;
}

/**
 * «Reentregar», «Devolver» or «Cancelar» a failed delivery (src/domain/incidences/failedDelivery.ts):
 * changes the order as the order machine allows the actor's role, then resolves the failure's
 * follow-up (`subject`: the failure as a follow-up subject, its id the failed event's), the
 * decision and the note in the last change. Returns the order as changed.
 */
export async function decideFailedDelivery(engine: IncidencesEngine, subject: Incidence, input: FailureDecision): Promise<Order> {
  if (!canFollowUp(input.actor.role === 'anonimus' ? 'rider' : input.actor.role)) throw new FollowUpRefused(t('incidences.followUp.errors.role'));
  if (input.note.trim().length > 500) throw new FollowUpRefused(t('incidences.followUp.errors.note'));
  const found = await engine.db.orders.findOne(subject.order_id).exec();
  if (!found) throw new FollowUpRefused(t('incidences.followUp.errors.redeliveryNoOrder', { id: subject.order_id }));
  const order = found.toJSON() as unknown as Order;
  const now = input.now ?? Date.now();
  const made = failureActionPatch(order, { action: input.action, role: input.actor.role, date: input.date, today: madridDate(now) });
  if (!made.ok) throw new FollowUpRefused(t(`incidences.exceptions.errors.${made.problem}`, { date: order.date, code: order.code }));
  const changed = await engine.writer.patch('orders', order.id, made.patch);
  const docs = (await followUps(engine.db).exec()).map((d) => d.toJSON() as unknown as FollowUpEvent);
  const steps = stepsToResolved(followUpOf(subject.id, docs).state);
  const decided = t(`incidences.exceptions.decided.${input.action}`, { date: input.date === undefined ? '' : formatDate(Date.parse(`${input.date}T12:00:00Z`), 'd MMM yyyy') });
  const note = [decided, input.note.trim()].filter((x) => x !== '').join(' · ').slice(0, 500);
  for (const [i, to] of steps.entries()) {
    await engine.writer.insert('incidences', followUpDoc(subject, to, i === steps.length - 1 ? note : '', input.actor.userId, now + i));
  }
  return changed;
}
