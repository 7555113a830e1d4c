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

describe('Writer.insertMany / saveMany (the import path)', () => {
  async function open(): Promise<{ writer: Writer; outbox: Outbox; database: CbDatabase }> {
    const tag = `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    db = await openLocalDatabase({ name: `writes-bulk-${tag}`, storage: { kind: 'memory' }, collections: ['orders'], multiInstance: false });
    store = new AppStore(`cb-app-writes-bulk-${tag}`);
    const outbox = new Outbox(store);
    return { writer: new Writer(db, outbox, () => 5_000), outbox, database: db };
  }

  it('writes the valid documents in one change, marks each in the outbox once, and reports the rest', async () => {
    const { writer, outbox, database } = await open();
    await database.orders.insert(order('o0', 'pe1', ''));
    const changes: number[] = [];
    const sub = database.orders.$.subscribe(() => changes.push(1));
    let outboxNotices = 0;
    const off = outbox.onChange(() => { outboxNotices += 1; });
    const bad = { ...order('o3', 'pe1', ''), notes: 42 } as unknown as ReturnType<typeof order>;
    const result = await writer.insertMany('orders', [order('o1', 'pe1', ''), order('o2', 'pe1', ''), bad, order('o0', 'pe1', '')]);
    sub.unsubscribe();
    off();
    expect(result.written.sort()).toEqual(['o1', 'o2']);
    expect(result.failed.map((f) => f.id).sort()).toEqual(['o0', 'o3']);
    expect(String((result.failed.find((f) => f.id === 'o0')?.error as Error).message)).toMatch(/Ya existe/);
    expect((await database.orders.findByIds(['o1', 'o2', 'o3']).exec()).size).toBe(2);
    expect((await outbox.list()).map((i) => i.key).sort()).toEqual(['orders:o1', 'orders:o2']);
    expect(outboxNotices, 'one outbox notification per batch').toBe(1);
    expect(changes.length).toBe(2);
  });

  it('saveMany replaces whole documents with a new updated_at and marks them', async () => {
    const { writer, outbox, database } = await open();
    await database.orders.insert(order('o1', 'pe1', ''));
    const result = await writer.saveMany('orders', [{ ...order('o1', 'pe1', ''), notes: 'Portal 2' }, order('o2', 'pe1', '')]);
    expect(result.failed).toEqual([]);
    const stored = (await database.orders.findOne('o1').exec())?.toJSON();
    expect(stored?.notes).toBe('Portal 2');
    expect(stored?.updated_at).toBe(5_000);
    expect((await outbox.list()).map((i) => i.key).sort()).toEqual(['orders:o1', 'orders:o2']);
  });

  it('settleMany clears what was pushed, keeps what was written again since, and notifies once', async () => {
    const { outbox } = await open();
    await outbox.markMany('orders', ['o1', 'o2'], 1_000);
    await outbox.mark('orders', 'o3', 3_000);
    await outbox.mark('delivery_points', 'o1', 1_000);
    let notices = 0;
    const off = outbox.onChange(() => { notices += 1; });
    await outbox.settleMany('orders', ['o1', 'o2', 'o3', 'o9'], 2_000);
    off();
    expect((await outbox.list()).map((i) => i.key).sort()).toEqual(['delivery_points:o1', 'orders:o3']);
    expect(notices).toBe(1);
  });

  it('an empty or all-invalid batch writes nothing and does not notify', async () => {
    const { writer, outbox } = await open();
    let notices = 0;
    const off = outbox.onChange(() => { notices += 1; });
    expect((await writer.insertMany('orders', [])).written).toEqual([]);
    expect((await writer.saveMany('orders', [{ id: '' } as unknown as ReturnType<typeof order>])).failed).toHaveLength(1);
    off();
    expect(notices).toBe(0);
    expect(await outbox.count()).toBe(0);
  });
});
