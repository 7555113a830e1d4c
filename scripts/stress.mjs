#!/usr/bin/env node
/**
 * `npm run test:stress`: the whole e2e suite 3 times in a row (STRESS_RUNS to change) while
 * another process keeps every CPU busy (scripts/cpu-burn.mjs, one busy-loop worker per CPU,
 * stopped at the end whatever happens). Builds dist/ first when it is missing or stale. Exits 0
 * only when every run passed. Arguments go to `playwright test` (e.g. one spec file); the
 * suite's own settings (E2E_PORT, CHROMIUM_PATH, CI) apply as usual.
 */
import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { buildIfStale } from './build-if-stale.mjs';

const root = new URL('..', import.meta.url).pathname;
const runs = Math.max(1, Number(process.env.STRESS_RUNS ?? 3));
const cpus = availableParallelism();
const port = Number(process.env.E2E_PORT ?? 4310);
const extra = process.argv.slice(2);

let burner = null;
let current = null;

function stopBurner() {
  if (burner && burner.exitCode === null && burner.signalCode === null) burner.kill('SIGKILL');
}

// Whatever happens (failure, Ctrl+C, an exception), the busy loops end with this process; the
// burner also ends by itself when its standard input (a pipe from here) closes.
process.on('exit', stopBurner);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    current?.kill(sig);
    stopBurner();
    process.exit(130);
  });
}

/** Starts the burner and resolves once every worker is running. */
function startBurner() {
  return new Promise((resolve, reject) => {
    burner = spawn(process.execPath, [new URL('./cpu-burn.mjs', import.meta.url).pathname, String(cpus)], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    burner.stdout.on('data', (chunk) => {
      out += String(chunk);
      if (out.includes('ready')) resolve();
    });
    burner.on('exit', (code) => reject(new Error(`the CPU burner ended early (code ${code})`)));
  });
}

/** Resolves when nothing listens on the e2e port any more (the previous run's server is gone). */
async function portFree(limitMs = 60_000) {
  const until = Date.now() + limitMs;
  for (;;) {
    const inUse = await new Promise((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (!inUse) return;
    if (Date.now() > until) throw new Error(`port ${port} is still in use after the run`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function runSuite() {
  return new Promise((resolve) => {
    current = spawn('npx', ['playwright', 'test', ...extra], { cwd: root, stdio: 'inherit', env: process.env });
    current.on('exit', (code, signal) => {
      current = null;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

buildIfStale();
await startBurner();
console.log(`test:stress: ${cpus} CPUs kept busy; e2e suite ${runs} times on port ${port}`);
const results = [];
for (let i = 1; i <= runs; i += 1) {
  await portFree();
  const started = Date.now();
  console.log(`\n── test:stress: run ${i}/${runs} ──`);
  const code = await runSuite();
  if (burner.exitCode !== null || burner.signalCode !== null) {
    console.error('test:stress: the CPU burner stopped during the run: the machine was not kept busy');
    process.exit(1);
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  results.push({ run: i, ok: code === 0, seconds, load: loadavg()[0].toFixed(1) });
  console.log(`── test:stress: run ${i}/${runs} ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s, load ${results.at(-1).load} ──`);
}
stopBurner();
const passed = results.filter((r) => r.ok).length;
console.log(`\ntest:stress: ${passed}/${runs} runs passed`);
for (const r of results) console.log(`  run ${r.run}: ${r.ok ? 'passed' : 'FAILED'} (${r.seconds} s, load ${r.load})`);
process.exit(passed === runs ? 0 : 1);
