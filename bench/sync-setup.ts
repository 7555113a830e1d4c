/**
 * bench/sync's options and constants, its seeded randomness and the server's process
 * (bench/sync-server.ts, forked: a device and the server must not share one thread).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchServerConfig, BenchServerMessage } from './sync-server';

export const quick = process.argv.includes('--quick');
/** ajv validation of every storage write: openLocalDatabase's default in development and tests (the production build leaves it off). */
export const validate = !process.argv.includes('--no-ajv');
export const withFirestore = !process.argv.includes('--no-firestore');
export const SCALE = quick
  ? { deliveryPoints: 2_000, ordersPerDay: 2_500, ridersPerHub: 10 }
  : { deliveryPoints: 20_000, ordersPerDay: 25_000, ridersPerHub: 10 };
export const SEED = 20261122;
export const CHANGES = 50;
export const CONNECTIONS = 50;
export const RAW_PAGE = 2_000;
export const STREAM_PULL_PAGE = 500;
export const GOAL_DOCS_PER_S = 5_000;
export const GOAL_P95_MS = 1_000;
/** A change not seen by then counts as lost (its latency is infinite). */
export const CHANGE_TIMEOUT_MS = 10_000;
export const SYNC_TIMEOUT_MS = 240_000;

export const ADMIN_EMAIL = 'admin@cargobici.test';
export const OPERATOR_EMAIL = 'operador@cargobici.test';
export const OTHER_OPERATOR_EMAIL = 'operador.mad@cargobici.test';

export const started = performance.now();
export const loadAtStart = loadavg()[0] ?? 0;
export const now = (): number => performance.now();
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const info = (s: string): void => console.info(`  · ${s}`);

// ── Seeded randomness ────────────────────────────────────────────────────────────────────────
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const random = mulberry32(SEED);
export function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

// ── The server process ───────────────────────────────────────────────────────────────────────
export type Ready = Extract<BenchServerMessage, { type: 'ready' }>;

export const dataDir = mkdtempSync(join(tmpdir(), 'cb-bench-sync-'));
export let child: ChildProcess | null = null;

export async function startServer(): Promise<Ready> {
  const cfg: BenchServerConfig = { dataDir, seed: SEED, scale: SCALE };
  const proc = fork(fileURLToPath(new URL('./sync-server.ts', import.meta.url)), [JSON.stringify(cfg)], {
    // `--import tsx` resolves from the working directory: the repository's root.
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child = proc;
  return new Promise<Ready>((resolve, reject) => {
    proc.once('message', (m: BenchServerMessage) => {
      if (m.type === 'ready') resolve(m);
      else reject(new Error(`el servidor no arrancó:\n${m.type === 'error' ? m.message : m.type}`));
    });
    proc.once('exit', (code) => reject(new Error(`el servidor terminó antes de estar listo (código ${String(code)})`)));
  });
}

export async function stopServer(): Promise<void> {
  const proc = child;
  child = null;
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  if (proc.connected) proc.send({ type: 'stop' });
  const timer = setTimeout(() => proc.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** CPU time of the server process so far, ms (asked over IPC). */
export function serverCpu(): Promise<number> {
  const proc = child;
  if (!proc?.connected) return Promise.resolve(Number.NaN);
  return new Promise<number>((resolve) => {
    const onMessage = (m: BenchServerMessage) => {
      if (m.type !== 'cpu') return;
      proc.off('message', onMessage);
      resolve(m.ms);
    };
    proc.on('message', onMessage);
    proc.send({ type: 'cpu' });
  });
}

/** CPU time of the client (this process) and of the server since `start`. */
export interface CpuMark {
  readonly client: NodeJS.CpuUsage;
  readonly server: number;
}
export async function cpuMark(): Promise<CpuMark> {
  return { client: process.cpuUsage(), server: await serverCpu() };
}
export async function cpuSpent(mark: CpuMark): Promise<{ client: number; server: number }> {
  const d = process.cpuUsage(mark.client);
  return { client: (d.user + d.system) / 1000, server: (await serverCpu()) - mark.server };
}

/** Linux pressure stall information: share of the last 10 s in which some task waited for a CPU. */
export function cpuPressure(): string {
  try {
    const m = /some avg10=([\d.]+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'));
    return m ? `${m[1]} %` : '?';
  } catch {
    return '?';
  }
}

export function removeDataDir(): void {
  rmSync(dataDir, { recursive: true, force: true });
}

process.once('SIGINT', () => {
  child?.kill('SIGKILL');
  removeDataDir();
  process.exit(130);
});
