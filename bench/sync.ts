/**
 * bench/sync: the replication protocol of the embedded server under the scaled demo operation.
 *
 * The real server (createApp on a temporary DATA_DIR, demo seed at a large scale) runs in a
 * process of its own (bench/sync-server.ts): a device and the server are different machines and
 * must not share one JavaScript thread. Everything else runs here, on loopback.
 *
 * 1. Initial sync rate (goal ≥ 5,000 documents/s):
 *    a. raw protocol: the admin pulls every collection over HTTP, in pages of 2,000, until drained;
 *    b. a real client: startReplication (src/data/replication.ts) of every collection into an RxDB
 *       memory database with ajv validation (the app's page of 500), until awaitInSync resolves;
 *    c. the same for an operator's device that replicates orders only.
 * 2. An online change reaching another device (goal p95 < 1 s): device A (operator, orders only)
 *    and device B (the admin device of 1b, every collection) replicate live; N changes of an
 *    order's notes, made (i) with device A's Writer and (ii) with the push API; latency from the
 *    start of the change until device B's local RxDB holds the new value.
 * 3. The same with 50 devices, each one change stream (fetch to /api/sync/stream with a bearer
 *    token; the admin and the operators see every order, a rider only those of his routes):
 *    latency from the start of the push until every connection that may see the change has
 *    received its `change` message (which names the collection only, no document), and until
 *    that connection's next pull (what the client does on a message) has returned the document.
 *    A connection told of a change it may not see, or pulling it, is reported.
 *
 * The RxDB free edition opens at most 13 collections per JS realm: 1b opens 12, device A one
 * more; both are closed before part 3, which uses plain streams.
 *
 *   npm run bench:sync                # 20k delivery points, ~50k orders (about 2–4 minutes)
 *   npm run bench:sync -- --quick     # 2k delivery points, ~5k orders (well under a minute)
 *   npm run bench:sync -- --no-ajv    # the devices' RxDB without ajv validation of storage writes
 *   npm run bench:sync -- --no-firestore   # without part 4
 *
 * 4. The same initial sync (1b) and change latency (2, Writer) against the Cloud Firestore
 *    EMULATOR with the Firebase transport (bench/sync-firestore.ts), next to the server's figures
 *    as a ratio. The emulator is not production: the output says so.
 */
import 'fake-indexeddb/auto';
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppStore } from '../src/data/appStore';
import { PushLedger } from '../src/data/pushLedger';
import { openLocalDatabase, removeLocalDatabase, type CbDatabase } from '../src/data/database';
import { Outbox } from '../src/data/outbox';
import { startReplication, type ReplicationHandle } from '../src/data/replication';
import { Writer } from '../src/data/writes';
import { createServerBackend } from '../src/backend/server';
import { parseSse } from '../src/backend/server/transport';
import type { MasterState, PullPage, PushRow, SyncDoc, SyncTransport } from '../src/backend/types';
import { LOCAL_COLLECTIONS, type LocalCollection } from '../src/domain/collections';
import { DEMO_PASSWORD } from '../server/demo/generate';
import type { BenchServerConfig, BenchServerMessage } from './sync-server';
import { runFirestore } from './sync-firestore';
import { budget, quantile, verdict, writeFigures, type Budget } from './kit';

const quick = process.argv.includes('--quick');
/** ajv validation of every storage write: openLocalDatabase's default in development and tests (the production build leaves it off). */
const validate = !process.argv.includes('--no-ajv');
const withFirestore = !process.argv.includes('--no-firestore');
const SCALE = quick
  ? { deliveryPoints: 2_000, ordersPerDay: 2_500, ridersPerHub: 10 }
  : { deliveryPoints: 20_000, ordersPerDay: 25_000, ridersPerHub: 10 };
const SEED = 20261122;
const CHANGES = 50;
const CONNECTIONS = 50;
const RAW_PAGE = 2_000;
const STREAM_PULL_PAGE = 500;
const GOAL_DOCS_PER_S = 5_000;
const GOAL_P95_MS = 1_000;
/** A change not seen by then counts as lost (its latency is infinite). */
const CHANGE_TIMEOUT_MS = 10_000;
const SYNC_TIMEOUT_MS = 240_000;

const ADMIN_EMAIL = 'admin@cargobici.test';
const OPERATOR_EMAIL = 'operador@cargobici.test';
const OTHER_OPERATOR_EMAIL = 'operador.mad@cargobici.test';

const started = performance.now();
const loadAtStart = loadavg()[0] ?? 0;
const now = (): number => performance.now();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const info = (s: string): void => console.info(`  · ${s}`);

// ── Formatting ────────────────────────────────────────────────────────────────────────────────
const int = (n: number): string => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
const ms = (n: number): string => (Number.isFinite(n) ? (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0)) : '∞');
const secs = (n: number): string => `${(n / 1000).toFixed(1)} s`;
const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);

function table(head: string[], rows: string[][], right: boolean[]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells.map((c, i) => (right[i] ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ').trimEnd();
  console.log(line(head));
  console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

/** Nearest-rank percentile (lost changes are +Infinity). */
const percentile = quantile;

interface LatencyRow {
  readonly label: string;
  readonly values: number[];
  /** Held against the goal (else informational). */
  readonly goal: boolean;
}

let over = 0;
const warnings: string[] = [];
/** Every figure held against a goal, for `--json FILE`. */
const budgets: Budget[] = [];
const latencies: { label: string; n: number; lost: number; p50: number; p95: number; max: number }[] = [];

function latencyTable(rows: LatencyRow[]): void {
  table(
    ['medida', 'n', 'perdidos', 'p50 ms', 'p95 ms', 'máx ms', 'meta'],
    rows.map((r) => {
      const sorted = [...r.values].sort((a, b) => a - b);
      const p95 = percentile(sorted, 0.95);
      const ok = p95 < GOAL_P95_MS;
      if (r.goal && !ok) over += 1;
      const lost = sorted.filter((v) => !Number.isFinite(v)).length;
      latencies.push({ label: r.label, n: sorted.length, lost, p50: percentile(sorted, 0.5), p95, max: sorted[sorted.length - 1] ?? Number.NaN });
      if (r.goal) budgets.push({ ...budget(`${r.label}: p95`, p95, GOAL_P95_MS), ok });
      return [
        r.label,
        String(sorted.length),
        String(sorted.filter((v) => !Number.isFinite(v)).length),
        ms(percentile(sorted, 0.5)),
        ms(p95),
        ms(sorted[sorted.length - 1] ?? Number.NaN),
        r.goal ? `p95 < ${int(GOAL_P95_MS)} ms  ${verdict(ok)}` : '(informativa)',
      ];
    }),
    [false, true, true, true, true, true, false],
  );
}

// ── Seeded randomness ────────────────────────────────────────────────────────────────────────
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(SEED);
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

// ── The server process ───────────────────────────────────────────────────────────────────────
type Ready = Extract<BenchServerMessage, { type: 'ready' }>;

const dataDir = mkdtempSync(join(tmpdir(), 'cb-bench-sync-'));
let child: ChildProcess | null = null;

async function startServer(): Promise<Ready> {
  const cfg: BenchServerConfig = { dataDir, seed: SEED, scale: SCALE };
  const proc = fork(fileURLToPath(new URL('./sync-server.ts', import.meta.url)), [JSON.stringify(cfg)], {
    // `--import tsx` resolves from the working directory: the repository's root.
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child = proc;
  return new Promise<Ready>((resolve, reject) => {
    proc.once('message', (m: BenchServerMessage) => {
      if (m.type === 'ready') resolve(m);
      else reject(new Error(`el servidor no arrancó:\n${m.type === 'error' ? m.message : m.type}`));
    });
    proc.once('exit', (code) => reject(new Error(`el servidor terminó antes de estar listo (código ${String(code)})`)));
  });
}

async function stopServer(): Promise<void> {
  const proc = child;
  child = null;
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  if (proc.connected) proc.send({ type: 'stop' });
  const timer = setTimeout(() => proc.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** CPU time of the server process so far, ms (asked over IPC). */
function serverCpu(): Promise<number> {
  const proc = child;
  if (!proc?.connected) return Promise.resolve(Number.NaN);
  return new Promise<number>((resolve) => {
    const onMessage = (m: BenchServerMessage) => {
      if (m.type !== 'cpu') return;
      proc.off('message', onMessage);
      resolve(m.ms);
    };
    proc.on('message', onMessage);
    proc.send({ type: 'cpu' });
  });
}

/** CPU time of the client (this process) and of the server since `start`. */
interface CpuMark {
  readonly client: NodeJS.CpuUsage;
  readonly server: number;
}
async function cpuMark(): Promise<CpuMark> {
  return { client: process.cpuUsage(), server: await serverCpu() };
}
async function cpuSpent(mark: CpuMark): Promise<{ client: number; server: number }> {
  const d = process.cpuUsage(mark.client);
  return { client: (d.user + d.system) / 1000, server: (await serverCpu()) - mark.server };
}

/** Linux pressure stall information: share of the last 10 s in which some task waited for a CPU. */
function cpuPressure(): string {
  try {
    const m = /some avg10=([\d.]+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'));
    return m ? `${m[1]} %` : '?';
  } catch {
    return '?';
  }
}

function removeDataDir(): void {
  rmSync(dataDir, { recursive: true, force: true });
}

process.once('SIGINT', () => {
  child?.kill('SIGKILL');
  removeDataDir();
  process.exit(130);
});

// ── Raw protocol over HTTP ───────────────────────────────────────────────────────────────────
let baseUrl = '';

interface Account {
  readonly token: string;
  readonly userId: string;
  readonly role: string;
  readonly email: string;
}

async function login(email: string): Promise<Account> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { accessToken: string; user: { id: string; base_role: string } };
  return { token: body.accessToken, userId: body.user.id, role: body.user.base_role, email };
}

async function pullRaw(token: string, collection: LocalCollection, seq: number | null, limit: number): Promise<{ page: PullPage; bytes: number }> {
  const q = new URLSearchParams({ limit: String(limit) });
  if (seq !== null) q.set('checkpoint', String(seq));
  const res = await fetch(`${baseUrl}/api/sync/${collection}/pull?${q.toString()}`, { headers: { Authorization: `Bearer ${token}` } });
  const text = await res.text();
  if (!res.ok) throw new Error(`pull ${collection}: ${res.status} ${text.slice(0, 200)}`);
  return { page: JSON.parse(text) as PullPage, bytes: Buffer.byteLength(text) };
}

async function pushRaw(token: string, collection: LocalCollection, rows: PushRow[]): Promise<MasterState[]> {
  const res = await fetch(`${baseUrl}/api/sync/${collection}/push`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(rows),
  });
  if (!res.ok) throw new Error(`push ${collection}: ${res.status} ${await res.text()}`);
  return (await res.json()) as MasterState[];
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: sin terminar tras ${secs(timeoutMs)}`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// ── Simulated devices (real client stack: cb_app, server backend, RxDB memory, replication) ──
interface Device {
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

async function openDevice(label: string, email: string, collections: readonly LocalCollection[]): Promise<Device> {
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
type Sink = (conn: StreamConn, via: 'event' | 'pull', at: number, doc?: SyncDoc) => void;

/** One device's change stream, read with fetch as the client does, plus its pull after each event. */
class StreamConn {
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

// ── The run ──────────────────────────────────────────────────────────────────────────────────
const cpuList = cpus();
console.log(
  `\nbench/sync${quick ? ' --quick' : ''}: Node ${process.version}, ${cpuList.length} CPU (${cpuList[0]?.model.trim() ?? '?'}), ` +
    `carga media 1 min ${loadAtStart.toFixed(1)}, presión de CPU (PSI some avg10) ${cpuPressure()}.`,
);
console.log(
  'La máquina es compartida y ruidosa (otros procesos usan las mismas CPU): las cifras varían de una ejecución a otra; ' +
    'una cifra por encima de su meta se confirma repitiendo.',
);
console.log(
  `Escala demo: ${int(SCALE.deliveryPoints)} puntos de entrega, ${int(SCALE.ordersPerDay)} pedidos/día (hoy y mañana), ` +
    `${SCALE.ridersPerHub} riders por hub. Servidor en un proceso aparte; todo por loopback (127.0.0.1).\n`,
);

const devices: Device[] = [];
const conns: StreamConn[] = [];
let failed = false;

try {
  info('sembrando los datos demo y arrancando el servidor…');
  const ready = await startServer();
  baseUrl = ready.url;
  const serverDocs = LOCAL_COLLECTIONS.reduce((s, c) => s + ready.counts[c], 0);
  info(`servidor en ${baseUrl}: ${int(serverDocs)} documentos (${int(ready.counts.orders)} pedidos) sembrados en ${secs(ready.seedMs)}`);

  // ── 1a. Raw pulls ──
  const admin = await login(ADMIN_EMAIL);
  const orders = new Map<string, SyncDoc>();
  const routes: SyncDoc[] = [];
  const users: SyncDoc[] = [];
  const perCollection: { c: LocalCollection; docs: number; requests: number; bytes: number; ms: number }[] = [];
  /** Every document, for part 4 (the same data written into the Firestore emulator). */
  const allDocs = new Map<LocalCollection, SyncDoc[]>();
  info(`1a. pull HTTP de las ${LOCAL_COLLECTIONS.length} colecciones (admin, páginas de ${int(RAW_PAGE)})…`);
  const rawCpu0 = await cpuMark();
  for (const c of LOCAL_COLLECTIONS) {
    const t0 = now();
    let docs = 0;
    let requests = 0;
    let bytes = 0;
    let seq: number | null = null;
    const kept: SyncDoc[] = [];
    for (;;) {
      const { page, bytes: b } = await pullRaw(admin.token, c, seq, RAW_PAGE);
      requests += 1;
      docs += page.documents.length;
      bytes += b;
      if (c === 'orders' || c === 'routes' || c === 'users') kept.push(...page.documents);
      if (withFirestore) allDocs.set(c, [...(allDocs.get(c) ?? []), ...page.documents]);
      seq = page.checkpoint.seq;
      if (page.documents.length < RAW_PAGE) break;
    }
    perCollection.push({ c, docs, requests, bytes, ms: now() - t0 });
    if (c === 'orders') for (const d of kept) orders.set(d.id, d);
    if (c === 'routes') routes.push(...kept);
    if (c === 'users') users.push(...kept);
    if (docs !== ready.counts[c]) warnings.push(`1a: ${c}: el admin recibió ${int(docs)} documentos; el servidor guarda ${int(ready.counts[c])}`);
  }
  const raw = perCollection.reduce((s, r) => ({ docs: s.docs + r.docs, requests: s.requests + r.requests, bytes: s.bytes + r.bytes, ms: s.ms + r.ms }), {
    docs: 0,
    requests: 0,
    bytes: 0,
    ms: 0,
  });
  const rawCpu = await cpuSpent(rawCpu0);

  // ── 1b. Full client replication (becomes device B of part 2) ──
  info(`1b. réplica inicial RxDB de las ${LOCAL_COLLECTIONS.length} colecciones (admin)…`);
  const deviceB = await openDevice('B-admin', ADMIN_EMAIL, LOCAL_COLLECTIONS);
  devices.push(deviceB);
  if (deviceB.docs !== serverDocs) warnings.push(`1b: el dispositivo del admin tiene ${int(deviceB.docs)} documentos; el servidor guarda ${int(serverDocs)}`);

  // ── 1c. An operator's device with orders only (device A of part 2) ──
  info('1c. réplica inicial RxDB de los pedidos (operador)…');
  const deviceA = await openDevice('A-operador', OPERATOR_EMAIL, ['orders']);
  devices.push(deviceA);
  if (deviceA.docs !== ready.counts.orders) warnings.push(`1c: el dispositivo del operador tiene ${int(deviceA.docs)} pedidos; el servidor guarda ${int(ready.counts.orders)}`);

  console.log('\n1. Sincronización inicial de los datos demo escalados\n');
  {
    const rate = (docs: number, t: number) => (docs / t) * 1000;
    const rows: [string, number, number, { client: number; server: number }][] = [
      [`a. pull HTTP crudo (admin, ${LOCAL_COLLECTIONS.length} colecciones)`, raw.docs, raw.ms, rawCpu],
      [`b. réplica RxDB completa (admin, ${LOCAL_COLLECTIONS.length} colecciones)`, deviceB.docs, deviceB.syncMs, deviceB.cpu],
      ['c. réplica RxDB solo pedidos (operador)', deviceA.docs, deviceA.syncMs, deviceA.cpu],
    ];
    table(
      ['medida', 'documentos', 'tiempo', 'docs/s', 'meta', 'CPU cliente', 'CPU servidor', 'docs/s de CPU'],
      rows.map(([label, docs, t, cpu]) => {
        const r = rate(docs, t);
        const ok = r >= GOAL_DOCS_PER_S;
        budgets.push(budget(`${label}: docs/s`, r, GOAL_DOCS_PER_S, 'docs/s', 'min'));
        if (!ok) over += 1;
        return [
          label,
          int(docs),
          secs(t),
          int(r),
          `≥ ${int(GOAL_DOCS_PER_S)} docs/s  ${verdict(ok)}`,
          secs(cpu.client),
          secs(cpu.server),
          int(rate(docs, Math.max(cpu.client, cpu.server))),
        ];
      }),
      [false, true, true, true, false, true, true, true],
    );
    console.log(
      `\na: GET /api/sync/<colección>/pull con páginas de ${int(RAW_PAGE)} (el máximo del servidor), una colección tras otra hasta vaciarla; ` +
        'incluye leer y analizar el JSON. Por colección:\n',
    );
    table(
      ['colección', 'documentos', 'peticiones', 'MB', 'ms', 'docs/s'],
      [
        ...perCollection.map((r) => [r.c, int(r.docs), String(r.requests), mb(r.bytes), ms(r.ms), r.docs > 0 ? int(rate(r.docs, r.ms)) : '—']),
        ['total', int(raw.docs), String(raw.requests), mb(raw.bytes), ms(raw.ms), int(rate(raw.docs, raw.ms))],
      ],
      [false, true, true, true, true, true],
    );
    console.log(
      '\nb y c: startReplication (src/data/replication.ts, waitForLeadership: false) con el transporte del cliente (src/backend/server: fetch, ' +
        `stream SSE) hacia una base RxDB en memoria ${validate ? 'con validación ajv (--no-ajv la quita, como el build de producción)' : 'sin validación ajv (--no-ajv)'} ` +
        'y la página de pull de la app (500); ' +
        'desde startReplication hasta que awaitInSync resuelve (tras iniciar sesión y abrir la base). En b las 12 colecciones se replican a la vez ' +
        'y el código está frío (primera réplica del proceso: compilación de ajv y JIT); c va después.\n' +
        'CPU cliente / servidor: tiempo de CPU de cada proceso en ese intervalo. Si su suma queda muy por debajo del tiempo transcurrido, ' +
        'los procesos esperaban una CPU libre (máquina cargada). docs/s de CPU = documentos / la mayor de las dos (informativa): el ritmo ' +
        'esperable con una CPU libre para cada proceso.',
    );
  }

  // ── 2. Device A → device B ──
  const used = new Set<string>();
  const freeOrders = shuffle([...orders.keys()]);
  const nextOrder = (): string => {
    for (;;) {
      const id = freeOrders.pop();
      if (id === undefined) throw new Error('no quedan pedidos sin usar');
      if (!used.has(id)) {
        used.add(id);
        return id;
      }
    }
  };
  const runTag = Date.now().toString(36);

  /** Resolves with the moment device B's local RxDB holds `notes` for the order (null on timeout). */
  const waitingOnB = new Map<string, { notes: string; resolve: (at: number) => void }>();
  const bSub = deviceB.db.collections.orders.$.subscribe((ev) => {
    const w = waitingOnB.get(ev.documentId);
    if (w && (ev.documentData as { notes?: unknown }).notes === w.notes) {
      waitingOnB.delete(ev.documentId);
      w.resolve(now());
    }
  });
  const arrivalOnB = (id: string, notes: string): Promise<number | null> =>
    new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        waitingOnB.delete(id);
        resolve(null);
      }, CHANGE_TIMEOUT_MS);
      waitingOnB.set(id, {
        notes,
        resolve: (at) => {
          clearTimeout(timer);
          resolve(at);
        },
      });
    });

  info(`2. ${CHANGES} cambios con el Writer del dispositivo A y ${CHANGES} con la API de push, esperando al dispositivo B…`);
  const writerTotal: number[] = [];
  const writerAck: number[] = [];
  for (let i = 0; i < CHANGES; i += 1) {
    const id = nextOrder();
    const notes = `bench ${runTag} A${i}`;
    const arrived = arrivalOnB(id, notes);
    const t0 = now();
    await deviceA.writer.patch('orders', id, { notes });
    const at = await arrived;
    writerTotal.push(at === null ? Number.POSITIVE_INFINITY : at - t0);
    // The push answer may come back after device B already has the change.
    const ackBy = now() + CHANGE_TIMEOUT_MS;
    while ((deviceA.acks.get(id) ?? -1) < t0 && now() < ackBy) await sleep(5);
    const ack = deviceA.acks.get(id) ?? -1;
    writerAck.push(ack >= t0 ? ack - t0 : Number.POSITIVE_INFINITY);
    await sleep(20 + random() * 60);
  }
  const operator2 = await login(OTHER_OPERATOR_EMAIL);
  const pushTotal: number[] = [];
  const pushAnswer: number[] = [];
  for (let i = 0; i < CHANGES; i += 1) {
    const id = nextOrder();
    const current = orders.get(id) as SyncDoc;
    const notes = `bench ${runTag} P${i}`;
    const arrived = arrivalOnB(id, notes);
    const t0 = now();
    const answer = await pushRaw(operator2.token, 'orders', [{ assumedMasterState: current, newDocumentState: { ...current, notes, updated_at: Date.now() } }]);
    pushAnswer.push(now() - t0);
    if (answer.length > 0) warnings.push(`2: el push de ${id} devolvió ${answer.length} estado(s) del servidor: ${JSON.stringify(answer[0]).slice(0, 160)}`);
    const at = await arrived;
    pushTotal.push(at === null ? Number.POSITIVE_INFINITY : at - t0);
    await sleep(20 + random() * 60);
  }
  bSub.unsubscribe();
  for (const d of devices) for (const e of d.errors) warnings.push(`dispositivo ${d.label}: ${e}`);

  console.log(`\n2. Un cambio en línea llega a otro dispositivo (notas de un pedido; A: operador, solo pedidos; B: admin, ${LOCAL_COLLECTIONS.length} colecciones)\n`);
  latencyTable([
    { label: 'Writer de A → RxDB local de B', values: writerTotal, goal: true },
    { label: '  de ello: Writer de A → respuesta del push de A', values: writerAck, goal: false },
    { label: 'API de push (otro operador) → RxDB local de B', values: pushTotal, goal: true },
    { label: '  de ello: respuesta del push', values: pushAnswer, goal: false },
  ]);
  console.log(
    'B recibe el evento `change` del stream, su réplica lo toma como RESYNC y tira de la colección desde su checkpoint ' +
      '(src/data/replication.ts); la medida acaba cuando el cambio está escrito en su RxDB.',
  );

  const serverFigures = { docs: deviceB.docs, syncMs: deviceB.syncMs, latencies: writerTotal, admin: deviceB.userId, operator: deviceA.userId };
  // The RxDB devices go: part 3 is about the stream alone (and the 13-collection limit).
  for (const d of devices.splice(0)) await d.close();

  // ── 3. 50 streams ──
  const staffEmails = [ADMIN_EMAIL, OPERATOR_EMAIL, OTHER_OPERATOR_EMAIL, 'operador.bcn@cargobici.test'];
  const riderUsers = users.filter((u) => u.role === 'rider' && u.active === true && u._deleted !== true);
  const riderCount = Math.min(riderUsers.length, CONNECTIONS - staffEmails.length * 2);
  info(`3. ${CONNECTIONS} streams: ${riderCount} riders y ${CONNECTIONS - riderCount} de admin/operadores; iniciando sesión…`);
  const staffAccounts = await Promise.all(staffEmails.map((e) => login(e)));
  const riderAccounts = await Promise.all(riderUsers.slice(0, riderCount).map((u) => login(String(u.email))));

  interface Pending {
    readonly id: string;
    readonly notes: string;
    readonly t0: number;
    readonly expected: ReadonlySet<StreamConn>;
    readonly event: Map<StreamConn, number>;
    readonly pull: Map<StreamConn, number>;
    readonly done: () => void;
  }
  let pending: Pending | null = null;
  const leaks: string[] = [];
  const sink: Sink = (conn, via, at, doc) => {
    const p = pending;
    if (!p) return;
    // An event says «orders changed»; a pull counts when it brings this change.
    if (via === 'pull' && (doc?.id !== p.id || doc.notes !== p.notes)) return;
    if (!p.expected.has(conn)) {
      if (via === 'event') leaks.push(`${conn.label} recibió un aviso de cambio en pedidos que no puede ver (${p.id})`);
      else if (doc?._deleted !== true) leaks.push(`${conn.label} recibió el pedido ${p.id}`);
      return;
    }
    const seen = via === 'event' ? p.event : p.pull;
    if (!seen.has(conn)) seen.set(conn, at);
    if (p.event.size === p.expected.size && p.pull.size === p.expected.size) p.done();
  };
  for (const a of riderAccounts) conns.push(new StreamConn(`rider ${a.email}`, a, sink));
  for (let i = 0; conns.length < CONNECTIONS; i += 1) {
    const a = staffAccounts[i % staffAccounts.length] as Account;
    conns.push(new StreamConn(`${a.role} ${a.email} #${Math.floor(i / staffAccounts.length) + 1}`, a, sink));
  }
  await withTimeout(Promise.all(conns.map((c) => c.open())), 30_000, `abrir ${CONNECTIONS} streams`);

  // Half the changes on orders of the connected riders' routes (one rider each, in turn), half
  // on orders only the admin and the operators see.
  const riderOfRoute = new Map<string, string>();
  for (const r of routes) if (r._deleted !== true && typeof r.rider_id === 'string') riderOfRoute.set(r.id, r.rider_id);
  const riderIds = new Set(riderAccounts.map((a) => a.userId));
  const byRider = new Map<string, string[]>();
  const staffOnly: string[] = [];
  for (const [id, o] of orders) {
    if (used.has(id)) continue;
    const rider = typeof o.route_id === 'string' ? riderOfRoute.get(o.route_id) : undefined;
    if (rider && riderIds.has(rider)) byRider.set(rider, [...(byRider.get(rider) ?? []), id]);
    else staffOnly.push(id);
  }
  shuffle(staffOnly);
  const riderQueue = shuffle([...byRider.keys()]);
  const plan: string[] = [];
  for (let i = 0; i < CHANGES; i += 1) {
    const rider = riderQueue[i % Math.max(1, riderQueue.length)];
    const fromRider = i % 2 === 0 && rider !== undefined ? byRider.get(rider)?.pop() : undefined;
    const id = fromRider ?? staffOnly.pop();
    if (id === undefined) throw new Error('3: no hay pedidos para los cambios');
    used.add(id);
    plan.push(id);
  }

  info(`3. ${CHANGES} cambios con la API de push (operador) hacia los ${CONNECTIONS} streams…`);
  const streamEvent: number[] = [];
  const streamPull: number[] = [];
  const individual: number[] = [];
  const pushAnswer3: number[] = [];
  let riderChanges = 0;
  let audience = 0;
  const pusher = staffAccounts[1] as Account;
  for (const [i, id] of plan.entries()) {
    const current = orders.get(id) as SyncDoc;
    const rider = typeof current.route_id === 'string' ? riderOfRoute.get(current.route_id) : undefined;
    const expected = new Set(conns.filter((c) => c.account.role !== 'rider' || c.account.userId === rider));
    if (expected.size > conns.length - riderCount) riderChanges += 1;
    audience += expected.size;
    const notes = `bench ${runTag} S${i}`;
    let done = () => {};
    const complete = new Promise<void>((resolve) => (done = resolve));
    const t0 = now();
    const p: Pending = { id, notes, t0, expected, event: new Map(), pull: new Map(), done };
    pending = p;
    const answer = await pushRaw(pusher.token, 'orders', [{ assumedMasterState: current, newDocumentState: { ...current, notes, updated_at: Date.now() } }]);
    pushAnswer3.push(now() - t0);
    if (answer.length > 0) warnings.push(`3: el push de ${id} devolvió ${answer.length} estado(s) del servidor: ${JSON.stringify(answer[0]).slice(0, 160)}`);
    const timer = setTimeout(done, CHANGE_TIMEOUT_MS);
    await complete;
    clearTimeout(timer);
    // Let a late delivery to a connection that may not see the change show up as a leak.
    await sleep(20 + random() * 60);
    pending = null;
    const worst = (m: Map<StreamConn, number>) => (m.size === expected.size ? Math.max(...m.values()) - t0 : Number.POSITIVE_INFINITY);
    streamEvent.push(worst(p.event));
    streamPull.push(worst(p.pull));
    for (const c of expected) {
      const at = p.event.get(c);
      individual.push(at === undefined ? Number.POSITIVE_INFINITY : at - t0);
    }
  }

  console.log(`\n3. El mismo cambio con ${CONNECTIONS} dispositivos conectados, un stream cada uno (${riderCount} riders, ${CONNECTIONS - riderCount} admin/operadores)\n`);
  latencyTable([
    { label: 'push → evento `change` en todas las conexiones que pueden verlo', values: streamEvent, goal: true },
    { label: 'push → evento + pull de cada conexión con el documento', values: streamPull, goal: true },
    { label: 'push → evento, por conexión (cada entrega)', values: individual, goal: false },
    { label: 'respuesta del push', values: pushAnswer3, goal: false },
  ]);
  const events = conns.reduce((s, c) => s + c.events, 0);
  const pulls = conns.reduce((s, c) => s + c.pulls, 0);
  console.log(
    `${riderChanges} de ${CHANGES} cambios en pedidos de rutas de riders conectados (los ve ese rider además del personal), el resto solo el personal; ` +
      `${(audience / CHANGES).toFixed(1)} conexiones destinatarias por cambio de media. ${int(events)} eventos y ${int(pulls)} pulls en total. ` +
      `Conexiones que recibieron un cambio que no les toca: ${leaks.length}.`,
  );
  if (leaks.length > 0) warnings.push(`3: ${leaks.length} entrega(s) fuera del ámbito del usuario, p. ej. ${leaks.slice(0, 3).join('; ')}`);
  for (const c of conns) warnings.push(...c.errors);
  for (const c of conns.splice(0)) c.close();

  // ── 4. The Firestore emulator ──
  if (withFirestore) {
    const fs = await runFirestore({
      docs: allDocs,
      collections: LOCAL_COLLECTIONS,
      admin: { id: serverFigures.admin },
      operator: { id: serverFigures.operator },
      changes: CHANGES,
      validate,
      timeoutMs: SYNC_TIMEOUT_MS,
      info,
    });
    for (const e of fs.errors) warnings.push(`4: ${e}`);
    if (fs.docs !== serverFigures.docs) warnings.push(`4: el dispositivo del admin tiene ${int(fs.docs)} documentos desde Firestore; el servidor le dio ${int(serverFigures.docs)}`);
    console.log(
      '\n4. La misma carga contra el EMULADOR de Cloud Firestore (transporte Firebase). El emulador es un proceso Java local en memoria ' +
        'que evalúa las reglas en cada petición: NO es Firestore en producción (sin red, sin réplicas, sin cuotas). ' +
        'Las cifras comparan los dos transportes en esta máquina, nada más; sin meta.\n',
    );
    const sortedS = [...serverFigures.latencies].sort((x, y) => x - y);
    const sortedF = [...fs.latencies].sort((x, y) => x - y);
    const rateS = (serverFigures.docs / serverFigures.syncMs) * 1000;
    const rateF = (fs.docs / fs.syncMs) * 1000;
    const ratio = (f: number, s: number) => (Number.isFinite(f) && s > 0 ? `${(f / s).toFixed(2)}×` : '—');
    table(
      ['medida', 'servidor integrado', 'emulador Firestore', 'Firestore / servidor'],
      [
        [`réplica inicial del admin (${LOCAL_COLLECTIONS.length} colecciones), docs/s`, int(rateS), int(rateF), ratio(rateF, rateS)],
        ['  documentos · tiempo', `${int(serverFigures.docs)} · ${secs(serverFigures.syncMs)}`, `${int(fs.docs)} · ${secs(fs.syncMs)}`, ''],
        ['Writer de A → RxDB de B, p50 ms', ms(percentile(sortedS, 0.5)), ms(percentile(sortedF, 0.5)), ratio(percentile(sortedF, 0.5), percentile(sortedS, 0.5))],
        ['Writer de A → RxDB de B, p95 ms', ms(percentile(sortedS, 0.95)), ms(percentile(sortedF, 0.95)), ratio(percentile(sortedF, 0.95), percentile(sortedS, 0.95))],
        ['  cambios perdidos', String(sortedS.filter((v) => !Number.isFinite(v)).length), String(sortedF.filter((v) => !Number.isFinite(v)).length), ''],
      ],
      [false, true, true, true],
    );
    console.log(
      `\nSiembra del emulador: ${int(fs.docs)} documentos en ${secs(fs.seedMs)} (lotes de 400, como propietario). En Firestore, B recibe el cambio ` +
        'por un listener onSnapshot del documento más reciente de la colección, lo toma como RESYNC y tira de la colección por (hora del servidor, id).',
    );
  }
} catch (err) {
  failed = true;
  console.error(`\nEl benchmark falló: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
} finally {
  for (const c of conns) c.close();
  for (const d of devices) await d.close().catch(() => {});
  await stopServer();
  removeDataDir();
}

console.log(
  `\nNode ${process.version}; ${cpuList.length} CPU, carga media 1 min ${loadAtStart.toFixed(1)} al empezar y ${(loadavg()[0] ?? 0).toFixed(1)} al acabar; ` +
    `duración total ${secs(performance.now() - started)}. Datos temporales borrados (${dataDir}).`,
);
if (warnings.length > 0) {
  console.log('\nATENCIÓN:');
  for (const w of warnings) console.log(`  - ${w}`);
}
if (!failed) console.log(over === 0 && warnings.length === 0 ? '\nTodas las metas se cumplen.' : `\n${over} medida(s) por encima de su meta.`);
writeFigures('sync', { failed, latencies, warnings }, budgets);
process.exit(failed ? 1 : 0);
