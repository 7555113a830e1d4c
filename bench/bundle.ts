/**
 * bench/bundle: the gzipped JavaScript each route group loads before it is usable.
 *
 * Opens every route of the registry in headless Chromium against the built PWA (run
 * `npm run build` first), signed in as a user of the route's group (rider, operator, admin),
 * records every JavaScript file the page fetched with an empty HTTP cache until the page's <h1>
 * is shown and the network is idle, and sums their gzipped sizes from dist/.
 * Goal (issue 2): rider and picker screens ≤ 250 KB gzipped; the map, the scanner, spreadsheet
 * parsing and route optimisation load only where used.
 *
 *   npm run build && npm run bench:bundle
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Request } from '@playwright/test';
import { buildApp } from '../server/app';
import { ROUTES, samplePath, type RouteEntry } from '../src/routes/registry';
import { chromiumArgs } from '../playwright.config';

const BUDGET_KB = 250;
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

const dataDir = mkdtempSync(join(tmpdir(), 'cb-bench-bundle-'));
const app = await buildApp({ dataDir, staticDir: dist, seed: { mode: 'demo' } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });

const rows: { group: string; path: string; kb: number; files: number }[] = [];
/** Who opens each group's screens (public ones are opened signed out). */
const ACCOUNT: Record<string, string | null> = {
  rider: 'rider1@cargobici.test',
  picker: 'operador@cargobici.test',
  'back-office': 'admin@cargobici.test',
  dev: 'admin@cargobici.test',
  public: null,
};
const base = `http://127.0.0.1:${port}`;
for (const [group, email] of Object.entries(ACCOUNT)) {
  const entries = ROUTES.filter((r) => groupOf(r) === group);
  if (entries.length === 0) continue;
  // One context per group, signed in once (the session lives in IndexedDB); the HTTP cache is
  // emptied before every route so each measures a first download. No service worker.
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
  for (const entry of entries) {
    await cdp.send('Network.clearBrowserCache');
    const scripts = new Set<string>();
    const onRequest = (req: Request) => {
      if (req.resourceType() === 'script') scripts.add(new URL(req.url()).pathname);
    };
    page.on('request', onRequest);
    // The change stream keeps a connection open, so «network idle» never comes: wait for the
    // <h1>, then until no script has been requested for a second.
    await page.goto(`${base}${samplePath(entry)}`, { waitUntil: 'load' });
    await page.locator('h1').first().waitFor();
    for (let seen = -1; seen !== scripts.size; ) {
      seen = scripts.size;
      await page.waitForTimeout(1000);
    }
    page.off('request', onRequest);
    const bytes = [...scripts].reduce((sum, p) => sum + gzipBytes(p), 0);
    rows.push({ group, path: entry.path, kb: bytes / 1024, files: scripts.size });
  }
  await context.close();
}
await browser.close();
await app.close();
rmSync(dataDir, { recursive: true, force: true });

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
console.log('grupo        rutas   mín KB   máx KB   presupuesto   ruta más pesada');
for (const [name, g] of [...groups].sort()) {
  const budget = name === 'rider' || name === 'picker' ? `${BUDGET_KB} KB ${g.max <= BUDGET_KB ? 'OK' : 'SUPERADO'}` : '—';
  console.log(
    `${name.padEnd(12)} ${String(g.routes).padStart(5)} ${g.min.toFixed(1).padStart(8)} ${g.max.toFixed(1).padStart(8)}   ${budget.padEnd(13)} ${g.worst}`,
  );
}
if (process.argv.includes('--all')) {
  console.log('\nPor ruta:');
  for (const r of rows) console.log(`${r.kb.toFixed(1).padStart(8)} KB  ${String(r.files).padStart(3)} ficheros  ${r.group.padEnd(12)} ${r.path}`);
}
