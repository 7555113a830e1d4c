/**
 * Issue 27's property test: random sequences of planning-board actions (new routes, orders added,
 * stops moved between routes, stops removed, whole proposals saved, routes cancelled), made by
 * two operators' devices at once against the real server, with lost answers, dropped requests,
 * actions cut off half-way by a closed app, and restarts. After every step the server's day
 * holds the planning's invariants (src/domain/routing/integrity.ts); every few steps, and at the
 * end, the devices settle and hold exactly the server's routes and orders, invariants included.
 */
import { describe, expect, it } from 'vitest';
import { ActionJournal } from '../../src/data/actionJournal';
import {
  ActionError,
  addOrdersToRoute,
  createRouteWithOrders,
  moveStopToRoute,
  removeStop,
  saveDayPlan,
  saveRoute,
  type Actor,
  type ActionEngine,
} from '../../src/data/planning';
import { ValidationFailed, type WriteSet } from '../../src/data/writes';
import type { Order, Route } from '../../src/domain/entities/operation';
import { dayProblems } from '../../src/domain/routing/integrity';
import type { DayPlanResult, DayPlanRoute } from '../../src/domain/routing/day';
import { order, point, TODAY } from '../helpers/fixtures';
import { seedDocs, startTestServer } from '../helpers/server';
import { closeAfterEach, content, createDevice, quiesce, rng, type Device, type Rng } from './harness';

const STEPS = 36;
const DAY = { date: TODAY, hub: 1 };
const actor: Actor = { userId: 'u-operador', role: 'operator' };
const open = closeAfterEach();

const engineOf = (d: Device): ActionEngine => ({ db: d.db, writer: d.writer });

async function local<T>(d: Device, collection: 'orders' | 'routes'): Promise<T[]> {
  return (await d.db[collection].find().exec()).map((x) => x.toJSON() as unknown as T);
}

function plannable(orders: readonly Order[]): Order[] {
  return orders.filter((o) => o.date === TODAY && o.hub === 1 && (o.status === 'pending' || o.status === 'planned'));
}

function editable(routes: readonly Route[]): Route[] {
  return routes.filter((r) => r.date === TODAY && r.hub === 1 && (r.status === 'draft' || r.status === 'planned'));
}

/** A proposal as the optimiser would hand it: the day's plannable orders spread over the editable routes and maybe one new route. */
function randomProposal(r: Rng, routes: readonly Route[], orders: readonly Order[]): DayPlanResult {
  const targets: (string | null)[] = [...editable(routes).map((x) => x.id), ...(r.chance(0.5) ? [null] : [])];
  const byTarget = new Map<string | null, Order[]>(targets.map((t) => [t, []]));
  for (const o of plannable(orders)) {
    if (targets.length === 0 || r.chance(0.2)) continue; // left out
    byTarget.get(r.pick(targets))?.push(o);
  }
  const planRoutes: DayPlanRoute[] = targets.map((id) => {
    const mine = byTarget.get(id) ?? [];
    const points = [...new Set(mine.map((o) => o.delivery_point_id))];
    return {
      route_id: id,
      rider_id: '',
      bike_id: '',
      planned_start: '08:00',
      end: '12:00',
      start_s: 0,
      end_s: 0,
      stops: points.map((p) => ({ delivery_point_id: p, order_ids: mine.filter((o) => o.delivery_point_id === p).map((o) => o.id), eta: '09:00', lock: 'none' })),
      distance_m: 1000,
      duration_s: 0,
      travel_s: 0,
      waiting_s: 0,
      load: { weight_g: 0, volume_ml: 0, boxes: 0 },
      capacity: { weight_g: 0, volume_ml: 0, boxes: 0 },
      warnings: [],
    } as unknown as DayPlanRoute;
  });
  return { routes: planRoutes, unplanned: [], warnings: [], summary: { routes: 0, stops: 0, orders: 0, distance_m: 0, duration_s: 0, travel_s: 0 }, travel: 'estimate' };
}

/** One random board action of `d`, as an operator makes it from what his device shows. */
async function act(d: Device, r: Rng): Promise<string> {
  const engine = engineOf(d);
  const routes = await local<Route>(d, 'routes');
  const orders = await local<Order>(d, 'orders');
  const free = plannable(orders);
  const drafts = editable(routes);
  const some = (xs: readonly Order[]) => [...new Set(Array.from({ length: r.int(1, 3) }, () => r.pick(xs).id))];
  const choice = r.int(0, 5);
  if (choice === 0 && free.length > 0) return `create ${(await createRouteWithOrders(engine, { date: TODAY, hub: 1, orderIds: some(free) }, actor)).id}`;
  if (choice === 1 && free.length > 0 && drafts.length > 0) return `add → ${(await addOrdersToRoute(engine, { routeId: r.pick(drafts).id, orderIds: some(free) }, actor)).id}`;
  if (choice === 2 && drafts.length > 1) {
    const from = r.pick(drafts.filter((x) => x.stops.length > 0).length > 0 ? drafts.filter((x) => x.stops.length > 0) : drafts);
    const to = r.pick(drafts.filter((x) => x.id !== from.id));
    if (from.stops.length === 0) return 'nothing to move';
    await moveStopToRoute(engine, { fromId: from.id, seq: r.int(1, from.stops.length), toId: to.id }, actor);
    return `move ${from.id} → ${to.id}`;
  }
  if (choice === 3 && drafts.some((x) => x.stops.length > 0)) {
    const from = r.pick(drafts.filter((x) => x.stops.length > 0));
    await removeStop(engine, { routeId: from.id, seq: r.int(1, from.stops.length) }, actor);
    return `remove from ${from.id}`;
  }
  if (choice === 4 && drafts.length > 0 && r.chance(0.4)) {
    const x = r.pick(drafts.filter((y) => y.status === 'draft').length > 0 ? drafts.filter((y) => y.status === 'draft') : drafts);
    await saveRoute(engine, { id: x.id, fields: { name: x.name, date: x.date, hub: x.hub, rider_id: x.rider_id, bike_id: x.bike_id, planned_start: x.planned_start, status: 'cancelled', cancel_reason: 'Prueba' } }, actor);
    return `cancel ${x.id}`;
  }
  const written = await saveDayPlan(engine, { date: TODAY, hub: 1, result: randomProposal(r, routes, orders) }, actor);
  return `plan → ${written.join(',')}`;
}

/** The same action, cut off after its journal entry and its first collection: the app is closed there. */
async function actThenDie(d: Device, r: Rng): Promise<string> {
  const writer = d.writer;
  const real = writer.writeAll.bind(writer);
  let captured: WriteSet | null = null;
  writer.writeAll = async (set: WriteSet) => {
    captured = set;
    throw new Error('killed');
  };
  try {
    await act(d, r);
  } catch (err) {
    if (!(err instanceof Error) || err.message !== 'killed') throw err;
  } finally {
    writer.writeAll = real;
  }
  const set = captured as WriteSet | null;
  if (!set) return 'nothing to cut';
  const routes = (set.routes ?? []) as Route[];
  const orders = (set.orders ?? []) as Order[];
  await new ActionJournal(d.appStore).put({ v: 1, id: `cut-${Date.now()}`, at: Date.now(), docs: [['routes', routes.map((x) => ({ ...x, updated_at: Date.now() }))], ['orders', orders.map((x) => ({ ...x, updated_at: Date.now() }))]] });
  if (routes.length > 0) await d.db.routes.bulkUpsert(routes.map((x) => ({ ...x, updated_at: Date.now() })));
  await d.restart();
  return `cut after ${routes.length} routes, restarted`;
}

function serverProblems(server: { store: { docsOfDay(c: 'orders' | 'routes', date: string, hub: number): Record<string, unknown>[] } }) {
  const routes = server.store.docsOfDay('routes', TODAY, 1) as unknown as Route[];
  const orders = server.store.docsOfDay('orders', TODAY, 1) as unknown as Order[];
  return dayProblems(DAY, routes, orders);
}

async function devicesMatchServer(devices: readonly Device[], server: { store: { docsOfDay(c: 'orders' | 'routes', date: string, hub: number): Record<string, unknown>[] } }, log: string[]): Promise<void> {
  const strip = (xs: readonly Record<string, unknown>[]) => xs.map((x) => content(x)).sort((a, b) => String(a.id).localeCompare(String(b.id)));
  const serverRoutes = strip(server.store.docsOfDay('routes', TODAY, 1));
  const serverOrders = strip(server.store.docsOfDay('orders', TODAY, 1));
  for (const d of devices) {
    const routes = (await local<Route>(d, 'routes')).filter((x) => x.date === TODAY && x.hub === 1);
    const orders = (await local<Order>(d, 'orders')).filter((x) => x.date === TODAY && x.hub === 1);
    expect(strip(routes as unknown as Record<string, unknown>[]), `${d.label}'s routes after: ${log.join(' | ')}`).toEqual(serverRoutes);
    expect(strip(orders as unknown as Record<string, unknown>[]), `${d.label}'s orders`).toEqual(serverOrders);
    expect(dayProblems(DAY, routes, orders)).toEqual([]);
  }
}

describe('planning actions, interrupted, raced and lossy, never break the day', () => {
  it.each([1, 2])('seed %i', async (seed) => {
    const server = await startTestServer();
    open.server = server;
    // Twelve pending orders at six points of hub 1.
    const points = ['pa', 'pb', 'pc', 'pd', 'pe', 'pf'];
    seedDocs(server, { delivery_points: points.map((p) => point(p)), orders: Array.from({ length: 12 }, (_, i) => order(`q${i + 1}`, points[i % 6] as string, '', 'pending')) });
    const collections = ['orders', 'routes', 'delivery_points', 'users', 'bikes'] as const;
    const a = await createDevice({ baseUrl: server.url, email: 'operador@cargobici.test', label: 'a', collections, seed: seed * 10 + 1, storage: 'dexie' });
    const b = await createDevice({ baseUrl: server.url, email: 'operador@cargobici.test', label: 'b', collections, seed: seed * 10 + 2, storage: 'dexie' });
    const devices = (open.devices = [a, b]);
    await quiesce(devices, () => server.store.head());
    const r = rng(seed);
    const log: string[] = [];
    const tolerate = (err: unknown): string => {
      if (err instanceof ActionError || err instanceof ValidationFailed) return `refused (${err.message.slice(0, 60)})`;
      throw err;
    };
    for (let step = 1; step <= STEPS; step += 1) {
      const faults = r.chance(0.3);
      for (const d of devices) {
        if (faults) d.net.rates = { drop: 0.15, lostAck: 0.15, duplicate: 0.05, delay: 0.3, maxDelayMs: 40, cutStream: 0.1 };
        else d.net.heal();
      }
      const kind = r.int(0, 9);
      if (kind <= 1) {
        // Both operators save at once, each from what his device shows.
        const [x, y] = await Promise.all([act(a, r).catch(tolerate), act(b, r).catch(tolerate)]);
        log.push(`${step}: a ${x} ‖ b ${y}`);
      } else if (kind === 2) {
        // The app is closed in the middle of an action's write (pushes may be under way too).
        log.push(`${step}: a ${await actThenDie(a, r).catch(tolerate)}`);
      } else {
        const d = r.pick(devices);
        log.push(`${step}: ${d.label} ${await act(d, r).catch(tolerate)}`);
      }
      expect(serverProblems(server), `server after: ${log.join(' | ')}`).toEqual([]);
      if (step % 12 === 0) {
        await quiesce(devices, () => server.store.head());
        await devicesMatchServer(devices, server, log);
      }
    }
    await quiesce(devices, () => server.store.head());
    await devicesMatchServer(devices, server, log);
    // Something was planned at all (the test exercised the board, not only refusals).
    expect(server.store.docsOfDay('routes', TODAY, 1).length).toBeGreaterThan(2);
  });
});
