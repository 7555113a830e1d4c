/**
 * Issue 29, finding 4: a document that leaves a rider's scope reaches him once as a bare
 * tombstone (its id and the deleted flag, none of its fields), and nothing more of it after: a
 * later change does not reach him, neither by pull nor by the change stream. A device that pulls
 * again from before the tombstone (its answer was lost) gets the tombstone again; a document that
 * comes back into his scope comes in full. On a real device, the tombstone deletes its copy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredDoc } from '../../server/store';
import type { SyncDoc } from '../../src/backend/types';
import { startTestServer, type TestServer } from '../helpers/server';
import { closeAfterEach, createDevice, quiesce } from '../sync/harness';

let srv: TestServer;
let rider1 = '';

interface Pull {
  documents: SyncDoc[];
  checkpoint: { seq: number };
}

async function pull(token: string, since = 0): Promise<Pull> {
  const res = await srv.api(`/api/sync/orders/pull?checkpoint=${since}&limit=100`, { token });
  expect(res.status).toBe(200);
  return res.body as Pull;
}

/** A write of the server (an operator's move; the push rules are not what this finding is about). */
function write(id: string, patch: Record<string, unknown>): void {
  const current = srv.store.get('orders', id) as StoredDoc;
  srv.store.transaction(() => srv.store.put('orders', { ...current, ...patch, _deleted: false }));
  srv.sync.notify(new Set(['orders']));
}

beforeAll(async () => {
  srv = await startTestServer();
  rider1 = (await srv.login('rider1@cargobici.test')).accessToken;
});
afterAll(async () => {
  await srv.stop();
});

describe('finding 4: a document that leaves a scope', () => {
  it('is sent once as a bare tombstone, and nothing more of it after', async () => {
    const first = await pull(rider1);
    expect(first.documents.map((d) => d.id).sort()).toEqual(['o1', 'o2']);

    // o1 moves to rider2's route, with notes he must not read.
    write('o1', { route_id: 'r2', notes: 'X' });
    const gone = await pull(rider1, first.checkpoint.seq);
    expect(gone.documents).toEqual([{ id: 'o1', _deleted: true }]);

    // A later change of it: no pull brings it, the stream has nothing to tell him.
    write('o1', { notes: 'Y' });
    const after = await pull(rider1, gone.checkpoint.seq);
    expect(after.documents).toEqual([]);
    const user = { id: 'u-rider1', role: 'rider' as const };
    expect(srv.sync.changedSince(user, 'orders', gone.checkpoint.seq)).toBeNull();

    // The tombstone's answer was lost: pulled again from before it, it is the tombstone again.
    const again = await pull(rider1, first.checkpoint.seq);
    expect(again.documents).toEqual([{ id: 'o1', _deleted: true }]);
    // A new device of his, from the beginning: his order o2, and o1 as a tombstone at most.
    const fresh = await pull(rider1);
    for (const d of fresh.documents) if (d.id === 'o1') expect(d).toEqual({ id: 'o1', _deleted: true });
    expect(JSON.stringify(fresh.documents)).not.toContain('"Y"');
    expect(JSON.stringify([gone, after, again])).not.toMatch(/"X"|"Y"|"r2"/);

    // Back on his route: it comes in full, and its changes follow again.
    write('o1', { route_id: 'r1', notes: 'Z' });
    const back = await pull(rider1, after.checkpoint.seq);
    expect(back.documents).toMatchObject([{ id: 'o1', route_id: 'r1', notes: 'Z', _deleted: false }]);
    write('o1', { route_id: 'r2', notes: 'W' });
    const goneAgain = await pull(rider1, back.checkpoint.seq);
    expect(goneAgain.documents).toEqual([{ id: 'o1', _deleted: true }]);
    write('o1', { route_id: 'r1', notes: '' });
  });

  const open = closeAfterEach();
  it('deletes the copy on the rider’s device (a real client stack)', async () => {
    const server = await startTestServer();
    open.server = server;
    const device = await createDevice({ baseUrl: server.url, email: 'rider1@cargobici.test', label: 'tombstone', collections: ['orders'], seed: 29 });
    open.devices = [device];
    await quiesce([device], () => server.store.head());
    expect((await device.docs('orders')).map((d) => d.id)).toEqual(['o1', 'o2']);
    const o1 = server.store.get('orders', 'o1') as StoredDoc;
    server.store.transaction(() => server.store.put('orders', { ...o1, route_id: 'r2', notes: 'X' }));
    server.sync.notify(new Set(['orders']));
    await quiesce([device], () => server.store.head());
    expect((await device.docs('orders')).map((d) => d.id)).toEqual(['o2']);
    expect(device.errors).toEqual([]);
  });
});
