/**
 * The Firebase e2e project's web server (playwright.firebase.config.ts starts it, Playwright stops
 * it). Everything the app needs to run on Firebase, on this machine and offline:
 *
 *   E2E_PORT       the PWA built with VITE_BACKEND=firebase (dist-firebase/), served statically
 *                  as Firebase Hosting would (SPA fallback to index.html), and /api/** answered by
 *                  the HTTP function's handlers (functions/src/handlers.ts), as firebase.json's
 *                  rewrite does;
 *   E2E_PORT + 1   the Cloud Firestore emulator enforcing firestore.rules;
 *   E2E_PORT + 2   the Firebase Auth emulator;
 *   E2E_PORT + 3   a FAKE of Cloud Storage's upload endpoints (tests/firebase/fakeStorage.ts: no
 *                  Storage emulator can run here).
 *
 * The emulators' addresses are baked into the build (VITE_FIREBASE_*), so the build is remade
 * only when they or the sources changed (dist-firebase/e2e-build.json records what it was made
 * with). The data is seeded through the emulators' owner path (what the Admin SDK does): roles,
 * users with profiles and Auth accounts, and a small day (today, Madrid) of orders and routes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PROJECT_ID, startEmulators } from './firebase-emulators';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const OUT = join(ROOT, 'dist-firebase');
const PORT = Number(process.env.E2E_PORT ?? 4310);
const HOST = '127.0.0.1';

/** The ports of the Firebase e2e project (e2e-firebase/support.ts reads the same). */
export const firebaseE2ePorts = (port: number) => ({ firestore: port + 1, auth: port + 2, storage: port + 3 });

const ports = firebaseE2ePorts(PORT);
const buildEnv: Record<string, string> = {
  VITE_BACKEND: 'firebase',
  VITE_FIREBASE_API_KEY: 'demo-api-key',
  VITE_FIREBASE_AUTH_DOMAIN: `${DEFAULT_PROJECT_ID}.firebaseapp.com`,
  VITE_FIREBASE_PROJECT_ID: DEFAULT_PROJECT_ID,
  VITE_FIREBASE_STORAGE_BUCKET: `${DEFAULT_PROJECT_ID}.appspot.com`,
  VITE_FIREBASE_FIRESTORE_EMULATOR: `${HOST}:${ports.firestore}`,
  VITE_FIREBASE_AUTH_EMULATOR: `${HOST}:${ports.auth}`,
  VITE_FIREBASE_STORAGE_URL: `http://${HOST}:${ports.storage}`,
};

const SOURCES = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'manifest.webmanifest', 'package-lock.json'];
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), st.mtimeMs);
}

/** Builds dist-firebase/ unless it was built from these sources with these settings. */
function buildIfNeeded(): void {
  const stamp = join(OUT, 'e2e-build.json');
  const same = existsSync(stamp) && readFileSync(stamp, 'utf8') === JSON.stringify(buildEnv);
  if (same && statSync(stamp).mtimeMs >= Math.max(...SOURCES.map((s) => newest(join(ROOT, s))))) return;
  console.info('e2e Firebase: construyendo la PWA con VITE_BACKEND=firebase en dist-firebase/…');
  const res = spawnSync('npx', ['vite', 'build', '--outDir', 'dist-firebase', '--emptyOutDir'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...buildEnv } });
  if (res.status !== 0) throw new Error(`vite build terminó con código ${res.status ?? 'desconocido'}`);
  writeFileSync(stamp, JSON.stringify(buildEnv));
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

async function main(): Promise<void> {
  buildIfNeeded();
  const emulators = await startEmulators({ firestorePorts: [ports.firestore, ports.firestore], authPorts: [ports.auth, ports.auth] });
  Object.assign(process.env, emulators.env);
  // Imported once the emulators' addresses are in the environment (the seeding helpers read them).
  const { startFakeStorage } = await import('../tests/firebase/fakeStorage');
  const { seedE2eDay } = await import('../e2e-firebase/seed');
  const { emulatorFunctionDeps } = await import('../tests/firebase/functionDeps');
  const { serveFunction } = await import('../tests/firebase/functionServer');
  const storage = await startFakeStorage({ projectId: DEFAULT_PROJECT_ID, port: ports.storage });
  await seedE2eDay(DEFAULT_PROJECT_ID);
  const deps = emulatorFunctionDeps(DEFAULT_PROJECT_ID);

  const server = createServer((req, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname === '/__e2e/ready') {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        return res.end('ok');
      }
      if (url.pathname.startsWith('/api/')) {
        return serveFunction(req, res, deps);
      }
      const file = normalize(join(OUT, decodeURIComponent(url.pathname)));
      const inside = file.startsWith(OUT);
      const found = inside && existsSync(file) && statSync(file).isFile() ? file : extname(url.pathname) === '' ? join(OUT, 'index.html') : null;
      if (!found || found.endsWith('e2e-build.json')) {
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        return res.end('Not found');
      }
      res.writeHead(200, { 'Content-Type': TYPES[extname(found)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
      res.end(readFileSync(found));
    })().catch((err: unknown) => {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(String(err));
    });
  });
  await new Promise<void>((done) => server.listen(PORT, done));
  console.info(`e2e Firebase: PWA en http://localhost:${PORT}, Firestore ${emulators.env.FIRESTORE_EMULATOR_HOST}, Auth ${emulators.env.FIREBASE_AUTH_EMULATOR_HOST}, Storage (falso) ${storage.url}`);

  const stop = async () => {
    server.close();
    await storage.close();
    await emulators.stop();
    process.exit(0);
  };
  for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(s, () => void stop());
}

main().catch((err: unknown) => {
  console.error(`e2e Firebase: no se pudo arrancar: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
