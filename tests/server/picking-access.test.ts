/**
 * Issue 12: pickers (operators) record picks, picking incidences and picker errors only on the
 * routes of their own hub, and only for orders that travel on that route. Checked on the real
 * server through the sync push.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalCollection } from '../../src/domain/collections';
import { undoEventFor } from '../../src/domain/picking';
import { checkWrite } from '../../src/domain/access/checkWrite';
import type { Pick } from '../../src/domain/entities/events';
import { startTestServer, seedDocs, type TestServer } from '../helpers/server';
import { newDocFor, order, PASSWORD, route, user } from '../helpers/fixtures';

let srv: TestServer;
const tokens = new Map<string, string>();

type Row = Record<string, unknown>;

beforeAll(async () => {
  srv = await startTestServer();
  const op2 = { ...user('u-op-bcn', 'operator', 'op.bcn@cargobici.test', 'Pere Picker'), hub: 2, hubs: [2] };
  const r9 = { ...route('r9', 'u-rider2', [{ point: 'pe3', orders: ['o9'] }], 'picking'), hub: 2 };
  const o9 = { ...order('o9', 'pe3', 'r9', 'picking'), hub: 2 };
  seedDocs(srv, { users: [op2], routes: [r9], orders: [o9] });
  srv.auth.setPassword(op2.id, op2.email, PASSWORD);
  for (const email of ['operador@cargobici.test', 'op.bcn@cargobici.test', 'admin@cargobici.test', 'rider1@cargobici.test']) {
    tokens.set(email, (await srv.login(email)).accessToken);
  }
});
afterAll(async () => {
  await srv.stop();
});

async function create(email: string, collection: LocalCollection, doc: Row): Promise<{ refused: string | undefined; stored: boolean }> {
  const res = await srv.api(`/api/sync/${collection}/push`, { token: tokens.get(email), body: [{ assumedMasterState: null, newDocumentState: { ...doc, _deleted: false } }] });
  expect(res.status).toBe(200);
  const answer = res.body as Row[];
  const stored = srv.store.get(collection, String(doc.id));
  return { refused: answer[0]?._refused as string | undefined, stored: stored !== null && stored._deleted !== true };
}

let n = 0;
function pickOn(userId: string, extra: Row = {}): Row {
  n += 1;
  return { ...newDocFor('picks', userId, n), ...extra };
}
function incidenceOn(userId: string, kind: string, extra: Row = {}): Row {
  n += 1;
  return { ...newDocFor('incidences', userId, n, kind), ...extra };
}

describe('picking events are written only for the routes of the picker’s hub', () => {
  it('the hub-1 operator picks route r1 (hub 1); the hub-2 operator cannot', async () => {
    expect(await create('operador@cargobici.test', 'picks', pickOn('u-operador'))).toEqual({ refused: undefined, stored: true });
    const other = await create('op.bcn@cargobici.test', 'picks', pickOn('u-op-bcn'));
    expect(other.stored).toBe(false);
    expect(other.refused).toMatch(/rutas de tus hubs/);
  });

  it('the hub-2 operator picks his own route r9, not with another hub number on the event', async () => {
    const own = { route_id: 'r9', order_id: 'o9', delivery_point_id: 'pe3', hub: 2 };
    expect(await create('op.bcn@cargobici.test', 'picks', pickOn('u-op-bcn', own))).toEqual({ refused: undefined, stored: true });
    expect((await create('op.bcn@cargobici.test', 'picks', pickOn('u-op-bcn', { ...own, hub: 1 }))).stored).toBe(false);
    expect((await create('operador@cargobici.test', 'picks', pickOn('u-operador', own))).stored).toBe(false);
  });

  it('refuses a pick without a route, on an unknown route, or of an order that travels on another route', async () => {
    for (const extra of [{ route_id: '' }, { route_id: 'r-none' }, { order_id: 'o3' }, { order_id: 'o-missing' }]) {
      const res = await create('operador@cargobici.test', 'picks', pickOn('u-operador', extra));
      expect(res.stored, JSON.stringify(extra)).toBe(false);
      expect(res.refused, JSON.stringify(extra)).toMatch(/rutas de tus hubs/);
    }
  });

  it('picking incidences and picker errors follow the same rule; delivery incidences stay the riders’', async () => {
    expect((await create('operador@cargobici.test', 'incidences', incidenceOn('u-operador', 'picker-product'))).stored).toBe(true);
    expect((await create('operador@cargobici.test', 'incidences', incidenceOn('u-operador', 'picker-error', { type: 'wrong_product', scanned_barcode: '4006381333931' }))).stored).toBe(true);
    expect((await create('op.bcn@cargobici.test', 'incidences', incidenceOn('u-op-bcn', 'picker-product'))).refused).toMatch(/rutas de tus hubs/);
    expect((await create('op.bcn@cargobici.test', 'incidences', incidenceOn('u-op-bcn', 'picker-error'))).stored).toBe(false);
    expect((await create('operador@cargobici.test', 'incidences', incidenceOn('u-operador', 'delivery-product'))).refused).toMatch(/no puede crear/);
  });

  it('incidence follow-up (issue 13): operators of its hub and admins record it; riders may not; never edited', async () => {
    const follow = { type: 'other', follows: 'inc-x', follow_state: 'in_review' };
    expect((await create('operador@cargobici.test', 'incidences', incidenceOn('u-operador', 'follow-up', follow))).stored).toBe(true);
    // Another hub's operator does not (issue 29, finding 6).
    expect((await create('op.bcn@cargobici.test', 'incidences', incidenceOn('u-op-bcn', 'follow-up', follow))).refused).toMatch(/de uno de tus hubs/);
    expect((await create('admin@cargobici.test', 'incidences', incidenceOn('u-admin', 'follow-up', follow))).stored).toBe(true);
    const rider = await create('rider1@cargobici.test', 'incidences', incidenceOn('u-rider1', 'follow-up', follow));
    expect(rider.stored).toBe(false);
    expect(rider.refused).toMatch(/no puede crear/);
    expect((await create('operador@cargobici.test', 'incidences', incidenceOn('u-operador', 'follow-up', { follows: 'inc-x' }))).stored).toBe(false);
    const f = incidenceOn('u-operador', 'follow-up', follow);
    await create('operador@cargobici.test', 'incidences', f);
    const before = srv.store.get('incidences', String(f.id)) as Row;
    const edit = await srv.api('/api/sync/incidences/push', { token: tokens.get('operador@cargobici.test'), body: [{ assumedMasterState: before, newDocumentState: { ...before, follow_state: 'resolved' } }] });
    expect((edit.body as Row[])[0]?._refused).toMatch(/no se modifican/);
  });

  it('an undo is a new event; a pick is never edited; riders do not pick; admins pick anywhere', async () => {
    const p = pickOn('u-operador') as unknown as Pick;
    expect((await create('operador@cargobici.test', 'picks', p as unknown as Row)).stored).toBe(true);
    const undo = undoEventFor(p, { userId: 'u-operador', at: p.at + 1, position: null });
    expect((await create('operador@cargobici.test', 'picks', undo as unknown as Row)).stored).toBe(true);
    const before = srv.store.get('picks', p.id) as Row;
    const edit = await srv.api('/api/sync/picks/push', { token: tokens.get('operador@cargobici.test'), body: [{ assumedMasterState: before, newDocumentState: { ...before, quantity: 1 } }] });
    expect((edit.body as Row[])[0]?._refused).toMatch(/no se modifican/);
    expect((await create('rider1@cargobici.test', 'picks', pickOn('u-rider1'))).stored).toBe(false);
    expect((await create('admin@cargobici.test', 'picks', pickOn('u-admin', { route_id: 'r9', order_id: 'o9', hub: 2 }))).stored).toBe(true);
  });

  it('the scope follows the picker’s profile: moved to hub 1, the same operator may pick r1', async () => {
    const me = srv.store.get('users', 'u-op-bcn') as Row;
    seedDocs(srv, { users: [{ ...me, hub: 1, hubs: [1] }] });
    expect((await create('op.bcn@cargobici.test', 'picks', pickOn('u-op-bcn'))).stored).toBe(true);
    seedDocs(srv, { users: [me] });
  });
});

describe('checkWrite without a way to look documents up', () => {
  it('refuses hub-scoped writes (safe default) and keeps every other rule as it was', () => {
    const base = { role: 'operator' as const, userId: 'u-operador', before: null, ownRouteIds: new Set<string>() };
    expect(checkWrite({ ...base, collection: 'picks', after: newDocFor('picks', 'u-operador', 1) }).ok).toBe(false);
    expect(checkWrite({ ...base, collection: 'bikes', after: newDocFor('bikes', 'u-operador', 1) }).ok).toBe(false);
    expect(checkWrite({ ...base, collection: 'products', after: newDocFor('products', 'u-operador', 1) }).ok).toBe(true);
    const docs: Record<string, Row> = { 'users/u-operador': user('u-operador', 'operator', 'o@x.es'), 'routes/r1': route('r1', '', [], 'picking'), 'orders/o1': order('o1', 'pe1', 'r1') };
    const lookup = (c: LocalCollection, id: string) => docs[`${c}/${id}`] ?? null;
    expect(checkWrite({ ...base, collection: 'picks', after: newDocFor('picks', 'u-operador', 1), lookup }).ok).toBe(true);
    expect(checkWrite({ ...base, collection: 'picks', after: { ...newDocFor('picks', 'u-operador', 1), created_by: 'u-otro' }, lookup }).ok).toBe(false);
    expect(checkWrite({ ...base, collection: 'bikes', after: newDocFor('bikes', 'u-operador', 1), lookup }).ok).toBe(true);
  });
});
