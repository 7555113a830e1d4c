/**
 * Incidence follow-up actions (issue 13): an operator or an administrator moves an incidence
 * open → in review → resolved (or credited), names who is in charge, and writes notes. Every
 * change is its own insert-only document in `incidences` (kind `follow-up`; the rules and the
 * derivation are the domain's, src/domain/incidences/followUp.ts), written locally first and
 * synced like every event; the server's access table lets only operators and admins insert them.
 */
import type { SystemRole } from '../domain/access/groups';
import { FOLLOW_UP_KIND, type Incidence } from '../domain/entities/events';
import { followUpError, followUpOf, type FollowUpEvent, type FollowUpState } from '../domain/incidences/followUp';
import { redeliveryOrder } from '../domain/incidences/redelivery';
import type { Order } from '../domain/entities/operation';
import { madridDate } from '../domain/dates';
import { t, type MessageKey } from '../i18n';
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
  if (error !== '') throw new FollowUpRefused(t(`incidences.followUp.errors.${error}` as MessageKey));
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
    if (!made.ok) throw new FollowUpRefused(t(`incidences.followUp.errors.redelivery_${made.problem}` as MessageKey, { date: original.date }));
    await engine.writer.insert('orders', made.order);
    note = [note, t('incidences.followUp.redeliveryMade', { code: made.order.code, date: made.order.date })].filter((x) => x !== '').join(' · ').slice(0, 500);
  }
  const doc: Incidence = {
    id: `fu-${crypto.randomUUID()}`,
    at: now,
    created_by: input.actor.userId,
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
    follow_state: input.to,
    ...(assigneeChanged ? { assignee: input.assignee } : {}),
  };
  await engine.writer.insert('incidences', doc);
  return doc;
}
