/**
 * bench/bundle: the gzipped JavaScript each route group loads before it is usable.
 *
 * Opens every route of the registry in headless Chromium against the built PWA (run
 * `npm run build` first), records every JavaScript file the page fetched until the page's
 * <h1> is shown and the network is idle, and sums their gzipped sizes from dist/.
 * Goal (issue 2): rider and picker screens ≤ 250 KB gzipped; the map, the scanner, spreadsheet
 * parsing and route optimisation load only where used.
 *
 *   npm run build && npm run bench:bundle
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
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

const dataDir = resolve('test-results/bench-bundle-data');
const app = await buildApp({ dataDir, staticDir: dist });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });

const rows: { group: string; path: string; kb: number; files: number }[] = [];
for (const entry of ROUTES) {
  // A fresh context per route: nothing cached, no service worker yet — a first visit.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.add(new URL(req.url()).pathname);
  });
  const url = `http://127.0.0.1:${port}${samplePath(entry)}`;
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator('h1').first().waitFor();
  const bytes = [...scripts].reduce((sum, p) => sum + gzipBytes(p), 0);
  rows.push({ group: groupOf(entry), path: entry.path, kb: bytes / 1024, files: scripts.size });
  await context.close();
}
await browser.close();
await app.close();

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
