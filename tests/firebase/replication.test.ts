/**
 * The client's replication (src/data/replication.ts: RxDB, outbox, Writer) over the Firebase
 * transport against the Firestore emulator, with a faulty link between each device and
 * Firestore driven by a seeded PRNG: requests dropped before they leave, acknowledgements lost
 * after Firestore committed, requests sent twice. An admin's and an operator's device edit the
 * same orders at once (different fields), a rider's device records delivery events. When the
 * link heals: every device holds what Firestore holds, no write is lost, no event is doubled,
 * and both devices' edits survive (three-way merge, not last-writer-wins).
 *
 * (The fault-injection harness of tests/sync runs devices over HTTP with the embedded server;
 * its Firebase twin waits for the closed backend seam: see docs/firebase.md.)
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collection, getDocs, type Firestore } from 'firebase/firestore';
import { AppStore } from '../../src/data/appStore';
import { openLocalDatabase, type CbDatabase } from '../../src/data/database';
import { PushLedger } from '../../src/data/pushLedger';
import { Outbox } from '../../src/data/outbox';
import { startReplication, type ReplicationHandle } from '../../src/data/replication';
import { Writer } from '../../src/data/writes';
import { FirestoreSyncTransport } from '../../src/backend/firebase/transport';
import { cleanDoc } from '../../src/backend/firebase/docs';
import { BackendError, type SyncTransport } from '../../src/backend/types';
import type { SystemRole } from '../../src/domain/access/groups';
import type { LocalCollection } from '../../src/domain/collections';
import type { DeliveryEvent } from '../../src/domain/entities/events';
import { content, rng, type Rng } from '../sync/harness';
import { deliveryEvent, order } from '../helpers/fixtures';
import { clientDb, closeClients, newProject, seed, seedSmallOperation } from './emulator';

const project = newProject('replication');
let owner: Firestore;

interface Faults {
  drop: number;
  lostAck: number;
  duplicate: number;
}
const HEALED: Faults = { drop: 0, lostAck: 0, duplicate: 0 };

/** The Firebase transport behind a faulty link (pulls and pushes; the listeners pass). */
function faulty(inner: SyncTransport, random: Rng, stats: Record<string, number>): SyncTransport & { faults: Faults } {
  const link = {
    faults: { ...HEALED },
    async pull(...args: Parameters<SyncTransport['pull']>) {
      if (random.chance(link.faults.drop)) {
        stats.dropped = (stats.dropped ?? 0) + 1;
        throw new BackendError('network', 'Sin conexión con el servidor', 0);
      }
      return inner.pull(...args);
    },
    async push(...args: Parameters<SyncTransport['push']>) {
      if (random.chance(link.faults.drop)) {
        stats.dropped = (stats.dropped ?? 0) + 1;
        throw new BackendError('network', 'Sin conexión con el servidor', 0);
      }
      if (random.chance(link.faults.duplicate)) {
        stats.duplicated = (stats.duplicated ?? 0) + 1;
        await inner.push(...args);
        return inner.push(...args);
      }
      const answer = await inner.push(...args);
      if (random.chance(link.faults.lostAck)) {
        stats.lostAck = (stats.lostAck ?? 0) + 1;
        throw new BackendError('network', 'Sin conexión con el servidor', 0);
      }
      return answer;
    },
    stream: () => inner.stream(),
  };
  return link;
}

interface Device {
  readonly label: string;
  readonly db: CbDatabase;
  readonly writer: Writer;
  readonly outbox: Outbox;
  readonly replication: ReplicationHandle;
  readonly link: ReturnType<typeof faulty>;
  readonly collections: readonly LocalCollection[];
  close(): Promise<void>;
}

const devices: Device[] = [];
const stats: Record<string, number> = {};

async function device(label: string, userId: string, role: SystemRole, collections: readonly LocalCollection[], seedValue: number): Promise<Device> {
  const unique = `${label}-${process.pid}-${Date.now().toString(36)}`;
  const appStore = new AppStore(`cb-app-${unique}`);
  const db = await openLocalDatabase({ name: `fb-${unique}`, storage: { kind: 'memory' }, collections, multiInstance: false });
  const outbox = new Outbox(appStore);
  const writer = new Writer(db, outbox);
  const transport = new FirestoreSyncTransport({ db: clientDb(project, userId), user: () => ({ id: userId, role }), retryMs: 100 });
  const link = faulty(transport, rng(seedValue), stats);
  const replication = startReplication({ db, transport: link, outbox, ledger: new PushLedger(appStore), userId, collections, retryTime: 60, waitForLeadership: false });
  const d: Device = {
    label,
    db,
    writer,
    outbox,
    replication,
    link,
    collections,
    async close() {
      await replication.cancel();
      await db.remove();
      await appStore.close();
    },
  };
  devices.push(d);
  return d;
}

async function local(d: Device, c: LocalCollection): Promise<Record<string, unknown>[]> {
  const found = await d.db.collections[c].find().exec();
  return found.map((x) => content(x.toJSON() as Record<string, unknown>)).sort((a, b) => String(a.id).localeCompare(String(b.id)));
}

async function firestoreView(c: LocalCollection, keep: (d: Record<string, unknown>) => boolean = () => true): Promise<Record<string, unknown>[]> {
  const snap = await getDocs(collection(owner, `cb_${c}`));
  return snap.docs
    .map((d) => cleanDoc(d.data()))
    .filter((d) => d._deleted !== true && keep(d))
    .map((d) => content(d))
    .sort((a, b) => String(a.id).localeCompare(String(b.id)));
}

/** Heals every link, then syncs until two rounds in a row change nothing. */
async function quiesce(all: readonly Device[]): Promise<void> {
  for (const d of all) d.link.faults = { ...HEALED };
  let previous = '';
  for (let round = 0; round < 30; round += 1) {
    for (const d of all) d.replication.reSync();
    await Promise.all(all.map((d) => d.replication.awaitInSync()));
    const parts: unknown[] = [];
    for (const d of all) parts.push(await Promise.all(d.collections.map((c) => local(d, c))), await d.outbox.count());
    const now = JSON.stringify(parts);
    if (now === previous) return;
    previous = now;
  }
  throw new Error('the devices did not settle');
}

beforeAll(async () => {
  await seedSmallOperation(project);
  owner = clientDb(project, 'owner');
  await seed(owner, { orders: Array.from({ length: 4 }, (_, i) => order(`o-rep-${i}`, 'pe1', '', 'pending')) });
});
afterAll(async () => {
  for (const d of devices.splice(0)) await d.close();
  await closeClients();
});

/**
 * An upper bound, not a wait: the Firestore emulator now and then answers a realtime listener with
 * RESOURCE_EXHAUSTED («Received message larger than max», firebase-tools#8654, open), and the SDK
 * then backs off for up to 60 s before it reconnects (pulls fail meanwhile; CI saw it once). The
 * test still waits only for the devices to settle.
 */
const CONVERGE_WITHIN_MS = 240_000;

describe('replication over Firestore with dropped requests, lost acknowledgements and duplicates', () => {
  it('converges with no lost write, no doubled event and both devices’ edits kept', async () => {
    const admin = await device('admin', 'u-admin', 'admin', ['orders'], 11);
    const operator = await device('operator', 'u-operador', 'operator', ['orders'], 12);
    const rider = await device('rider', 'u-rider1', 'rider', ['routes', 'orders', 'deliveries'], 13);
    await quiesce(devices);
    expect((await local(admin, 'orders')).map((o) => o.id)).toContain('o-rep-0');

    const faults: Faults = { drop: 0.15, lostAck: 0.25, duplicate: 0.15 };
    for (const d of devices) d.link.faults = { ...faults };
    const random = rng(2026);
    const lastNotes = new Map<string, string>();
    const lastWindow = new Map<string, string>();
    const events: DeliveryEvent[] = [];
    for (let round = 0; round < 8; round += 1) {
      const id = `o-rep-${random.int(0, 3)}`;
      const notes = `nota ${round}`;
      const windowEnd = `1${random.int(2, 9)}:${round % 2 === 0 ? '00' : '30'}`;
      // Both devices edit the same order at the same time, different fields.
      await Promise.all([admin.writer.patch('orders', id, { notes }), operator.writer.patch('orders', id, { window_end: windowEnd })]);
      lastNotes.set(id, notes);
      lastWindow.set(id, windowEnd);
      const ev = deliveryEvent(`ev-rep-${round}`, order('o1', 'pe1', 'r1'), 'u-rider1');
      events.push(ev);
      await rider.writer.insert('deliveries', ev);
      // A double tap on the rider's phone changes nothing.
      expect((await rider.writer.insert('deliveries', ev)).created).toBe(false);
      // Each round goes out through the faulty links (RxDB retries what failed).
      await Promise.all(devices.map((d) => d.replication.awaitInSync()));
    }
    await quiesce(devices);

    // Every device holds what Firestore holds (the rider: his orders).
    const orders = await firestoreView('orders');
    expect(await local(admin, 'orders')).toEqual(orders);
    expect(await local(operator, 'orders')).toEqual(orders);
    expect(await local(rider, 'orders')).toEqual(await firestoreView('orders', (o) => o.route_id === 'r1'));
    expect(await local(rider, 'deliveries')).toEqual(await firestoreView('deliveries', (e) => e.route_id === 'r1'));
    // No write lost: the last edit of each device, of each field, is stored; every event once.
    for (const [id, notes] of lastNotes) expect(orders.find((o) => o.id === id)?.notes, id).toBe(notes);
    for (const [id, w] of lastWindow) expect(orders.find((o) => o.id === id)?.window_end, id).toBe(w);
    const stored = await firestoreView('deliveries');
    for (const ev of events) expect(stored.filter((e) => e.id === ev.id)).toEqual([content(ev as unknown as Record<string, unknown>)]);
    for (const d of devices) expect(await d.outbox.count(), d.label).toBe(0);
    // The faults did happen.
    expect((stats.lostAck ?? 0) + (stats.duplicated ?? 0) + (stats.dropped ?? 0)).toBeGreaterThan(0);
  }, CONVERGE_WITHIN_MS);
});
