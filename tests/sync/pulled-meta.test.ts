/**
 * A pulled document whose base the app did not store before it was closed (a reload during the
 * first sync: RxDB writes the document, then its base, and its upstream may pass it in between;
 * src/data/pulledMeta.ts). The next change made on the device must still go out on the state it
 * pulled, and the server must keep it — CI once saw a rider's failed deliveries come back
 * «Preparado» because such a change went out with no base.
 */
import { expect, it } from 'vitest';
import { order } from '../helpers/fixtures';
import { seedDocs, startTestServer } from '../helpers/server';
import { closeAfterEach, createDevice, quiesce, sleep } from './harness';

const open = closeAfterEach();

interface Internal {
  downstreamBulkWriteFlag: Promise<string>;
  input: {
    forkInstance: { bulkWrite(rows: { document: Record<string, unknown> }[], context: string): Promise<{ error: unknown[] }> };
    metaInstance: { findDocumentsById(ids: string[], withDeleted: boolean): Promise<{ checkpointData?: { id?: string } }[]> };
  };
}

it('a change to a pulled order that lost its base before the app closed reaches the server on that base', async () => {
  const server = await startTestServer();
  open.server = server;
  const op = await createDevice({ baseUrl: server.url, email: 'operador@cargobici.test', label: 'op', collections: ['orders'], seed: 7, storage: 'dexie' });
  open.devices = [op];
  await quiesce([op], () => server.store.head());

  // A new order reaches the server; the device stores it as its pull would, and the app closes
  // before RxDB stores its base: the document is written in the downstream's name (the upstream
  // skips it and moves its checkpoint past it) and its base never is.
  op.net.goOffline(Number.POSITIVE_INFINITY);
  seedDocs(server, { orders: [order('o-new', 'pe1', 'r1')] });
  const pulled = server.store.get('orders', 'o-new') as Record<string, unknown>;
  const internal = (op.replication.states.get('orders') as unknown as { internalReplicationState: Internal }).internalReplicationState;
  const doc = Object.fromEntries(Object.entries(pulled).filter(([k]) => !k.startsWith('_') || k === '_deleted'));
  const written = await internal.input.forkInstance.bulkWrite([{ document: { ...doc, _meta: { lwt: Date.now() }, _rev: '', _attachments: {} } }], await internal.downstreamBulkWriteFlag);
  expect(written.error).toEqual([]);
  for (;;) {
    const [up] = await internal.input.metaInstance.findDocumentsById(['up|1'], false);
    if (up?.checkpointData?.id === 'o-new') break;
    await sleep(5);
  }
  await op.restart();
  expect(await op.replication.repaired(), 'pulled documents given back their base').toBe(1);
  await quiesce([op], () => server.store.head());

  await op.writer.patch('orders', 'o-new', { notes: 'Llamar al timbre 2' });
  await op.writer.patch('orders', 'o-new', { status: 'cancelled' });
  await quiesce([op], () => server.store.head());

  const pushes = op.trace.filter((line) => line.startsWith('push#') && line.includes(' orders o-new@'));
  expect(pushes.length, op.trace.join('\n')).toBeGreaterThan(0);
  for (const line of pushes) expect(line, 'pushed on the state it pulled').not.toMatch(/<null/);
  const stored = server.store.get('orders', 'o-new') as Record<string, unknown>;
  expect({ notes: stored.notes, status: stored.status }).toEqual({ notes: 'Llamar al timbre 2', status: 'cancelled' });
  expect(server.store.conflicts().filter((c) => c.doc_id === 'o-new')).toEqual([]);
});
