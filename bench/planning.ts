/**
 * `npm run bench:planning` (issue 27): the busiest demo hub's day planned by the optimiser and
 * saved by the board's «Guardar propuesta» (src/data/planning.ts `saveDayPlan`: every route and
 * order of the plan in one journaled action) on a local database on IndexedDB (RxDB's dexie
 * storage on fake-indexeddb in Node), against a baseline in the same process: plain bulk
 * upserts of the same routes and orders into the same kind of database. Goal: the save ≤ 2 s.
 *
 * Several demo seeds; the worst is what counts. `--seeds N` (default 3), `--json FILE`.
 */
import 'fake-indexeddb/auto';
import { performance } from 'node:perf_hooks';
import { generateDemoData } from '../server/demo/generate';
import { openLocalDatabase } from '../src/data/database';
import { AppStore } from '../src/data/appStore';
import { Outbox } from '../src/data/outbox';
import { Writer } from '../src/data/writes';
import { saveDayPlan } from '../src/data/planning';
import { dayInputFromEntities } from '../src/domain/routing/fromEntities';
import { planDay } from '../src/domain/routing/day';
import type { BikeModel, Hub } from '../src/domain/entities/reference';
import { budget, printTable, verdict, writeFigures } from './kit';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const SEEDS = Number(arg('--seeds') ?? 3);
const GOAL_MS = 2000;

interface Row {
  seed: number;
  hub: number;
  orders: number;
  routes: number;
  optimiseMs: number;
  saveMs: number;
  baselineMs: number;
}

async function one(seed: number): Promise<Row> {
  const today = '2026-11-23';
  const tomorrow = '2026-11-24';
  const data = generateDemoData({ seed, today, now: Date.UTC(2026, 10, 23, 9, 0), scale: { deliveryPoints: 2000, ordersPerDay: 600, ridersPerHub: 8 } });
  const hubs = data.catalog.filter((c): c is Hub => c.kind === 'hub');
  const count = (h: number) => data.orders.filter((o) => o.hub === h && o.date === tomorrow).length;
  const hub = hubs.reduce((a, b) => (count(b.number) > count(a.number) ? b : a));
  const models = data.catalog.filter((c): c is BikeModel => c.kind === 'bike-model');
  const input = dayInputFromEntities({ date: tomorrow, hub, orders: data.orders, deliveryPoints: data.delivery_points, products: data.products, routes: data.routes, users: data.users, bikes: data.bikes, bikeModels: models, scope: 'all' });
  let t = performance.now();
  const result = planDay(input, { seed: 1, timeLimitMs: 3000 });
  const optimiseMs = performance.now() - t;

  const open = async (tag: string) => {
    const db = await openLocalDatabase({ name: `bench-planning-${tag}-${seed}-${Date.now()}`, storage: { kind: 'dexie' }, collections: ['orders', 'routes', 'delivery_points', 'users', 'bikes'], multiInstance: false });
    await db.orders.bulkInsert(data.orders.filter((o) => o.hub === hub.number) as never[]);
    await db.routes.bulkInsert(data.routes.filter((r) => r.hub === hub.number) as never[]);
    await db.delivery_points.bulkInsert(data.delivery_points.filter((p) => p.hub === hub.number) as never[]);
    await db.users.bulkInsert(data.users as never[]);
    const store = new AppStore(`bench-planning-app-${tag}-${seed}-${Date.now()}`);
    return { db, store, writer: new Writer(db, new Outbox(store)) };
  };

  const save = await open('save');
  t = performance.now();
  const written = await saveDayPlan(save, { date: tomorrow, hub: hub.number, result }, { userId: 'u-operador', role: 'operator' });
  const saveMs = performance.now() - t;
  const routes = (await save.db.routes.findByIds(written).exec()).size;
  const planned = (await save.db.orders.find({ selector: { date: tomorrow, hub: hub.number } }).exec()).map((d) => d.toJSON());
  await save.db.remove();
  await save.store.close();

  // Baseline: the same final documents, written with two plain bulk upserts.
  const base = await open('base');
  t = performance.now();
  await base.db.routes.bulkUpsert(result.routes.map((r, i) => ({ ...data.routes[0], id: r.route_id ?? `rt-bench-${i}`, hub: hub.number, date: tomorrow, rider_id: r.rider_id, bike_id: r.bike_id, status: 'draft', stops: r.stops.map((s, k) => ({ seq: k + 1, delivery_point_id: s.delivery_point_id, order_ids: [...s.order_ids], eta: s.eta })), planned_start: r.planned_start, distance_m: Math.min(1_000_000, r.distance_m), updated_at: Date.now() })) as never[]);
  await base.db.orders.bulkUpsert(planned as never[]);
  const baselineMs = performance.now() - t;
  await base.db.remove();
  await base.store.close();
  return { seed, hub: hub.number, orders: input.orders.length, routes, optimiseMs, saveMs, baselineMs };
}

const rows: Row[] = [];
for (let seed = 1; seed <= SEEDS; seed += 1) rows.push(await one(seed));
printTable(
  ['seed', 'hub', 'orders', 'routes', 'optimise ms', 'save ms', 'baseline ms', 'save / baseline', `save ≤ ${GOAL_MS} ms`],
  rows.map((r) => [String(r.seed), String(r.hub), String(r.orders), String(r.routes), r.optimiseMs.toFixed(0), r.saveMs.toFixed(0), r.baselineMs.toFixed(0), (r.saveMs / r.baselineMs).toFixed(2), verdict(r.saveMs <= GOAL_MS)]),
);
const worst = rows.reduce((a, b) => (b.saveMs > a.saveMs ? b : a));
console.info(`worst of ${rows.length} seeds: save ${worst.saveMs.toFixed(0)} ms (${(worst.saveMs / worst.baselineMs).toFixed(2)} × plain bulk upserts), optimiser ${Math.max(...rows.map((r) => r.optimiseMs)).toFixed(0)} ms`);
writeFigures('planning', { goalMs: GOAL_MS, rows }, [budget(`save, worst of ${rows.length} seeds`, worst.saveMs, GOAL_MS)]);
process.exit(0);
