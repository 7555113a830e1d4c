/**
 * bench/db: the local database under load (issue 3).
 *
 * 1. Bulk insert of demo orders (10k and 50k) into a fresh cb_localDB, with ajv validation as
 *    the app opens it and, as the baseline, without it (in Chromium only for the smaller size):
 *    memory storage in Node and dexie (IndexedDB) in headless Chromium. Goal: 50k orders in
 *    Chromium in < 10 s.
 * 2. The hot queries of src/data/queries.ts over 100k orders, delivery points and incidences and
 *    20k routes and products (demo documents cloned with new ids and varied date / hub / route /
 *    rider, see bench/db-core.ts): median and
 *    p95 over 50 runs, each with other parameters. Goals: memory in Node p95 ≤ 10 ms; dexie in
 *    Chromium p95 ≤ 50 ms. Baseline: the same selector and sort forced onto a non-selective index
 *    (a full scan of the collection), so the index speed-up shows as a ratio.
 *
 * The Chromium part bundles bench/db-browser.ts with Vite into test-results/bench-db, serves it
 * on 127.0.0.1 and runs it in Debian's Chromium with a persistent profile in a temporary
 * directory, so IndexedDB writes to disk as in the installed app (an incognito context keeps it
 * in memory).
 *
 *   npm run bench:db                 # full run (a few minutes)
 *   npm run bench:db -- --quick      # 2k/10k orders, 20k (4k) documents, 20 runs
 *   npm run bench:db -- --node-only  # skip Chromium
 */
import { createServer, type Server } from 'node:http';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { budget, bundleForPage, launchChromiumContext, verdict, writeFigures, type Budget } from './kit';
import { LOCAL_COLLECTION_DEFS } from '../src/domain/collections';
import {
  DATASET_COLLECTIONS,
  LOAD_BATCH,
  SMALL_SHARE,
  runInsertBench,
  runQueryBench,
  type AbortedAttempt,
  type InsertReport,
  type QueryDataset,
  type QueryOptions,
  type QueryReport,
} from './db-core';
import type { DbBenchApi } from './db-browser';

const quick = process.argv.includes('--quick');
const nodeOnly = process.argv.includes('--node-only');

const INSERT_SIZES = quick ? [2_000, 10_000] : [10_000, 50_000];
const QUERY_SIZE = quick ? 20_000 : 100_000;
const RUNS = quick ? 20 : 50;
const GOAL_NODE_P95_MS = 10;
const GOAL_BROWSER_P95_MS = 50;
const GOAL_BROWSER_INSERT_DOCS = 50_000;
const GOAL_BROWSER_INSERT_MS = 10_000;

const outDir = resolve('test-results/bench-db');
/** A full garbage collection before each query's runs, in Node as in Chromium (--expose-gc). */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const started = performance.now();
const loadAtStart = loadavg()[0] ?? 0;
const info = (s: string): void => console.info(`  · ${s}`);

// ── Formatting ────────────────────────────────────────────────────────────────────────────────
const int = (n: number): string => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
const ms = (n: number): string => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0));
const secs = (n: number): string => `${(n / 1000).toFixed(1)} s`;

function table(head: string[], rows: string[][], right: boolean[]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells.map((c, i) => (right[i] ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ').trimEnd();
  console.log(line(head));
  console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

const warnings: string[] = [];
let over = 0;
const budgets: Budget[] = [];

// ── Node: memory storage ──────────────────────────────────────────────────────────────────────
/** Every document of the query dataset passes its zod schema (refinements included). */
function checkDataset(ds: QueryDataset): void {
  const t0 = performance.now();
  let n = 0;
  for (const c of DATASET_COLLECTIONS) {
    const schema = LOCAL_COLLECTION_DEFS[c].schema;
    for (const doc of ds[c] as unknown[]) {
      n += 1;
      const r = schema.safeParse(doc);
      if (!r.success) throw new Error(`Documento de ${c} no válido: ${JSON.stringify(r.error.issues).slice(0, 400)}`);
    }
  }
  info(`zod: los ${int(n)} documentos del conjunto son válidos (${ms(performance.now() - t0)} ms)`);
}

const queryOpts = (validate: boolean, baselineRuns: number): QueryOptions => ({ querySize: QUERY_SIZE, runs: RUNS, baselineRuns, validate });

console.log(
  `\nbench/db${quick ? ' --quick' : ''}: inserción de ${INSERT_SIZES.map(int).join(' y ')} pedidos; consultas sobre ${int(QUERY_SIZE)} pedidos, ` +
    `puntos de entrega e incidencias y ${int(QUERY_SIZE / SMALL_SHARE)} rutas y productos, ${RUNS} ejecuciones\n`,
);
console.info('Node · memoria');
const nodeInsert = await runInsertBench({ kind: 'memory' }, { sizes: INSERT_SIZES, repeats: 3 }, info);
const nodeQueries = await runQueryBench({ kind: 'memory' }, queryOpts(true, 5), { log: info, inspect: checkDataset, gc });

// ── Chromium: dexie (IndexedDB) ───────────────────────────────────────────────────────────────
let browserInsert: InsertReport | null = null;
let browserQueries: QueryReport | null = null;
let browserVersion = '';
let browserError = '';

/** A page that stops answering (IndexedDB stuck) ends the Chromium part instead of the run hanging. */
const PAGE_TIMEOUT_MS = (quick ? 3 : 8) * 60_000;
function withTimeout<T>(p: Promise<T>, msLimit: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what} en Chromium no terminó en ${secs(msLimit)}`)), msLimit);
  });
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

/**
 * Serves the bundle from memory, read once after the build: a Playwright run elsewhere empties
 * test-results/ when it starts, and must not take the page's files away mid-benchmark.
 */
function serve(root: string): Promise<{ server: Server; port: number }> {
  const files = new Map(readdirSync(root).map((f) => [`/${f}`, readFileSync(join(root, f))]));
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const body = files.get(path === '/' ? '/index.html' : path);
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(path === '/' ? '/index.html' : path)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    res.end(body);
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok({ server, port: (server.address() as { port: number }).port })));
}

if (!nodeOnly) {
  console.info('\nChromium · dexie (IndexedDB)');
  const t0 = performance.now();
  await bundleForPage('bench/db-browser.ts', outDir, 'db-browser.js', 'cbDbBenchBundle');
  writeFileSync(join(outDir, 'index.html'), '<!doctype html><html lang="es"><meta charset="utf-8"><title>bench/db</title><link rel="icon" href="data:,"><script src="/db-browser.js"></script></html>\n');
  info(`bundle de Vite en ${ms(performance.now() - t0)} ms`);

  const { server, port } = await serve(outDir);
  // A persistent context keeps IndexedDB on disk, as in the installed app (an incognito context
  // keeps it in memory). '' gives a fresh profile in the system's temporary directory, removed
  // on close — not under test-results/, which a concurrent Playwright run empties.
  const context = await launchChromiumContext('', {
    args: ['--js-flags=--expose-gc'],
    headless: true,
    serviceWorkers: 'block',
  });
  try {
    browserVersion = context.browser()?.version() ?? '';
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (m) => {
      if (m.type() === 'info') info(m.text());
      else if (m.text().includes('RxDB Open Core RxStorage')) return; // RxDB's notice about its premium storages
      else if (m.type() === 'error' || m.type() === 'warning') console.error(`  chromium ${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => console.error(`  chromium pageerror: ${e.message}`));
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => window.cbDbBench !== undefined);
    browserInsert = await withTimeout(
      // The no-validation baseline only for the smaller size: IndexedDB's pace is the same, and
      // another 50k insert would cost a good part of the time budget.
      page.evaluate((sizes) => (window.cbDbBench as DbBenchApi).insert({ sizes, repeats: 1, baselineSizes: sizes.slice(0, 1) }), INSERT_SIZES),
      PAGE_TIMEOUT_MS,
      'la inserción',
    );
    browserQueries = await withTimeout(
      page.evaluate((o) => (window.cbDbBench as DbBenchApi).queries(o), queryOpts(false, 1)),
      PAGE_TIMEOUT_MS,
      'las consultas',
    );
  } catch (err) {
    // Report what Node measured anyway; the failure itself is a result (see the summary).
    browserError = (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
    console.error(`  Chromium falló: ${browserError}`);
    process.exitCode = 1;
  } finally {
    await context.close();
    server.close();
  }
}

// ── Report ────────────────────────────────────────────────────────────────────────────────────
const envs: { label: string; insert: InsertReport; queries: QueryReport | null; goalP95: number }[] = [
  { label: 'Node · memoria', insert: nodeInsert, queries: nodeQueries, goalP95: GOAL_NODE_P95_MS },
];
if (browserInsert) envs.push({ label: 'Chromium · dexie', insert: browserInsert, queries: browserQueries, goalP95: GOAL_BROWSER_P95_MS });
const withQueries = envs.flatMap((e) => (e.queries ? [{ ...e, queries: e.queries }] : []));

console.log('\n1. Inserción masiva de pedidos (bulkInsert en una base nueva; base de comparación: sin validación)\n');
{
  const rows: string[][] = [];
  for (const e of envs) {
    for (const r of e.insert.rows) {
      const base = e.insert.rows.find((b) => b.docs === r.docs && !b.validate);
      const isBrowser = e.label.startsWith('Chromium');
      let goal = '—';
      if (isBrowser && r.validate && r.docs === GOAL_BROWSER_INSERT_DOCS) {
        const ok = r.ms < GOAL_BROWSER_INSERT_MS;
        budgets.push({ ...budget(`${e.label}: bulkInsert de ${r.docs} pedidos`, r.ms, GOAL_BROWSER_INSERT_MS), ok });
        if (!ok) over += 1;
        goal = `< ${secs(GOAL_BROWSER_INSERT_MS)}  ${verdict(ok)}`;
      }
      rows.push([
        e.label,
        int(r.docs),
        r.validate ? 'ajv (como la app)' : 'no (base)',
        `${ms(r.ms)}${r.repeats > 1 ? ` (mediana de ${r.repeats})` : ''}`,
        int((r.docs / r.ms) * 1000),
        !r.validate ? '1.0×' : base ? `${(r.ms / base.ms).toFixed(1)}×` : '—',
        goal,
      ]);
    }
  }
  table(['entorno', 'pedidos', 'validación', 'ms', 'docs/s', 'vs base', 'meta'], rows, [false, true, false, true, true, true, false]);
  if (!envs.some((e) => e.insert.rows.some((r) => r.docs === GOAL_BROWSER_INSERT_DOCS))) {
    console.log(`(la meta de Chromium es para ${int(GOAL_BROWSER_INSERT_DOCS)} pedidos: ejecútalo sin --quick)`);
  }
}

console.log(`\n2. Carga del conjunto de consultas (bulkInsert en lotes de ${int(LOAD_BATCH)})\n`);
{
  const rows: string[][] = [];
  for (const e of withQueries) {
    const total = e.queries.load.reduce((s, l) => s + l.ms, 0);
    const docs = e.queries.load.reduce((s, l) => s + l.docs, 0);
    rows.push([
      e.label,
      e.queries.validate ? 'ajv' : 'no',
      ...e.queries.load.map((l) => `${int(l.docs)} en ${secs(l.ms)} (${int((l.docs / l.ms) * 1000)}/s)`),
      `${int(docs)} en ${secs(total)}`,
    ]);
  }
  table(['entorno', 'validación', ...DATASET_COLLECTIONS, 'total'], rows, [false, false, true, true, true, true, true, true]);
  console.log(
    'En Chromium el conjunto se carga con validate: false: son los mismos documentos deterministas, que en Node pasaron zod\n' +
      '(todos) y ajv (al cargarse con validación). Las inserciones del apartado 1 sí validan en los dos entornos.',
  );
}

console.log(`\n3. Consultas calientes (${RUNS} ejecuciones con parámetros distintos; base: mismo selector y orden como escaneo completo)\n`);
{
  const rows: string[][] = [];
  for (const e of withQueries) {
    for (const q of e.queries.queries) {
      const indexOk = q.selectorSatisfiedByIndex && q.index.join('+') === q.expectedIndex.join('+');
      if (!indexOk) warnings.push(`${e.label}: ${q.name} usa el índice [${q.index.join(', ')}] (se esperaba [${q.expectedIndex.join(', ')}], selector cubierto: ${q.selectorSatisfiedByIndex})`);
      if (q.cachedRuns > 0) warnings.push(`${e.label}: ${q.name}: ${q.cachedRuns} ejecuciones respondidas por la caché de consultas de RxDB`);
      if (!q.baselineSameRows) warnings.push(`${e.label}: ${q.name}: el escaneo completo devolvió otros documentos que la consulta indexada`);
      if (q.baselineIndex.includes(q.expectedIndex[0] ?? '')) warnings.push(`${e.label}: ${q.name}: la base no es un escaneo completo`);
      const ok = q.p95Ms <= e.goalP95;
      budgets.push(budget(`${e.label}: ${q.name} p95`, q.p95Ms, e.goalP95));
      if (!ok) over += 1;
      rows.push([
        e.label,
        q.name,
        `${q.index.join('+')}${indexOk ? '' : ' ✗'}`,
        q.avgRows < 10 ? q.avgRows.toFixed(1) : int(q.avgRows),
        ms(q.medianMs),
        ms(q.p95Ms),
        `p95 ≤ ${e.goalP95} ms  ${verdict(ok)}`,
        `${ms(q.baselineMedianMs)} (n=${q.baselineRuns})`,
        `${int(q.baselineMedianMs / q.medianMs)}×`,
      ]);
    }
  }
  table(
    ['entorno', 'consulta', 'índice usado', 'filas', 'mediana ms', 'p95 ms', 'meta', 'escaneo completo ms', 'aceleración'],
    rows,
    [false, false, false, true, true, true, false, true, true],
  );
  console.log('filas: documentos devueltos de media; aceleración: mediana del escaneo completo / mediana de la consulta indexada.');
  for (const e of withQueries) {
    for (const q of e.queries.queries) {
      if (!q.storageRead) continue;
      const r = q.storageRead;
      console.log(`${e.label} · ${q.name}: lectura en el almacenamiento (mediana de ${r.runs}): cursor de RxDB ${ms(r.cursorMs)} ms, de una vez (la app) ${ms(r.atOnceMs)} ms, ${(r.cursorMs / r.atOnceMs).toFixed(1)}×`);
    }
  }
}

console.log(
  `\nForma del conjunto: ${int(QUERY_SIZE)} pedidos, 500 por hub y día (4 hubs), ~22 por ruta, 10 % sin ruta; ${int(QUERY_SIZE)} puntos de entrega ` +
    `en 100 hubs (${int(QUERY_SIZE / 100)} por hub); ${int(QUERY_SIZE)} incidencias, ~3 por ruta; ${int(QUERY_SIZE / SMALL_SHARE)} rutas, una por rider y día ` +
    `(200 riders); ${int(QUERY_SIZE / SMALL_SHARE)} productos, uno por código EAN-13. Recolección de basura completa antes de cada consulta.`,
);
const aborted: { env: string; a: AbortedAttempt }[] = envs.flatMap((e) => [...e.insert.aborted, ...(e.queries?.aborted ?? [])].map((a) => ({ env: e.label, a })));
if (aborted.length > 0) {
  warnings.push(`${aborted.length} bulkInsert abortado(s) por el navegador y repetido(s):`);
  for (const { env, a } of aborted) warnings.push(`  ${env}: ${a.what}, tras ${secs(a.afterMs)}: ${a.message}`);
}
console.log(
  `Node ${process.version}${browserVersion ? `, Chromium ${browserVersion} (perfil en disco, multiInstance: false)` : ''}; ` +
    `${cpus().length} CPU, carga media 1 min ${loadAtStart.toFixed(1)} al empezar y ${(loadavg()[0] ?? 0).toFixed(1)} al acabar; duración total ${secs(performance.now() - started)}.`,
);
if (browserError) warnings.push(`Chromium falló y sus medidas faltan: ${browserError}`);
if (warnings.length > 0) {
  console.log('\nATENCIÓN:');
  for (const w of warnings) console.log(`  - ${w}`);
}
console.log(over === 0 && warnings.length === 0 ? '\nTodas las metas se cumplen.' : `\n${over} medida(s) por encima de su meta.`);
writeFigures('db', { environments: envs, browserVersion, browserError, warnings }, budgets);
