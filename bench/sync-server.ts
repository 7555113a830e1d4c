/**
 * The embedded server of bench/sync.ts in a process of its own (a device and the server are
 * different machines: they must not share one JavaScript thread). Started by bench/sync.ts with
 * `node --import tsx bench/sync-server.ts '<json>'`; it seeds the scaled demo operation into the
 * given data directory, listens on 127.0.0.1 and reports over IPC:
 *   → { type: 'ready', url, seedMs, counts, head }
 *   ← { type: 'cpu' }  → { type: 'cpu', ms }   (CPU time of the server process so far)
 *   ← { type: 'streams' }  → { type: 'streams', stats }   (the change streams' figures)
 *   ← { type: 'stop' } → exits
 * It also exits when the parent goes away. bench/sync.ts removes the data directory.
 */
import { join } from 'node:path';
import { createApp } from '../server/app';
import type { StreamStats } from '../server/stream';
import { LOCAL_COLLECTIONS, type LocalCollection } from '../src/domain/collections';

export interface BenchServerConfig {
  readonly dataDir: string;
  readonly seed: number;
  readonly scale: { readonly deliveryPoints: number; readonly ordersPerDay: number; readonly ridersPerHub: number };
  /** Streams one account may hold (benchmarks open many with few accounts; the server's default is 8). */
  readonly maxStreamsPerUser?: number;
  /** The built PWA to serve (bench/firstsync); none by default. */
  readonly staticDir?: string;
}

export type BenchServerMessage =
  | { type: 'ready'; url: string; seedMs: number; counts: Record<LocalCollection, number>; head: number }
  | { type: 'cpu'; ms: number }
  | { type: 'streams'; stats: StreamStats }
  | { type: 'error'; message: string };

const send = (m: BenchServerMessage): void => {
  process.send?.(m);
};

if (!process.send) {
  console.error('bench/sync-server.ts se arranca desde bench/sync.ts (necesita un canal IPC).');
  process.exit(1);
}

const cfg = JSON.parse(process.argv[2] ?? '{}') as BenchServerConfig;
try {
  const started = performance.now();
  const app = await createApp({
    dataDir: cfg.dataDir,
    staticDir: cfg.staticDir ?? join(cfg.dataDir, 'no-pwa'),
    seed: { mode: 'demo', seed: cfg.seed, scale: cfg.scale },
    streams: { maxPerUser: cfg.maxStreamsPerUser ?? 200 },
    // Every simulated device and stream connects from this one loopback address.
    connections: { perAddress: 0 },
  });
  const seedMs = performance.now() - started;
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const counts = Object.fromEntries(LOCAL_COLLECTIONS.map((c) => [c, app.store.count(c)])) as Record<LocalCollection, number>;

  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    // Open change streams and idle keep-alive sockets would hold close() back.
    const force = setTimeout(() => app.server.server.closeAllConnections(), 200);
    try {
      await app.server.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('message', (m: { type?: string }) => {
    if (m.type === 'stop') void stop();
    if (m.type === 'streams') send({ type: 'streams', stats: app.streams.getStats() });
    if (m.type === 'cpu') {
      const u = process.cpuUsage();
      send({ type: 'cpu', ms: (u.user + u.system) / 1000 });
    }
  });
  process.on('disconnect', () => void stop());
  send({ type: 'ready', url, seedMs, counts, head: app.store.head() });
} catch (err) {
  send({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  process.exit(1);
}
