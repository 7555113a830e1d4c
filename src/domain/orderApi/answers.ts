/**
 * What the order API answers, and the body of an admin's key request, as zod schemas: the
 * server's answers are typed from them and /api/docs describes them from them.
 */
import { z } from 'zod';
import type { Order } from '../entities/operation';
import { ORDER_API_CLIENTS } from './shapes';

export const orderAnswerSchema = z
  .object({
    id: z.string().meta({ description: 'Id of the order in CargoBici (the same for the same client and reference: `o-imp-…`)' }),
    code: z.string().meta({ description: 'Order code shown to operators (P-AAAAMMDD-XXXX)' }),
    external_ref: z.string().meta({ description: 'The client’s reference, as sent' }),
    result: z.enum(['created', 'updated', 'unchanged']).meta({
      description: '`created` (201); `updated`: the order existed, was not planned yet and changed (200); `unchanged`: the same order was already stored, nothing was written (200)',
    }),
    created: z.boolean().meta({ description: 'true only when this request created the order' }),
    status: z.string().meta({ description: 'Order status (`pending` until planned on a route)' }),
    date: z.string(),
    window_start: z.string(),
    window_end: z.string(),
    delivery_point_id: z.string(),
    point_located: z.boolean().meta({ description: 'false for a new point «sin ubicación» (an operator places it on the map before planning)' }),
    lines: z.array(
      z.object({
        product_id: z.string(),
        name: z.string(),
        quantity: z.number(),
        unit_price_cents: z.number(),
        tax_rate_bp: z.number(),
      }),
    ),
  })
  .meta({ title: 'OrderAnswer' });
export type OrderAnswer = z.infer<typeof orderAnswerSchema>;

export const apiProblemSchema = z.object({
  path: z.string().meta({ description: 'JSON path of the field (`lineas[1].cantidad`); empty for the order as a whole' }),
  line: z.number().nullable().meta({ description: 'Line of the order (1 = first) when the problem is in one line' }),
  code: z.string().meta({ description: 'Stable code of the problem' }),
  message: z.string().meta({ description: 'What is wrong and where, in Spanish' }),
});
export type ApiProblem = z.infer<typeof apiProblemSchema>;

export const apiErrorSchema = z
  .object({
    error: z.string().meta({ description: 'Stable code: unauthorized, forbidden, invalid, too_large, rate_limited, conflict, idempotency_conflict, bad_request, unsupported_type' }),
    message: z.string().meta({ description: 'Spanish sentence for people' }),
    errors: z.array(apiProblemSchema).optional().meta({ description: 'Every problem of the request (422, 409)' }),
  })
  .meta({ title: 'ApiError' });
export type ApiError = z.infer<typeof apiErrorSchema>;

const API_CLIENT_KEYS = ORDER_API_CLIENTS.map((c) => c.key) as ['pascual', 'bimbo'];

export const createKeySchema = z
  .strictObject({
    client: z.enum(API_CLIENT_KEYS).meta({ description: 'Client key: `pascual` (Qualianza) or `bimbo`' }),
    name: z.string().trim().min(1).max(80).meta({ description: 'Name that says who uses the key (e.g. «ERP Qualianza producción»)' }),
    expires_at: z.iso
      .date()
      .optional()
      .meta({ description: 'Last day the key works (YYYY-MM-DD, Madrid; inclusive). Default: one year from today' }),
  })
  .meta({ title: 'CreateApiKey' });
export type CreateKeyBody = z.infer<typeof createKeySchema>;

export const createdKeySchema = z
  .object({
    id: z.string().meta({ description: 'Id of the key (to revoke it)' }),
    key: z.string().meta({ description: 'The key itself: shown only this once, stored only as a hash' }),
  })
  .meta({ title: 'CreatedApiKey' });

export const keyInfoSchema = z
  .object({
    id: z.string(),
    client: z.string(),
    name: z.string(),
    created_at: z.number().meta({ description: 'Epoch ms' }),
    created_by: z.string(),
    expires_at: z.number().meta({ description: 'Epoch ms: the key stops working at this instant' }),
    last_used_at: z.number().nullable(),
    revoked_at: z.number().nullable(),
  })
  .meta({ title: 'ApiKeyInfo' });
export type KeyInfo = z.infer<typeof keyInfoSchema>;

/** The answer for a stored order. */
export function orderAnswer(order: Order, result: OrderAnswer['result'], pointLocated: boolean): OrderAnswer {
  return {
    id: order.id,
    code: order.code,
    external_ref: order.external_ref,
    result,
    created: result === 'created',
    status: order.status,
    date: order.date,
    window_start: order.window_start,
    window_end: order.window_end,
    delivery_point_id: order.delivery_point_id,
    point_located: pointLocated,
    lines: order.lines.map((l) => ({ product_id: l.product_id, name: l.name, quantity: l.quantity, unit_price_cents: l.unit_price_cents, tax_rate_bp: l.tax_rate_bp })),
  };
}
