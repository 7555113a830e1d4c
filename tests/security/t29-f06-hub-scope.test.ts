/**
 * Issue 29, finding 6: an operator (and a hub picker, who signs in as one) wrote anywhere:
 * `operador.bcn` changed the unit price of a Madrid order, gave another hub's route to his rider
 * and made a proof link for a Madrid order. Now an operator writes only in his hub (his `hub`;
 * 0 is none) and reads across hubs; admins write everywhere. The same cases run against the
 * Firestore rules in tests/firebase/hub-scope.test.ts and, as rows of the shared table, in
 * tests/shared/writeCases.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredDoc } from '../../server/store';
import { t } from '../../src/i18n';
import { deliveryEvent, order, point, PASSWORD, route, T0, user } from '../helpers/fixtures';
import { seedDocs, startTestServer, type TestServer } from '../helpers/server';

type Row = Record<string, unknown>;

let srv: TestServer;
const tokens = new Map<string, string>();

// Hub 2: his point, his rider, an order delivered on his route and a route nobody rides yet.
// operador.bcn writes in hubs 2 and 4 (his `hubs`, set by admins); his home hub is 2.
const op2 = { ...user('u-op-bcn', 'operator', 'operador.bcn@cargobici.test', 'Jordi Puig'), hub: 2, hubs: [2, 4] };
const op0 = { ...user('u-op-none', 'operator', 'sin.hub@cargobici.test', 'Sin Hub'), hub: 0, hubs: [] };
const rider2 = { ...user('u-rider-b', 'rider', 'rider.b@cargobici.test', 'Berta Rider'), hub: 2, hubs: [] };
// Hub 4: an order nobody rides yet, in his second hub.
const ob4 = { ...order('ob4', 'pb4', '', 'pending'), hub: 4 };
const ob1 = { ...order('ob1', 'pb1', 'rb1'), hub: 2, status: 'delivered' as const };
const rb1 = { ...route('rb1', 'u-rider-b', [{ point: 'pb1', orders: ['ob1'] }], 'completed'), hub: 2 };
const rb2 = { ...route('rb2', '', [], 'planned'), hub: 2 };
// Hub 1 (Madrid): a delivered order (o1 of the small operation) and a route nobody rides yet.
const o1 = { ...order('o1', 'pe1', 'r1'), status: 'delivered' as const };
const ra2 = route('ra2', '', [], 'planned');

beforeAll(async () => {
  srv = await startTestServer({ now: () => T0 + 10_000 });
  seedDocs(srv, {
    users: [op2, op0, rider2],
    delivery_points: [{ ...point('pb1', 2), city: 'Barcelona' }, { ...point('pb4', 4), city: 'Badalona' }],
    orders: [o1, ob1, ob4],
    routes: [rb1, rb2, ra2],
    deliveries: [deliveryEvent('e-o1', o1, 'u-rider1'), deliveryEvent('e-ob1', ob1, 'u-rider-b')],
  });
  for (const u of [op2, op0, rider2]) srv.auth.setPassword(u.id, u.email, PASSWORD);
  for (const email of ['operador.bcn@cargobici.test', 'sin.hub@cargobici.test', 'operador@cargobici.test', 'admin@cargobici.test']) {
    tokens.set(email, (await srv.login(email)).accessToken);
  }
});
afterAll(async () => {
  await srv.stop();
});

/** Pushes one change as `email`; the refusal reason, or undefined when it was stored. */
async function push(email: string, collection: string, before: Row | null, after: Row): Promise<string | undefined> {
  const res = await srv.api(`/api/sync/${collection}/push`, {
    token: tokens.get(email),
    body: [{ assumedMasterState: before ? { ...before, _deleted: false } : null, newDocumentState: { ...after, _deleted: false } }],
  });
  expect(res.status).toBe(200);
  const refused = (res.body as Row[]).find((a) => a._refused !== undefined)?._refused;
  return refused === undefined ? undefined : String(refused);
}

const stored = (collection: string, id: string) => srv.store.get(collection as 'orders', id) as StoredDoc;
const withPrice = (o: Row, cents: number): Row => ({ ...o, lines: (o.lines as Row[]).map((l) => ({ ...l, unit_price_cents: cents })), updated_at: T0 + 5_000 });

describe('finding 6: an operator writes only in his hub (embedded server)', () => {
  it('operador.bcn cannot change the unit price of a Madrid order; he can in his own hub', async () => {
    const before = stored('orders', 'o1');
    const refused = await push('operador.bcn@cargobici.test', 'orders', before, withPrice(before, 1));
    expect(refused).toBe(t('domain.access.hubOnly', { label: 'el pedido', hub: '2, 4' }));
    expect((stored('orders', 'o1').lines as Row[])[0]?.unit_price_cents).toBe(120);

    const own = stored('orders', 'ob1');
    expect(await push('operador.bcn@cargobici.test', 'orders', own, withPrice(own, 99))).toBeUndefined();
    expect((stored('orders', 'ob1').lines as Row[])[0]?.unit_price_cents).toBe(99);
  });

  it('operador.bcn writes in each of his hubs: a hub-4 order, not a hub-1 one', async () => {
    const other = stored('orders', 'ob4');
    expect(await push('operador.bcn@cargobici.test', 'orders', other, withPrice(other, 77))).toBeUndefined();
    expect((stored('orders', 'ob4').lines as Row[])[0]?.unit_price_cents).toBe(77);
    // Moving it to hub 1 (out of his hubs) is refused; to hub 2 (his other hub) is not.
    const moved = stored('orders', 'ob4');
    expect(await push('operador.bcn@cargobici.test', 'orders', moved, { ...moved, hub: 1, updated_at: T0 + 8_000 })).toMatch(/de uno de tus hubs/);
    expect(stored('orders', 'ob4').hub).toBe(4);
  });

  it('operador.bcn cannot give a Madrid route to his rider; he can give his hub’s route', async () => {
    const before = stored('routes', 'ra2');
    expect(await push('operador.bcn@cargobici.test', 'routes', before, { ...before, rider_id: 'u-rider-b', updated_at: T0 + 5_000 })).toMatch(/de uno de tus hubs/);
    expect(stored('routes', 'ra2').rider_id).toBe('');

    const own = stored('routes', 'rb2');
    expect(await push('operador.bcn@cargobici.test', 'routes', own, { ...own, rider_id: 'u-rider-b', updated_at: T0 + 5_000 })).toBeUndefined();
    expect(stored('routes', 'rb2').rider_id).toBe('u-rider-b');
  });

  it('operador.bcn cannot make (nor revoke) a proof link of a Madrid order; he can of his hub’s', async () => {
    const token = tokens.get('operador.bcn@cargobici.test');
    const message = t('proof.errors.otherHub', { code: 'P-o1', hub: '1' });
    expect(await srv.api('/api/proof-links', { token, body: { order_id: 'o1' } })).toEqual({ status: 403, body: { error: 'forbidden', message } });
    expect(srv.store.db.prepare('SELECT COUNT(*) AS n FROM proof_links WHERE order_id = ?').get('o1')).toEqual({ n: 0 });
    expect((await srv.api('/api/proof-links/revoke', { token, body: { order_id: 'o1' } })).status).toBe(403);

    const own = await srv.api('/api/proof-links', { token, body: { order_id: 'ob1' } });
    expect(own.status).toBe(201);
    expect((await srv.api(`/api/public/proof/${(own.body as { token: string }).token}`)).status).toBe(200);
    expect(await srv.api('/api/proof-links/revoke', { token, body: { order_id: 'ob1' } })).toEqual({ status: 200, body: { revoked: 1 } });
    // Admins everywhere (the admin's own hub is 1).
    expect((await srv.api('/api/proof-links', { token: tokens.get('admin@cargobici.test'), body: { order_id: 'ob1' } })).status).toBe(201);
  });

  it('a document never moves out of his hub, nor is created in another one', async () => {
    const own = stored('orders', 'ob1');
    expect(await push('operador.bcn@cargobici.test', 'orders', own, { ...own, hub: 1, updated_at: T0 + 6_000 })).toMatch(/de uno de tus hubs/);
    expect(stored('orders', 'ob1').hub).toBe(2);
    const created = { ...order('o-new-mad', 'pe1', '', 'pending') };
    expect(await push('operador.bcn@cargobici.test', 'orders', null, created)).toMatch(/de uno de tus hubs/);
    expect(srv.store.get('orders', 'o-new-mad')).toBeNull();
    const bike = { id: 'bk-mad', code: 'CB-MAD-1', model_id: 'bm-1', hub: 1, status: 'available', battery_pct: 90, last_service_date: '', notes: '', updated_at: T0 };
    expect(await push('operador.bcn@cargobici.test', 'bikes', null, bike)).toMatch(/de uno de tus hubs/);
    expect(await push('operador.bcn@cargobici.test', 'bikes', null, { ...bike, id: 'bk-bcn', hub: 2 })).toBeUndefined();
    // An order's payment belongs to its order's hub.
    const pay = { id: 'pay-o1', kind: 'order', order_id: 'o1', route_id: 'r1', rider_id: 'u-rider1', method: 'cash', amount_due_cents: 749, amount_collected_cents: 749, status: 'collected', status_id: '', collected_at: T0, reviewed_by: '', note: '', updated_at: T0 };
    seedDocs(srv, { payments: [pay] });
    expect(await push('operador.bcn@cargobici.test', 'payments', pay, { ...pay, status: 'handed_over', reviewed_by: 'u-op-bcn', updated_at: T0 + 7_000 })).toMatch(/de uno de tus hubs/);
    expect(await push('operador@cargobici.test', 'payments', pay, { ...pay, status: 'handed_over', reviewed_by: 'u-operador', updated_at: T0 + 7_000 })).toBeUndefined();
  });

  it('an operator with no hub writes in none; reads stay across hubs; admins write everywhere', async () => {
    const before = stored('orders', 'o1');
    expect(await push('sin.hub@cargobici.test', 'orders', before, withPrice(before, 2))).toBe(t('domain.access.noHub', { label: 'el pedido' }));
    const pulled = await srv.api('/api/sync/orders/pull?limit=100', { token: tokens.get('operador.bcn@cargobici.test') });
    expect((pulled.body as { documents: Row[] }).documents.map((d) => d.id)).toEqual(expect.arrayContaining(['o1', 'ob1']));
    const own = stored('orders', 'ob1');
    expect(await push('admin@cargobici.test', 'orders', own, withPrice(own, 150))).toBeUndefined();
  });
});
