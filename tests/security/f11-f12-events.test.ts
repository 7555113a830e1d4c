/**
 * Finding 11: a rider's event on his own route cannot name an order of another route.
 * Finding 12: riders read only the picks of their own routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, seedDocs, type TestServer } from '../helpers/server';
import { deliveryEvent, newDocFor, order } from '../helpers/fixtures';

type Row = Record<string, unknown>;

let srv: TestServer;
let rider: string;
beforeAll(async () => {
  srv = await startTestServer();
  seedDocs(srv, {
    picks: [
      { ...newDocFor('picks', 'u-operador', 1), id: 'pick-r1', route_id: 'r1', order_id: 'o1', delivery_point_id: 'pe1' },
      { ...newDocFor('picks', 'u-operador', 2), id: 'pick-r2', route_id: 'r2', order_id: 'o3', delivery_point_id: 'pe3' },
      { ...newDocFor('picks', 'u-operador', 3), id: 'pick-none', route_id: '', order_id: 'o4', delivery_point_id: 'pe4' },
    ],
  });
  rider = (await srv.login('rider1@cargobici.test')).accessToken;
});
afterAll(async () => {
  await srv.stop();
});

async function push(collection: string, doc: Row): Promise<Row[]> {
  const res = await srv.api(`/api/sync/${collection}/push`, { token: rider, body: [{ assumedMasterState: null, newDocumentState: { ...doc, _deleted: false } }] });
  expect(res.status).toBe(200);
  return res.body as Row[];
}

describe('finding 11: an event on the rider’s route names an order of that route', () => {
  it('refuses a delivery on route r1 of order o3 (route r2)', async () => {
    const ev = { ...deliveryEvent('dlv-cross', order('o3', 'pe3', 'r2'), 'u-rider1'), route_id: 'r1' };
    const [answer] = await push('deliveries', ev);
    expect(answer?._refused).toMatch(/no pertenece a la ruta/);
    expect(srv.store.get('deliveries', 'dlv-cross')).toBeNull();
  });

  it('refuses a failed delivery of an unplanned order (no route), and one at another delivery point', async () => {
    const unplanned = { ...deliveryEvent('dlv-o4', order('o4', 'pe4', ''), 'u-rider1', 'failed'), route_id: 'r1', reason_status_id: 'st-ausente' };
    expect((await push('deliveries', unplanned))[0]?._refused).toMatch(/no pertenece a la ruta/);
    const elsewhere = { ...deliveryEvent('dlv-o1-pe2', order('o1', 'pe1', 'r1'), 'u-rider1'), delivery_point_id: 'pe2' };
    expect((await push('deliveries', elsewhere))[0]?._refused).toMatch(/no es el del pedido/);
  });

  it('refuses an incidence on his route about another route’s order', async () => {
    const inc = { ...newDocFor('incidences', 'u-rider1', 50), id: 'inc-cross', order_id: 'o3', route_id: 'r1', delivery_point_id: 'pe1' };
    expect((await push('incidences', inc))[0]?._refused).toMatch(/no pertenece a la ruta/);
    expect(srv.store.get('incidences', 'inc-cross')).toBeNull();
  });

  it('accepts the events of his own orders (control)', async () => {
    expect(await push('deliveries', deliveryEvent('dlv-o1-ok', order('o1', 'pe1', 'r1'), 'u-rider1'))).toEqual([]);
    expect(await push('incidences', { ...newDocFor('incidences', 'u-rider1', 51), id: 'inc-ok' })).toEqual([]);
  });
});

describe('finding 12: riders read the picks of their own routes only', () => {
  it('pull gives rider 1 the picks of r1, nothing of r2 or of unplanned orders', async () => {
    const res = await srv.api('/api/sync/picks/pull?limit=2000', { token: rider });
    const ids = (res.body as { documents: Row[] }).documents.filter((d) => d._deleted !== true).map((d) => d.id);
    expect(ids).toEqual(['pick-r1']);
  });

  it('operators still read every pick', async () => {
    const op = (await srv.login('operador@cargobici.test')).accessToken;
    const res = await srv.api('/api/sync/picks/pull?limit=2000', { token: op });
    expect((res.body as { documents: Row[] }).documents.map((d) => d.id).sort()).toEqual(['pick-none', 'pick-r1', 'pick-r2']);
  });
});
