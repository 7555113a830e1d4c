/**
 * A server restart in the middle of a sync loses nothing: a rider's device has 200 delivery
 * events queued and an operator's device a series of order changes; the server stops while
 * their pushes are under way (some committed but never acknowledged, some never received) and
 * a new server starts on the same port with the same data. After quiescence every write is on
 * the server exactly once and the devices equal the server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../src/domain/entities/operation';
import type { DeliveryEvent } from '../../src/domain/entities/events';
import type { LocalCollection } from '../../src/domain/collections';
import { startTestServer, type TestServer } from '../helpers/server';
import { deliveryEvent, route } from '../helpers/fixtures';
import { checkpointRegressions, closeDevices, content, createDevice, quiesce, serverView, sleep, type Device } from './harness';

const EVENTS = 200;
const COLLECTIONS: readonly LocalCollection[] = ['orders', 'deliveries'];

let servers: TestServer[] = [];
let devices: Device[] = [];
afterEach(async () => {
  await closeDevices(devices);
  devices = [];
  for (const s of servers.reverse()) await s.stop().catch(() => undefined);
  servers = [];
});

async function waitFor(what: string, ok: () => boolean, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(2);
  }
}

describe('server restart during sync', () => {
  it('loses and doubles nothing when the server stops mid-push and restarts on the same data', async () => {
    const first = await startTestServer();
    servers.push(first);
    const port = Number(new URL(first.url).port);
    const rider = await createDevice({ baseUrl: first.url, email: 'rider1@cargobici.test', label: 'rider', collections: COLLECTIONS, seed: 1, pushBatchSize: 10 });
    const op = await createDevice({ baseUrl: first.url, email: 'operador@cargobici.test', label: 'op', collections: COLLECTIONS, seed: 2, pushBatchSize: 2 });
    devices = [rider, op];
    await quiesce(devices, () => first.store.head());

    // Both devices work offline: everything queues locally.
    for (const d of devices) d.net.goOffline(Number.POSITIVE_INFINITY);
    const o1 = (await rider.db.orders.findOne('o1').exec())?.toJSON() as unknown as Order;
    const o2 = (await rider.db.orders.findOne('o2').exec())?.toJSON() as unknown as Order;
    const events: DeliveryEvent[] = [];
    for (let i = 0; i < EVENTS; i += 1) {
      const ev: DeliveryEvent = { ...deliveryEvent(`ev-restart-${i}`, i % 2 === 0 ? o1 : o2, 'u-rider1', i % 3 === 0 ? 'partial' : 'delivered'), note: `entrega ${i}` };
      await rider.writer.insert('deliveries', ev);
      events.push(ev);
    }
    const lastNotes = new Map<string, string>();
    for (let i = 0; i < 30; i += 1) {
      const id = ['o1', 'o2', 'o3', 'o4'][i % 4] as string;
      await op.writer.patch('orders', id, { notes: `nota ${i}` });
      lastNotes.set(id, `nota ${i}`);
    }
    expect(await rider.outbox.count()).toBe(EVENTS);

    // Back online. After a few pushes were answered, the server goes down: answers still on
    // their way are lost (committed, never acknowledged) and later requests find no server.
    let answered = 0;
    let stopping: Promise<void> | null = null;
    for (const d of devices) {
      d.net.beforeAnswer = async (method, path) => {
        if (method !== 'POST' || !path.endsWith('/push')) return;
        answered += 1;
        if (answered === 4) stopping = first.stop({ keepData: true });
        if (answered >= 4) throw new TypeError('fetch failed (server went down)');
      };
      d.net.heal();
    }
    await waitFor('the server to stop mid-sync', () => stopping !== null);
    await stopping;
    const storedBefore = first.store.db.open ? -1 : 0;
    expect(storedBefore, 'the first server closed its database').toBe(0);

    // The devices keep retrying against nothing: wait until each has tried again (and failed)
    // after the stop, so the retries really met a missing server.
    // (A device whose pushes all went through before the stop still reconnects its stream.)
    const tries = (d: Device) => d.net.stats.requests + d.net.stats.streams;
    const triedBefore = devices.map(tries);
    await waitFor('every device to retry against the stopped server', () => devices.every((d, i) => tries(d) >= (triedBefore[i] ?? 0) + 2));
    for (const d of devices) d.net.beforeAnswer = null;
    const second = await startTestServer({ port, dataDir: first.dataDir, fixture: 'none' });
    servers.push(second);
    expect(second.url).toBe(first.url);
    const partial = second.store.count('deliveries');
    expect(partial, 'the stop should land in the middle of the pushes').toBeLessThan(EVENTS);

    await quiesce(devices, () => second.store.head());

    // Every event exactly once, unchanged.
    const stored = second.store.db.prepare("SELECT id FROM docs WHERE collection = 'deliveries'").all() as { id: string }[];
    expect(stored.map((s) => s.id).sort()).toEqual(events.map((e) => e.id).sort());
    for (const ev of events) {
      const doc = second.store.get('deliveries', ev.id);
      expect(doc ? content(doc) : null, `event ${ev.id}`).toEqual(content(ev as unknown as Record<string, unknown>));
    }
    // The operator's last change of each order is the server's.
    for (const [id, notes] of lastNotes) expect(second.store.get('orders', id)?.notes, `notes of ${id}`).toBe(notes);
    // Nobody else wrote: no conflicts, no refusals.
    expect(second.store.conflicts()).toEqual([]);
    for (const d of devices) expect(d.refusals, `${d.label} refusals`).toEqual([]);
    // The devices equal the server, nothing is pending and checkpoints never went back.
    for (const d of devices) {
      for (const c of COLLECTIONS) expect(await d.docs(c), `${d.label}/${c} differs from the server`).toEqual(await serverView(d, c));
      expect(await d.outbox.count(), `${d.label} outbox`).toBe(0);
      expect(checkpointRegressions(d), `${d.label} checkpoints`).toEqual([]);
    }
  }, 240_000);

  it('never hands out a checkpoint a restarted server would reuse (rolled-back push, stop at a missing point)', async () => {
    const first = await startTestServer();
    servers.push(first);
    const port = Number(new URL(first.url).port);
    const { accessToken } = await first.login('operador@cargobici.test');
    const o1 = first.store.get('orders', 'o1');
    // One good row and one without an id: the whole push is refused and rolled back.
    const bad = await first.api('/api/sync/orders/push', {
      token: accessToken,
      body: [{ assumedMasterState: o1, newDocumentState: { ...o1, notes: 'no llega' } }, { newDocumentState: { notes: 'sin id' } }],
    });
    expect(bad.status).toBe(400);
    expect(first.store.get('orders', 'o1')?.notes).toBe('');
    // A new route (no orders on it yet) whose stop names a delivery point not created yet.
    const planned = await first.api('/api/sync/routes/push', {
      token: accessToken,
      body: [{ assumedMasterState: null, newDocumentState: { ...route('r3', 'u-rider2', [{ point: 'pe-nueva', orders: ['o4'] }], 'draft'), _deleted: false } }],
    });
    expect(planned.body).toEqual([]);
    const page = (await first.api('/api/sync/orders/pull?limit=500', { token: accessToken })).body as { checkpoint: { seq: number } };
    await first.stop({ keepData: true });

    const second = await startTestServer({ port, dataDir: first.dataDir, fixture: 'none' });
    servers.push(second);
    const current = second.store.get('orders', 'o1');
    // Node's fetch may first try a kept-alive socket of the stopped server: retry like a client.
    const push = () => second.api('/api/sync/orders/push', { token: accessToken, body: [{ assumedMasterState: current, newDocumentState: { ...current, notes: 'llega' } }] });
    const ok = await push().catch(push);
    expect(ok.body).toEqual([]);
    const next = (await second.api(`/api/sync/orders/pull?limit=500&checkpoint=${page.checkpoint.seq}`, { token: accessToken })).body as {
      documents: { id: string; notes: string }[];
    };
    expect(
      next.documents.map((d) => [d.id, d.notes]),
      'a change made after the restart is invisible to a device that pulled before it',
    ).toEqual([['o1', 'llega']]);
  }, 120_000);
});
