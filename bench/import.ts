/**
 * bench/import (issue 10): order files of 5,000 and 50,000 rows (CSV and XLSX) parsed and
 * validated by the import worker in headless Chromium, and what the main thread meanwhile
 * suffers (Long Tasks API and a 10 ms heartbeat).
 *
 * Goals: 50,000 CSV rows parsed and validated ≤ 500 ms; 50,000 XLSX rows ≤ 3 s; no
 * main-thread task > 50 ms. The same files also run through the same service in Node (one
 * thread, no worker), as a comparison in the same run.
 *
 * Then the import screen itself (needs `npm run build`): the built app and the real server (a
 * fresh data directory, port BENCH_IMPORT_PORT or 4341), an operator signed in, a 5,000-order
 * CSV chosen, reviewed and imported, then «Ver pedidos» and the orders found in «Pedidos».
 * Measured: rows written per second into cb_localDB (from «Importar» to the result), from
 * «Importar» to the 5,000 orders counted in «Pedidos» (goal ≤ 5 s), and the longest main-thread
 * task of the whole import, from choosing the file to the orders shown (goal ≤ 50 ms).
 *
 *   npm run bench:import               # 5,000 and 50,000 rows
 *   npm run bench:import -- --quick    # 5,000 rows only
 *   npm run bench:import -- --quick --profile   # where the page's main thread spends each phase
 *   npm run bench:import -- --quick --trace     # what its tasks ≥ 50 ms were made of (style, layout…)
 *
 * For names in the profiles, build with source maps first: `CB_SOURCEMAP=1 npm run build`.
 */
import { createServer, type Server } from 'node:http';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { extname, join, relative, resolve } from 'node:path';
import { build } from 'vite';
import { generateDemoData } from '../server/demo/generate';
import { madridDate } from '../src/domain/dates';
import type { Order } from '../src/domain/entities/operation';
import type { Client, Hub, Tax } from '../src/domain/entities/reference';
import { addDays, orderRows, pointRefFor, toCsv, type Cell, type IntakeContext } from '../src/domain/intake';
import { templateHeaders } from '../src/i18n/intake';
import { ImportService } from '../src/workers/import/service';
import { writeXlsx, type XlsxCell } from '../src/workers/xlsx/write';
import type { ImportBenchApi, ImportBenchFile, ImportBenchResult } from './import-browser';
import { budget, launchChromium, printTable, verdict, writeFigures, type Budget } from './kit';
import { ms, type ScreenResult, measureScreen, GOAL_SHOWN_MS, SCREEN_ORDERS } from './import-screen';

const quick = process.argv.includes('--quick');

const SIZES = quick ? [5_000] : [5_000, 50_000];
const LINES_PER_ORDER = 5;
const GOALS = { csv: 500, xlsx: 3_000 } as const;
const GOAL_TASK_MS = 50;

const started = performance.now();
const loadAtStart = loadavg()[0] ?? 0;
const info = (s: string): void => console.info(`  · ${s}`);
const int = (n: number): string => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
let over = 0;
const budgets: Budget[] = [];

// ── Data: the demo operation and files of new orders for it ───────────────────────────────────
const today = madridDate();
const demo = generateDemoData({ seed: 20261122, today, now: Date.now(), scale: { deliveryPoints: 5_000, ordersPerDay: 600, ridersPerHub: 3 } });
const ctx: IntakeContext = {
  clients: demo.catalog.filter((c): c is Client => c.kind === 'client'),
  products: demo.products,
  taxes: demo.catalog.filter((c): c is Tax => c.kind === 'tax'),
  hubs: demo.catalog.filter((c): c is Hub => c.kind === 'hub'),
  points: demo.delivery_points,
  orders: demo.orders,
};

/** `rows` rows: orders of LINES_PER_ORDER lines at known points of every client, for tomorrow. */
function benchOrders(rows: number): Order[] {
  const orders: Order[] = [];
  const clients = ctx.clients.map((c) => ({
    c,
    products: ctx.products.filter((p) => p.client_id === c.id && p.active),
    points: ctx.points.filter((p) => p.active && pointRefFor(p, c.key) !== ''),
  }));
  for (let i = 0; orders.length * LINES_PER_ORDER < rows; i += 1) {
    const { c, products, points } = clients[i % clients.length] as (typeof clients)[number];
    const point = points[(i * 7919) % points.length] as (typeof points)[number];
    orders.push({
      id: '',
      code: '',
      client_id: c.id,
      delivery_point_id: point.id,
      hub: point.hub,
      date: addDays(today, 1 + (i % 3)),
      window_start: point.opens,
      window_end: point.closes,
      status: 'pending',
      picking_status: 'pending',
      status_id: '',
      route_id: '',
      lines: Array.from({ length: LINES_PER_ORDER }, (_, k) => {
        const p = products[(i * 31 + k * 17) % products.length] as (typeof products)[number];
        return { line_id: `l${k + 1}`, product_id: p.id, name: p.name, quantity: 1 + ((i + k) % 12), unit_price_cents: p.price_cents, tax_id: p.tax_id, tax_rate_bp: 0, picked_quantity: 0 };
      }),
      payment_method: c.payment_terms,
      external_ref: `BENCH-${String(i + 1).padStart(6, '0')}`,
      notes: i % 10 === 0 ? 'Entrada por la puerta lateral; llamar antes' : '',
      created_at: 0,
      updated_at: 0,
    });
  }
  return orders;
}

const PAY = { cash: 'efectivo', card: 'tarjeta', transfer: 'transferencia', on_account: 'a cuenta' } as const;
const files = new Map<string, Buffer>();
const benchFiles: ImportBenchFile[] = [];
{
  const t0 = performance.now();
  for (const rows of SIZES) {
    const cells: Cell[][] = orderRows(benchOrders(rows), ctx, PAY);
    const csvName = `pedidos-${rows}.csv`;
    files.set(csvName, Buffer.from(toCsv([templateHeaders(), ...cells]), 'utf8'));
    benchFiles.push({ name: csvName, rows: cells.length, format: 'csv' });
    const dateCol = 2;
    const xrows: XlsxCell[][] = cells.map((r) => r.map((c, j) => (j === dateCol && typeof c === 'string' ? { date: `${c.slice(6, 10)}-${c.slice(3, 5)}-${c.slice(0, 2)}` } : c)));
    const xlsxName = `pedidos-${rows}.xlsx`;
    files.set(xlsxName, Buffer.from(writeXlsx([{ name: 'Pedidos', rows: [templateHeaders(), ...xrows] }])));
    benchFiles.push({ name: xlsxName, rows: cells.length, format: 'xlsx' });
  }
  files.set('context.json', Buffer.from(JSON.stringify(ctx)));
  info(
    `archivos: ${benchFiles.map((f) => `${f.name} (${(files.get(f.name)?.length ?? 0) / 1e6 < 1 ? `${int((files.get(f.name)?.length ?? 0) / 1e3)} kB` : `${((files.get(f.name)?.length ?? 0) / 1e6).toFixed(1)} MB`})`).join(', ')}; ` +
      `contexto: ${int(ctx.points.length)} puntos, ${int(ctx.orders.length)} pedidos, ${int(ctx.products.length)} productos (${ms(performance.now() - t0)} ms)`,
  );
}

console.log(`\nbench/import${quick ? ' --quick' : ''}: ${SIZES.map(int).join(' y ')} filas (${LINES_PER_ORDER} líneas por pedido), CSV y XLSX\n`);

// ── Node: the same service without a worker (comparison) ─────────────────────────────────────
console.info('Node · ImportService sin worker');
const nodeResults = new Map<string, { parseMs: number; planMs: number; cpuMs: number }>();
for (const f of benchFiles) {
  const service = new ImportService();
  service.setContext(ctx);
  const data = files.get(f.name) as Buffer;
  const cpu0 = process.cpuUsage();
  const [report] = await service.readFiles([{ name: f.name, data: new Uint8Array(data) }]);
  const plan = service.plan({ mode: 'valid-only', today, now: Date.now() });
  const cpu = process.cpuUsage(cpu0);
  if (!report) throw new Error(f.name);
  if (plan.summary.issues > 0) throw new Error(`${f.name}: ${plan.summary.issues} problemas; primero: ${JSON.stringify(service.issues(0, 1).issues[0])}`);
  nodeResults.set(f.name, { parseMs: report.ms, planMs: plan.ms, cpuMs: (cpu.user + cpu.system) / 1000 });
  info(`${f.name}: lectura ${ms(report.ms)} ms, validación y plan ${ms(plan.ms)} ms (CPU ${ms((cpu.user + cpu.system) / 1000)} ms), ${int(plan.summary.create)} pedidos nuevos`);
}

// ── Chromium: the worker, as the import screen will use it ───────────────────────────────────
const outDir = resolve('test-results/bench-import');
const srcDir = resolve('test-results/bench-import-src');
mkdirSync(srcDir, { recursive: true });
writeFileSync(
  join(srcDir, 'index.html'),
  '<!doctype html><html lang="es"><meta charset="utf-8"><title>bench/import</title><link rel="icon" href="data:,"><script type="module" src="/bench/import-browser.ts"></script></html>\n',
);
let browserResults: ImportBenchResult[] = [];
let contextMs = 0;
let browserVersion = '';
let browserError = '';
{
  const t0 = performance.now();
  await build({
    configFile: false,
    root: resolve('.'),
    logLevel: 'warn',
    publicDir: false,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    worker: { format: 'es' },
    build: { outDir, emptyOutDir: true, target: 'es2022', sourcemap: false, reportCompressedSize: false, rollupOptions: { input: join(srcDir, 'index.html') } },
  });
  info(`bundle de Vite en ${ms(performance.now() - t0)} ms`);
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.json': 'application/json' };
function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
}
function serve(): Promise<{ server: Server; port: number }> {
  const bundle = new Map(walk(outDir).map((f) => [`/${relative(outDir, f).split('\\').join('/')}`, readFileSync(f)]));
  const html = relative(resolve('.'), join(srcDir, 'index.html')).split('\\').join('/');
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const body = path === '/' ? bundle.get(`/${html}`) : path.startsWith('/data/') ? files.get(path.slice(6)) : bundle.get(path);
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(path === '/' ? '/x.html' : path)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    res.end(body);
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok({ server, port: (server.address() as { port: number }).port })));
}

console.info('\nChromium · worker de importación');
const { server, port } = await serve();
const browser = await launchChromium(['--js-flags=--expose-gc'], { headless: true });
try {
  browserVersion = browser.version();
  const page = await browser.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.error(`  chromium ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => console.error(`  chromium pageerror: ${e.message}`));
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => window.cbImportBench !== undefined);
  const out = await page.evaluate(({ f, d }) => (window.cbImportBench as ImportBenchApi).run(f, d), { f: benchFiles, d: today });
  browserResults = out.results;
  contextMs = out.contextMs;
  for (const r of browserResults) info(`${r.name}: lectura ${ms(r.parseMs)} ms, validación y plan ${ms(r.planMs)} ms, ${int(r.orders)} pedidos, ${r.progressEvents} avisos de progreso`);
} catch (err) {
  browserError = (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
  console.error(`  Chromium falló: ${browserError}`);
  process.exitCode = 1;
} finally {
  await browser.close();
  server.close();
}

console.info('\nChromium · pantalla de importación con el servidor real');
let screen: ScreenResult | string;
try {
  screen = await measureScreen();
} catch (err) {
  screen = `falló: ${(err instanceof Error ? err.message : String(err)).split('\n')[0] ?? ''}`;
}
if (typeof screen === 'string') info(screen);
else info(`${int(screen.orders)} pedidos y ${screen.points} puntos nuevos: leídos y revisados en ${ms(screen.readMs)} ms, escritos en ${ms(screen.writeMs)} ms, en «Pedidos» a los ${ms(screen.shownMs)} ms`);

// ── Report ────────────────────────────────────────────────────────────────────────────────────
console.log('\n1. Lectura y validación en el worker (Chromium) — meta: 50 000 filas CSV ≤ 500 ms, XLSX ≤ 3 s\n');
{
  const rows: string[][] = [];
  for (const r of browserResults) {
    const total = r.parseMs + r.planMs;
    const goal = r.rows >= 50_000 ? GOALS[r.format] : null;
    const ok = goal === null || total <= goal;
    if (goal !== null) budgets.push(budget(`${r.name}: lectura y validación`, total, goal));
    if (!ok) over += 1;
    const node = nodeResults.get(r.name);
    rows.push([
      r.name,
      int(r.rows),
      ms(r.parseMs),
      ms(r.planMs),
      ms(total),
      int((r.rows / total) * 1000),
      goal === null ? '—' : `≤ ${int(goal)} ms  ${verdict(ok)}`,
      node ? `${ms(node.parseMs + node.planMs)} (${((node.parseMs + node.planMs) / total).toFixed(2)}×)` : '—',
      node ? ms(node.cpuMs) : '—',
    ]);
  }
  printTable(['archivo', 'filas', 'lectura ms', 'validación+plan ms', 'total ms', 'filas/s', 'meta', 'Node sin worker ms (vs worker)', 'Node CPU ms'], rows);
  console.log(
    'Tiempos de reloj: en una máquina compartida (véase la carga media al final) crecen con la carga; «Node CPU ms» es el\n' +
      'tiempo de CPU del mismo trabajo en Node (un hilo, incluida la recolección de basura), que apenas depende de ella.',
  );
}

console.log(`\n2. Hilo principal durante cada importación (Long Tasks API; latido de 10 ms) — meta: ninguna tarea > ${GOAL_TASK_MS} ms\n`);
{
  const rows: string[][] = [];
  for (const r of browserResults) {
    const ok = r.longestTaskMs <= GOAL_TASK_MS;
    budgets.push(budget(`${r.name}: tarea más larga del hilo principal`, r.longestTaskMs, GOAL_TASK_MS));
    if (!ok) over += 1;
    rows.push([r.name, String(r.longTasks), r.longTasks === 0 ? '< 50 (ninguna)' : ms(r.longestTaskMs), ms(r.longestGapMs), ms(r.wallMs), ms(r.previewMs), String(r.batches), `${verdict(ok)}`]);
  }
  printTable(['archivo', 'tareas largas', 'la más larga ms', 'mayor hueco del latido ms', 'de principio a fin ms', '1.ª página de vista previa ms', 'lotes de 500', 'meta'], rows);
  console.log(`El contexto (${int(ctx.points.length)} puntos, ${int(ctx.orders.length)} pedidos) se envía al worker en partes de 2 000 en ${ms(contextMs)} ms, antes de medir.`);
}

console.log(`\n3. Pantalla de importación: escritura en cb_localDB y pedidos en «Pedidos» — metas: ${int(SCREEN_ORDERS)} pedidos en «Pedidos» ≤ ${int(GOAL_SHOWN_MS)} ms, ninguna tarea > ${GOAL_TASK_MS} ms\n`);
if (typeof screen === 'string') {
  over += 1;
  console.log(`  sin medir: ${screen}`);
} else {
  const okShown = screen.shownMs <= GOAL_SHOWN_MS;
  const okTask = screen.longestTaskMs <= GOAL_TASK_MS;
  if (!okShown) over += 1;
  if (!okTask) over += 1;
  budgets.push(budget('pantalla: «Importar» → «Pedidos»', screen.shownMs, GOAL_SHOWN_MS), budget('pantalla: tarea más larga', screen.longestTaskMs, GOAL_TASK_MS));
  printTable(
    ['archivo', 'pedidos', 'puntos nuevos', 'lectura y revisión ms', 'escritura ms', 'filas/s escritas', 'docs/s escritos', '«Importar» → «Pedidos» ms', 'meta ≤ 5 s', 'tareas largas', 'la más larga ms', 'meta ≤ 50 ms'],
    [
      [
        `pedidos-bench.csv (${int(screen.rows)} filas)`,
        int(screen.orders),
        String(screen.points),
        ms(screen.readMs),
        ms(screen.writeMs),
        int((screen.rows / screen.writeMs) * 1000),
        int(((screen.orders + screen.points) / screen.writeMs) * 1000),
        ms(screen.shownMs),
        verdict(okShown),
        String(screen.longTasks),
        screen.longTasks === 0 ? '< 50 (ninguna)' : ms(screen.longestTaskMs),
        verdict(okTask),
      ],
    ],
  );
  console.log('Tareas largas del hilo principal desde elegir el archivo hasta ver los pedidos en «Pedidos» (incluye la réplica al servidor que empieza a la vez).');
  const [inRead, inWrite, inList] = screen.longestByPhase;
  console.log(`La más larga por fase: lectura y revisión ${ms(inRead)} ms · escritura ${ms(inWrite)} ms · «Pedidos» ${ms(inList)} ms.`);
}

console.log(
  `\nNode ${process.version}${browserVersion ? `, Chromium ${browserVersion}` : ''}; ${cpus().length} CPU, carga media 1 min ${loadAtStart.toFixed(1)} al empezar y ` +
    `${(loadavg()[0] ?? 0).toFixed(1)} al acabar; duración total ${ms((performance.now() - started) / 1000)} s.`,
);
if (browserError) console.log(`\nATENCIÓN: Chromium falló y sus medidas faltan: ${browserError}`);
console.log(over === 0 && !browserError ? '\nTodas las metas medidas: OK' : `\n${over} meta(s) superada(s): OVER`);
writeFigures(
  'import',
  { worker: browserResults, contextMs, node: Object.fromEntries(nodeResults), screen, browserVersion, browserError },
  budgets,
);
