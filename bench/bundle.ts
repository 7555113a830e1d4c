/**
 * bench/bundle: the gzipped JavaScript a first screen loads before it is usable, judged against
 * the stack's floor measured in the same run (issue 31).
 *
 * The floor (bench/floor, built here by the product's own build options and packages): a minimal
 * rider app — React 19, TanStack Router, RxDB with its dexie storage, rxjs, a Workbox precaching
 * service worker — drawing 30 route cards from its database, and a sign-in floor (React, the
 * router, a form). Floor and product are opened in headless Chromium with an empty HTTP cache and
 * no service worker; every JavaScript file the page fetched until its screen shows (its <h1>, no
 * «Cargando…» left, no script download under way) is summed gzipped from the build.
 *
 * Fails (exit code 1) when a first screen is over its ratio to the floor or loads too many files:
 * - the rider's route list (/distribution) ≤ 1.5 × the floor app;
 * - the picker's first screen (/picking) ≤ 1.75 × the floor app;
 * - the sign-in page (/login) ≤ 1.6 × the sign-in floor;
 * - each of them in at most MAX_FILES JavaScript files («a handful», not 135);
 * - and the scanner library (html5-qrcode) is loaded by no screen before its camera starts, and
 *   the service worker precaches it (the camera works offline).
 * `--groups` also measures every rider, picker and sign-in route (the heaviest of each group is
 * printed with its ratio; no verdict); `--all` every route; `--files` prints the files;
 * `--json FILE` writes the figures; `--check` prints only the verdicts (the step in `npm test`).
 *
 *   npm run build && npm run bench:bundle [-- --groups] [-- --files] [-- --json out.json]
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, CDPSession, Page, Request } from '@playwright/test';
import { buildApp } from '../server/app';
import { ROUTES, samplePath, type RouteEntry } from '../src/links/registry';
import { launchChromium } from './kit';
import { buildFloors, FLOOR_DIST } from './floor/build';
import { serveStaticDir } from './floor/serve';
import { FIRST_SCREEN_MARK } from '../src/data/firstScreen';

/** A first screen's JavaScript against its floor's: at most this ratio (issue 31 §2). */
const RATIO = { rider: 1.5, picker: 1.75, public: 1.6 } as const;
/** «A handful of files»: at most this many JavaScript files on a first screen. */
export const MAX_FILES = 6;
const GROUPS = process.argv.includes('--groups');
const ALL = process.argv.includes('--all');
const FILES = process.argv.includes('--files');
const CHECK = process.argv.includes('--check');
const JSON_OUT = (() => {
  const i = process.argv.indexOf('--json');
  return i >= 0 ? process.argv[i + 1] : undefined;
})();
/** Attempts per route: a crashed or closed page is replaced by a fresh one and the route retried. */
const ATTEMPTS = 3;
/** A screen is settled when no script has been requested for this long after it showed. */
const QUIET_MS = 400;

/** `--dist DIR`: another build of the product (to compare two builds). */
const dist = resolve(process.argv[process.argv.indexOf('--dist') + 1] && process.argv.includes('--dist') ? (process.argv[process.argv.indexOf('--dist') + 1] as string) : 'dist');
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
function gzipBytes(root: string, urlPath: string): number {
  const key = `${root}|${urlPath}`;
  const cached = gzCache.get(key);
  if (cached !== undefined) return cached;
  const file = join(root, urlPath);
  const size = existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
  gzCache.set(key, size);
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

/** Each group's first screen, and the floor it is judged against. */
const FIRST: ReadonlyArray<{ group: keyof typeof RATIO; path: string; floor: 'app' | 'signin' }> = [
  { group: 'rider', path: '/distribution', floor: 'app' },
  { group: 'picker', path: '/picking', floor: 'app' },
  { group: 'public', path: '/login', floor: 'signin' },
];

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
  const requests = new Map<string, Request>();
  const onRequest = (req: Request) => {
    if (req.resourceType() !== 'script') return;
    scripts.add(new URL(req.url()).pathname);
    if (!requests.has(new URL(req.url()).pathname)) requests.set(new URL(req.url()).pathname, req);
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
  // A first screen that says when it is drawn (src/data/firstScreen.ts: the rider's and the
  // picker's lists) sets a performance mark: scripts asked for after it (what is fetched ahead for
  // offline use once in sync) are not its cost.
  const drawnAt = await page.evaluate((mark) => {
    const entry = performance.getEntriesByName(mark)[0];
    return entry ? performance.timeOrigin + entry.startTime : null;
  }, FIRST_SCREEN_MARK);
  if (drawnAt === null) return [...scripts];
  return [...scripts].filter((path) => {
    const req = requests.get(path);
    return req === undefined || req.timing().startTime <= drawnAt;
  });
}

const started = Date.now();
await buildFloors();
const floorServers = { app: await serveStaticDir(join(FLOOR_DIST, 'app')), signin: await serveStaticDir(join(FLOOR_DIST, 'signin')) };
const dataDir = mkdtempSync(join(tmpdir(), 'cb-bench-bundle-'));
const app = await buildApp({ dataDir, staticDir: dist, seed: { mode: 'demo' } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const base = `http://127.0.0.1:${port}`;
const browser = await launchChromium();

const floors = new Map<'app' | 'signin', Row>();
const firsts: Row[] = [];
const rows: Row[] = [];
const failures: string[] = [];

/** Measures `paths` as `email` in one context (signed in once), retrying a crashed page. */
async function measureAll(group: string, email: string | null, origin: string, paths: readonly string[], root: string): Promise<Row[]> {
  const out: Row[] = [];
  let tab: Tab | null = null;
  for (const path of paths) {
    let files: string[] | null = null;
    for (let attempt = 1; attempt <= ATTEMPTS && files === null; attempt += 1) {
      try {
        tab ??= await openTab(browser, origin, email);
        files = await measure(tab, `${origin}${path}`);
      } catch (e) {
        // «Target page closed», a crashed renderer, a timeout: start over with a new context.
        const reason = e instanceof Error ? e.message.split('\n')[0] : String(e);
        console.error(`  ${path}: intento ${attempt} fallido (${reason})`);
        await tab?.context.close().catch(() => undefined);
        tab = null;
      }
    }
    if (files === null) {
      failures.push(`${group} ${path}: no se pudo medir`);
      continue;
    }
    out.push({ group, path, kb: files.reduce((sum, p) => sum + gzipBytes(root, p), 0) / 1024, files });
  }
  await tab?.context.close().catch(() => undefined);
  return out;
}

try {
  for (const floor of ['app', 'signin'] as const) {
    const [row] = await measureAll(`floor-${floor}`, null, floorServers[floor].base, [floor === 'app' ? '/distribution' : '/login'], join(FLOOR_DIST, floor));
    if (row) floors.set(floor, row);
  }
  for (const f of FIRST) firsts.push(...(await measureAll(f.group, ACCOUNT[f.group] ?? null, base, [f.path], dist)));
  if (GROUPS || ALL) {
    for (const [group, email] of Object.entries(ACCOUNT)) {
      if (!ALL && !(group in RATIO)) continue;
      const paths = ROUTES.filter((r) => groupOf(r) === group && r.pending === undefined).map((r) => samplePath(r));
      rows.push(...(await measureAll(group, email, base, paths, dist)));
    }
  }
} finally {
  await browser.close();
  await app.close();
  for (const s of Object.values(floorServers)) s.server.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const print = (line: string) => {
  if (!CHECK) console.log(line);
};
print('\nJavaScript gzip cargado antes de que la primera pantalla sea usable (primera visita), frente al suelo de la pila\n');
print('suelo          KB   ficheros');
for (const [name, f] of floors) print(`${name.padEnd(10)} ${f.kb.toFixed(1).padStart(6)} ${String(f.files.length).padStart(6)}`);

interface Verdict {
  readonly group: string;
  readonly path: string;
  readonly kb: number;
  readonly files: number;
  readonly floorKb: number;
  readonly ratio: number;
  readonly maxRatio: number;
  readonly ok: boolean;
}
const verdicts: Verdict[] = [];
console.log('\npantalla                 KB   ficheros   suelo KB   ratio   objetivo   veredicto');
for (const f of FIRST) {
  const row = firsts.find((r) => r.group === f.group);
  const floor = floors.get(f.floor);
  if (!row || !floor) {
    failures.push(`${f.group} ${f.path}: sin medida (o sin suelo)`);
    continue;
  }
  const ratio = row.kb / floor.kb;
  const ok = ratio <= RATIO[f.group] && row.files.length <= MAX_FILES;
  verdicts.push({ group: f.group, path: f.path, kb: row.kb, files: row.files.length, floorKb: floor.kb, ratio, maxRatio: RATIO[f.group], ok });
  if (ratio > RATIO[f.group]) failures.push(`${f.group} ${f.path}: ${row.kb.toFixed(1)} KB = ${ratio.toFixed(2)} × el suelo (${floor.kb.toFixed(1)} KB) > ${RATIO[f.group]} ×`);
  if (row.files.length > MAX_FILES) failures.push(`${f.group} ${f.path}: ${row.files.length} ficheros JavaScript > ${MAX_FILES}`);
  console.log(
    `${`${f.group} ${f.path}`.padEnd(22)} ${row.kb.toFixed(1).padStart(6)} ${String(row.files.length).padStart(9)} ${floor.kb.toFixed(1).padStart(10)} ${ratio.toFixed(2).padStart(7)} ${`≤ ${RATIO[f.group]} ×`.padStart(10)}   ${ok ? 'OK' : 'SUPERADO'}`,
  );
}

const groups = new Map<string, { max: number; routes: number; worst: string; files: number }>();
for (const r of rows) {
  const g = groups.get(r.group) ?? { max: 0, routes: 0, worst: '', files: 0 };
  g.routes += 1;
  if (r.kb > g.max) Object.assign(g, { max: r.kb, worst: r.path, files: r.files.length });
  groups.set(r.group, g);
}
if (groups.size > 0) {
  print('\ngrupo        rutas   máx KB   ficheros   ratio al suelo   ruta más pesada');
  for (const [name, g] of [...groups].sort()) {
    const floor = floors.get(name === 'public' ? 'signin' : 'app');
    print(`${name.padEnd(12)} ${String(g.routes).padStart(5)} ${g.max.toFixed(1).padStart(8)} ${String(g.files).padStart(10)} ${floor ? (g.max / floor.kb).toFixed(2).padStart(12) : '—'.padStart(12)}     ${g.worst}`);
  }
}

// The scanner library: on no screen before the camera starts, and precached for offline use.
const measured = [...firsts, ...rows];
const scannerLoadedBy = measured.filter((r) => r.files.some((f) => scannerFiles.includes(f))).map((r) => r.path);
print(`\nEscáner (html5-qrcode): ${scannerFiles.join(', ') || 'no encontrado en dist/'}`);
print(`  cargado antes de la cámara: ${scannerLoadedBy.length === 0 ? 'en ninguna pantalla OK' : `${scannerLoadedBy.join(', ')} SUPERADO`}`);
print(`  precacheado por el service worker: ${scannerPrecached ? 'sí OK' : 'no SUPERADO'}`);
if (scannerFiles.length === 0) failures.push('html5-qrcode no está en dist/assets');
if (scannerLoadedBy.length > 0) failures.push(`html5-qrcode cargado antes de la cámara en ${scannerLoadedBy.join(', ')}`);
if (!scannerPrecached) failures.push('html5-qrcode no está en el precache del service worker');

if (FILES) {
  for (const r of [...floors.values(), ...measured]) {
    const root = r.group.startsWith('floor-') ? join(FLOOR_DIST, r.group.slice('floor-'.length)) : dist;
    console.log(`\n${r.kb.toFixed(1)} KB  ${r.files.length} ficheros  ${r.group} ${r.path}`);
    for (const f of [...r.files].sort((a, b) => gzipBytes(root, b) - gzipBytes(root, a))) console.log(`  ${(gzipBytes(root, f) / 1024).toFixed(1).padStart(7)} KB  ${f}`);
  }
}

if (JSON_OUT) {
  const figures = {
    floors: Object.fromEntries([...floors].map(([k, f]) => [k, { kb: f.kb, files: f.files.length }])),
    firstScreens: verdicts,
    maxFiles: MAX_FILES,
    groups: Object.fromEntries(groups),
    failures,
  };
  writeFileSync(JSON_OUT, `${JSON.stringify(figures, null, 2)}\n`);
}

print(`\n${measured.length + floors.size} pantallas medidas en ${((Date.now() - started) / 1000).toFixed(0)} s.`);
if (failures.length > 0) {
  console.error(`\nObjetivo no alcanzado:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
