/**
 * Holding the replication while a bulk write runs (the import): nothing of the held collection
 * goes out while held, the outbox keeps every write (the badge can never say «synced»), and
 * once released everything written meanwhile reaches the server and the outbox empties. A
 * collection that is not held keeps syncing.
 */
import { describe, expect, it } from 'vitest';
import { order } from '../helpers/fixtures';
import { startTestServer } from '../helpers/server';
import { closeAfterEach, createDevice, quiesce, serverView } from './harness';

const open = closeAfterEach();

const ids = (docs: readonly Record<string, unknown>[]): string[] => docs.map((d) => String(d.id));

describe('ReplicationHandle.hold', () => {
  it('sends nothing of a held collection until released, then everything written meanwhile', async () => {
    const server = await startTestServer();
    open.server = server;
    const a = await createDevice({ baseUrl: server.url, email: 'operador@cargobici.test', label: 'hold', collections: ['orders', 'delivery_points'], seed: 7, pushBatchSize: 2 });
    const devices = (open.devices = [a]);
    await quiesce(devices, () => server.store.head());

    const release = a.replication.hold(['orders']);
    const fresh = ['h1', 'h2', 'h3', 'h4', 'h5'].map((id) => order(id, 'pe1', '', 'pending'));
    const written = await a.writer.insertMany('orders', fresh);
    expect(written.failed).toEqual([]);
    // A point written meanwhile is not held: the states of the other collections carry on.
    await a.writer.patch('delivery_points', 'pe2', { notes: 'Timbre roto' });

    // In sync is not reached while a collection is held: the replication waits for the release.
    let inSync = false;
    const synced = a.replication.awaitInSync().then(() => {
      inSync = true;
    });
    // The point's push answered proves the (unheld) replication ran meanwhile.
    for (;;) {
      const points = await serverView(a, 'delivery_points');
      if (points.find((p) => p.id === 'pe2')?.notes === 'Timbre roto') break;
      await new Promise((ok) => setTimeout(ok, 20));
    }
    expect(ids(await serverView(a, 'orders')).filter((id) => id.startsWith('h'))).toEqual([]);
    expect(inSync).toBe(false);
    expect((await a.outbox.list()).map((i) => i.key).filter((k) => k.startsWith('orders:h')).sort()).toEqual(fresh.map((o) => `orders:${o.id}`));

    release();
    release(); // a second call is harmless
    await synced;
    expect(ids(await serverView(a, 'orders')).filter((id) => id.startsWith('h'))).toEqual(['h1', 'h2', 'h3', 'h4', 'h5']);
    expect(await a.outbox.count()).toBe(0);
  });

  it('holds nest: the collection stays held until the last hold is released', async () => {
    const server = await startTestServer();
    open.server = server;
    const a = await createDevice({ baseUrl: server.url, email: 'operador@cargobici.test', label: 'nest', collections: ['orders'], seed: 8 });
    const devices = (open.devices = [a]);
    await quiesce(devices, () => server.store.head());
    const first = a.replication.hold(['orders']);
    const second = a.replication.hold(['orders']);
    await a.writer.insertMany('orders', [order('n1', 'pe1', '', 'pending')]);
    first();
    expect(a.replication.states.get('orders')?.isPaused()).toBe(true);
    second();
    await a.replication.awaitInSync();
    expect(ids(await serverView(a, 'orders'))).toContain('n1');
    expect(a.replication.states.get('orders')?.isPaused()).toBe(false);
  });
});
