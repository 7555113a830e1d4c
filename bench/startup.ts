/**
 * bench/startup: how long a rider waits when he reopens the installed app with no signal on a
 * phone-class CPU, judged against the stack's floor in the same run (issues 15 and 31).
 *
 * Two targets, each in its own on-disk Chromium profile (as a phone keeps it), CPU throttled 4×:
 * - the floor (bench/floor/app, built here: React, TanStack Router, RxDB dexie, rxjs, a Workbox
 *   precaching service worker; 30 route cards from its database);
 * - the product (the built PWA, `npm run build` first; the real server with the demo data): the
 *   demo rider's route list (/distribution).
 * One online visit each (the rider signs in, the first sync finishes, the worker takes control);
 * then, offline, «usable» (the first route card on screen) is measured in two cases, floor and
 * product alternating round by round:
 *   (a) reopen while the browser runs (a new tab; the service worker may still be running);
 *   (b) reopen after a browser restart (the profile closed and opened again: the worker stopped).
 * Prints the medians, the ratios product / floor (goals: (a) ≤ 1.3 ×, (b) ≤ 1.5 ×; reported, not
 * asserted), and a trace summary of one more warm reopen of each: main-thread time in JavaScript
 * execution, compile, rendering, the rest of the tasks (native task overhead), and the wall time
 * of the script downloads (module fetch). Exit code 0 unless it cannot run.
 *
 *   npm run build && npm run bench:startup [-- --rounds 5] [-- --json out.json]
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { buildApp } from '../server/app';
import { launchChromiumContext } from './kit';
import { median } from './stats';
import { buildFloors, FLOOR_DIST } from './floor/build';
import { serveStaticDir } from './floor/serve';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const ROUNDS = Number(arg('--rounds') ?? 5);
const JSON_OUT = arg('--json');
const CPU_THROTTLE = 4;
const GOALS = { warm: 1.3, restart: 1.5 } as const;
const RIDER = 'rider1@cargobici.test';
const PASSWORD = 'cargobici-demo';
const LIST = '/distribution';
/** What makes the route list usable: a route card (the demo rider has a route every day). */
const USABLE = '[data-testid="route-card"]';

/** `--dist DIR`: another build of the product (to compare two builds). */
const dist = resolve(process.argv[process.argv.indexOf('--dist') + 1] && process.argv.includes('--dist') ? (process.argv[process.argv.indexOf('--dist') + 1] as string) : 'dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error('dist/ no existe: ejecuta `npm run build` antes del benchmark.');
  process.exit(1);
}

/** Runs in the page before its scripts: records when USABLE first appears. */
const PROBE = `(() => {
  const marks = { usable: null };
  window.__cbStartup = marks;
  const check = () => {
    if (marks.usable === null && document.querySelector(${JSON.stringify(USABLE)})) marks.usable = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
})();`;

type Target = 'floor' | 'product';
interface Profile {
  readonly target: Target;
  readonly dir: string;
  readonly url: string;
  context: BrowserContext | null;
}

async function open(p: Profile, offline: boolean): Promise<BrowserContext> {
  if (p.context) return p.context;
  const context = await launchChromiumContext(p.dir, {
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    viewport: { width: 412, height: 915 },
    isMobile: true,
    hasTouch: true,
    offline,
  });
  await context.addInitScript(PROBE);
  p.context = context;
  return context;
}

async function close(p: Profile): Promise<void> {
  await p.context?.close();
  p.context = null;
}

/** The one online visit: signed in (product), synced, the worker in control, the list shown. */
async function install(p: Profile, base: string): Promise<void> {
  const context = await open(p, false);
  const page = context.pages()[0] ?? (await context.newPage());
  if (p.target === 'product') {
    await page.goto(`${base}/login`);
    await page.getByLabel('Correo electrónico').fill(RIDER);
    await page.getByLabel(/^Contraseña/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((u) => u.pathname === LIST);
    await page.locator('[data-testid="sync-indicator"][data-sync-state="synced"]').waitFor({ timeout: 120_000 });
  } else {
    await page.goto(p.url);
  }
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  await page.locator(USABLE).first().waitFor();
  // A second load under the worker's control (the floor's worker claims the page on its first visit).
  await page.reload();
  await page.locator(USABLE).first().waitFor();
  await page.close();
  await context.setOffline(true);
}

/** One offline reopen in a new tab: ms until the first route card shows. */
async function reopen(p: Profile, trace = false): Promise<{ usable: number; summary: TraceSummary | null }> {
  const context = await open(p, true);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
  const events: TraceEvent[] = [];
  if (trace) await startTrace(cdp, events);
  await page.goto(p.url, { waitUntil: 'domcontentloaded' });
  await page.locator(USABLE).first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => (window as unknown as { __cbStartup: { usable: number | null } }).__cbStartup.usable !== null);
  const usable = await page.evaluate(() => (window as unknown as { __cbStartup: { usable: number } }).__cbStartup.usable);
  const summary = trace ? summarise(await stopTrace(cdp, events), usable) : null;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const fetch = await scriptFetchMs(page, usable);
  await page.close();
  return { usable, summary: summary ? { ...summary, moduleFetch: fetch } : null };
}

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly tid: number;
  readonly pid: number;
  readonly args?: { data?: { frame?: string }; name?: string };
}

interface TraceSummary {
  readonly busy: number;
  readonly execution: number;
  readonly compile: number;
  readonly rendering: number;
  readonly overhead: number;
  readonly moduleFetch: number;
}

async function startTrace(cdp: CDPSession, events: TraceEvent[]): Promise<void> {
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'blink', 'disabled-by-default-v8.compile', '__metadata'] },
  });
}

async function stopTrace(cdp: CDPSession, events: TraceEvent[]): Promise<TraceEvent[]> {
  const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  await cdp.send('Tracing.end');
  await done;
  return events;
}

const EXECUTION = new Set(['EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'TimerFire', 'EventDispatch', 'FireAnimationFrame', 'RunMicrotasks', 'V8.Execute', 'v8.run']);
const COMPILE = new Set(['v8.compile', 'V8.CompileCode', 'v8.compileModule', 'CompileScript', 'v8.parseOnBackground', 'V8.CompileLazy', 'v8.produceModuleCache', 'v8.produceCache']);
const RENDERING = new Set(['Layout', 'UpdateLayoutTree', 'Paint', 'PrePaint', 'Layerize', 'Commit', 'ParseHTML', 'ParseAuthorStyleSheet', 'HitTest']);

/** Sum of the durations of `names` events not nested in another of them, on `tid`, before `end`. */
function topLevel(events: readonly TraceEvent[], names: ReadonlySet<string>, tid: number, start: number, end: number): number {
  let total = 0;
  let coveredUntil = -1;
  for (const e of events) {
    if (e.tid !== tid || e.ph !== 'X' || !names.has(e.name) || e.ts < start || e.ts > end) continue;
    const finish = e.ts + (e.dur ?? 0);
    if (e.ts >= coveredUntil) {
      total += e.dur ?? 0;
      coveredUntil = finish;
    } else if (finish > coveredUntil) {
      total += finish - coveredUntil;
      coveredUntil = finish;
    }
  }
  return total / 1000;
}

/** Main-thread time of the page until «usable», by kind (ms). */
function summarise(all: readonly TraceEvent[], usableMs: number): TraceSummary {
  const events = [...all].sort((a, b) => a.ts - b.ts);
  // The page's main thread: of the renderer main threads in the trace, the busiest.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => e.tid);
  const taskTime = (t: number) => events.reduce((sum, e) => sum + (e.tid === t && e.name === 'RunTask' ? (e.dur ?? 0) : 0), 0);
  const tid = mains.sort((a, b) => taskTime(b) - taskTime(a))[0] ?? -1;
  const nav = events.find((e) => e.tid === tid && (e.name === 'navigationStart' || e.name === 'ResourceSendRequest'));
  const start = nav?.ts ?? events[0]?.ts ?? 0;
  const end = start + usableMs * 1000;
  const busy = topLevel(events, new Set(['RunTask', 'ThreadControllerImpl::RunTask']), tid, start, end);
  const execution = topLevel(events, EXECUTION, tid, start, end);
  const compile = topLevel(events, COMPILE, tid, start, end);
  const rendering = topLevel(events, RENDERING, tid, start, end);
  return { busy, execution, compile, rendering, overhead: Math.max(0, busy - execution - compile - rendering), moduleFetch: 0 };
}

/** Wall time (ms) covered by script downloads before «usable» (through the service worker). */
async function scriptFetchMs(page: Page, usable: number): Promise<number> {
  return page.evaluate((until) => {
    const spans = performance
      .getEntriesByType('resource')
      .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script' || e.name.endsWith('.js'))
      .map((e) => [e.startTime, Math.min(until, e.startTime + e.duration)] as const)
      .filter(([s]) => s < until)
      .sort((a, b) => a[0] - b[0]);
    let total = 0;
    let upTo = 0;
    for (const [s, f] of spans) {
      const from = Math.max(s, upTo);
      if (f > from) total += f - from;
      upTo = Math.max(upTo, f);
    }
    return total;
  }, usable);
}

await buildFloors();
const floorServer = await serveStaticDir(join(FLOOR_DIST, 'app'));
const dataDir = mkdtempSync(join(tmpdir(), 'cb-bench-startup-'));
const app = await buildApp({ dataDir, staticDir: dist, seed: { mode: 'demo' } });
// The service worker needs a secure origin: localhost is one.
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const base = `http://localhost:${port}`;
const floorBase = floorServer.base.replace('127.0.0.1', 'localhost');

const profiles: Record<Target, Profile> = {
  floor: { target: 'floor', dir: mkdtempSync(join(tmpdir(), 'cb-floor-profile-')), url: `${floorBase}${LIST}`, context: null },
  product: { target: 'product', dir: mkdtempSync(join(tmpdir(), 'cb-product-profile-')), url: `${base}${LIST}`, context: null },
};
const results: Record<'warm' | 'restart', Record<Target, number[]>> = { warm: { floor: [], product: [] }, restart: { floor: [], product: [] } };
const traces: Partial<Record<Target, TraceSummary>> = {};
try {
  await install(profiles.floor, floorBase);
  await install(profiles.product, base);
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternating, and each round in the other order, so that a slow spell of the machine
    // weighs on both.
    const order: Target[] = round % 2 === 0 ? ['floor', 'product'] : ['product', 'floor'];
    for (const target of order) results.warm[target].push((await reopen(profiles[target])).usable);
    for (const target of order) {
      await close(profiles[target]);
      results.restart[target].push((await reopen(profiles[target])).usable);
    }
    console.error(`  ronda ${round + 1}/${ROUNDS}`);
  }
  for (const target of ['floor', 'product'] as const) traces[target] = (await reopen(profiles[target], true)).summary ?? undefined;
} finally {
  for (const p of Object.values(profiles)) {
    await close(p).catch(() => undefined);
    rmSync(p.dir, { recursive: true, force: true });
  }
  await app.close();
  floorServer.server.close();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nApertura sin conexión, CPU ×${CPU_THROTTLE}, perfil en disco, ${ROUNDS} rondas alternando suelo y producto (${RIDER} → ${LIST})\n`);
console.log('caso                         suelo ms   producto ms   ratio   objetivo');
const figures: Record<string, unknown> = { rounds: ROUNDS, cpuThrottle: CPU_THROTTLE, runs: results, traces };
for (const [mode, label] of [['warm', '(a) con el navegador abierto'], ['restart', '(b) tras reiniciar el navegador']] as const) {
  const floor = median(results[mode].floor);
  const product = median(results[mode].product);
  const ratio = product / floor;
  figures[mode] = { floorMs: floor, productMs: product, ratio, goal: GOALS[mode] };
  console.log(`${label.padEnd(28)} ${floor.toFixed(0).padStart(8)} ${product.toFixed(0).padStart(13)} ${ratio.toFixed(2).padStart(7)}   ≤ ${GOALS[mode]} × ${ratio <= GOALS[mode] ? 'OK' : 'SUPERADO'}`);
}
console.log('\nHilo principal hasta «usable» (una apertura más, con traza; ms):');
console.log('                       suelo   producto   diferencia');
for (const key of ['busy', 'execution', 'compile', 'rendering', 'overhead', 'moduleFetch'] as const) {
  const label = { busy: 'tareas (total)', execution: 'ejecución JS', compile: 'compilación', rendering: 'estilo/maquetación', overhead: 'resto de tareas', moduleFetch: 'descarga de scripts' }[key];
  const f = traces.floor?.[key] ?? Number.NaN;
  const p = traces.product?.[key] ?? Number.NaN;
  console.log(`${label.padEnd(22)} ${f.toFixed(0).padStart(6)} ${p.toFixed(0).padStart(10)} ${(p - f).toFixed(0).padStart(12)}`);
}
if (JSON_OUT) writeFileSync(JSON_OUT, `${JSON.stringify(figures, null, 2)}\n`);
