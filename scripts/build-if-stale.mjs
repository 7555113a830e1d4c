// Builds the PWA into dist/ when it is missing or older than its sources (`npm start`,
// `npm run test:stress`). Plain JavaScript so it runs before anything is compiled.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'dist', 'index.html');
const SOURCES = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'manifest.webmanifest', 'package-lock.json'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

/** True when dist/ is missing or a source is newer than the last build. */
export function distIsStale() {
  const sourceTime = Math.max(...SOURCES.map((s) => newest(join(root, s))));
  return !existsSync(built) || statSync(built).mtimeMs < sourceTime;
}

/** Builds when stale; exits the process with the build's code if the build fails. */
export function buildIfStale() {
  if (!distIsStale()) return;
  console.log('CargoBici: construyendo la PWA…');
  const res = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
