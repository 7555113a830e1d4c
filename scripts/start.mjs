#!/usr/bin/env node
// `npm start`: build the PWA when the sources are newer than the last build, then start the
// embedded server (PORT, default 8080). Plain JavaScript so it runs before anything is compiled.
import { spawn } from 'node:child_process';
import { buildIfStale } from './build-if-stale.mjs';

const root = new URL('..', import.meta.url).pathname;
buildIfStale();

const server = spawn('npx', ['tsx', 'server/main.ts'], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
