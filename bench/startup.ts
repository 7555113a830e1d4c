/**
 * bench/startup: how long a rider waits when he reopens the installed app with no signal on a
 * phone-class CPU (issue 15, part 2).
 *
 * The built PWA (run `npm run build` first) and the real server with the demo data; headless
 * Chromium with its service worker. One online visit: the demo rider signs in, his route list
 * (/distribution) shows and the first sync finishes, the service worker takes control. Then the
 * network is cut and the app is reopened RUNS times in a new tab, the CPU throttled 4× (CDP
 * `Emulation.setCPUThrottlingRate`). For each reopen: «usable» = the first of his route cards is
 * on screen, LCP, and the JavaScript heap. Prints the median and the
 * verdict against the goal (usable ≤ 1,000 ms); it never fails (exit code 0 unless it cannot run).
 *
 *   npm run build && npm run bench:startup
 *   npm run bench:startup -- --profile    # a CPU profile of the last reopen (CB_SOURCEMAP=1 npm run build for names)
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../server/app';
import { budget, launchChromium, median, writeFigures } from './kit';
import { printProfile, type CpuProfile } from './profile';

const RUNS = 5;
/** `--profile`: where the main thread spends the last reopen, from the navigation to «usable». */
const profile = process.argv.includes('--profile');
const CPU_THROTTLE = 4;
const GOAL_MS = 1000;
const RIDER = 'rider1@cargobici.test';
const PASSWORD = 'cargobici-demo';
const LIST = '/distribution';
/** What makes the route list usable: his route's card (the demo rider has a route every day). */
const USABLE = '[data-testid="route-card"]';

const dist = resolve('dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error('dist/ no existe: ejecuta `npm run build` antes del benchmark.');
  process.exit(1);
}

/** Runs in the page before its scripts: records when USABLE first appears, and the LCP. */
const PROBE = `(() => {
  const marks = { usable: null, lcp: null };
  window.__cbStartup = marks;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) marks.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const check = () => {
    if (marks.usable === null && document.querySelector(${JSON.stringify(USABLE)})) marks.usable = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
})();`;

const dataDir = mkdtempSync(join(tmpdir(), 'cb-bench-startup-'));
const app = await buildApp({ dataDir, staticDir: dist, seed: { mode: 'demo' } });
// The service worker needs a secure origin: localhost is one.
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const base = `http://localhost:${port}`;
const browser = await launchChromium();

interface Run {
  readonly usable: number;
  readonly lcp: number | null;
  readonly domContentLoaded: number;
  readonly heapMb: number;
}
const runs: Run[] = [];
try {
  const context = await browser.newContext({ locale: 'es-ES', timezoneId: 'Europe/Madrid', viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  await context.addInitScript(PROBE);

  // The one online visit.
  const first = await context.newPage();
  await first.goto(`${base}/login`);
  await first.getByLabel('Correo electrónico').fill(RIDER);
  await first.getByLabel(/^Contraseña/).fill(PASSWORD);
  await first.getByRole('button', { name: 'Entrar' }).click();
  await first.waitForURL((u) => u.pathname === LIST);
  await first.locator('[data-testid="sync-indicator"][data-sync-state="synced"]').waitFor({ timeout: 120_000 });
  await first.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  await first.locator(USABLE).first().waitFor();
  await first.close();

  // No signal from here on; every reopen is a new tab (a cold start of the page).
  await context.setOffline(true);
  for (let i = 0; i < RUNS; i += 1) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    const profiled = profile && i === RUNS - 1;
    if (profiled) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(`${base}${LIST}`, { waitUntil: 'domcontentloaded' });
    await page.locator(USABLE).first().waitFor({ timeout: 60_000 });
    if (profiled) printProfile(`apertura ${i + 1}, hasta «usable»`, ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile, 30);
    await page.waitForFunction(() => (window as unknown as { __cbStartup: { usable: number | null } }).__cbStartup.usable !== null);
    const marks = await page.evaluate(() => {
      const m = (window as unknown as { __cbStartup: { usable: number; lcp: number | null } }).__cbStartup;
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return { usable: m.usable, lcp: m.lcp, domContentLoaded: nav?.domContentLoadedEventEnd ?? 0 };
    });
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    runs.push({ ...marks, heapMb: heap.usedSize / 1024 / 1024 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.close();
  }
  await context.close();
} finally {
  await browser.close();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nArranque en frío sin conexión, CPU ×${CPU_THROTTLE}, ${RIDER} → ${LIST} (${RUNS} aperturas tras una visita en línea)\n`);
console.log('apertura   usable ms   LCP ms   DOMContentLoaded ms   heap MB');
runs.forEach((r, i) =>
  console.log(
    `${String(i + 1).padStart(8)} ${r.usable.toFixed(0).padStart(11)} ${(r.lcp === null ? '—' : r.lcp.toFixed(0)).padStart(8)} ${r.domContentLoaded.toFixed(0).padStart(21)} ${r.heapMb.toFixed(1).padStart(9)}`,
  ),
);
const usable = median(runs.map((r) => r.usable));
const lcps = runs.map((r) => r.lcp).filter((x): x is number => x !== null);
console.log(`\nmediana: usable ${usable.toFixed(0)} ms, LCP ${lcps.length ? median(lcps).toFixed(0) : '—'} ms`);
console.log(`objetivo usable ≤ ${GOAL_MS} ms: ${usable <= GOAL_MS ? 'OK' : 'SUPERADO (OVER)'}`);
writeFigures('startup', { runs, usableMedianMs: usable, lcpMedianMs: lcps.length ? median(lcps) : null, cpuThrottle: CPU_THROTTLE }, [budget('usable (mediana)', usable, GOAL_MS)]);
