#!/usr/bin/env node
// `npm start`: build the PWA when the sources are newer than the last build, then start the
// embedded server (PORT, default 8080). Plain JavaScript so it runs before anything is compiled.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'dist', 'index.html');

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

const sources = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'manifest.webmanifest', 'package-lock.json'];
const sourceTime = Math.max(...sources.map((s) => newest(join(root, s))));
if (!existsSync(built) || statSync(built).mtimeMs < sourceTime) {
  console.log('CargoBici: construyendo la PWA…');
  const res = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const server = spawn('npx', ['tsx', 'server/main.ts'], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
