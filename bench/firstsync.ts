/**
 * bench/firstsync: a desk's first sync in Chromium (issue 15, part 3).
 *
 * The real server (bench/sync-server.ts, in a process of its own) seeds a scaled demo operation
 * and serves the built PWA (run `npm run build` first). Headless Chromium with a persistent
 * profile (IndexedDB on disk, as the installed app) signs in as the admin, who replicates every
 * collection, and the bench measures from the click on «Entrar» until the sync badge says
 * «synced» (`data-sync-state="synced"`), then checks that every document is on the device.
 *
 * Reference, first, in a fresh profile of its own: the same documents written with plain Dexie
 * `bulkPut` (the primary key and indexes RxDB's dexie storage gives them, batches of the pull's
 * 500) into fresh databases (bench/firstsync-browser.ts). The app's time is printed as a ratio
 * of that.
 *
 * Scenarios and goals:
 * - «operación a escala»: 20,000 delivery points and 25,000 orders a day (bench/sync's scale,
 *   about 68,000 documents) ≤ 10 s;
 * - «20 000 puntos»: 20,000 delivery points and a small day (200 orders) ≤ 3 s.
 *
 *   npm run build && npm run bench:firstsync
 *   npm run bench:firstsync -- --only=points     # one scenario (points | scaled)
 *   npm run bench:firstsync -- --profile         # CPU profile of the page during the sync
 *   npm run bench:firstsync -- --throttle=4      # CPU throttled (a phone-class device)
 *   npm run bench:firstsync -- --latency=40      # 40 ms more per request (a desk's connection, not loopback)
 *
 * It prints figures and verdicts and exits 1 when a goal is over; it is not part of `npm test`.
 */
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCAL_COLLECTIONS, type LocalCollection } from '../src/domain/collections';
import type { FirstSyncBenchApi, RawCollectionResult } from './firstsync-browser';
import { budget, bundleForPage, launchChromiumContext, printTable, verdict, writeFigures, type Budget } from './kit';
import { printProfile, type CpuProfile } from './profile';
import type { BenchServerConfig, BenchServerMessage } from './sync-server';

interface Scenario {
  readonly id: 'scaled' | 'points';
  readonly title: string;
  readonly scale: BenchServerConfig['scale'];
  readonly goalMs: number;
}

const SCENARIOS: readonly Scenario[] = [
  { id: 'points', title: '20 000 puntos', scale: { deliveryPoints: 20_000, ordersPerDay: 200, ridersPerHub: 3 }, goalMs: 3_000 },
  { id: 'scaled', title: 'operación a escala', scale: { deliveryPoints: 20_000, ordersPerDay: 25_000, ridersPerHub: 10 }, goalMs: 10_000 },
];
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',') ?? null;
const profile = process.argv.includes('--profile');
const throttle = Number(process.argv.find((a) => a.startsWith('--throttle='))?.slice('--throttle='.length) ?? 1);
/** `--latency=40`: milliseconds added to every request of the page (a desk's connection, not loopback). */
const latency = Number(process.argv.find((a) => a.startsWith('--latency='))?.slice('--latency='.length) ?? 0);
const SEED = 20261122;
const PULL_PAGE = 500;
const SYNC_TIMEOUT_MS = 10 * 60_000;
const ADMIN = { email: 'admin@cargobici.test', password: 'cargobici-demo' };

const dist = resolve(process.env.STATIC_DIR ?? 'dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`${dist} no existe: ejecuta \`npm run build\` antes del benchmark.`);
  process.exit(1);
}

const int = (n: number): string => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
const secs = (n: number): string => `${(n / 1000).toFixed(2)} s`;
const info = (s: string): void => console.info(`  · ${s}`);

/** The page's reference code, bundled once into an IIFE. */
async function bundleReference(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'cb-bench-firstsync-'));
  try {
    await bundleForPage('bench/firstsync-browser.ts', outDir, 'firstsync-browser.js', 'cbFirstSyncBenchBundle');
    return readFileSync(join(outDir, 'firstsync-browser.js'), 'utf8');
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

interface ServerHandle {
  readonly url: string;
  readonly seedMs: number;
  readonly counts: Record<LocalCollection, number>;
  stop(): void;
}

function startServer(dataDir: string, scale: Scenario['scale']): Promise<ServerHandle> {
  const cfg: BenchServerConfig = { dataDir, seed: SEED, scale, staticDir: dist };
  const child = fork(fileURLToPath(new URL('./sync-server.ts', import.meta.url)), [JSON.stringify(cfg)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((ok, fail) => {
    child.once('exit', (code) => fail(new Error(`el servidor terminó (${code}) antes de estar listo`)));
    child.on('message', (m: BenchServerMessage) => {
      if (m.type === 'error') fail(new Error(m.message));
      if (m.type === 'ready') ok({ url: m.url, seedMs: m.seedMs, counts: m.counts, stop: () => child.send({ type: 'stop' }) });
    });
  });
}

/** Documents per collection in the page's RxDB databases (not deleted), read with plain IndexedDB. */
const LOCAL_COUNTS = `async (collections) => {
  const names = (await indexedDB.databases()).map((d) => d.name || '');
  const out = {};
  for (const c of collections) {
    const name = names.find((n) => n.startsWith('rxdb-dexie-cb_localDB--') && n.endsWith('--' + c));
    if (!name) { out[c] = 0; continue; }
    const db = await new Promise((ok, fail) => { const r = indexedDB.open(name); r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error); });
    out[c] = await new Promise((ok, fail) => {
      let n = 0;
      const cursor = db.transaction('docs').objectStore('docs').openCursor();
      cursor.onsuccess = () => { const cur = cursor.result; if (!cur) { ok(n); return; } if (cur.value._deleted !== '1' && cur.value._deleted !== true) n += 1; cur.continue(); };
      cursor.onerror = () => fail(cursor.error);
    });
    db.close();
  }
  return out;
}`;

interface Outcome {
  readonly scenario: Scenario;
  readonly docs: number;
  readonly syncMs: number;
  readonly raw: RawCollectionResult[];
  readonly missing: string[];
}

/** A fresh Chromium profile on disk (IndexedDB as the installed app keeps it; '' = a temporary profile removed on close). */
function freshContext(): ReturnType<typeof launchChromiumContext> {
  return launchChromiumContext('', {
    headless: true,
    viewport: { width: 1366, height: 900 },
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    // The reference script is added to a page of the app (whose CSP allows only its own scripts).
    bypassCSP: true,
  });
}

/** The reference: plain Dexie bulkPut of the same documents, in a profile of its own. */
async function runReference(url: string, reference: string): Promise<RawCollectionResult[]> {
  const context = await freshContext();
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${url}/login`);
    await page.addScriptTag({ content: reference });
    return await page.evaluate(
      async ([cs, batch, email, password]) => {
        const api = (window as unknown as { cbFirstSyncBench: FirstSyncBenchApi }).cbFirstSyncBench;
        return api.rawBulkPut(cs, batch, email, password);
      },
      [LOCAL_COLLECTIONS, PULL_PAGE, ADMIN.email, ADMIN.password] as const,
    );
  } finally {
    await context.close();
  }
}

async function runScenario(scenario: Scenario, reference: string): Promise<Outcome> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cb-bench-firstsync-data-'));
  const server = await startServer(dataDir, scenario.scale);
  const total = LOCAL_COLLECTIONS.reduce((s, c) => s + server.counts[c], 0);
  info(`servidor: ${int(total)} documentos sembrados en ${secs(server.seedMs)}`);
  try {
    const raw = await runReference(server.url, reference);
    const context = await freshContext();
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      page.on('pageerror', (e) => console.error(`  chromium pageerror: ${e.message}`));
      await page.goto(`${server.url}/login`);
      await page.getByLabel('Correo electrónico').fill(ADMIN.email);
      await page.getByLabel(/^Contraseña/).fill(ADMIN.password);
      const cdp = await context.newCDPSession(page);
      if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
      if (latency > 0) {
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput: -1, uploadThroughput: -1 });
      }
      if (profile) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
        await cdp.send('Profiler.start');
      }
      const t0 = Date.now();
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.getByTestId('sync-indicator').and(page.locator('[data-sync-state="synced"]')).waitFor({ timeout: SYNC_TIMEOUT_MS });
      const syncMs = Date.now() - t0;
      if (profile) printProfile(`primera sincronización, ${scenario.title}`, ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile, 25);
      if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

      const local = (await (await page.evaluateHandle(LOCAL_COUNTS)).evaluate((f, cs) => (f as unknown as (c: readonly string[]) => Promise<Record<string, number>>)(cs), LOCAL_COLLECTIONS)) as Record<string, number>;
      const missing = LOCAL_COLLECTIONS.filter((c) => (local[c] ?? 0) !== server.counts[c]).map((c) => `${c}: ${local[c] ?? 0} de ${server.counts[c]}`);
      return { scenario, docs: total, syncMs, raw, missing };
    } finally {
      await context.close();
    }
  } finally {
    server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const started = performance.now();
console.info(`bench:firstsync — ${cpus().length} CPU, carga ${loadavg()[0]?.toFixed(2)}${throttle > 1 ? `, CPU ralentizada ${throttle}×` : ''}${latency > 0 ? `, ${latency} ms de latencia por petición` : ''}`);
const reference = await bundleReference();
let over = 0;
const outcomes: Outcome[] = [];
const budgets: Budget[] = [];
for (const scenario of SCENARIOS.filter((s) => only === null || only.includes(s.id))) {
  console.info(`\n${scenario.title} (${int(scenario.scale.deliveryPoints)} puntos, ${int(scenario.scale.ordersPerDay)} pedidos al día)`);
  const o = await runScenario(scenario, reference);
  outcomes.push(o);
  const rawMs = o.raw.reduce((s, r) => s + r.ms, 0);
  printTable(
    ['colección', 'documentos', 'índices', 'Dexie bulkPut'],
    o.raw.filter((r) => r.docs > 0).map((r) => [r.collection, int(r.docs), String(r.indexes), secs(r.ms)]),
  );
  const ok = o.syncMs <= scenario.goalMs && o.missing.length === 0;
  budgets.push({ ...budget(`${scenario.title}: primera sincronización`, o.syncMs, scenario.goalMs), ok });
  if (!ok) over += 1;
  console.info(`primera sincronización de la app: ${secs(o.syncMs)} (${int(o.docs / (o.syncMs / 1000))} documentos/s) — meta ≤ ${secs(scenario.goalMs)}: ${verdict(ok)}`);
  console.info(`referencia Dexie bulkPut de los mismos documentos: ${secs(rawMs)} (${int(o.docs / (rawMs / 1000))} documentos/s); la app tarda ${(o.syncMs / rawMs).toFixed(1)}× la referencia`);
  if (o.missing.length > 0) console.info(`FALTAN documentos en el dispositivo: ${o.missing.join('; ')}`);
}
console.info(`\nbench:firstsync terminado en ${((performance.now() - started) / 1000).toFixed(0)} s, carga ${loadavg()[0]?.toFixed(2)}`);
writeFigures(
  'firstsync',
  outcomes.map((o) => ({ scenario: o.scenario.id, title: o.scenario.title, docs: o.docs, syncMs: o.syncMs, referenceMs: o.raw.reduce((n, r) => n + r.ms, 0), raw: o.raw, missing: o.missing })),
  budgets,
);
process.exit(over > 0 ? 1 : 0);
