/**
 * bench/import's second part (./import.ts): the import screen of the built app against the real
 * server, with its `--profile` and `--trace` views of the page's main thread.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchChromium } from './kit';
import { printProfile, type CpuProfile } from './profile';

/** `--profile`: a CPU profile of the page while it reads and reviews the file; prints where the time went. */
export const profile = process.argv.includes('--profile');

/** `--trace`: a Chromium trace of the review; prints what the main thread's long tasks were made of. */
export const trace = process.argv.includes('--trace');

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: { data?: { functionName?: string; url?: string; type?: string } } }

/** The renderer main thread's tasks ≥ 50 ms, each with the self time of what ran inside it. */
/** Self time (an event's duration less its direct children's) of the main thread's events in [from, to]. */
function selfTimes(onMain: readonly TraceEvent[], from: number, to: number, skip?: TraceEvent): Map<string, number> {
  const inside = onMain.filter((e) => e !== skip && e.ts >= from && e.ts + (e.dur ?? 0) <= to).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: { e: TraceEvent; child: number }[] = [];
  const close = (upTo: number): void => {
    while (stack.length > 0 && stack[stack.length - 1]!.e.ts + (stack[stack.length - 1]!.e.dur ?? 0) <= upTo) {
      const top = stack.pop()!;
      const d = top.e.args?.data;
      const key = `${top.e.name}${d?.functionName ? ` ${d.functionName}` : ''}${d?.url ? ` ${d.url.split('/').pop()}` : ''}${d?.type ? ` ${d.type}` : ''}`;
      self.set(key, (self.get(key) ?? 0) + ((top.e.dur ?? 0) - top.child) / 1000);
      if (stack.length > 0) stack[stack.length - 1]!.child += top.e.dur ?? 0;
    }
  };
  for (const e of inside) {
    close(e.ts);
    stack.push({ e, child: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  return self;
}

const printTop = (self: Map<string, number>, indent: string): void => {
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`${indent}${ms(v).padStart(6)} ms  ${k}`);
};

/** The phase's main-thread time by kind (all tasks), then what each task ≥ 50 ms was made of. */
function printTrace(buf: Buffer, phase: string): void {
  const events = (JSON.parse(buf.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && (e.args as { name?: string } | undefined)?.name === 'CrRendererMain');
  const onMain = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined);
  const all = onMain.filter((e) => e.name === 'RunTask');
  const first = Math.min(...all.map((e) => e.ts));
  const last = Math.max(...all.map((e) => e.ts + (e.dur ?? 0)));
  const busy = all.reduce((n, e) => n + (e.dur ?? 0), 0);
  const tasks = all.filter((e) => (e.dur ?? 0) >= 50_000);
  console.log(`\nTraza (${phase}): hilo principal ocupado ${ms(busy / 1000)} ms de ${ms((last - first) / 1000)} ms; ${tasks.length} tarea(s) ≥ 50 ms; la más larga ${ms(Math.max(0, ...all.map((e) => e.dur ?? 0)) / 1000)} ms`);
  printTop(selfTimes(onMain, first, last), '  ');
  for (const task of tasks) {
    console.log(`  tarea de ${ms((task.dur ?? 0) / 1000)} ms:`);
    printTop(selfTimes(onMain, task.ts, task.ts + (task.dur ?? 0), task), '    ');
  }
}

export const ms = (n: number): string => (n < 10 ? n.toFixed(1) : n.toFixed(0));

// ── The import screen: the built app and the real server ─────────────────────────────────────
export interface ScreenResult {
  readonly orders: number;
  readonly points: number;
  readonly rows: number;
  /** From choosing the file to the preview's summary. */
  readonly readMs: number;
  /** From «Importar» to the result on the screen (every batch written into cb_localDB). */
  readonly writeMs: number;
  /** From «Importar» to the orders counted in «Pedidos». */
  readonly shownMs: number;
  readonly longTasks: number;
  readonly longestTaskMs: number;
  /** The longest task while reading and reviewing, while writing, and while «Pedidos» shows the orders. */
  readonly longestByPhase: readonly [number, number, number];
}

export const SCREEN_ORDERS = 5_000;
const SCREEN_POINTS = 50;
export const GOAL_SHOWN_MS = 5_000;

/** Madrid's date `days` from today, ISO. */
function madridIso(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000));
}

/** 5,000 one-line orders of the server's demo client «pascual» at 50 new points, three days ahead. */
function screenCsv(): { csv: Buffer; iso: string } {
  const iso = madridIso(3);
  const es = `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  const head = 'Cliente;Referencia pedido;Fecha entrega;Franja;Código punto;Nombre punto;Dirección;Código postal;Ciudad;Teléfono;Producto;Cantidad;Forma de pago;Notas';
  const lines = Array.from({ length: SCREEN_ORDERS }, (_, i) => {
    const p = String((i % SCREEN_POINTS) + 1).padStart(2, '0');
    return ['pascual', `BENCH-IMP-${String(i + 1).padStart(5, '0')}`, es, '09:00-13:00', `BENCH-PT-${p}`, `Punto Bench ${p}`, `Calle de Atocha, ${p}`, '28045', 'Madrid', "'+34 911 36 16 15", i % 2 === 0 ? 'PAS-0001' : 'PAS-0002', String(1 + (i % 9)), 'efectivo', ''].join(';');
  });
  return { csv: Buffer.from(`\uFEFF${[head, ...lines].join('\r\n')}\r\n`, 'utf8'), iso };
}

export async function measureScreen(): Promise<ScreenResult | string> {
  if (!existsSync(resolve('dist/index.html'))) return 'falta dist/: ejecuta npm run build antes';
  const appPort = Number(process.env.BENCH_IMPORT_PORT ?? 4341);
  const base = `http://localhost:${appPort}`;
  const dataDir = resolve('test-results/bench-import-data');
  rmSync(dataDir, { recursive: true, force: true });
  // Vite's build above sets NODE_ENV=production in this process; the server runs with its demo data, as in e2e.
  const child = spawn('npx', ['tsx', 'server/main.ts'], { env: { ...process.env, NODE_ENV: 'development', PORT: String(appPort), DATA_DIR: dataDir }, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let serverErr = '';
  child.stderr.on('data', (d: Buffer) => {
    serverErr = (serverErr + d.toString()).slice(-2000);
  });
  const browser2 = await launchChromium([], { headless: true });
  try {
    for (let i = 0; ; i += 1) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (i > 240) return `el servidor no arranca en ${base}: ${serverErr.split('\n').slice(-3).join(' ')}`;
      await new Promise((ok) => setTimeout(ok, 500));
    }
    const page = await browser2.newPage({ baseURL: base, viewport: { width: 1366, height: 900 }, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
    await page.addInitScript(() => {
      const w = window as unknown as { cbLong: { at: number; ms: number }[] };
      w.cbLong = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.cbLong.push({ at: e.startTime, ms: e.duration });
      }).observe({ type: 'longtask', buffered: true });
      // Long animation frames say which script (and how much style and layout) made them.
      const l = window as unknown as { cbFrames: unknown[] };
      l.cbFrames = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { startTime: number; duration: number; renderStart: number; styleAndLayoutStart: number; scripts: { invoker: string; sourceURL: string; sourceFunctionName: string; duration: number }[] }[]) {
          if (e.duration < 50) continue;
          l.cbFrames.push({
            at: Math.round(e.startTime),
            ms: Math.round(e.duration),
            styleAndLayout: e.styleAndLayoutStart > 0 ? Math.round(e.startTime + e.duration - e.styleAndLayoutStart) : 0,
            scripts: e.scripts.map((x) => `${x.invoker} ${x.sourceFunctionName} ${x.sourceURL.split('/').pop() ?? ''} ${Math.round(x.duration)} ms`),
          });
        }
      }).observe({ type: 'long-animation-frame', buffered: true });
    });
    const synced = page.locator('[data-testid="sync-indicator"][data-sync-state="synced"]');
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill('operador@cargobici.test');
    await page.getByLabel(/^Contraseña/).fill('cargobici-demo');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await synced.waitFor({ timeout: 180_000 });
    await page.goto('/charge');
    await synced.waitFor({ timeout: 180_000 });
    await page.locator('[data-testid="import-page"][data-phase="idle"]').waitFor();
    const { csv, iso } = screenCsv();

    // The whole import: from here on every long task counts.
    await page.evaluate(() => {
      (window as unknown as { cbLong: unknown[] }).cbLong = [];
    });
    const pageNow = (): Promise<number> => page.evaluate(() => performance.now());
    const cdp = profile ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    if (trace) await browser2.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink'] });
    const t0 = performance.now();
    // A file on disk, as a person chooses one: Playwright hands its path to the browser. (With a
    // buffer it rebuilds the File inside the page, a base64 decoding on the page's main thread that
    // no user's choice costs: it was the 80–130 ms «long task» of the file input.)
    const csvPath = join(mkdtempSync(join(tmpdir(), 'cb-import-')), 'pedidos-bench.csv');
    writeFileSync(csvPath, csv);
    await page.getByTestId('import-files').setInputFiles(csvPath);
    await page.getByTestId('import-review').click({ timeout: 120_000 });
    await page.getByTestId('import-preview').waitFor({ timeout: 120_000 });
    const created = Number(await page.getByTestId('count-create').textContent({ timeout: 120_000 }));
    const points = Number(await page.getByTestId('count-points').textContent());
    if (created !== SCREEN_ORDERS) return `la vista previa cuenta ${created} pedidos nuevos en vez de ${SCREEN_ORDERS}`;
    const t1 = performance.now();
    const p1 = await pageNow();
    if (trace) printTrace(await browser2.stopTracing(), 'lectura y revisión');
    if (cdp) {
      printProfile('lectura y revisión', ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile);
      const frames = await page.evaluate(() => (window as unknown as { cbFrames: unknown[] }).cbFrames);
      console.log(`  Fotogramas largos (long-animation-frame ≥ 50 ms) hasta la vista previa:\n${frames.map((f) => `    ${JSON.stringify(f)}`).join('\n')}`);
    }
    if (trace) await browser2.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink'] });
    if (cdp) await cdp.send('Profiler.start');
    await page.getByTestId('import-submit').click();
    await page.getByTestId('import-result-summary').waitFor({ timeout: 300_000 });
    if (trace) printTrace(await browser2.stopTracing(), 'escritura');
    if (cdp) {
      const written = ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile;
      if (process.env.CB_PROFILE_OUT) writeFileSync(process.env.CB_PROFILE_OUT, JSON.stringify(written));
      printProfile('escritura', written);
    }
    const t2 = performance.now();
    const p2 = await pageNow();
    const summary = (await page.getByTestId('import-result-summary').textContent()) ?? '';
    if (!summary.startsWith(`${SCREEN_ORDERS} creados`)) return `resultado inesperado: «${summary}»`;
    if (cdp) await cdp.send('Profiler.start');
    if (trace) await browser2.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink'] });
    await page.getByTestId('import-view-orders').click();
    await page.getByLabel('Fecha', { exact: true }).fill(iso);
    await page.getByLabel('Buscar').fill('Punto Bench');
    await page.getByTestId('crud-count').filter({ hasText: new RegExp(`^${SCREEN_ORDERS} de`) }).waitFor({ timeout: 300_000 });
    const t3 = performance.now();
    if (trace) printTrace(await browser2.stopTracing(), '«Pedidos»');
    if (cdp) {
      const shown = ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile;
      if (process.env.CB_PROFILE_OUT) writeFileSync(`${process.env.CB_PROFILE_OUT}.shown`, JSON.stringify(shown));
      printProfile('«Pedidos»', shown);
    }
    const tasks = await page.evaluate(() => (window as unknown as { cbLong: { at: number; ms: number }[] }).cbLong);
    const longest = (from: number, to: number): number => tasks.filter((t) => t.at >= from && t.at < to).reduce((m, t) => Math.max(m, t.ms), 0);
    return {
      orders: created,
      points,
      rows: SCREEN_ORDERS,
      readMs: t1 - t0,
      writeMs: t2 - t1,
      shownMs: t3 - t1,
      longTasks: tasks.length,
      longestTaskMs: tasks.reduce((m, t) => Math.max(m, t.ms), 0),
      longestByPhase: [longest(0, p1), longest(p1, p2), longest(p2, Number.POSITIVE_INFINITY)],
    };
  } finally {
    await browser2.close();
    if (child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
}
