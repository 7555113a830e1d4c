import { describe, expect, it } from 'vitest';
import { redeliveryOrder } from '../../src/domain/incidences/redelivery';
import { orderSchema } from '../../src/domain/entities/operation';
import { order, TODAY } from '../helpers/fixtures';

const tomorrow = (d: string) => new Date(Date.parse(`${d}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe('a re-delivery order', () => {
  const original = { ...order('o1', 'pe1', 'r1'), external_ref: 'EXT-9', payment_method: 'card' as const };
  const base = { original, incidence: { product_id: 'p1', quantity: 2 }, date: tomorrow(TODAY), today: TODAY, id: 'o-abcd1234', notes: 'Reentrega del pedido P-o1', now: 5 };

  it('carries the incidence’s product and quantity to a later day, unplanned, at the charged price', () => {
    const made = redeliveryOrder(base);
    if (!made.ok) throw new Error(made.problem);
    expect(orderSchema.safeParse(made.order).success).toBe(true);
    expect(made.order).toMatchObject({
      id: 'o-abcd1234',
      date: tomorrow(TODAY),
      route_id: '',
      status: 'pending',
      picking_status: 'pending',
      client_id: original.client_id,
      delivery_point_id: 'pe1',
      payment_method: 'card',
      external_ref: '',
      notes: 'Reentrega del pedido P-o1',
    });
    expect(made.order.code).toMatch(/^P-\d{8}-ABCD$/);
    expect(made.order.lines).toEqual([{ ...original.lines[0], line_id: 'l1', quantity: 2, picked_quantity: 0 }]);
  });

  it('takes the whole line when the incidence names no quantity, never more than was ordered', () => {
    const all = redeliveryOrder({ ...base, incidence: { product_id: 'p1', quantity: 0 } });
    const capped = redeliveryOrder({ ...base, incidence: { product_id: 'p1', quantity: 50 } });
    expect(all.ok && all.order.lines[0]?.quantity).toBe(6);
    expect(capped.ok && capped.order.lines[0]?.quantity).toBe(6);
  });

  it('refuses the same day, a past day, a malformed day, and a product the order does not hold', () => {
    expect(redeliveryOrder({ ...base, date: TODAY })).toEqual({ ok: false, problem: 'date' });
    expect(redeliveryOrder({ ...base, today: tomorrow(tomorrow(TODAY)) })).toEqual({ ok: false, problem: 'date' });
    expect(redeliveryOrder({ ...base, date: '24/11/2026' })).toEqual({ ok: false, problem: 'date' });
    expect(redeliveryOrder({ ...base, incidence: { product_id: 'p9', quantity: 1 } })).toEqual({ ok: false, problem: 'product' });
  });
});
