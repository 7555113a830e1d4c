/**
 * Finding 1 (High): a push answer must carry only what the pushing user may read. A refused or
 * conflicting write of a document outside his read scope comes back as a bare refusal (id,
 * _deleted, _refused), and his values never reach the admins' conflict log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, seedDocs, type TestServer } from '../helpers/server';
import { deliveryEvent, newDocFor, order } from '../helpers/fixtures';
import { closeAfterEach, createDevice, quiesce } from '../sync/harness';
import { bodyKeys } from './helpers';

type Row = Record<string, unknown>;

let srv: TestServer;
let rider: string;
beforeAll(async () => {
  srv = await startTestServer();
  // Documents of rider 2 (route r2) that rider 1 may not read.
  seedDocs(srv, {
    payments: [{ ...newDocFor('payments', 'u-rider2', 1), id: 'pay-o3', order_id: 'o3', route_id: 'r2', rider_id: 'u-rider2' }],
    deliveries: [{ ...deliveryEvent('dlv-o3', order('o3', 'pe3', 'r2'), 'u-rider2') }],
    receipts: [{ ...newDocFor('receipts', 'u-rider2', 1), id: 'rcp-r2', route_id: 'r2', rider_id: 'u-rider2', created_by: 'u-rider2' }],
    incidences: [{ ...newDocFor('incidences', 'u-rider2', 1), id: 'inc-o3', order_id: 'o3', route_id: 'r2', delivery_point_id: 'pe3', created_by: 'u-rider2' }],
  });
  rider = (await srv.login('rider1@cargobici.test')).accessToken;
});
afterAll(async () => {
  await srv.stop();
});

async function push(collection: string, rows: unknown[]): Promise<Row[]> {
  const res = await srv.api(`/api/sync/${collection}/push`, { token: rider, body: rows });
  expect(res.status).toBe(200);
  return res.body as Row[];
}

const FOREIGN: [string, string][] = [
  ['users', 'u-admin'],
  ['users', 'u-rider2'],
  ['orders', 'o3'],
  ['orders', 'o4'],
  ['delivery_points', 'pe3'],
  ['routes', 'r2'],
  ['payments', 'pay-o3'],
  ['deliveries', 'dlv-o3'],
  ['receipts', 'rcp-r2'],
  ['incidences', 'inc-o3'],
];

describe('finding 1: push answers leak nothing outside the read scope', () => {
  it.each(FOREIGN)('a refused create over %s «%s» answers a bare refusal', async (collection, id) => {
    const [answer] = await push(collection, [{ assumedMasterState: null, newDocumentState: { id } }]);
    expect(answer?.id).toBe(id);
    expect(answer?._deleted).toBe(true);
    expect(answer?._refused).toMatch(/No tienes acceso/);
    expect(bodyKeys(answer), JSON.stringify(answer)).toEqual([]);
  });

  it.each(FOREIGN)('a conflicting write of %s «%s» answers a bare refusal and logs nothing of the rider', async (collection, id) => {
    const stored = srv.store.get(collection as never, id) as Row;
    const stale = { ...stored, updated_at: 1 };
    const mine = { ...stored, updated_at: 2, notes: 'del rider', note: 'del rider', name: 'del rider' };
    const before = srv.store.conflicts().length;
    const [answer] = await push(collection, [{ assumedMasterState: stale, newDocumentState: mine }]);
    expect(bodyKeys(answer), JSON.stringify(answer)).toEqual([]);
    expect(answer?._refused).toMatch(/No tienes acceso/);
    expect(srv.store.conflicts().length).toBe(before);
    expect(JSON.stringify(srv.store.conflicts())).not.toContain('del rider');
    expect(srv.store.get(collection as never, id)).toEqual(stored);
  });

  it('an exact copy of a foreign document is refused too (no way to confirm a guess)', async () => {
    const stored = srv.store.get('users', 'u-admin') as Row;
    const [answer] = await push('users', [{ assumedMasterState: null, newDocumentState: stored }]);
    expect(answer?._refused).toMatch(/No tienes acceso/);
    expect(bodyKeys(answer)).toEqual([]);
  });

  it('a refused write of a document he may read still answers the server state', async () => {
    const r1 = srv.store.get('routes', 'r1') as Row;
    const [answer] = await push('routes', [{ assumedMasterState: r1, newDocumentState: { ...r1, name: 'Mía' } }]);
    expect(answer?.name).toBe('Ruta r1');
    expect(answer?._refused).toMatch(/otros datos/);
  });
});

describe('finding 1: the device ends with nothing it may not read', () => {
  const open = closeAfterEach();

  it('a change of a route taken away while offline is refused and the route leaves the device', async () => {
    const s = await startTestServer();
    open.server = s;
    const dev = await createDevice({ baseUrl: s.url, email: 'rider1@cargobici.test', label: 'rider', collections: ['routes', 'orders'], seed: 3 });
    const devices = (open.devices = [dev]);
    await quiesce(devices, () => s.store.head());
    expect((await dev.docs('routes')).map((d) => d.id)).toEqual(['r1']);

    dev.net.goOffline(600_000);
    await dev.writer.patch('routes', 'r1', { status: 'loaded' });
    await dev.writer.patch('orders', 'o1', { status: 'out_for_delivery' });
    // Meanwhile the operator gives the route and its orders to rider 2.
    const op = await s.login('operador@cargobici.test');
    const r1 = s.store.get('routes', 'r1') as Row;
    const moved = await s.api('/api/sync/routes/push', { token: op.accessToken, body: [{ assumedMasterState: r1, newDocumentState: { ...r1, rider_id: 'u-rider2', updated_at: 5 } }] });
    expect(moved.body).toEqual([]);

    await quiesce(devices, () => s.store.head());
    expect(await dev.docs('routes')).toEqual([]);
    expect(await dev.docs('orders')).toEqual([]);
    expect(dev.refusals.map((r) => r.collection).sort()).toEqual(['orders', 'routes']);
    expect(await dev.outbox.count()).toBe(0);
    expect(s.store.get('routes', 'r1')?.status).toBe('ready');
  }, 30_000);
});
