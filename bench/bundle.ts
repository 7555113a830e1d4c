/**
 * bench/bundle: the gzipped JavaScript each route loads before it is usable, against budgets.
 *
 * Opens routes of the registry in headless Chromium against the built PWA (run `npm run build`
 * first), signed in as a user of the route's group (rider, operator, admin), records every
 * JavaScript file the page fetched with an empty HTTP cache until the screen is shown (its <h1>,
 * no «Cargando…» left, no script download under way) and sums their gzipped sizes from dist/.
 *
 * Budgets (issues 12 and 15); the process exits with 1 when one is exceeded:
 * - the sign-in pages (group «public») ≤ 120 KB;
 * - rider and picker screens ≤ 200 KB (so the picking screens, ≤ 250 KB before the camera starts,
 *   hold too);
 * - the scanner library (html5-qrcode) is loaded by no screen before its camera starts, and the
 *   service worker precaches it (the camera works offline).
 * Back-office and developer screens have no budget; `--all` measures them too and prints every
 * route; `--files` also prints the files of every route; `--only=public,rider` measures these
 * groups only.
 *
 *   npm run build && npm run bench:bundle [-- --all] [-- --files]
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, CDPSession, Page, Request } from '@playwright/test';
import { buildApp } from '../server/app';
import { ROUTES, samplePath, type RouteEntry } from '../src/routes/registry';
import { budget as budgetOf, launchChromium, writeFigures } from './kit';

/** KB of gzipped JavaScript per group; groups not listed have no budget. */
const BUDGET_KB: Readonly<Record<string, number>> = { public: 120, rider: 200, picker: 200 };
const ALL = process.argv.includes('--all');
const FILES = process.argv.includes('--files');
/** `--only=public,rider`: measure these groups only (while working on them). */
const ONLY = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',') ?? null;
/** Attempts per route: a crashed or closed page is replaced by a fresh one and the route retried. */
const ATTEMPTS = 3;
/** A screen is settled when no script has been requested for this long after it showed. */
const QUIET_MS = 400;

const dist = resolve('dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error('dist/ no existe: ejecuta `npm run build` antes del benchmark.');
  process.exit(1);
}

function groupOf(r: RouteEntry): string {
  if (r.path.startsWith('/picking') || r.path.includes('picking') || r.id === 'incidenceProduct') return 'picker';
  if (r.access !== 'public' && r.access.includes('machine-rider')) return 'rider';
  if (r.access === 'public') return 'public';
  if (r.access.includes('machine-dev-mode')) return 'dev';
  return 'back-office';
}

const gzCache = new Map<string, number>();
function gzipBytes(urlPath: string): number {
  const cached = gzCache.get(urlPath);
  if (cached !== undefined) return cached;
  const file = join(dist, urlPath);
  const size = existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
  gzCache.set(urlPath, size);
  return size;
}

/** The built files holding html5-qrcode (its chunk keeps the library's own error texts). */
const scannerFiles = readdirSync(join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') && /html5-qrcode|Html5Qrcode|QR code parse error/.test(readFileSync(join(dist, 'assets', f), 'utf8')))
  .map((f) => `/assets/${f}`);
const swSource = existsSync(join(dist, 'sw.js')) ? readFileSync(join(dist, 'sw.js'), 'utf8') : '';
const scannerPrecached = scannerFiles.length > 0 && scannerFiles.every((f) => swSource.includes(f.slice(1)));

/** Who opens each group's screens (public ones are opened signed out). */
const ACCOUNT: Readonly<Record<string, string | null>> = {
  public: null,
  rider: 'rider1@cargobici.test',
  picker: 'operador@cargobici.test',
  'back-office': 'admin@cargobici.test',
  dev: 'admin@cargobici.test',
};

interface Row {
  readonly group: string;
  readonly path: string;
  readonly kb: number;
  readonly files: readonly string[];
}

interface Tab {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly cdp: CDPSession;
}

/** A fresh browser context (no service worker: every file comes from the network), signed in. */
async function openTab(browser: Browser, base: string, email: string | null): Promise<Tab> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (email) {
    await page.goto(`${base}/login`);
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel(/^Contraseña/).fill('cargobici-demo');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  }
  return { context, page, cdp };
}

/** Loads one route with an empty HTTP cache and returns the scripts it fetched until usable. */
async function measure(tab: Tab, url: string): Promise<string[]> {
  const { page, cdp } = tab;
  await cdp.send('Network.clearBrowserCache');
  const scripts = new Set<string>();
  const inFlight = new Set<Request>();
  let lastRequest = Date.now();
  const onRequest = (req: Request) => {
    if (req.resourceType() !== 'script') return;
    scripts.add(new URL(req.url()).pathname);
    inFlight.add(req);
    lastRequest = Date.now();
  };
  const onDone = (req: Request) => {
    inFlight.delete(req);
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  try {
    await page.goto(url, { waitUntil: 'load' });
    // The page's <h1> is shown by the route before its screen's code arrives: also wait for the
    // screen itself (no «Cargando…» placeholder left).
    await page.locator('h1').first().waitFor();
    await page.locator('[data-route-id] > [aria-label="Cargando…"]').waitFor({ state: 'detached' });
    // The change stream keeps a connection open, so «network idle» never comes: wait until no
    // script is downloading and none was asked for during QUIET_MS.
    while (inFlight.size > 0 || Date.now() - lastRequest < QUIET_MS) await page.waitForTimeout(100);
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
  }
  return [...scripts];
}

const started = Date.now();
const dataDir = mkdtempSync(join(tmpdir(), 'cb-bench-bundle-'));
const app = await buildApp({ dataDir, staticDir: dist, seed: { mode: 'demo' } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const base = `http://127.0.0.1:${port}`;
const browser = await launchChromium();

const rows: Row[] = [];
const failures: string[] = [];
try {
  for (const [group, email] of Object.entries(ACCOUNT)) {
    if (ONLY ? !ONLY.includes(group) : !ALL && BUDGET_KB[group] === undefined) continue;
    const entries = ROUTES.filter((r) => groupOf(r) === group && r.pending === undefined);
    if (entries.length === 0) continue;
    // One context per group, signed in once (the session lives in IndexedDB); the HTTP cache is
    // emptied before every route so each measures a first download.
    let tab: Tab | null = null;
    for (const entry of entries) {
      const url = `${base}${samplePath(entry)}`;
      let files: string[] | null = null;
      for (let attempt = 1; attempt <= ATTEMPTS && files === null; attempt += 1) {
        try {
          tab ??= await openTab(browser, base, email);
          files = await measure(tab, url);
        } catch (e) {
          // «Target page closed», a crashed renderer, a timeout: start over with a new context.
          const reason = e instanceof Error ? e.message.split('\n')[0] : String(e);
          console.error(`  ${entry.path}: intento ${attempt} fallido (${reason})`);
          await tab?.context.close().catch(() => undefined);
          tab = null;
        }
      }
      if (files === null) {
        failures.push(`${group} ${entry.path}: no se pudo medir`);
        continue;
      }
      const bytes = files.reduce((sum, p) => sum + gzipBytes(p), 0);
      rows.push({ group, path: entry.path, kb: bytes / 1024, files });
    }
    await tab?.context.close().catch(() => undefined);
  }
} finally {
  await browser.close();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const groups = new Map<string, { max: number; min: number; routes: number; worst: string }>();
for (const r of rows) {
  const g = groups.get(r.group) ?? { max: 0, min: Number.POSITIVE_INFINITY, routes: 0, worst: '' };
  g.routes += 1;
  g.min = Math.min(g.min, r.kb);
  if (r.kb > g.max) {
    g.max = r.kb;
    g.worst = r.path;
  }
  groups.set(r.group, g);
}

console.log('\nJavaScript gzip cargado antes de que la pantalla sea usable (primera visita)\n');
console.log('grupo        rutas   mín KB   máx KB   presupuesto      ruta más pesada');
for (const [name, g] of [...groups].sort()) {
  const budget = BUDGET_KB[name];
  const verdict = budget === undefined ? '—' : `${budget} KB ${g.max <= budget ? 'OK' : 'SUPERADO'}`;
  if (budget !== undefined && g.max > budget) failures.push(`${name}: ${g.max.toFixed(1)} KB > ${budget} KB (${g.worst})`);
  console.log(
    `${name.padEnd(12)} ${String(g.routes).padStart(5)} ${g.min.toFixed(1).padStart(8)} ${g.max.toFixed(1).padStart(8)}   ${verdict.padEnd(16)} ${g.worst}`,
  );
}

// The scanner library: on no screen before the camera starts, and precached for offline use.
const scannerLoadedBy = rows.filter((r) => r.files.some((f) => scannerFiles.includes(f))).map((r) => r.path);
console.log(`\nEscáner (html5-qrcode): ${scannerFiles.join(', ') || 'no encontrado en dist/'}`);
console.log(`  cargado antes de la cámara: ${scannerLoadedBy.length === 0 ? 'en ninguna pantalla OK' : `${scannerLoadedBy.join(', ')} SUPERADO`}`);
console.log(`  precacheado por el service worker: ${scannerPrecached ? 'sí OK' : 'no SUPERADO'}`);
if (scannerFiles.length === 0) failures.push('html5-qrcode no está en dist/assets');
if (scannerLoadedBy.length > 0) failures.push(`html5-qrcode cargado antes de la cámara en ${scannerLoadedBy.join(', ')}`);
if (!scannerPrecached) failures.push('html5-qrcode no está en el precache del service worker');

if (ALL) {
  console.log('\nPor ruta:');
  for (const r of rows) {
    console.log(`${r.kb.toFixed(1).padStart(8)} KB  ${String(r.files.length).padStart(3)} ficheros  ${r.group.padEnd(12)} ${r.path}`);
    if (FILES) for (const f of [...r.files].sort((a, b) => gzipBytes(b) - gzipBytes(a))) console.log(`           ${(gzipBytes(f) / 1024).toFixed(1).padStart(7)} KB  ${f}`);
  }
} else if (FILES) {
  for (const r of rows) {
    console.log(`\n${r.kb.toFixed(1)} KB  ${r.group} ${r.path}`);
    for (const f of [...r.files].sort((a, b) => gzipBytes(b) - gzipBytes(a))) console.log(`  ${(gzipBytes(f) / 1024).toFixed(1).padStart(7)} KB  ${f}`);
  }
}

console.log(`\n${rows.length} rutas medidas en ${((Date.now() - started) / 1000).toFixed(0)} s.`);
writeFigures(
  'bundle',
  { groups: Object.fromEntries([...groups].sort()), routes: rows.map((r) => ({ group: r.group, path: r.path, kb: r.kb, files: r.files.length })), scanner: { files: scannerFiles, loadedBy: scannerLoadedBy, precached: scannerPrecached }, failures },
  [...groups].flatMap(([name, g]) => (BUDGET_KB[name] === undefined ? [] : [budgetOf(`${name}: ruta más pesada (${g.worst})`, g.max, BUDGET_KB[name] as number, 'KB gzip')])),
);
if (failures.length > 0) {
  console.error(`\nPresupuesto superado:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
