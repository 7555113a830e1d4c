/**
 * bench:livemap's operation (issue 33): the demo's catalogue plus `riders` riders, each with a
 * route in progress today, served by the real server, and the riders' phones that post their
 * positions. The runner and its figures are ./livemap.ts; the page's probe ./livemap-browser.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { createApp } from '../server/app';
import type { StoredDoc } from '../server/store';
import { madridDate } from '../src/domain/dates';
import { deliveryPointSchema, orderSchema, routeSchema, userSchema, type DeliveryPoint, type Order, type Route, type User } from '../src/domain/entities/operation';
import type { Hub } from '../src/domain/entities/reference';
import { createRng, type Rng } from '../src/domain/prng';

export interface OperationOptions {
  /** Riders, each with a route in progress today. */
  readonly riders: number;
  /** Stops of each route. */
  readonly stops: number;
  /** The built PWA the server serves. */
  readonly dist: string;
}

/** A plain light tile (PNG, 256 px), so the map draws tiles as it would online. */
export function solidPng(r: number, g: number, b: number, size = 256): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer): number => {
    let c = 0xffffffff;
    for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer): Buffer => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
export const TILE = solidPng(236, 236, 228);

// ── The operation: the demo's catalogue, plus riderCount riders with a route in progress ─────────
export interface Operation {
  readonly url: string;
  readonly riderTokens: readonly string[];
  readonly hubs: readonly Hub[];
  stop(): Promise<void>;
}

export async function startOperation(seed: number, opts: OperationOptions): Promise<Operation> {
  const { riders: riderCount, stops: stopCount, dist } = opts;
  const dataDir = mkdtempSync(join(tmpdir(), 'cb-bench-livemap-data-'));
  const app = await createApp({
    dataDir,
    staticDir: dist,
    seed: { mode: 'demo', seed },
    // Every rider's phone posts from this one loopback address.
    connections: { perAddress: 0 },
  });
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const rows = (collection: string) => (app.store.db.prepare('SELECT data FROM docs WHERE collection = ? AND deleted = 0').all(collection) as { data: string }[]).map((r) => JSON.parse(r.data) as Record<string, unknown>);
  const hubs = rows('catalog').filter((d) => d.kind === 'hub') as unknown as Hub[];
  const product = rows('products').find((p) => p.active === true) as { id: string; name: string; tax_id: string; price_cents: number };
  const client = rows('catalog').find((d) => d.kind === 'client') as { id: string };
  const tax = rows('catalog').find((d) => d.kind === 'tax' && d.id === product.tax_id) as { rate_bp?: number } | undefined;
  const rng = createRng(seed);
  const now = Date.now();
  const today = madridDate(now);
  const around = (r: Rng, c: number, spread: number) => c + r.float(-spread, spread);

  app.store.transaction(() => {
    const account = app.store.db.prepare('INSERT INTO accounts (user_id, email, salt, hash, password_changed_at) VALUES (?, ?, ?, ?, ?)');
    for (let r = 0; r < riderCount; r += 1) {
      const hub = hubs[r % hubs.length] as Hub;
      const riderId = `bench-rider-${r}`;
      const user: User = userSchema.parse({ id: riderId, name: `Repartidor ${r + 1}`, role: 'rider', email: `bench-rider-${r}@bench.test`, hub: hub.number, hubs: [], phone: '', active: true, updated_at: now });
      app.store.put('users', { ...user, _deleted: false } as StoredDoc);
      account.run(riderId, user.email, 'x', 'x', 0);
      const routeId = `bench-route-${r}`;
      const stops: Route['stops'] = [];
      for (let s = 0; s < stopCount; s += 1) {
        const point: DeliveryPoint = deliveryPointSchema.parse({
          id: `bench-pe-${r}-${s}`,
          name: `Punto ${r + 1}-${s + 1}`,
          hub: hub.number,
          ref_providers: [],
          client_providers: [],
          kind: 'shop',
          address: `Calle ${r + 1}, ${s + 1}`,
          postal_code: '28001',
          city: hub.city,
          lat: around(rng, hub.lat, 0.03),
          lng: around(rng, hub.lng, 0.04),
          contact_name: '',
          phone: '',
          opens: '08:00',
          closes: '20:00',
          notes: '',
          active: true,
          updated_at: now,
        });
        const order: Order = orderSchema.parse({
          id: `bench-o-${r}-${s}`,
          code: `P-B${r}-${s}`,
          client_id: client.id,
          delivery_point_id: point.id,
          hub: hub.number,
          date: today,
          window_start: '09:00',
          window_end: `${String(10 + rng.int(0, 4)).padStart(2, '0')}:00`,
          status: 'out_for_delivery',
          picking_status: 'picked',
          status_id: '',
          route_id: routeId,
          lines: [{ line_id: '1', product_id: product.id, name: product.name, quantity: 2, unit_price_cents: product.price_cents, tax_id: product.tax_id, tax_rate_bp: tax?.rate_bp ?? 2100, picked_quantity: 2 }],
          payment_method: 'on_account',
          external_ref: '',
          notes: '',
          created_at: now,
          updated_at: now,
        });
        app.store.put('delivery_points', { ...point, _deleted: false } as StoredDoc);
        app.store.put('orders', { ...order, _deleted: false } as StoredDoc);
        stops.push({ seq: s + 1, delivery_point_id: point.id, order_ids: [order.id], eta: `${String(9 + Math.floor(s / 3)).padStart(2, '0')}:${String((s % 3) * 20).padStart(2, '0')}` });
      }
      const route: Route = routeSchema.parse({
        id: routeId,
        code: `R-B${String(r + 1).padStart(3, '0')}`,
        name: `Ruta ${r + 1}`,
        hub: hub.number,
        date: today,
        rider_id: riderId,
        bike_id: '',
        status: 'in_progress',
        status_id: '',
        stops,
        planned_start: '08:30',
        distance_m: 0,
        cancel_reason: '',
        updated_at: now,
      });
      app.store.put('routes', { ...route, _deleted: false } as StoredDoc);
    }
  });
  const auth = app.auth as unknown as { issue(userId: string, sessionId: string): { accessToken: string }; openSession(userId: string): string };
  const riderTokens = Array.from({ length: riderCount }, (_, r) => auth.issue(`bench-rider-${r}`, auth.openSession(`bench-rider-${r}`)).accessToken);
  return {
    url,
    riderTokens,
    hubs,
    async stop() {
      const closing = app.server.close();
      app.server.server.closeAllConnections();
      await closing;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ── The riders' phones ────────────────────────────────────────────────────────────────────────
export interface Sender {
  /** Posts one sample for each rider in `riders` now; resolves when all are answered. */
  once(riders: readonly number[]): Promise<void>;
  /** Every rider every `periodS` seconds, spread over the period, for `durationS` seconds. */
  stream(periodS: number, durationS: number): Promise<void>;
  readonly sent: number;
  readonly failures: number;
  readonly postMs: number[];
}

export function riders(op: Operation, seed: number, riderCount: number): Sender {
  const rng = createRng(seed * 7919 + 1);
  const seqs = new Array<number>(riderCount).fill(0);
  const places = Array.from({ length: riderCount }, (_, r) => {
    const hub = op.hubs[r % op.hubs.length] as Hub;
    return { lat: hub.lat + rng.float(-0.02, 0.02), lng: hub.lng + rng.float(-0.03, 0.03) };
  });
  let lastAt = 0;
  const state = { sent: 0, failures: 0, postMs: [] as number[] };
  const post = async (r: number): Promise<void> => {
    seqs[r] = (seqs[r] ?? 0) + 1;
    const place = places[r] as { lat: number; lng: number };
    // He rides on: about 5 m/s for the time since his last sample.
    place.lat += rng.float(-0.0004, 0.0004);
    place.lng += rng.float(-0.0005, 0.0005);
    // `at` is the moment the POST leaves (the page's probe measures from it), unique per sample.
    const at = Math.max(Date.now(), lastAt + 1);
    lastAt = at;
    const body = JSON.stringify({ device_id: `bench-phone-${r}`, samples: [{ seq: seqs[r], route_id: `bench-route-${r}`, at, lat: place.lat, lng: place.lng, accuracy: 10, speed: 5 }] });
    const t0 = performance.now();
    state.sent += 1;
    try {
      const res = await fetch(`${op.url}/api/positions`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${op.riderTokens[r]}` }, body });
      const answer = (await res.json()) as { stored?: number };
      if (!res.ok || answer.stored !== 1) state.failures += 1;
    } catch {
      state.failures += 1;
    }
    state.postMs.push(performance.now() - t0);
  };
  return {
    get sent() {
      return state.sent;
    },
    get failures() {
      return state.failures;
    },
    get postMs() {
      return state.postMs;
    },
    async once(list) {
      for (let i = 0; i < list.length; i += 50) await Promise.all(list.slice(i, i + 50).map(post));
    },
    async stream(periodS, durationS) {
      const inFlight = new Set<Promise<void>>();
      const started = performance.now();
      const perMs = riderCount / (periodS * 1000);
      let next = 0;
      let due = 0;
      await new Promise<void>((done) => {
        const timer = setInterval(() => {
          const elapsed = performance.now() - started;
          if (elapsed >= durationS * 1000) {
            clearInterval(timer);
            done();
            return;
          }
          for (const target = Math.floor(elapsed * perMs); due < target; due += 1) {
            const r = next;
            next = (next + 1) % riderCount;
            const p = post(r);
            inFlight.add(p);
            void p.finally(() => inFlight.delete(p));
          }
        }, 20);
      });
      await Promise.all([...inFlight]);
    },
  };
}
