/**
 * Issue 27 on the embedded server: the routes' stops own the order ↔ route relation. The server
 * derives each order's route link in the transaction that stores the route, never takes a
 * device's own value for it, and refuses whole a push of routes that would break the day's
 * invariants (src/domain/routing/integrity.ts) — with the reason, storing nothing of it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dayProblems } from '../../src/domain/routing/integrity';
import type { Order, Route } from '../../src/domain/entities/operation';
import { order, route, TODAY } from '../helpers/fixtures';
import { seedDocs, startTestServer, type TestServer } from '../helpers/server';

let srv: TestServer;
let token: string;
type Row = Record<string, unknown>;

beforeEach(async () => {
  srv = await startTestServer();
  token = (await srv.login('operador@cargobici.test')).accessToken;
  seedDocs(srv, { orders: [order('o5', 'pe1', '', 'pending'), order('o6', 'pe2', '', 'pending')] });
});
afterEach(async () => {
  await srv.stop();
});

const get = (collection: 'orders' | 'routes', id: string) => srv.store.get(collection, id) as (Row & { _deleted: boolean }) | null;
async function push(collection: string, rows: { before: Row | null; after: Row }[]) {
  const res = await srv.api(`/api/sync/${collection}/push`, { token, body: rows.map((r) => ({ assumedMasterState: r.before, newDocumentState: r.after })) });
  expect(res.status).toBe(200);
  return res.body as (Row & { _refused?: string })[];
}
function invariantsHold(): void {
  const routes = srv.store.docsOfDay('routes', TODAY, 1) as unknown as Route[];
  const orders = srv.store.docsOfDay('orders', TODAY, 1) as unknown as Order[];
  expect(dayProblems({ date: TODAY, hub: 1 }, routes, orders)).toEqual([]);
}
const draft = (id: string, stops: { point: string; orders: string[] }[]) => ({ ...route(id, '', stops, 'draft'), updated_at: Date.now() });

describe('the server keeps orders in step with the routes that list them', () => {
  it('a route that lists an order makes it «En ruta» on that route; taking it off makes it «Pendiente» again', async () => {
    invariantsHold();
    const d1 = draft('d1', [{ point: 'pe1', orders: ['o4', 'o5'] }]);
    expect(await push('routes', [{ before: null, after: d1 }])).toEqual([]);
    expect(get('orders', 'o4')).toMatchObject({ route_id: 'd1', status: 'planned' });
    expect(get('orders', 'o5')).toMatchObject({ route_id: 'd1', status: 'planned' });
    invariantsHold();
    const stored = get('routes', 'd1') as Row;
    const next = { ...d1, stops: [{ seq: 1, delivery_point_id: 'pe1', order_ids: ['o5'], eta: '10:00' }], updated_at: Date.now() + 1 };
    expect(await push('routes', [{ before: stored, after: next }])).toEqual([]);
    expect(get('orders', 'o4')).toMatchObject({ route_id: '', status: 'pending' });
    expect(get('orders', 'o5')).toMatchObject({ route_id: 'd1', status: 'planned' });
    invariantsHold();
  });

  it('a cancelled route lets its planned orders go', async () => {
    const d1 = draft('d1', [{ point: 'pe1', orders: ['o4'] }]);
    await push('routes', [{ before: null, after: d1 }]);
    const stored = get('routes', 'd1') as Row;
    expect(await push('routes', [{ before: stored, after: { ...stored, status: 'cancelled', cancel_reason: 'Lluvia', updated_at: Date.now() + 1 } }])).toEqual([]);
    expect(get('orders', 'o4')).toMatchObject({ route_id: '', status: 'pending' });
    invariantsHold();
  });

  it('moves an order between two drafts in one push, whichever row comes first', async () => {
    const a = draft('da', [{ point: 'pe1', orders: ['o4', 'o5'] }]);
    const b = draft('db', [{ point: 'pe2', orders: ['o6'] }]);
    await push('routes', [{ before: null, after: a }, { before: null, after: b }]);
    const [sa, sb] = [get('routes', 'da') as Row, get('routes', 'db') as Row];
    // «db» (gains o5) is written before «da» (loses it).
    const a2 = { ...sa, stops: [{ seq: 1, delivery_point_id: 'pe1', order_ids: ['o4'], eta: '10:00' }], updated_at: Date.now() + 2 };
    const b2 = { ...sb, stops: [{ seq: 1, delivery_point_id: 'pe2', order_ids: ['o6'], eta: '10:00' }, { seq: 2, delivery_point_id: 'pe1', order_ids: ['o5'], eta: '11:00' }], updated_at: Date.now() + 2 };
    expect(await push('routes', [{ before: sb, after: b2 }, { before: sa, after: a2 }])).toEqual([]);
    expect(get('orders', 'o5')).toMatchObject({ route_id: 'db', status: 'planned' });
    invariantsHold();
  });

  it('refuses whole a push that would put an order on two routes: nothing of it is stored, every row says why', async () => {
    const a = draft('da', [{ point: 'pe1', orders: ['o4'] }]);
    await push('routes', [{ before: null, after: a }]);
    const ok = draft('dok', [{ point: 'pe2', orders: ['o6'] }]);
    const thief = draft('dthief', [{ point: 'pe1', orders: ['o4', 'o5'] }]);
    const answer = await push('routes', [{ before: null, after: ok }, { before: null, after: thief }]);
    expect(answer).toHaveLength(2);
    for (const row of answer) {
      expect(row._deleted).toBe(true);
      expect(row._refused).toMatch(/^No se guardó el plan: El pedido «P-o4» está en más de una ruta/);
    }
    expect(get('routes', 'dok')).toBeNull();
    expect(get('routes', 'dthief')).toBeNull();
    expect(get('orders', 'o6')).toMatchObject({ route_id: '', status: 'pending' });
    expect(get('orders', 'o5')).toMatchObject({ route_id: '', status: 'pending' });
    expect(get('orders', 'o4')).toMatchObject({ route_id: 'da', status: 'planned' });
    invariantsHold();
  });

  it('refuses a route that takes an order of a route past planning', async () => {
    const thief = draft('dthief', [{ point: 'pe1', orders: ['o1'] }]);
    const [row] = await push('routes', [{ before: null, after: thief }]);
    expect(row?._refused).toMatch(/P-o1/);
    expect(get('orders', 'o1')).toMatchObject({ route_id: 'r1', status: 'picked' });
  });

  it('never takes a device’s own route link for an order: the routes decide', async () => {
    const o4 = get('orders', 'o4') as Row;
    const [answer] = await push('orders', [{ before: o4, after: { ...o4, route_id: 'r1', status: 'planned', notes: 'Llamar antes', updated_at: Date.now() } }]);
    expect(answer).toMatchObject({ id: 'o4', route_id: '', status: 'pending', notes: 'Llamar antes' });
    expect(get('orders', 'o4')).toMatchObject({ route_id: '', status: 'pending', notes: 'Llamar antes' });
    invariantsHold();
  });

  it('a day already broken by older data can still be saved; the save may not break it further', async () => {
    // Written before the check existed: o5 «En ruta» on a route that does not list it.
    seedDocs(srv, { orders: [{ ...order('o5', 'pe1', 'r-gone', 'planned') }] });
    const d1 = draft('d1', [{ point: 'pe2', orders: ['o6'] }]);
    expect(await push('routes', [{ before: null, after: d1 }])).toEqual([]);
    expect(get('orders', 'o6')).toMatchObject({ route_id: 'd1', status: 'planned' });
  });
});
