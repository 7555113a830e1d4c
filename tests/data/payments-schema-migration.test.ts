/**
 * Issue 13 raised `payments` to schema version 1: the collection holds order payments and the
 * hub's cash hand-overs, told apart by `kind`. A device that stored version-0 payments opens the
 * new app with them as order payments (`kind: 'order'`), and then stores hand-overs beside them.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LOCAL_COLLECTION_DEFS } from '../../src/domain/collections';
import { openLocalDatabase } from '../../src/data/database';
import { paymentSchema } from '../../src/domain/entities/operation';
import { handoverId, recordHandover } from '../../src/domain/payments/handover';

const v0Payment = {
  id: 'pay-o-1',
  order_id: 'o-1',
  route_id: 'r-1',
  rider_id: 'u-rider-1',
  method: 'cash' as const,
  amount_due_cents: 1_250,
  amount_collected_cents: 1_250,
  status: 'collected' as const,
  status_id: '',
  collected_at: 1_000,
  reviewed_by: '',
  note: '',
  updated_at: 1_000,
};

describe('schema version 1 of payments', () => {
  it('migrates version-0 payments to order payments and then stores cash hand-overs', async () => {
    const name = `payments-mig-${Date.now()}`;
    const v0 = await openLocalDatabase({
      name,
      storage: { kind: 'dexie' },
      collections: ['payments'],
      multiInstance: false,
      definitions: { payments: { ...LOCAL_COLLECTION_DEFS.payments, schema: z.object(paymentSchema.shape).omit({ kind: true }), version: 0, indexes: ['route_id', 'order_id'] } },
      migrations: { payments: {} },
    });
    await v0.payments.insert(v0Payment as never);
    await v0.close();

    const v1 = await openLocalDatabase({ name, storage: { kind: 'dexie' }, collections: ['payments'], multiInstance: false });
    expect((await v1.payments.findOne(v0Payment.id).exec())?.toJSON()).toMatchObject({ ...v0Payment, kind: 'order' });
    const h = recordHandover({
      id: handoverId('2026-11-23', 'u-rider-1', 1),
      riderId: 'u-rider-1',
      routeId: 'r-1',
      hub: 1,
      date: '2026-11-23',
      expectedCents: 1_250,
      count: [{ denomination_cents: 1000, quantity: 1 }, { denomination_cents: 200, quantity: 1 }],
      amountCents: 0,
      reason: 'Faltan 50 céntimos',
      by: 'u-op',
      at: 2_000,
    });
    await v1.payments.insert(h);
    const mine = await v1.payments.find({ selector: { kind: 'cash-handover', rider_id: 'u-rider-1' } }).exec();
    expect(mine.map((d) => d.id)).toEqual([h.id]);
    expect(await v1.payments.count({ selector: { kind: 'order' } }).exec()).toBe(1);
    await v1.remove();
  });
});
