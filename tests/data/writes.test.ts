import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { AppStore } from '../../src/data/appStore';
import { openLocalDatabase, type CbDatabase } from '../../src/data/database';
import { Outbox } from '../../src/data/outbox';
import { Writer } from '../../src/data/writes';
import { order } from '../helpers/fixtures';

let db: CbDatabase | null = null;
let store: AppStore | null = null;
afterEach(async () => {
  await db?.remove();
  await store?.close();
  db = null;
  store = null;
});

describe('Writer.patch', () => {
  it('applies its changes to the document as it is when written, not as it was read', async () => {
    db = await openLocalDatabase({ name: `writes-${process.pid}-${Date.now()}`, storage: { kind: 'memory' }, collections: ['orders'], multiInstance: false });
    store = new AppStore(`cb-app-writes-${process.pid}-${Date.now()}`);
    const o1 = order('o1', 'pe1', 'r1');
    await db.orders.insert(o1);
    const orders = db.orders;
    // The office's notes arrive from the server right after the rider's screen read the order.
    const findOne = orders.findOne.bind(orders);
    (orders as unknown as { findOne: typeof findOne }).findOne = ((id: string) => {
      const query = findOne(id);
      const exec = query.exec.bind(query);
      (query as unknown as { exec: () => Promise<unknown> }).exec = async () => {
        const read = await exec();
        await orders.upsert({ ...o1, notes: 'Llamar antes', updated_at: o1.updated_at + 1 });
        return read;
      };
      return query;
    }) as typeof findOne;
    const writer = new Writer(db, new Outbox(store));
    const written = await writer.patch('orders', 'o1', { status: 'out_for_delivery' });
    const stored = (await findOne('o1').exec())?.toJSON();
    expect(stored?.status).toBe('out_for_delivery');
    expect(stored?.notes, 'the pulled change was written back over').toBe('Llamar antes');
    expect(written.notes).toBe('Llamar antes');
  });
});
