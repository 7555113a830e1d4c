/**
 * Why the Firebase backend pushes through its own handler (docs/architecture.md §2): two devices edit the
 * same order from the same base, different fields. Device B's push reads the stored order, then
 * device A pushes its change completely, then B writes.
 * - RxDB's stock `replication-firestore` push reads outside any transaction and writes B's whole
 *   document: A's change is lost and neither device hears of a conflict.
 * - Our push reads inside the transaction: Firestore retries B's transaction on the changed
 *   order, B sees A's state as a conflict and the three-way merge keeps both changes.
 * The interleaving is forced (B waits, after its read, until A's push has finished), not timed.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { collection, doc, getDoc, type Firestore, type Query } from 'firebase/firestore';
import type * as FirestoreModule from 'firebase/firestore';
// The stock plugin is what this test proves unfit, so it is used here directly, outside src/data.
// eslint-disable-next-line boundaries/layers
import { createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
// eslint-disable-next-line boundaries/layers
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
// eslint-disable-next-line boundaries/layers
import { replicateFirestore } from 'rxdb/plugins/replication-firestore';
import { FirestoreSyncTransport } from '../../src/backend/firebase/transport';
import { cleanDoc } from '../../src/backend/firebase/docs';
import { order } from '../helpers/fixtures';
import { clientDb, closeClients, newProject, seed, seedSmallOperation } from './emulator';

/** A pause after a read of one Firestore client (set by a test), for the stock plugin's reads. */
const gate: { db: Firestore | null; afterRead: (() => Promise<void>) | null } = { db: null, afterRead: null };

vi.mock('firebase/firestore', async (importOriginal) => {
  const real = await importOriginal<typeof FirestoreModule>();
  return {
    ...real,
    getDocs: async (q: Query) => {
      const result = await real.getDocs(q);
      const pause = gate.db === q.firestore ? gate.afterRead : null;
      if (pause) {
        gate.afterRead = null;
        await pause();
      }
      return result;
    },
  };
});

const project = newProject('race');
let owner: Firestore;
const databases: { close(): Promise<unknown> }[] = [];

beforeAll(async () => {
  await seedSmallOperation(project);
  owner = clientDb(project, 'owner');
});
afterAll(async () => {
  await Promise.all(databases.map((d) => d.close()));
  await closeClients();
});

async function stored(id: string): Promise<Record<string, unknown>> {
  return cleanDoc((await getDoc(doc(owner, 'cb_orders', id))).data() ?? {});
}

type OrderDoc = {
  id: string;
  notes: string;
  window_end: string;
};

/** A device with RxDB and the stock Firestore replication (push only, started by hand). */
async function stockDevice(name: string, db: Firestore) {
  const rx: RxDatabase<{ orders: RxCollection<OrderDoc> }> = await createRxDatabase<{ orders: RxCollection<OrderDoc> }>({ name: `${name}-${Date.now()}`, storage: getRxStorageMemory() });
  databases.push(rx);
  await rx.addCollections({
    orders: {
      schema: {
        version: 0,
        primaryKey: 'id',
        type: 'object',
        properties: { id: { type: 'string', maxLength: 100 }, notes: { type: 'string' }, window_end: { type: 'string' } },
        required: ['id'],
      },
    },
  });
  const state = replicateFirestore<OrderDoc>({
    replicationIdentifier: `stock-${name}`,
    collection: rx.orders,
    firestore: { projectId: project, database: db, collection: collection(db, 'cb_orders') as never },
    serverTimestampField: '_updatedAt',
    push: {},
    live: false,
    autoStart: false,
    waitForLeadership: false,
  });
  const handler = (state as unknown as { push: { handler: (rows: unknown[]) => Promise<unknown[]> } }).push.handler;
  return { push: (base: OrderDoc, next: OrderDoc) => handler([{ assumedMasterState: { ...base, _deleted: false }, newDocumentState: { ...next, _deleted: false } }]) };
}

describe('two devices edit the same order from the same base', () => {
  it('the stock replication-firestore push loses device A’s change without a conflict', async () => {
    // The stock plugin's device knows the fields of its schema; the emulator's owner skips our
    // rules (which the stock plugin cannot meet: it strips `id` from the stored document).
    const base: OrderDoc = { id: 'o-stock', notes: '', window_end: '12:00' };
    await seed(owner, { orders: [base] });
    const dbA = clientDb(project, 'owner');
    const dbB = clientDb(project, 'owner');
    const a = await stockDevice('a', dbA);
    const b = await stockDevice('b', dbB);
    const from = base;
    let answerA: unknown[] = [];
    gate.db = dbB;
    gate.afterRead = async () => {
      answerA = await a.push(from, { ...from, notes: 'Llamar antes' });
    };
    const answerB = await b.push(from, { ...from, window_end: '13:00' });
    expect(answerA).toEqual([]);
    expect(answerB).toEqual([]); // no conflict reported…
    const now = await stored('o-stock');
    expect(now.window_end).toBe('13:00');
    expect(now.notes).toBe(base.notes); // …and A's change is gone.
  });

  it('our transactional push keeps both changes (the merge sees A’s state as a conflict)', async () => {
    const base = { ...order('o-ours', 'pe1', '', 'pending'), _deleted: false };
    await seed(owner, { orders: [base] });
    const a = new FirestoreSyncTransport({ db: clientDb(project, 'u-operador'), user: () => ({ id: 'u-operador', role: 'operator' }) });
    let answerA: unknown[] | null = null;
    let paused = false;
    const b = new FirestoreSyncTransport({
      db: clientDb(project, 'u-admin'),
      user: () => ({ id: 'u-admin', role: 'admin' }),
      afterPushRead: async () => {
        if (paused) return;
        paused = true;
        answerA = await a.push('orders', [{ assumedMasterState: base, newDocumentState: { ...base, notes: 'Llamar antes' } }]);
      },
    });
    const answerB = await b.push('orders', [{ assumedMasterState: base, newDocumentState: { ...base, window_end: '13:00' } }]);
    expect(answerA).toEqual([]);
    // B is told the merged state (its base was not the stored one any more).
    expect(answerB).toEqual([expect.objectContaining({ id: 'o-ours', notes: 'Llamar antes', window_end: '13:00' })]);
    expect(await stored('o-ours')).toMatchObject({ notes: 'Llamar antes', window_end: '13:00' });
  });
});
