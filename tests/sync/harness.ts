/**
 * Simulated devices for sync tests: each one is a real client stack (RxDB in memory or on fake
 * IndexedDB, its own cb_app on fake IndexedDB, the server backend with tokens and the SSE
 * stream, the Writer, the outbox and the push ledger, the replication) talking to the real server
 * on loopback through a fetch that injects network faults driven by a seeded PRNG. A device on
 * IndexedDB can be restarted: closed and reopened from what its storage holds.
 *
 * RxDB's free edition opens at most 13 collections per JS realm: every device opens only the
 * collections it needs, and `closeDevices` removes their databases.
 *
 * The seeded PRNG and the faulty network live in ./faultyNetwork.ts (re-exported here).
 */
import 'fake-indexeddb/auto';
import { AppStore } from '../../src/data/appStore';
import { openLocalDatabase, type CbDatabase } from '../../src/data/database';
import { Outbox } from '../../src/data/outbox';
import { PushLedger } from '../../src/data/pushLedger';
import { startReplication, type Refusal, type ReplicationHandle } from '../../src/data/replication';
import type { SyncNotice } from '../../src/data/syncNotices';
import { Writer } from '../../src/data/writes';
import { createServerBackend, type ServerBackend } from '../../src/backend/server';
import type { Checkpoint, PushRow, SyncDoc, SyncTransport } from '../../src/backend/types';
import type { LocalCollection } from '../../src/domain/collections';
import { tap, type Observable, type Subscription } from 'rxjs';
import { afterEach } from 'vitest';
import { PASSWORD } from '../helpers/fixtures';
import type { TestServer } from '../helpers/server';
import { FaultyNetwork, networkError } from './faultyNetwork';

export { FaultyNetwork, NO_FAULTS, mulberry32, rng, sleep, type FaultRates, type NetStats, type Rng } from './faultyNetwork';

// ── Devices ──────────────────────────────────────────────────────────────────────────────────

export interface CheckpointRecord {
  /** Checkpoint the pull handler was called with (null = from the beginning). */
  readonly given: number | null;
  /** Checkpoint the server answered. */
  readonly returned: number | null;
  /** Documents in the answer (RxDB stores the answered checkpoint only when there are some). */
  readonly documents: number;
}

export interface Device {
  readonly label: string;
  readonly email: string;
  readonly userId: string;
  readonly collections: readonly LocalCollection[];
  /** The parts below are replaced when the device restarts (`restart()`). */
  readonly db: CbDatabase;
  readonly appStore: AppStore;
  readonly backend: ServerBackend;
  readonly net: FaultyNetwork;
  readonly outbox: Outbox;
  readonly ledger: PushLedger;
  readonly writer: Writer;
  readonly replication: ReplicationHandle;
  /** Checkpoints seen by this device's pull handler, per collection, in call order. */
  readonly checkpoints: Map<LocalCollection, CheckpointRecord[]>;
  readonly refusals: Refusal[];
  /** Answers that did not keep this device's change (what the app would show the person). */
  readonly notices: SyncNotice[];
  readonly errors: string[];
  /** What went over this device's transport (pulls, pushes, stream events), for failure reports. */
  readonly trace: string[];
  /** Times the device was restarted. */
  readonly restarts: number;
  /** Local documents (content only: no _rev/_meta/_attachments/_deleted), sorted by id. */
  docs(collection: LocalCollection): Promise<Record<string, unknown>[]>;
  /**
   * The app is killed and opened again: the replication stops where it is (a push under way
   * loses its answer), the local database and cb_app are closed and reopened from their
   * storage (needs `storage: 'dexie'`), and the replication starts again from what they hold.
   * Answers held by `net.loseEveryPushAnswer` were lost to the app that is gone: it ends.
   */
  restart(): Promise<void>;
  close(): Promise<void>;
}

let deviceCounter = 0;

export interface DeviceOptions {
  readonly baseUrl: string;
  readonly email: string;
  readonly label: string;
  readonly collections: readonly LocalCollection[];
  /** Seed of this device's fault PRNG. */
  readonly seed: number;
  /** Milliseconds between retries of a failed pull or push. */
  readonly retryTime?: number;
  readonly pushBatchSize?: number;
  /**
   * Where cb_localDB lives: in memory (default; gone when closed) or in IndexedDB through
   * dexie on fake-indexeddb (survives `restart()`, as on a phone).
   */
  readonly storage?: 'memory' | 'dexie';
}

const DEVICE_FIELDS = new Set(['_rev', '_meta', '_attachments', '_deleted']);

/** A document's content without sync metadata, keys sorted (stable comparison). */
export function content(doc: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(doc).sort()) if (!DEVICE_FIELDS.has(k)) out[k] = doc[k];
  return out;
}

interface Realm {
  db: CbDatabase;
  appStore: AppStore;
  backend: ServerBackend;
  outbox: Outbox;
  ledger: PushLedger;
  writer: Writer;
  replication: ReplicationHandle;
  subs: Subscription[];
  life: { alive: boolean };
}

/** Signs in through the faulty network (faults off), opens the local database and starts replication. */
export async function createDevice(opts: DeviceOptions): Promise<Device> {
  deviceCounter += 1;
  const unique = `${opts.label}-${process.pid}-${deviceCounter}-${Date.now().toString(36)}`.toLowerCase().replace(/[^a-z0-9-]/g, '-');
  const storage = opts.storage ?? 'memory';
  const net = new FaultyNetwork(opts.seed);
  const checkpoints = new Map<LocalCollection, CheckpointRecord[]>();
  const trace: string[] = [];
  const refusals: Refusal[] = [];
  const notices: SyncNotice[] = [];
  const errors: string[] = [];
  const brief = (d: Record<string, unknown> | null | undefined) =>
    d ? `${String(d.id)}@${String(d.updated_at ?? '')}${typeof d.status === 'string' ? `:${d.status}` : ''}${typeof d.planned_start === 'string' ? `~${d.planned_start}` : ''}${typeof d.notes === 'string' ? `'${d.notes}` : ''}${d._deleted ? '†' : ''}` : 'null';

  let userId = '';
  /** Opens one life of the app on this device's storage (the session comes from its cb_app). */
  const open = async (): Promise<Realm> => {
    const appStore = new AppStore(`cb-app-${unique}`);
    // A killed app hears nothing more: answers still on their way are lost, nothing new leaves.
    const life = { alive: true };
    const fetchImpl: typeof fetch = async (input, init) => {
      if (!life.alive) throw networkError('the app was closed');
      const res = await net.fetch(input, init);
      if (!life.alive) throw networkError('the app was closed');
      return res;
    };
    const backend = createServerBackend({ baseUrl: opts.baseUrl, store: appStore, fetchImpl, stream: { retryMs: 30, maxRetryMs: 300 } });
    if (!userId) userId = (await backend.auth.login(opts.email, PASSWORD)).user.id;
    const db = await openLocalDatabase({ name: `dev-${unique}`, storage: { kind: storage }, collections: opts.collections, multiInstance: false });
    const outbox = new Outbox(appStore);
    const ledger = new PushLedger(appStore);
    const writer = new Writer(db, outbox);
    // As DataEngine.init: an action the last life left half-written ends whole before any sync.
    await writer.replayJournal();
    const transport: SyncTransport = {
      async pull(collection, checkpoint: Checkpoint | null, limit) {
        const list = checkpoints.get(collection) ?? [];
        checkpoints.set(collection, list);
        const page = await backend.sync.pull(collection, checkpoint, limit);
        list.push({ given: checkpoint?.seq ?? null, returned: page.checkpoint?.seq ?? null, documents: page.documents.length });
        trace.push(`pull ${collection} ${checkpoint?.seq ?? '-'} → ${page.checkpoint.seq} [${page.documents.map(brief).join(' ')}]`);
        return page;
      },
      async push(collection, rows) {
        const id = Math.random().toString(36).slice(2, 6);
        const own = (r: PushRow) => (r.unansweredStates?.length ? ` +${r.unansweredStates.map(brief).join(',')}` : '');
        trace.push(`push#${id} ${collection} ${rows.map((r) => `${brief(r.newDocumentState)}<${brief(r.assumedMasterState)}${own(r)}`).join(' ')}`);
        try {
          const out = await backend.sync.push(collection, rows);
          trace.push(`push#${id} ok [${out.map(brief).join(' ')}]`);
          return out;
        } catch (err) {
          trace.push(`push#${id} failed ${String(err)}`);
          throw err;
        }
      },
      stream: () =>
        backend.sync.stream().pipe(
          tap((e) => trace.push(e.type === 'resync' ? 'stream resync' : `stream ${e.collection} → ${e.checkpoint.seq}`)),
        ),
    };
    const replication = startReplication({
      db,
      transport,
      outbox,
      ledger,
      userId,
      collections: opts.collections,
      retryTime: opts.retryTime ?? 60,
      pushBatchSize: opts.pushBatchSize,
      waitForLeadership: false,
    });
    const subs = [
      replication.refusals$.subscribe((r) => refusals.push(r)),
      replication.notices$.subscribe((n) => notices.push(n)),
      replication.errors$.subscribe((e) => errors.push(e)),
    ];
    if (process.env.SYNC_DEBUG) {
      for (const c of opts.collections) {
        subs.push(
          (db.collections[c].$ as Observable<{ operation: string; documentData: unknown; context?: string }>).subscribe((ev) => {
            const d = ev.documentData as Record<string, unknown>;
            trace.push(`local ${ev.operation} ${c} ${brief(d)} rev=${String(d._rev)} ctx=${String(ev.context ?? '')}`);
          }),
        );
        const st = replication.states.get(c);
        if (st) subs.push(st.error$.subscribe((e) => trace.push(`error ${c} ${String(e).slice(0, 200)}`)));
      }
    }
    return { db, appStore, backend, outbox, ledger, writer, replication, subs, life };
  };

  const shut = async (realm: Realm, remove: boolean) => {
    realm.life.alive = false;
    realm.subs.forEach((s) => s.unsubscribe());
    await realm.replication.cancel();
    if (remove) await realm.db.remove();
    else await realm.db.close();
    await realm.appStore.close();
  };

  let realm = await open();
  let restarts = 0;
  const device: Device = {
    label: opts.label,
    email: opts.email,
    userId,
    collections: opts.collections,
    get db() {
      return realm.db;
    },
    get appStore() {
      return realm.appStore;
    },
    get backend() {
      return realm.backend;
    },
    net,
    get outbox() {
      return realm.outbox;
    },
    get ledger() {
      return realm.ledger;
    },
    get writer() {
      return realm.writer;
    },
    get replication() {
      return realm.replication;
    },
    checkpoints,
    refusals,
    notices,
    errors,
    trace,
    get restarts() {
      return restarts;
    },
    async docs(collection) {
      const found = await realm.db.collections[collection].find().exec();
      return found.map((d) => content(d.toJSON() as Record<string, unknown>)).sort((a, b) => String(a.id).localeCompare(String(b.id)));
    },
    async restart() {
      if (storage !== 'dexie') throw new Error(`${opts.label}: a device in memory cannot restart (use storage: 'dexie')`);
      trace.push('── restart ──');
      await shut(realm, false);
      net.loseEveryPushAnswer = false;
      restarts += 1;
      realm = await open();
    },
    async close() {
      await shut(realm, true);
    },
  };
  return device;
}

export async function closeDevices(devices: readonly Device[]): Promise<void> {
  for (const d of devices) await d.close();
}

/**
 * What a test opened, closed after each test (the devices, then the server). A test sets
 * `open.server` as soon as it starts one, and `open.devices` once it has them.
 */
export function closeAfterEach(): { server: TestServer | null; devices: Device[] } {
  const open: { server: TestServer | null; devices: Device[] } = { server: null, devices: [] };
  afterEach(async () => {
    await closeDevices(open.devices);
    open.devices = [];
    await open.server?.stop();
    open.server = null;
  });
  return open;
}

// ── Quiescence ───────────────────────────────────────────────────────────────────────────────

async function fingerprint(devices: readonly Device[], serverHead: () => number): Promise<string> {
  const parts: unknown[] = [serverHead()];
  for (const d of devices) {
    const cols: unknown[] = [];
    for (const c of d.collections) cols.push(await d.docs(c));
    parts.push(cols, await d.outbox.count());
  }
  return JSON.stringify(parts);
}

/**
 * Faults off, then rounds of reSync + awaitInSync on every device until two consecutive rounds
 * change nothing (server head, local documents, outboxes).
 */
export async function quiesce(devices: readonly Device[], serverHead: () => number, opts: { maxRounds?: number; timeoutMs?: number } = {}): Promise<number> {
  for (const d of devices) d.net.heal();
  const limit = opts.timeoutMs ?? 120_000;
  const deadline = Date.now() + limit;
  const maxRounds = opts.maxRounds ?? 30;
  let previous = '';
  let stable = 0;
  for (let round = 1; round <= maxRounds; round += 1) {
    for (const d of devices) d.replication.reSync();
    const synced = Promise.all(devices.map((d) => d.replication.awaitInSync()));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`quiesce: devices not in sync after ${limit} ms (round ${round})`)), Math.max(0, deadline - Date.now()));
    });
    try {
      await Promise.race([synced, timedOut]);
    } finally {
      clearTimeout(timer);
    }
    // No pause here: a change still on its way shows as a different fingerprint in the next
    // round (each round pulls everything and waits for every push), so two equal rounds in a
    // row mean quiet, however slow the machine.
    const now = await fingerprint(devices, serverHead);
    stable = now === previous ? stable + 1 : 0;
    previous = now;
    if (stable >= 1) return round;
  }
  throw new Error(`quiesce: state still changing after ${maxRounds} rounds`);
}

// ── The server's view ────────────────────────────────────────────────────────────────────────

/** Everything a device's user may see of a collection, read through the pull API with his token. */
export async function serverView(device: Device, collection: LocalCollection): Promise<Record<string, unknown>[]> {
  const docs = new Map<string, SyncDoc>();
  let checkpoint: Checkpoint | null = null;
  for (;;) {
    const page = await device.backend.sync.pull(collection, checkpoint, 2000);
    for (const d of page.documents) docs.set(d.id, d);
    if (page.documents.length < 2000) break;
    checkpoint = page.checkpoint;
  }
  return [...docs.values()]
    .filter((d) => d._deleted !== true)
    .map((d) => content(d))
    .sort((a, b) => String(a.id).localeCompare(String(b.id)));
}

/**
 * Where a device's pull checkpoints went backwards: a pull from a checkpoint lower than one it
 * pulled from before, or lower than an answered checkpoint that came with documents (RxDB
 * stores those; an empty answer's checkpoint is not stored, so the next pull may repeat). The
 * replication may read the same page again (a push ran meanwhile): of consecutive pulls from
 * one checkpoint, the last answer is the one handed to RxDB.
 */
export function checkpointRegressions(device: Device): string[] {
  const problems: string[] = [];
  for (const [collection, list] of device.checkpoints) {
    let reached = -1;
    list.forEach((rec, i) => {
      const given = rec.given ?? 0;
      if (given < reached) problems.push(`${device.label}/${collection}: pull #${i} from ${given} after reaching ${reached}`);
      const next = list[i + 1];
      const handedOver = !next || (next.given ?? 0) !== given;
      reached = Math.max(reached, given, handedOver && rec.documents > 0 ? (rec.returned ?? 0) : 0);
    });
  }
  return problems;
}
