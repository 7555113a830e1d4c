/**
 * Writer.writeAll (issue 27): an action's documents are written all or none on the device. An
 * invalid one stops everything before anything is written; an action cut off half-way (the page
 * closed while it wrote) is finished whole by the next start (replayJournal), before any sync.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { AppStore } from '../../src/data/appStore';
import { ActionJournal } from '../../src/data/actionJournal';
import { openLocalDatabase, type CbDatabase } from '../../src/data/database';
import { Outbox } from '../../src/data/outbox';
import { ValidationFailed, Writer } from '../../src/data/writes';
import { order, route } from '../helpers/fixtures';

let db: CbDatabase | null = null;
let store: AppStore | null = null;
afterEach(async () => {
  await db?.remove();
  await store?.close();
  db = null;
  store = null;
});

async function open(): Promise<{ writer: Writer; outbox: Outbox; database: CbDatabase; app: AppStore }> {
  const tag = `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  db = await openLocalDatabase({ name: `journal-${tag}`, storage: { kind: 'memory' }, collections: ['orders', 'routes'], multiInstance: false });
  store = new AppStore(`cb-app-journal-${tag}`);
  const outbox = new Outbox(store);
  return { writer: new Writer(db, outbox, () => 7_000), outbox, database: db, app: store };
}

describe('Writer.writeAll', () => {
  it('writes every document of the action, marks each in the outbox and leaves no journal entry', async () => {
    const { writer, outbox, database, app } = await open();
    await database.orders.bulkInsert([order('o1', 'pe1', '', 'pending'), order('o2', 'pe2', '', 'pending')]);
    const r = route('d1', '', [{ point: 'pe1', orders: ['o1'] }, { point: 'pe2', orders: ['o2'] }], 'draft');
    await writer.writeAll({ routes: [r], orders: [order('o1', 'pe1', 'd1', 'planned'), order('o2', 'pe2', 'd1', 'planned')] });
    expect((await database.routes.findOne('d1').exec())?.stops).toHaveLength(2);
    expect((await database.orders.findOne('o2').exec())?.route_id).toBe('d1');
    expect((await outbox.list()).map((i) => i.key).sort()).toEqual(['orders:o1', 'orders:o2', 'routes:d1']);
    expect(await new ActionJournal(app).pending()).toEqual([]);
  });

  it('writes nothing when one document is not valid', async () => {
    const { writer, outbox, database } = await open();
    const bad = { ...order('o2', 'pe2', 'd1', 'planned'), lines: [] };
    await expect(writer.writeAll({ routes: [route('d1', '', [{ point: 'pe1', orders: ['o1'] }], 'draft')], orders: [order('o1', 'pe1', 'd1', 'planned'), bad] })).rejects.toBeInstanceOf(ValidationFailed);
    expect(await database.routes.count().exec()).toBe(0);
    expect(await database.orders.count().exec()).toBe(0);
    expect(await outbox.list()).toEqual([]);
  });

  it('finishes an action the last session left half-written, on the next start', async () => {
    const { database, outbox, app } = await open();
    // The page was closed after the journal entry and the routes were written, before the orders.
    const r = route('d1', '', [{ point: 'pe1', orders: ['o1'] }], 'draft');
    const o1 = order('o1', 'pe1', 'd1', 'planned');
    await database.orders.insert(order('o1', 'pe1', '', 'pending'));
    await new ActionJournal(app).put({ v: 1, id: 'a1', at: 1, docs: [['routes', [r]], ['orders', [o1]]] });
    await database.routes.insert(r);
    const next = new Writer(database, outbox, () => 8_000);
    expect(await next.replayJournal()).toBe(1);
    expect((await database.orders.findOne('o1').exec())?.toJSON()).toMatchObject({ route_id: 'd1', status: 'planned' });
    expect((await outbox.list()).map((i) => i.key).sort()).toEqual(['orders:o1', 'routes:d1']);
    expect(await next.replayJournal()).toBe(0);
  });
});
