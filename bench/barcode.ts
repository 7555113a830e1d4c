/**
 * bench/barcode: the scanner's decoding in Chromium and what a scanning page downloads (issue 12).
 *
 * 1. Decode time per frame through the app's scanner wrapper (`createFrameDecoder` in
 *    src/ui/scanner/camera.ts: html5-qrcode's decoder, native BarcodeDetector where the browser
 *    has one, ZXing otherwise — Chromium on Linux has none) in headless Chromium, for generated
 *    EAN-13, Code 128 (box labels) and QR frames at 640 × 480 and 1280 × 720: clean, rotated
 *    (±10°, QR ±25°), blurred (Gaussian σ = half a module), low contrast (ink 40 % gray on 70 %
 *    paper, on a darker surface) and all three milder with sensor noise. The symbol fills 80 %
 *    of the width (1D) or 45 % of the height (QR). Each frame is drawn anew and decoded
 *    once per round, as a camera hands the decoder a new frame each time. Median and p95 of the
 *    decode time and the share decoded (the expected text, exactly).
 *    Goals: median ≤ 50 ms per frame at 640 × 480; ≥ 95 % of the degraded frames decoded.
 * 2. The JavaScript a scanning page downloads before its camera starts (needs `npm run build`):
 *    /test/two («Cámara y lector de códigos», the scanner of the app) opened signed in with an
 *    empty cache, plus the camera chunk loaded by «Usar la cámara»; and whether the service
 *    worker precaches that chunk (offline). Goal: ≤ 250 KB gzipped. The picking screens
 *    themselves come in phase 2 of issue 12 and will be measured the same way.
 *
 *    Baseline in the same run: the degraded frames with html5-qrcode's decoder alone (one pass,
 *    no preprocessing), so the gain of the scanner's extra passes shows as a ratio.
 *
 *   npm run bench:barcode                    # full run (about three minutes)
 *   npm run bench:barcode -- --quick         # one round, fewer codes
 *   npm run bench:barcode -- --dump-missed   # also writes the frames not read as PNG files
 */
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Request } from '@playwright/test';
import { budget, bundleForPage, launchChromium, quantile, verdict, writeFigures } from './kit';
import { buildApp } from '../server/app';
import { makeEan13 } from '../src/domain/barcode';
import { encodeLabelCode } from '../src/domain/picking';
import type { BarcodeBenchApi, FrameResult, FrameSpec, Variant } from './barcode-browser';
import { DEFAULT_PASSES } from '../src/ui/scanner/camera';

const quick = process.argv.includes('--quick');
const dumpMissed = process.argv.includes('--dump-missed');
const ROUNDS = quick ? 1 : 3;
const CODES_PER_KIND = quick ? 3 : 6;
const GOAL_MEDIAN_MS = 50;
const GOAL_DEGRADED_SHARE = 0.95;
const GOAL_JS_KB = 250;
const outDir = resolve('test-results/bench-barcode');

const ok = verdict;
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

// ── The frames ────────────────────────────────────────────────────────────────────────────────
const SIZES: [number, number][] = [
  [640, 480],
  [1280, 720],
];
const VARIANTS: Variant[] = ['clean', 'rotated', 'blurred', 'low-contrast', 'combined'];

function codes(): { kind: FrameSpec['kind']; text: string }[] {
  const out: { kind: FrameSpec['kind']; text: string }[] = [];
  for (let i = 0; i < CODES_PER_KIND; i += 1) {
    out.push({ kind: 'ean13', text: makeEan13(`84${String(10_000_000_00 + i * 7_919_113).slice(0, 10)}`) });
    out.push({ kind: 'code128', text: encodeLabelCode({ order_id: `o-20261122-${String(40 + i * 13).padStart(4, '0')}`, box: 1 + (i % 3), of: 3 }) });
    out.push({ kind: 'qrcode', text: encodeLabelCode({ order_id: `ord-${(0xa1b2c3d4e5 + i * 977).toString(16)}`, box: 1, of: 1 + (i % 2) }) });
  }
  return out;
}

const specs: FrameSpec[] = [];
for (const [width, height] of SIZES) {
  for (const c of codes()) {
    for (const variant of VARIANTS) {
      const sign = specs.length % 2 === 0 ? 1 : -1;
      const angle = variant === 'rotated' ? sign * (c.kind === 'qrcode' ? 25 : 10) : variant === 'combined' ? sign * 5 : 0;
      specs.push({ ...c, width, height, variant, angle });
    }
  }
}

// ── Chromium: decoding ────────────────────────────────────────────────────────────────────────
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

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
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done({ server, port: (server.address() as { port: number }).port })));
}

console.info(`bench/barcode · ${cpus().length} CPU · carga ${loadavg()[0]?.toFixed(2)} · ${specs.length} fotogramas × ${ROUNDS} rondas`);
await bundleForPage('bench/barcode-browser.ts', outDir, 'barcode-browser.js', 'cbBarcodeBenchBundle');
writeFileSync(join(outDir, 'index.html'), '<!doctype html><html lang="es"><meta charset="utf-8"><title>bench/barcode</title><link rel="icon" href="data:,"><script src="/barcode-browser.js"></script></html>\n');

const { server, port } = await serve(outDir);
const browser = await launchChromium();
const browserVersion = browser.version();
let results: FrameResult[];
let baseline: FrameResult[];
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error(`  chromium pageerror: ${e.message}`));
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => window.cbBarcodeBench !== undefined);
  results = await page.evaluate(([s, r]) => (window.cbBarcodeBench as BarcodeBenchApi).run(s, r), [specs, ROUNDS] as const);
  const degradedSpecs = specs.filter((s) => s.variant !== 'clean');
  baseline = await page.evaluate(([s]) => (window.cbBarcodeBench as BarcodeBenchApi).run(s, 1, ['plain']), [degradedSpecs] as const);
  if (dumpMissed) {
    for (const [i, f] of results.filter((x) => x.ok.some((ok) => !ok)).entries()) {
      const url = await page.evaluate((s) => (window.cbBarcodeBench as BarcodeBenchApi).frame(s), f.spec);
      writeFileSync(join(outDir, `missed-${i}-${f.spec.kind}-${f.spec.variant}-${f.spec.width}.png`), Buffer.from(url.split(',')[1] ?? '', 'base64'));
    }
  }
} finally {
  await browser.close();
  server.close();
}

const native = results[0]?.native ?? false;
console.info(`Chromium ${browserVersion} · decodificador: ${native ? 'BarcodeDetector nativo (ZXing de reserva)' : 'ZXing (html5-qrcode; sin BarcodeDetector nativo)'} · pasadas: ${DEFAULT_PASSES.join(' → ')}\n`);

interface Row {
  readonly label: string;
  readonly frames: FrameResult[];
}
function summary(r: Row): string {
  const ms = r.frames.flatMap((f) => f.ms);
  const oks = r.frames.flatMap((f) => f.ok);
  const share = oks.filter(Boolean).length / Math.max(1, oks.length);
  return `${r.label.padEnd(28)} ${String(r.frames.length).padStart(5)} ${quantile(ms, 0.5).toFixed(1).padStart(9)} ${quantile(ms, 0.95).toFixed(1).padStart(9)} ${pct(share).padStart(9)}`;
}

console.info('Decodificación por fotograma (ms, a través del envoltorio del escáner)');
console.info(`${'conjunto'.padEnd(28)} ${'fot.'.padStart(5)} ${'mediana'.padStart(9)} ${'p95'.padStart(9)} ${'leídos'.padStart(9)}`);
for (const [w, h] of SIZES) {
  const atSize = results.filter((f) => f.spec.width === w && f.spec.height === h);
  console.info(summary({ label: `${w}×${h} todos`, frames: atSize }));
  for (const v of VARIANTS) console.info(summary({ label: `  ${v}`, frames: atSize.filter((f) => f.spec.variant === v) }));
  for (const k of ['ean13', 'code128', 'qrcode'] as const) console.info(summary({ label: `  ${k}`, frames: atSize.filter((f) => f.spec.kind === k) }));
}

const at640 = results.filter((f) => f.spec.width === 640).flatMap((f) => f.ms);
const median640 = quantile(at640, 0.5);
const degraded = results.filter((f) => f.spec.variant !== 'clean').flatMap((f) => f.ok);
const degradedShare = degraded.filter(Boolean).length / Math.max(1, degraded.length);
const clean = results.filter((f) => f.spec.variant === 'clean').flatMap((f) => f.ok);
const cleanShare = clean.filter(Boolean).length / Math.max(1, clean.length);
const baseOk = baseline.flatMap((f) => f.ok);
const baseShare = baseOk.filter(Boolean).length / Math.max(1, baseOk.length);
const baseMedian = quantile(baseline.filter((f) => f.spec.width === 640).flatMap((f) => f.ms), 0.5);
const degradedMedian640 = quantile(results.filter((f) => f.spec.width === 640 && f.spec.variant !== 'clean').flatMap((f) => f.ms), 0.5);
const missed = results.filter((f) => f.ok.some((x) => !x)).map((f) => `${f.spec.kind} ${f.spec.variant} ${f.spec.width}×${f.spec.height} «${f.spec.text}» (${f.ok.filter((x) => !x).length}/${f.ok.length})`);
if (missed.length > 0) {
  console.info(`\nNo leídos (${missed.length} fotogramas):`);
  for (const m of missed.slice(0, 20)) console.info(`  ${m}`);
}

// ── Chromium: what a scanning page downloads ──────────────────────────────────────────────────
const dist = resolve('dist');
let jsReport: { before: number; camera: number; files: { path: string; kb: number }[]; precached: boolean; cameraFile: string } | null = null;
if (existsSync(join(dist, 'index.html'))) {
  const gz = (urlPath: string) => {
    const f = join(dist, urlPath);
    return existsSync(f) ? gzipSync(readFileSync(f), { level: 9 }).length / 1024 : 0;
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'cb-bench-barcode-'));
  const app = await buildApp({ dataDir, staticDir: dist, seed: { mode: 'demo' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const b = await launchChromium(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
  try {
    const context = await b.newContext({ serviceWorkers: 'block', permissions: ['camera'], viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel('Correo electrónico').fill('admin@cargobici.test');
    await page.getByLabel(/^Contraseña/).fill('cargobici-demo');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    const scripts = new Set<string>();
    page.on('request', (req: Request) => {
      if (req.resourceType() === 'script') scripts.add(new URL(req.url()).pathname);
    });
    await page.goto(`${base}/test/two`, { waitUntil: 'load' });
    const start = page.getByRole('button', { name: 'Usar la cámara' });
    await start.waitFor();
    const before = new Set(scripts);
    await start.click();
    await page.getByText('Apunta la cámara al código').waitFor({ timeout: 60_000 });
    const cameraFiles = [...scripts].filter((s) => !before.has(s));
    const cameraFile = cameraFiles.find((f) => /\/camera-[^/]+\.js$/.test(f)) ?? '';
    const sw = existsSync(join(dist, 'sw.js')) ? readFileSync(join(dist, 'sw.js'), 'utf8') : '';
    jsReport = {
      before: [...before].reduce((n, p) => n + gz(p), 0),
      camera: cameraFiles.reduce((n, p) => n + gz(p), 0),
      files: [...scripts].map((p) => ({ path: p, kb: gz(p) })).sort((x, y) => y.kb - x.kb),
      precached: cameraFile !== '' && sw.includes(cameraFile.replace(/^\//, '')),
      cameraFile,
    };
    await context.close();
  } finally {
    await b.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ── Summary ───────────────────────────────────────────────────────────────────────────────────
console.info('\nObjetivos');
console.info(`  mediana por fotograma a 640×480: ${median640.toFixed(1)} ms (objetivo ≤ ${GOAL_MEDIAN_MS} ms) ${ok(median640 <= GOAL_MEDIAN_MS)}`);
console.info(`  fotogramas degradados leídos: ${pct(degradedShare)} (objetivo ≥ ${pct(GOAL_DEGRADED_SHARE)}) ${ok(degradedShare >= GOAL_DEGRADED_SHARE)}`);
console.info(`  fotogramas limpios leídos: ${pct(cleanShare)}`);
console.info(
  `  línea base (decodificador de html5-qrcode, con la corrección de ZXing, una sola pasada) en los degradados: ${pct(baseShare)} leídos, mediana ${baseMedian.toFixed(1)} ms a 640×480; el escáner lee ${(degradedShare / Math.max(baseShare, 1e-9)).toFixed(2)}× más con mediana ${degradedMedian640.toFixed(1)} ms`,
);
if (jsReport) {
  const total = jsReport.before + jsReport.camera;
  console.info(
    `  JavaScript antes de que arranque la cámara (/test/two + ${jsReport.cameraFile || 'trozo de la cámara'}): ${total.toFixed(1)} KB gzip = página ${jsReport.before.toFixed(1)} + cámara ${jsReport.camera.toFixed(1)} (objetivo ≤ ${GOAL_JS_KB} KB) ${ok(total <= GOAL_JS_KB)}`,
  );
  console.info(`  el trozo de la cámara está en la precaché del service worker (funciona sin conexión): ${jsReport.precached ? 'OK' : 'NO'}`);
  console.info('  ficheros (KB gzip):');
  for (const f of jsReport.files) console.info(`    ${f.kb.toFixed(1).padStart(7)}  ${f.path}`);
} else {
  console.info('  JavaScript de una pantalla con escáner: sin medir (no hay dist/: ejecuta `npm run build` antes)');
}

writeFigures(
  'barcode',
  { median640Ms: median640, degradedShare, cleanShare, baseline: { share: baseShare, median640Ms: baseMedian }, degradedMedian640Ms: degradedMedian640, missed, js: jsReport },
  [
    budget('mediana por fotograma a 640×480', median640, GOAL_MEDIAN_MS),
    budget('fotogramas degradados leídos', degradedShare, GOAL_DEGRADED_SHARE, 'share', 'min'),
    ...(jsReport ? [budget('JavaScript antes de la cámara', jsReport.before + jsReport.camera, GOAL_JS_KB, 'KB gzip')] : []),
  ],
);
