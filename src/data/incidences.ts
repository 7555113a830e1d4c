/**
 * Incidence follow-up actions (issue 13): an operator or an administrator moves an incidence
 * open → in review → resolved (or credited), names who is in charge, and writes notes. Every
 * change is its own insert-only document in `incidences` (kind `follow-up`; the rules and the
 * derivation are the domain's, src/domain/incidences/followUp.ts), written locally first and
 * synced like every event; the server's access table lets only operators and admins insert them.
 */
import { z } from 'zod';
import { FOLLOW_UP_KIND, type IncidenceKind } from '../domain/entities/kinds';
import type { Incidence } from '../domain/entities/events';
import { FOLLOW_UP_STATES, canFollowUp, followUpError, followUpOf, type FollowUpEvent, type FollowUpState } from '../domain/incidences/followUp';
import { FAILURE_ACTIONS, failureActionPatch, stepsToResolved } from '../domain/incidences/failedDelivery';
import { redeliveryOrder } from '../domain/incidences/redelivery';
import type { Order } from '../domain/entities/operation';
import { madridDate } from '../domain/dates';
import { formatDate } from '../i18n/dates';
import { t } from '../i18n';
import { ActionError } from './actionError';
import type { CbDatabase } from './database';
import { defineAction, type Actor, type Tx } from './action';

/** Every follow-up document (the list derives each incidence's state from them). */
export function followUps(db: CbDatabase) {
  return db.incidences.find({ selector: { kind: FOLLOW_UP_KIND }, sort: [{ kind: 'asc' }, { at: 'asc' }] });
}

/** The follow-up documents among incidences (typed: their subject and state are set). */
function followUpEvents(docs: readonly Incidence[]): FollowUpEvent[] {
  return docs.flatMap((d) => (d.follows !== undefined && d.follow_state !== undefined ? [{ ...d, follows: d.follows, follow_state: d.follow_state }] : []));
}

async function followUpsOf(tx: Tx): Promise<FollowUpEvent[]> {
  return followUpEvents(await tx.find('incidences', { selector: { kind: FOLLOW_UP_KIND }, sort: [{ kind: 'asc' }, { at: 'asc' }] }));
}

/** The follow-up roles: a rider's (or anonymous) role counts as a rider's. */
function followUpRole(actor: Actor) {
  return actor.role === 'anonimus' ? 'rider' : actor.role;
}

const incidenceArg = z.custom<Incidence>((v) => typeof v === 'object' && v !== null && typeof (v as Incidence).id === 'string' && typeof (v as Incidence).order_id === 'string');

/**
 * Records a change of an incidence's follow-up, checked against its state as this device knows
 * it. Resolving with `redeliveryDate` also creates a re-delivery order for that day
 * (src/domain/incidences/redelivery.ts), written with the follow-up.
 */
export const recordFollowUp = defineAction({
  name: 'incidences.recordFollowUp',
  args: z.object({
    incidence: incidenceArg,
    to: z.enum(FOLLOW_UP_STATES),
    note: z.string(),
    /** The person in charge from now on; undefined: unchanged. */
    assignee: z.string().optional(),
    redeliveryDate: z.string().optional(),
  }),
  run: async ({ tx, args, actor }): Promise<Incidence> => {
    const { incidence } = args;
    const current = followUpOf(incidence.id, await followUpsOf(tx));
    const assigneeChanged = args.assignee !== undefined && args.assignee !== current.assignee;
    const error = followUpError(followUpRole(actor), current.state, args.to, args.note, assigneeChanged);
    if (error !== '') throw new ActionError(`incidences.followUp.errors.${error}`, {}, error);
    let note = args.note.trim();
    if (args.redeliveryDate !== undefined) {
      if (args.to !== 'resolved') throw new ActionError('incidences.followUp.errors.redeliveryOnlyResolving');
      const original = await tx.get('orders', incidence.order_id);
      if (!original) throw new ActionError('incidences.followUp.errors.redeliveryNoOrder', { id: incidence.order_id });
      const made = redeliveryOrder({
        original,
        incidence,
        date: args.redeliveryDate,
        today: madridDate(tx.now),
        id: `o-${crypto.randomUUID()}`,
        notes: t('incidences.followUp.redeliveryNotes', { code: original.code }),
        now: tx.now,
      });
      if (!made.ok) throw new ActionError(`incidences.followUp.errors.redelivery_${made.problem}`, { date: original.date });
      await tx.insert('orders', made.order);
      note = [note, t('incidences.followUp.redeliveryMade', { code: made.order.code, date: made.order.date })].filter((x) => x !== '').join(' · ').slice(0, 500);
    }
    const doc = followUpDoc(incidence, args.to, note, actor.userId, tx.now, assigneeChanged ? args.assignee : undefined);
    tx.put('incidences', doc);
    return doc;
  },
});

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

/**
 * «Reentregar», «Devolver» or «Cancelar» a failed delivery (src/domain/incidences/failedDelivery.ts):
 * changes the order as the order machine allows the actor's role, then resolves the failure's
 * follow-up (`subject`: the failure as a follow-up subject, its id the failed event's), the
 * decision and the note in the last change; all written together. Returns the order as changed.
 */
export const decideFailedDelivery = defineAction({
  name: 'incidences.decideFailedDelivery',
  args: z.object({
    subject: incidenceArg,
    action: z.enum(FAILURE_ACTIONS),
    /** redeliver: the new delivery day. */
    date: z.string().optional(),
    note: z.string(),
  }),
  run: async ({ tx, args, actor }): Promise<Order> => {
    const { subject } = args;
    if (!canFollowUp(followUpRole(actor))) throw new ActionError('incidences.followUp.errors.role', {}, 'role');
    if (args.note.trim().length > 500) throw new ActionError('incidences.followUp.errors.note', {}, 'note');
    const order = await tx.get('orders', subject.order_id);
    if (!order) throw new ActionError('incidences.followUp.errors.redeliveryNoOrder', { id: subject.order_id });
    const made = failureActionPatch(order, { action: args.action, role: actor.role, date: args.date, today: madridDate(tx.now) });
    if (!made.ok) throw new ActionError(`incidences.exceptions.errors.${made.problem}`, { date: order.date, code: order.code }, made.problem);
    tx.patch('orders', order.id, made.patch);
    const steps = stepsToResolved(followUpOf(subject.id, await followUpsOf(tx)).state);
    const decided = t(`incidences.exceptions.decided.${args.action}`, { date: args.date === undefined ? '' : formatDate(Date.parse(`${args.date}T12:00:00Z`), 'd MMM yyyy') });
    const note = [decided, args.note.trim()].filter((x) => x !== '').join(' · ').slice(0, 500);
    for (const [i, to] of steps.entries()) {
      tx.put('incidences', followUpDoc(subject, to, i === steps.length - 1 ? note : '', actor.userId, tx.now + i));
    }
    return { ...order, ...made.patch };
  },
});
