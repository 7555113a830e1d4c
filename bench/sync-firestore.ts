/**
 * bench/sync, part 4: the same workload against the Cloud Firestore EMULATOR with the Firebase
 * transport (src/backend/firebase), reported next to the embedded server's as a ratio.
 *
 * The emulator is one local Java process that keeps everything in memory and evaluates the rules
 * on every request; it is not Firestore in a region (network distance, replication, quotas). Its
 * figures compare our two transports on one machine, nothing more.
 *
 * - Initial sync rate: the admin's device replicates every collection (the demo documents the
 *   server holds, written into the emulator first) into RxDB, until awaitInSync resolves.
 * - Change latency: device A (operator, orders only) changes an order's notes with its Writer;
 *   until device B (the admin device) holds it in its RxDB (through the onSnapshot listener, a
 *   RESYNC, and a pull).
 */
import { deleteApp, initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, doc, initializeFirestore, memoryLocalCache, serverTimestamp, terminate, writeBatch, type Firestore } from 'firebase/firestore';
import { AppStore } from '../src/data/appStore';
import { openLocalDatabase, type CbDatabase } from '../src/data/database';
import { PushLedger } from '../src/data/pushLedger';
import { Outbox } from '../src/data/outbox';
import { startReplication, type ReplicationHandle } from '../src/data/replication';
import { Writer } from '../src/data/writes';
import { FirestoreSyncTransport } from '../src/backend/firebase/transport';
import { SERVER_TIME_FIELD } from '../src/domain/access/firestoreRules';
import { encodeValue } from '../src/backend/firebase/docs';
import type { SystemRole } from '../src/domain/access/groups';
import type { LocalCollection } from '../src/domain/collections';
import type { SyncDoc } from '../src/backend/types';
import { startEmulators } from '../scripts/firebase-emulators';

export interface FirestoreRunInput {
  /** Every document the server holds, by collection (the admin pulled them in part 1a). */
  readonly docs: ReadonlyMap<LocalCollection, readonly SyncDoc[]>;
  readonly collections: readonly LocalCollection[];
  readonly admin: { readonly id: string };
  readonly operator: { readonly id: string };
  readonly changes: number;
  readonly validate: boolean;
  readonly timeoutMs: number;
  readonly info: (s: string) => void;
}

export interface FirestoreRunResult {
  readonly seedMs: number;
  readonly docs: number;
  readonly syncMs: number;
  readonly latencies: number[];
  readonly errors: string[];
}

const now = (): number => performance.now();

async function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: más de ${ms} ms`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

export async function runFirestore(input: FirestoreRunInput): Promise<FirestoreRunResult> {
  const emulators = await startEmulators();
  const projectId = `demo-bench-${process.pid}`;
  const apps: ReturnType<typeof initializeApp>[] = [];
  const client = (uid: string): Firestore => {
    const app = initializeApp({ projectId, apiKey: 'demo-api-key' }, `bench-${uid}-${apps.length}`);
    apps.push(app);
    const db = initializeFirestore(app, { localCache: memoryLocalCache(), ignoreUndefinedProperties: true });
    connectFirestoreEmulator(db, emulators.firestore.host, emulators.firestore.port, { mockUserToken: uid === 'owner' ? 'owner' : { user_id: uid, sub: uid } });
    return db;
  };
  const open: { replication: ReplicationHandle; db: CbDatabase; store: AppStore }[] = [];
  const errors: string[] = [];
  try {
    input.info('4. sembrando los mismos documentos en el emulador de Firestore…');
    const owner = client('owner');
    const t0 = now();
    const rows = [...input.docs.entries()].flatMap(([c, list]) => list.map((d) => ({ c, d })));
    for (let i = 0; i < rows.length; i += 400) {
      const batch = writeBatch(owner);
      for (const { c, d } of rows.slice(i, i + 400)) batch.set(doc(owner, `cb_${c}`, d.id), { ...(encodeValue(d) as Record<string, unknown>), [SERVER_TIME_FIELD]: serverTimestamp() });
      await batch.commit();
    }
    const seedMs = now() - t0;

    let count = 0;
    const device = async (label: string, userId: string, role: SystemRole, collections: readonly LocalCollection[]) => {
      count += 1;
      const store = new AppStore(`cb-app-bench-fs-${label}-${process.pid}-${count}`);
      const db = await openLocalDatabase({ name: `bench-fs-${label}-${process.pid}-${count}`, storage: { kind: 'memory' }, collections, multiInstance: false, validate: input.validate });
      const outbox = new Outbox(store);
      const transport = new FirestoreSyncTransport({ db: client(userId), user: () => ({ id: userId, role }) });
      const started = now();
      const replication = startReplication({ db, transport, outbox, ledger: new PushLedger(store), userId, collections, waitForLeadership: false, retryTime: 1_000 });
      replication.errors$.subscribe((e) => errors.push(`${label}: ${e}`));
      open.push({ replication, db, store });
      await within(replication.awaitInSync(), input.timeoutMs, `réplica inicial de ${label} (Firestore)`);
      return { db, writer: new Writer(db, outbox), syncMs: now() - started };
    };

    input.info(`4. réplica inicial RxDB de las ${input.collections.length} colecciones desde el emulador (admin)…`);
    const b = await device('B-admin', input.admin.id, 'admin', input.collections);
    let docs = 0;
    for (const c of input.collections) docs += await b.db.collections[c].count().exec();
    input.info('4. réplica de los pedidos (operador) y cambios de A a B…');
    const a = await device('A-operador', input.operator.id, 'operator', ['orders']);

    const orderIds = (input.docs.get('orders') ?? []).filter((o) => o._deleted !== true).map((o) => o.id);
    const latencies: number[] = [];
    for (let i = 0; i < input.changes; i += 1) {
      const id = orderIds[(i * 7919) % orderIds.length] as string;
      const notes = `bench firestore ${i} ${Date.now().toString(36)}`;
      const arrived = new Promise<number>((resolve) => {
        const sub = b.db.collections.orders.$.subscribe((ev) => {
          if (ev.documentId === id && (ev.documentData as { notes?: unknown }).notes === notes) {
            sub.unsubscribe();
            resolve(now());
          }
        });
      });
      const t = now();
      await a.writer.patch('orders', id, { notes });
      const at = await within(arrived, 10_000, `cambio ${i} en B`).catch(() => Number.POSITIVE_INFINITY);
      latencies.push(at - t);
    }
    return { seedMs, docs, syncMs: b.syncMs, latencies, errors };
  } finally {
    for (const o of open) {
      await o.replication.cancel();
      await o.db.remove();
      await o.store.close();
    }
    for (const app of apps) {
      const { getFirestore } = await import('firebase/firestore');
      await terminate(getFirestore(app)).catch(() => {});
      await deleteApp(app).catch(() => {});
    }
    await emulators.stop();
  }
}
