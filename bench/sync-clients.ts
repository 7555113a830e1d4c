/**
 * bench/sync's clients of the server: the raw protocol over HTTP, simulated devices (the real
 * client stack: cb_app, server backend, RxDB memory, replication) and change streams without RxDB.
 */
import { AppStore } from '../src/data/appStore';
import { PushLedger } from '../src/data/pushLedger';
import { openLocalDatabase, removeLocalDatabase, type CbDatabase } from '../src/data/database';
import { Outbox } from '../src/data/outbox';
import { startReplication, type ReplicationHandle } from '../src/data/replication';
import { Writer } from '../src/data/writes';
import { createServerBackend } from '../src/backend/server';
import { parseSse } from '../src/backend/server/transport';
import type { MasterState, PullPage, PushRow, SyncDoc, SyncTransport } from '../src/backend/types';
import type { LocalCollection } from '../src/domain/collections';
import { DEMO_PASSWORD } from '../server/demo/generate';
import { validate, STREAM_PULL_PAGE, SYNC_TIMEOUT_MS, now, cpuMark, cpuSpent } from './sync-setup';
import { secs } from './sync-report';

// ── Raw protocol over HTTP ───────────────────────────────────────────────────────────────────
export let baseUrl = '';
/** Where the server listens, once it runs. */
export function setBaseUrl(url: string): void {
  baseUrl = url;
}

export interface Account {
  readonly token: string;
  readonly userId: string;
  readonly role: string;
  readonly email: string;
}

export async function login(email: string): Promise<Account> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { accessToken: string; user: { id: string; base_role: string } };
  return { token: body.accessToken, userId: body.user.id, role: body.user.base_role, email };
}

export async function pullRaw(token: string, collection: LocalCollection, seq: number | null, limit: number): Promise<{ page: PullPage; bytes: number }> {
  const q = new URLSearchParams({ limit: String(limit) });
  if (seq !== null) q.set('checkpoint', String(seq));
  const res = await fetch(`${baseUrl}/api/sync/${collection}/pull?${q.toString()}`, { headers: { Authorization: `Bearer ${token}` } });
  const text = await res.text();
  if (!res.ok) throw new Error(`pull ${collection}: ${res.status} ${text.slice(0, 200)}`);
  return { page: JSON.parse(text) as PullPage, bytes: Buffer.byteLength(text) };
}

export async function pushRaw(token: string, collection: LocalCollection, rows: PushRow[]): Promise<MasterState[]> {
  const res = await fetch(`${baseUrl}/api/sync/${collection}/push`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(rows),
  });
  if (!res.ok) throw new Error(`push ${collection}: ${res.status} ${await res.text()}`);
  return (await res.json()) as MasterState[];
}

export function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: sin terminar tras ${secs(timeoutMs)}`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// ── Simulated devices (real client stack: cb_app, server backend, RxDB memory, replication) ──
export interface Device {
  readonly label: string;
  readonly userId: string;
  readonly db: CbDatabase;
  readonly writer: Writer;
  readonly replication: ReplicationHandle;
  /** When a push answer came back, per document id (the latest). */
  readonly acks: Map<string, number>;
  readonly errors: string[];
  /** Milliseconds from startReplication until awaitInSync resolved, and documents held then. */
  readonly syncMs: number;
  /** CPU time of this process (the client) and of the server meanwhile, ms. */
  readonly cpu: { client: number; server: number };
  readonly docs: number;
  close(): Promise<void>;
}

let deviceCounter = 0;

export async function openDevice(label: string, email: string, collections: readonly LocalCollection[]): Promise<Device> {
  deviceCounter += 1;
  const unique = `bench-sync-${label}-${process.pid}-${deviceCounter}`;
  const appStore = new AppStore(`cb-app-${unique}`);
  const backend = createServerBackend({ baseUrl, store: appStore, stream: { retryMs: 100, maxRetryMs: 2_000 } });
  const session = await backend.auth.login(email, DEMO_PASSWORD);
  const db = await openLocalDatabase({ name: unique, storage: { kind: 'memory' }, collections, multiInstance: false, validate });
  const outbox = new Outbox(appStore);
  const writer = new Writer(db, outbox);
  const acks = new Map<string, number>();
  const errors: string[] = [];
  const transport: SyncTransport = {
    pull: (collection, checkpoint, limit) => backend.sync.pull(collection, checkpoint, limit),
    async push(collection, rows) {
      const out = await backend.sync.push(collection, rows);
      const at = now();
      for (const r of rows) acks.set(String(r.newDocumentState.id), at);
      return out;
    },
    stream: () => backend.sync.stream(),
  };
  const cpu0 = await cpuMark();
  const t0 = now();
  const replication = startReplication({ db, transport, outbox, ledger: new PushLedger(appStore), userId: session.user.id, collections, waitForLeadership: false, retryTime: 1_000 });
  const sub = replication.errors$.subscribe((e) => errors.push(e));
  await withTimeout(replication.awaitInSync(), SYNC_TIMEOUT_MS, `réplica inicial de ${label}`);
  const syncMs = now() - t0;
  const cpu = await cpuSpent(cpu0);
  let docs = 0;
  for (const c of collections) docs += await db.collections[c].count().exec();
  return {
    label,
    userId: session.user.id,
    db,
    writer,
    replication,
    acks,
    errors,
    syncMs,
    cpu,
    docs,
    async close() {
      sub.unsubscribe();
      await replication.cancel();
      await removeLocalDatabase(db);
      await appStore.close();
    },
  };
}

// ── Change streams without RxDB (part 3) ─────────────────────────────────────────────────────
/** An orders `change` message arrived (`doc` undefined: the stream carries none), or a pull brought `doc`. */
export type Sink = (conn: StreamConn, via: 'event' | 'pull', at: number, doc?: SyncDoc) => void;

/** One device's change stream, read with fetch as the client does, plus its pull after each event. */
export class StreamConn {
  /** Orders checkpoint: the head announced by `resync`, then each pull's answer. */
  private seq = 0;
  private readonly controller = new AbortController();
  private pulling = false;
  private dirty = false;
  events = 0;
  pulls = 0;
  readonly errors: string[] = [];

  constructor(
    readonly label: string,
    readonly account: Account,
    private readonly sink: Sink,
  ) {}

  /** Resolves when the server's `resync` (the first event of every connection) has arrived. */
  open(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.read(resolve).catch((err: unknown) => {
        if (this.controller.signal.aborted) return;
        this.errors.push(`${this.label}: ${String(err)}`);
        reject(err instanceof Error ? err : new Error(String(err)));
      });
    });
  }

  private async read(onReady: () => void): Promise<void> {
    const res = await fetch(`${baseUrl}/api/sync/stream`, {
      headers: { Authorization: `Bearer ${this.account.token}`, Accept: 'text/event-stream' },
      signal: this.controller.signal,
    });
    if (!res.ok || !res.body) throw new Error(`stream: ${res.status}`);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const at = now();
      buffer += decoder.decode(value, { stream: true });
      const parsed = parseSse(buffer);
      buffer = parsed.rest;
      for (const e of parsed.events) {
        if (e.event === 'resync') {
          this.seq = (JSON.parse(e.data) as { checkpoint: number }).checkpoint;
          onReady();
        } else if (e.event === 'change') {
          this.events += 1;
          // Only «pull this collection» (src/domain/sync/protocol.ts): no document.
          const payload = JSON.parse(e.data) as { collection: LocalCollection };
          if (payload.collection !== 'orders') continue;
          this.sink(this, 'event', at);
          this.schedulePull();
        }
      }
    }
  }

  /** What the client does on an event: pull from its checkpoint (one pull at a time, again if needed). */
  private schedulePull(): void {
    this.dirty = true;
    if (this.pulling) return;
    this.pulling = true;
    void (async () => {
      try {
        while (this.dirty) {
          this.dirty = false;
          for (;;) {
            const { page } = await pullRaw(this.account.token, 'orders', this.seq, STREAM_PULL_PAGE);
            this.pulls += 1;
            const at = now();
            for (const d of page.documents) this.sink(this, 'pull', at, d);
            this.seq = page.checkpoint.seq;
            if (page.documents.length < STREAM_PULL_PAGE) break;
          }
        }
      } catch (err) {
        this.errors.push(`${this.label} pull: ${String(err)}`);
      } finally {
        this.pulling = false;
      }
    })();
  }

  close(): void {
    this.controller.abort();
  }
}
