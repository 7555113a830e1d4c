/**
 * Issue 12: two pickers on two tablets pick the same route at once, both offline, then sync.
 * Each tablet is a real client stack (RxDB, outbox, replication) talking to the real server.
 * No pick is lost, none is counted twice: the server holds every event exactly once, both
 * tablets derive the same exact totals, and the route becomes «Preparada» on its own once a
 * tablet holds every event (watchPickingSettlement).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Incidence, Pick } from '../../src/domain/entities/events';
import type { Order, Route } from '../../src/domain/entities/operation';
import { indexPickingEvents, routePickingProgress } from '../../src/domain/picking';
import { recordPick, recordPickingIncidence, routePickingState, undoLastPick, watchPickingSettlement, type ActionEngine, type Actor } from '../../src/data/picking';
import { seedDocs, startTestServer, type TestServer } from '../helpers/server';
import { order, PASSWORD, product, route, user } from '../helpers/fixtures';
import { closeDevices, createDevice, quiesce, rng, serverView, sleep, type Device } from './harness';

let srv: TestServer | null = null;
let devices: Device[] = [];
const stops: (() => void)[] = [];
afterEach(async () => {
  stops.splice(0).forEach((s) => s());
  await closeDevices(devices);
  devices = [];
  await srv?.stop();
  srv = null;
});

const COLLECTIONS = ['orders', 'routes', 'picks', 'incidences', 'products'] as const;

/** Route «rp» of hub 1: 4 stops, 6 orders, 14 lines, 47 units. */
function pickingRoute(): { route: Route; orders: Order[] } {
  const lines: [string, number][][] = [
    [['p1', 4], ['p2', 3]],
    [['p1', 6]],
    [['p2', 2], ['p3', 5], ['p1', 1]],
    [['p3', 8]],
    [['p1', 2], ['p2', 2], ['p3', 2]],
    [['p2', 7], ['p1', 3], ['p3', 1], ['p2', 1]],
  ];
  const orders = lines.map((ls, i) => ({
    ...order(`op${i + 1}`, `pe${(i % 4) + 1}`, 'rp', 'planned'),
    picking_status: 'pending' as const,
    lines: ls.map(([product_id, quantity], j) => ({ line_id: `l${j + 1}`, product_id, name: product_id, quantity, unit_price_cents: 100, tax_id: 'iva-10', tax_rate_bp: 1000, picked_quantity: 0 })),
  }));
  const r = route('rp', 'u-rider1', [{ point: 'pe1', orders: ['op1', 'op5'] }, { point: 'pe2', orders: ['op2', 'op6'] }, { point: 'pe3', orders: ['op3'] }, { point: 'pe4', orders: ['op4'] }], 'planned');
  return { route: r, orders };
}

async function startTwoTablets(): Promise<{ server: TestServer; a: Device; b: Device }> {
  const server = await startTestServer();
  srv = server;
  const { route: r, orders } = pickingRoute();
  const second = user('u-picker2', 'operator', 'picker2@cargobici.test', 'Segunda Picker');
  seedDocs(server, { users: [second], routes: [r], orders, products: [product('p2'), product('p3')] });
  server.auth.setPassword(second.id, second.email, PASSWORD);
  const a = await createDevice({ baseUrl: server.url, email: 'operador@cargobici.test', label: 'tablet-a', collections: COLLECTIONS, seed: 11 });
  const b = await createDevice({ baseUrl: server.url, email: 'picker2@cargobici.test', label: 'tablet-b', collections: COLLECTIONS, seed: 12 });
  devices = [a, b];
  await quiesce(devices, () => server.store.head());
  return { server, a, b };
}

/** Waits for a state (never for a time); fails with `what` if it does not come. */
async function waitFor(what: string, ok: () => boolean, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

const engineOf = (d: Device): ActionEngine => ({ db: d.db, writer: d.writer, queueUpload: async () => undefined });
const actorOf = (d: Device): Actor => ({ userId: d.userId, role: 'operator', hub: 1 });

function serverEvents(server: TestServer): { picks: Pick[]; incidences: Incidence[] } {
  const all = (c: 'picks' | 'incidences') => server.store.pull(c, { id: 'u-admin', scope: 'all' }, 0, 100_000).rows.map((r) => r.doc);
  return { picks: all('picks') as unknown as Pick[], incidences: all('incidences') as unknown as Incidence[] };
}

describe('two tablets picking one route, offline, then syncing', () => {
  it('every event reaches the server exactly once; both tablets and the server agree on exact totals; the route becomes ready', async () => {
    const { server, a, b } = await startTwoTablets();
    for (const d of [a, b]) stops.push(watchPickingSettlement(engineOf(d), actorOf(d), { debounceMs: 10 }));
    // Both lose the Wi-Fi before picking.
    a.net.goOffline(3_600_000);
    b.net.goOffline(3_600_000);

    // Each line is shared between the tablets at random; each picks its share in 1–2 unit picks,
    // sometimes picking one too many and undoing it. One unit of op4 is short (an incidence on A).
    const r = rng(20261122);
    const { orders } = pickingRoute();
    const work: Record<string, { order_id: string; line_id: string; quantity: number }[]> = { a: [], b: [] };
    for (const o of orders) {
      for (const l of o.lines) {
        const left = o.id === 'op4' ? l.quantity - 1 : l.quantity;
        const shareA = r.int(0, left);
        for (const [who, share] of [['a', shareA], ['b', left - shareA]] as const) {
          let s = share;
          while (s > 0) {
            const q = Math.min(s, r.int(1, 2));
            work[who]?.push({ order_id: o.id, line_id: l.line_id, quantity: q });
            s -= q;
          }
        }
      }
    }
    const created = { a: 0, b: 0 };
    const run = async (d: Device, who: 'a' | 'b') => {
      const list = work[who] ?? [];
      for (let i = list.length - 1; i > 0; i -= 1) {
        const j = r.int(0, i);
        [list[i], list[j]] = [list[j] as (typeof list)[number], list[i] as (typeof list)[number]];
      }
      for (const w of list) {
        await recordPick(engineOf(d), { ...w }, actorOf(d));
        created[who] += 1;
        if (r.chance(0.15)) {
          // One too many, taken out again at once (a pick and its undo).
          await recordPick(engineOf(d), { ...w, quantity: 1 }, actorOf(d));
          const undone = await undoLastPick(engineOf(d), { route_id: 'rp', filter: { created_by: d.userId } }, actorOf(d));
          expect(undone?.undone.quantity).toBe(1);
          created[who] += 2;
        }
      }
    };
    await Promise.all([run(a, 'a'), run(b, 'b')]);
    await recordPickingIncidence(engineOf(a), { order_id: 'op4', product_id: 'p3', type: 'missing', quantity: 1 }, actorOf(a));

    // Offline, neither tablet sees the route complete; each sees only its own events.
    for (const d of [a, b]) {
      const s = await routePickingState({ db: d.db }, 'rp');
      expect(s.progress.complete, `${d.label} offline`).toBe(false);
      expect(s.route.status).toBe('picking');
    }
    expect(server.store.count('picks')).toBe(0);

    // Wi-Fi back: sync. A tablet that holds every event settles the route and its orders on its
    // own (watchPickingSettlement); wait for that state on the server, then until nothing changes.
    await quiesce(devices, () => server.store.head(), { timeoutMs: 60_000 });
    const { orders: expectedOrders } = pickingRoute();
    await waitFor('the route and its orders settled on the server', () =>
      server.store.get('routes', 'rp')?.status === 'ready' && expectedOrders.every((o) => server.store.get('orders', o.id)?.status === 'picked'),
    );
    await quiesce(devices, () => server.store.head(), { timeoutMs: 60_000 });

    const events = serverEvents(server);
    const ids = events.picks.map((p) => p.id);
    expect(new Set(ids).size, 'an event stored twice').toBe(ids.length);
    expect(events.picks.length, 'an event lost').toBe(created.a + created.b);
    expect(events.incidences.filter((i) => i.kind === 'picker-product')).toHaveLength(1);

    // Exact totals, derived from the server's events.
    const { route: r0, orders: o0 } = pickingRoute();
    const progress = routePickingProgress(r0, o0, indexPickingEvents(events.picks, events.incidences));
    expect(progress).toMatchObject({ complete: true, units_total: 47, units_picked: 46, units_short: 1, units_over: 0, over_lines: 0, lines_total: 14, lines_done: 14 });
    for (const o of progress.orders) for (const l of o.lines) expect(l.picked + l.short, `${o.order_id}/${l.line_id}`).toBe(l.quantity);

    // The route and its orders moved on their own, and both tablets hold the server's state.
    expect(server.store.get('routes', 'rp')?.status).toBe('ready');
    for (const o of o0) {
      const stored = server.store.get('orders', o.id) as unknown as Order;
      expect(stored.status, o.id).toBe('picked');
      expect(stored.picking_status, o.id).toBe(o.id === 'op4' ? 'incomplete' : 'picked');
      expect(stored.lines.map((l) => l.picked_quantity), o.id).toEqual(o.lines.map((l) => (o.id === 'op4' ? l.quantity - 1 : l.quantity)));
    }
    for (const d of devices) {
      for (const c of ['picks', 'incidences', 'orders', 'routes'] as const) expect(await d.docs(c), `${d.label} ${c}`).toEqual(await serverView(d, c));
      expect(await d.outbox.count(), `${d.label} outbox`).toBe(0);
      expect(d.refusals, `${d.label} refusals`).toEqual([]);
    }
  }, 120_000);

  it('both tablets pick the same line in full: the excess is flagged exactly, and an undo of the other’s pick fixes it', async () => {
    const { server, a, b } = await startTwoTablets();
    a.net.goOffline(3_600_000);
    b.net.goOffline(3_600_000);
    await recordPick(engineOf(a), { order_id: 'op2', line_id: 'l1', quantity: 6 }, actorOf(a));
    await recordPick(engineOf(b), { order_id: 'op2', line_id: 'l1', quantity: 6 }, actorOf(b));
    // Each tablet alone sees the order complete.
    expect((await a.db.orders.findOne('op2').exec())?.status).toBe('picked');
    await quiesce(devices, () => server.store.head(), { timeoutMs: 60_000 });
    for (const d of devices) {
      const s = await routePickingState({ db: d.db }, 'rp');
      const line = s.progress.orders.find((o) => o.order_id === 'op2')?.lines[0];
      expect(line, d.label).toMatchObject({ picked: 12, over: 6, state: 'over' });
    }
    // A takes B's units out of the box: «Deshacer» on the line cancels its latest pick.
    const undone = await undoLastPick(engineOf(a), { route_id: 'rp', filter: { order_id: 'op2', line_id: 'l1' } }, actorOf(a));
    expect(undone?.undone.quantity).toBe(6);
    await quiesce(devices, () => server.store.head(), { timeoutMs: 60_000 });
    const events = serverEvents(server);
    expect(events.picks).toHaveLength(3);
    for (const d of devices) {
      const s = await routePickingState({ db: d.db }, 'rp');
      expect(s.progress.orders.find((o) => o.order_id === 'op2')?.lines[0], d.label).toMatchObject({ picked: 6, over: 0, state: 'picked' });
    }
  }, 120_000);
});
