/**
 * Insert-only event documents: what riders and pickers record in the field. Ids are made on the
 * device (UUID v4), so offline inserts never conflict; an event is never edited, a correction is
 * a new event. `at` is the device time; `position` is present only when the user allows it.
 */
import { z } from 'zod';
import { INCIDENCE_KINDS, FOLLOW_UP_KIND } from './kinds';
import { PAYMENT_METHODS } from './operation';
import { FOLLOW_UP_TARGETS } from '../incidences/followUp';
import { msg, saying, worded } from '../messages';
import { cents, epochMs, filePath, hubNumber, idField, name, optionalRef, position, quantity, text } from './fields';

export const DELIVERY_EVENT_KINDS = ['delivered', 'partial', 'failed', 'signed', 'collected'] as const;
export type DeliveryEventKind = (typeof DELIVERY_EVENT_KINDS)[number];

const eventBase = {
  id: idField(),
  /** Device time of the action (epoch ms). */
  at: epochMs(),
  /** User who recorded it. */
  created_by: idField(),
  position: position().nullable(),
};

/** What happened to each line at the door. */
export const deliveredLineSchema = z.object({
  line_id: z.string().min(1).max(16),
  product_id: idField(),
  delivered: quantity(0),
  refused: quantity(0),
});
export type DeliveredLine = z.infer<typeof deliveredLineSchema>;

/**
 * A delivery event of one order: delivered (in full), partial, failed, signed or collected.
 * Only the fields of its kind are filled; the others keep their empty value.
 */
export const deliveryEventSchema = z
  .object({
    ...eventBase,
    kind: z.enum(DELIVERY_EVENT_KINDS),
    order_id: idField(),
    route_id: idField(),
    rider_id: idField(),
    delivery_point_id: idField(),
    /** delivered / partial: quantities per line. */
    lines: z.array(deliveredLineSchema).max(200),
    /** failed: id of the delivery status of the catalogue (reason), e.g. «Ausente». */
    reason_status_id: optionalRef(),
    /** failed: what happens to the goods. */
    outcome: z.enum(['', 'return_to_hub', 'reschedule']),
    note: text(500),
    /** signed: signer's name, the vector strokes and the uploaded image's path. */
    signer_name: z.string().max(120),
    signature_strokes: z.array(z.array(z.tuple([z.number(), z.number(), z.number()])).max(2000)).max(200),
    signature_file: filePath().or(z.literal('')),
    /** collected: method and amounts. */
    payment_method: z.enum(['', ...PAYMENT_METHODS]),
    amount_due_cents: cents(),
    amount_collected_cents: cents(),
    change_cents: cents(),
    photo_file: filePath().or(z.literal('')),
  })
  .superRefine((e, ctx) => {
    if (e.kind === 'failed' && e.reason_status_id === '') {
      ctx.addIssue({ code: 'custom', path: ['reason_status_id'], message: worded(msg('domain.entities.failedReason')) });
    }
    if (e.kind === 'signed' && e.signer_name.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['signer_name'], message: worded(msg('domain.entities.signerName')) });
    }
    if (e.kind === 'signed' && e.signature_strokes.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['signature_strokes'], message: worded(msg('domain.entities.signatureMissing')) });
    }
    if (e.kind === 'collected' && e.payment_method === '') {
      ctx.addIssue({ code: 'custom', path: ['payment_method'], message: worded(msg('domain.entities.paymentMethod')) });
    }
    if (e.kind === 'collected' && e.payment_method === 'cash') {
      if (e.amount_collected_cents < e.amount_due_cents) {
        ctx.addIssue({ code: 'custom', path: ['amount_collected_cents'], message: worded(msg('domain.entities.cashShort')) });
      } else if (e.change_cents !== e.amount_collected_cents - e.amount_due_cents) {
        ctx.addIssue({ code: 'custom', path: ['change_cents'], message: worded(msg('domain.entities.changeWrong')) });
      }
    }
    if (e.kind === 'collected' && e.payment_method !== 'cash' && e.change_cents !== 0) {
      ctx.addIssue({ code: 'custom', path: ['change_cents'], message: worded(msg('domain.entities.changeCashOnly')) });
    }
    if ((e.kind === 'delivered' || e.kind === 'partial') && e.lines.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['lines'], message: worded(msg('domain.entities.deliveredQuantities')) });
    }
  });
export type DeliveryEvent = z.infer<typeof deliveryEventSchema>;

type KindFields = 'lines' | 'reason_status_id' | 'outcome' | 'note' | 'signer_name' | 'signature_strokes' | 'signature_file' | 'payment_method' | 'amount_due_cents' | 'amount_collected_cents' | 'change_cents' | 'photo_file';

/** The empty values of the fields that belong to other kinds of delivery event (each event fills only its own). */
export function emptyDeliveryFields(): { [K in KindFields]: DeliveryEvent[K] } {
  return {
    lines: [],
    reason_status_id: '',
    outcome: '',
    note: '',
    signer_name: '',
    signature_strokes: [],
    signature_file: '',
    payment_method: '',
    amount_due_cents: 0,
    amount_collected_cents: 0,
    change_cents: 0,
    photo_file: '',
  };
}

export { INCIDENCE_KINDS, FOLLOW_UP_KIND, type IncidenceKind } from './kinds';

export const INCIDENCE_TYPES = ['damaged', 'missing', 'wrong_product', 'refused', 'expired', 'wrong_quantity', 'not_found', 'other'] as const;
export type IncidenceType = (typeof INCIDENCE_TYPES)[number];

/**
 * An incidence: on a product while picking (incidences-picker-products), on a product at
 * delivery (incidences-delivery-products), or a picker's mistake (errors-picker).
 */
export const incidenceObjectSchema = z.object({
  ...eventBase,
  kind: z.enum([...INCIDENCE_KINDS, FOLLOW_UP_KIND]),
  type: z.enum(INCIDENCE_TYPES),
  order_id: idField(),
  product_id: idField(),
  /** Route of the order ('' if it had none yet). */
  route_id: optionalRef(),
  delivery_point_id: optionalRef(),
  hub: hubNumber(),
  quantity: quantity(0),
  note: text(500),
  photo_file: filePath().or(z.literal('')),
  /**
   * picker-error: the code the picker read instead of the expected product's (`product_id`).
   * Added in schema version 1 (issue 12); absent on older documents and on other kinds.
   */
  scanned_barcode: z.string().max(128, { error: saying('domain.validation.maxChars', { n: 128 }) }).optional(),
  /** follow-up: id of the incidence it follows (schema version 2, issue 13; absent on other kinds). */
  follows: optionalRef().optional(),
  /** follow-up: the state it moves the incidence to (schema version 2, issue 13). */
  follow_state: z.enum(FOLLOW_UP_TARGETS).optional(),
  /** follow-up: who is in charge of the incidence from this change on ('' nobody; schema version 2). */
  assignee: optionalRef().optional(),
});
/** The incidence document, with the follow-up kind's required fields checked. */
export const incidenceSchema = incidenceObjectSchema.superRefine((i, ctx) => {
  if (i.kind === FOLLOW_UP_KIND && (i.follows === undefined || i.follows === '')) {
    ctx.addIssue({ code: 'custom', path: ['follows'], message: worded(msg('domain.entities.follows')) });
  }
  if (i.kind === FOLLOW_UP_KIND && i.follow_state === undefined) {
    ctx.addIssue({ code: 'custom', path: ['follow_state'], message: worded(msg('domain.entities.followState')) });
  }
});
export type Incidence = z.infer<typeof incidenceSchema>;

/** Goods received by the rider at the hub for a route (products-received). */
export const receiptSchema = z.object({
  ...eventBase,
  route_id: idField(),
  rider_id: idField(),
  hub: hubNumber(),
  lines: z
    .array(z.object({ product_id: idField(), name: name(), expected: quantity(0), received: quantity(0) }))
    .max(500),
  note: text(500),
});
export type Receipt = z.infer<typeof receiptSchema>;

/**
 * A picker put `quantity` units of a product of an order in its box (picking events).
 *
 * An undo is a compensating event, never an edit: a pick whose `undoes` names the id of an
 * earlier pick of the same order line cancels that pick in full (its `quantity` repeats the
 * cancelled units, for reading). Two undos of one pick cancel it once. `undoes` was added in
 * schema version 1 (issue 12): absent or '' on an ordinary pick. See src/domain/picking.
 */
export const pickSchema = z.object({
  ...eventBase,
  route_id: optionalRef(),
  order_id: idField(),
  line_id: z.string().min(1).max(16),
  product_id: idField(),
  delivery_point_id: idField(),
  hub: hubNumber(),
  quantity: quantity(0),
  /** The barcode read to confirm the product ('' when confirmed by hand). */
  scanned_barcode: z.string().max(32),
  /** Id of the pick this event cancels (an undo); '' or absent for an ordinary pick. */
  undoes: optionalRef().optional(),
});
export type Pick = z.infer<typeof pickSchema>;
