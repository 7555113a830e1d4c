/**
 * bench/positions (issue 33): 500 riders sending positions while the office watches the live map.
 *
 * The real embedded server runs in this process on loopback (a temporary data folder, no demo
 * data): 500 riders, each with a route in progress, and OFFICE operators with the change stream
 * open. Every rider's phone sends one sample every PERIOD_S seconds (the app sends one about every
 * 30 s; this is several times that), spread over the period, for DURATION_S seconds. For each
 * sample the bench records when the POST left and when each office stream received the route's
 * new position (`positions` events): the stream's change-to-screen latency (the screen's own part,
 * drawing a moved marker, is measured in the browser by the e2e's map, not here). Printed: p50,
 * p95 and max of that latency, positions lost (sent, stored and never heard), the POST's own
 * p95, the server's longest fan-out step, and how long the office page's computation takes for
 * 500 routes (src/domain/tracking/board.ts: progress and ETAs of every route, what the page does
 * on each update), as the page's longest task would see it.
 *
 * Goals: stream latency p95 ≤ 1 s; no position lost; the board for 500 routes ≤ 50 ms.
 *
 *   npm run bench:positions
 *   npm run bench:positions -- --riders 500 --period 5 --duration 30
 *
 * Sessions are issued directly by the server's auth service (no 500 password hashes): a bench
 * shortcut, never an API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../server/app';
import type { StoredDoc } from '../server/store';
import { DEFAULT_ROLE_GROUPS, SYSTEM_ROLES } from '../src/domain/access/groups';
import { madridDate } from '../src/domain/dates';
import type { DeliveryPoint, Order, Route } from '../src/domain/entities/operation';
import { routeBoard } from '../src/domain/tracking/board';
import { createRng } from '../src/domain/prng';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(String(process.argv[i]).replace(/^--/, ''), String(process.argv[i + 1]));
const RIDERS = Number(args.get('riders') ?? 500);
const PERIOD_S = Number(args.get('period') ?? 5);
const DURATION_S = Number(args.get('duration') ?? 30);
const OFFICE = Number(args.get('office') ?? 5);
const STOPS = 12;
const GOAL_P95_MS = 1000;
const GOAL_BOARD_MS = 50;

const percentile = (values: readonly number[], p: number): number => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? Number.NaN;
};

const loadAtStart = loadavg()[0] ?? 0;
const dataDir = mkdtempSync(join(tmpdir(), 'cb-bench-positions-'));
const app = await createApp({ dataDir, staticDir: join(dataDir, 'no-pwa'), seed: false });
await app.server.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.server.address();
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

// ── The operation: riders, their routes in progress, operators ─────────────────────────────────
const rng = createRng(33);
const now = Date.now();
const today = madridDate(now);
const routes: Route[] = [];
const orders: Order[] = [];
const points: DeliveryPoint[] = [];
app.store.transaction(() => {
  for (const r of SYSTEM_ROLES) app.store.put('catalog', { id: r, kind: 'role', name: r, active: true, updated_at: now, groups: [...DEFAULT_ROLE_GROUPS[r]], base_role: r, system: true, _deleted: false } as StoredDoc);
  app.store.put('catalog', { id: 'hub-1', kind: 'hub', name: 'Hub 1', number: 1, city: 'Madrid', address: 'Calle 1', lat: 40.4168, lng: -3.7038, opens: '07:00', closes: '20:00', phone: '', active: true, updated_at: now, _deleted: false } as StoredDoc);
  const account = app.store.db.prepare('INSERT INTO accounts (user_id, email, salt, hash, password_changed_at) VALUES (?, ?, ?, ?, ?)');
  const addUser = (id: string, role: string) => {
    app.store.put('users', { id, name: id, role, email: `${id}@bench.test`, hub: 1, hubs: role === 'rider' ? [] : [1], phone: '', active: true, updated_at: now, _deleted: false } as StoredDoc);
    account.run(id, `${id}@bench.test`, 'x', 'x', 0);
  };
  for (let o = 0; o < OFFICE; o += 1) addUser(`op-${o}`, 'operator');
  for (let r = 0; r < RIDERS; r += 1) {
    const riderId = `rider-${r}`;
    addUser(riderId, 'rider');
    const stops = Array.from({ length: STOPS }, (_, s) => {
      const pointId = `pe-${r}-${s}`;
      const point = { id: pointId, name: `Punto ${r}-${s}`, hub: 1, lat: 40.38 + rng.float(0, 0.08), lng: -3.74 + rng.float(0, 0.08) } as DeliveryPoint;
      points.push(point);
      const order = { id: `o-${r}-${s}`, code: `P-${r}-${s}`, delivery_point_id: pointId, hub: 1, date: today, window_start: '09:00', window_end: s % 4 === 0 ? '10:00' : '14:00', status: 'out_for_delivery', route_id: `r-${r}` } as Order;
      orders.push(order);
      app.store.put('delivery_points', { ...point, _deleted: false } as StoredDoc);
      app.store.put('orders', { ...order, _deleted: false } as StoredDoc);
      return { seq: s + 1, delivery_point_id: pointId, order_ids: [order.id], eta: '10:00' };
    });
    const route = { id: `r-${r}`, code: `R-${String(r).padStart(3, '0')}`, name: `Ruta ${r}`, hub: 1, date: today, rider_id: riderId, bike_id: '', status: 'in_progress', status_id: '', stops, planned_start: '09:00', distance_m: 0, cancel_reason: '', updated_at: now } as Route;
    routes.push(route);
    app.store.put('routes', { ...route, _deleted: false } as StoredDoc);
  }
});
const auth = app.auth as unknown as { issue(userId: string, sessionId: string): { accessToken: string }; openSession(userId: string): string };
const tokenOf = (id: string) => auth.issue(id, auth.openSession(id)).accessToken;
const riderTokens = Array.from({ length: RIDERS }, (_, r) => tokenOf(`rider-${r}`));

// ── The office: streams that note when each position is heard ─────────────────────────────────
const sentAt = new Map<string, number>();
const latencies: number[] = [];
const heardBy = new Map<string, number>();
const aborts: AbortController[] = [];
async function openOffice(o: number): Promise<void> {
  const controller = new AbortController();
  aborts.push(controller);
  const res = await fetch(`${url}/api/sync/stream`, { headers: { Authorization: `Bearer ${tokenOf(`op-${o}`)}` }, signal: controller.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let resolveOpen: () => void = () => undefined;
  const opened = new Promise<void>((r) => (resolveOpen = r));
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          if (block.startsWith('event: resync')) resolveOpen();
          if (!block.startsWith('event: positions')) continue;
          const at = performance.now();
          const data = JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { positions: { route_id: string; at: number }[] };
          for (const p of data.positions) {
            const key = `${p.route_id}|${p.at}`;
            const sent = sentAt.get(key);
            if (sent === undefined) continue;
            latencies.push(at - sent);
            heardBy.set(key, (heardBy.get(key) ?? 0) + 1);
          }
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  await opened;
}
await Promise.all(Array.from({ length: OFFICE }, (_, o) => openOffice(o)));

// ── The riders ────────────────────────────────────────────────────────────────────────────────
const postMs: number[] = [];
let failures = 0;
let sentCount = 0;
const seqs = new Array<number>(RIDERS).fill(0);
const started = performance.now();
const inFlight = new Set<Promise<void>>();
await new Promise<void>((resolve) => {
  const tickMs = 50;
  const perTick = (RIDERS / (PERIOD_S * 1000)) * tickMs;
  let owed = 0;
  let next = 0;
  const timer = setInterval(() => {
    if (performance.now() - started >= DURATION_S * 1000) {
      clearInterval(timer);
      resolve();
      return;
    }
    owed += perTick;
    while (owed >= 1) {
      owed -= 1;
      const r = next;
      next = (next + 1) % RIDERS;
      seqs[r] = (seqs[r] ?? 0) + 1;
      const at = Date.now() + sentCount; // unique per sample
      sentCount += 1;
      const key = `r-${r}|${at}`;
      const t0 = performance.now();
      sentAt.set(key, t0);
      const body = JSON.stringify({ device_id: `bench-device-${r}`, samples: [{ seq: seqs[r], route_id: `r-${r}`, at, lat: 40.4 + rng.float(0, 0.05), lng: -3.72 + rng.float(0, 0.05), accuracy: 10, speed: 4 }] });
      const p = fetch(`${url}/api/positions`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${riderTokens[r]}` }, body })
        .then(async (res) => {
          await res.arrayBuffer();
          if (!res.ok) failures += 1;
          postMs.push(performance.now() - t0);
        })
        .catch(() => {
          failures += 1;
        });
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
  }, tickMs);
});
await Promise.all([...inFlight]);
// The feed's last turn reaches the streams.
await new Promise((r) => setTimeout(r, 1500));

const expected = sentCount * OFFICE;
const heard = [...heardBy.values()].reduce((a, b) => a + b, 0);
const lost = expected - heard;

// ── The office page's computation for 500 routes ──────────────────────────────────────────────
const pointsById = new Map(points.map((p) => [p.id, p]));
const ordersById = new Map(orders.map((o) => [o.id, o]));
const hub = { lat: 40.4168, lng: -3.7038 } as Parameters<typeof routeBoard>[0]['hub'];
const boardRuns: number[] = [];
// Warmed up first (the page computes it on every update); the median of the runs after.
for (let run = 0; run < 25; run += 1) {
  const t0 = performance.now();
  for (const route of routes) {
    routeBoard({
      route,
      orders: route.stops.map((s) => ordersById.get(s.order_ids[0] as string) as Order),
      points: route.stops.map((s) => pointsById.get(s.delivery_point_id) as DeliveryPoint),
      hub,
      events: [],
      position: { route_id: route.id, rider_id: route.rider_id, at: now, lat: 40.41, lng: -3.7, accuracy: 10, speed: 4 },
      nowMs: now,
    });
  }
  boardRuns.push(performance.now() - t0);
}

const stats = app.streams.getStats();
for (const a of aborts) a.abort();
const closing = app.server.close();
app.server.server.closeAllConnections();
await closing;
rmSync(dataDir, { recursive: true, force: true });

const p95 = percentile(latencies, 0.95);
const boardMs = percentile(boardRuns.slice(5), 0.5);
console.log(`bench:positions · ${RIDERS} riders, una posición cada ${PERIOD_S} s cada uno (${(RIDERS / PERIOD_S).toFixed(0)}/s), ${DURATION_S} s, ${OFFICE} pantallas de oficina · ${cpus().length} núcleos, carga ${loadAtStart.toFixed(2)}`);
console.log(`posiciones enviadas ${sentCount} · fallos ${failures} · POST p50 ${percentile(postMs, 0.5).toFixed(1)} ms, p95 ${percentile(postMs, 0.95).toFixed(1)} ms`);
console.log(`stream (envío → oficina): p50 ${percentile(latencies, 0.5).toFixed(0)} ms · p95 ${p95.toFixed(0)} ms · máx ${Math.max(...latencies).toFixed(0)} ms · perdidas ${lost} de ${expected} ${p95 <= GOAL_P95_MS && lost === 0 ? 'OK' : 'OVER'}`);
console.log(`servidor: paso más largo del reparto ${stats.maxStepMs.toFixed(1)} ms · conexiones cortadas ${stats.dropped}`);
console.log(`tablero de la oficina (${RIDERS} rutas × ${STOPS} paradas, progreso y ETA): ${boardMs.toFixed(1)} ms por actualización ${boardMs <= GOAL_BOARD_MS ? 'OK' : 'OVER'}`);
console.log(`objetivos: p95 ≤ ${GOAL_P95_MS} ms sin pérdidas; tablero ≤ ${GOAL_BOARD_MS} ms`);
process.exit(p95 <= GOAL_P95_MS && lost === 0 && failures === 0 && boardMs <= GOAL_BOARD_MS ? 0 : 1);
