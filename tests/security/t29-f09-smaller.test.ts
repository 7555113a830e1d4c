/**
 * Issue 29, finding 9 (smaller): the order API's 409 named an internal route id (now the route's
 * code); proof links could not be revoked before their 30 days (now an operator revokes an
 * order's links, and a revoked link says so in Spanish); the server adopted a device id the
 * client chose (now it assigns them: only an id it issued is kept).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../server/app';
import { DEVICE_COOKIE } from '../../server/routes/auth';
import type { StoredDoc } from '../../server/store';
import { intakeOrderId } from '../../src/domain/intake';
import type { DeliveryPoint, Product } from '../../src/domain/entities/operation';
import { t } from '../../src/i18n';
import { clientRefs, qualianzaBody } from '../helpers/orderApiBodies';
import { deliveryEvent, order, T0 } from '../helpers/fixtures';
import { startTestServer, seedDocs, type TestServer } from '../helpers/server';

describe('finding 9: the order API’s 409 names the route by its code', () => {
  let app: App;
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cb-t29-f09-'));
    app = await createApp({ dataDir: join(dir, 'data'), staticDir: join(dir, 'none'), seed: { scale: { deliveryPoints: 60, ordersPerDay: 8, ridersPerHub: 1 } }, orderApi: { ratePerMinute: 10_000 } });
  });
  afterAll(async () => {
    await app.server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a change of a planned order naming its route’s code, never its id', async () => {
    const login = await app.server.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@cargobici.test', password: 'cargobici-demo' } });
    const admin = (login.json() as { accessToken: string }).accessToken;
    const key = (await app.server.inject({ method: 'POST', url: '/api/admin/api-keys', headers: { authorization: `Bearer ${admin}` }, payload: { client: 'pascual', name: 'ERP' } })).json() as { key: string };
    const docs = (collection: string) =>
      (app.store.db.prepare('SELECT data FROM docs WHERE collection = ? AND deleted = 0 ORDER BY id').all(collection) as { data: string }[]).map((r) => JSON.parse(r.data) as unknown);
    const body = qualianzaBody(clientRefs(docs('delivery_points') as DeliveryPoint[], docs('products') as Product[], 'pascual'), 'QZ-T29-1');
    const post = (payload: unknown) => app.server.inject({ method: 'POST', url: '/api/ordersqualianza', headers: { 'x-api-key': key.key }, payload: payload as object });
    expect((await post(body)).statusCode).toBe(201);
    const route = docs('routes')[0] as { id: string; code: string };
    expect(route.code).not.toBe(route.id);
    const id = intakeOrderId('client-pascual', 'QZ-T29-1');
    const stored = app.store.get('orders', id) as StoredDoc;
    app.store.put('orders', { ...stored, route_id: route.id, status: 'planned' });

    const late = await post({ ...body, observaciones: 'Otra cosa' });
    expect(late.statusCode).toBe(409);
    const text = late.body;
    expect(text).toContain(route.code);
    expect(text).not.toContain(route.id);
  });
});

describe('finding 9: proof links are revoked by an operator', () => {
  let srv: TestServer;
  let op = '';
  let rider = '';
  beforeAll(async () => {
    srv = await startTestServer({ now: () => T0 + 10_000 });
    op = (await srv.login('operador@cargobici.test')).accessToken;
    rider = (await srv.login('rider1@cargobici.test')).accessToken;
    seedDocs(srv, { deliveries: [deliveryEvent('e1', order('o1', 'pe1', 'r1'), 'u-rider1'), deliveryEvent('e2', order('o2', 'pe2', 'r1'), 'u-rider1')] });
  });
  afterAll(async () => {
    await srv.stop();
  });

  const make = async (orderId: string) => String(((await srv.api('/api/proof-links', { token: op, body: { order_id: orderId } })).body as { token: string }).token);

  it('a revoked link says so in Spanish (410), its images too; other orders’ links keep working', async () => {
    const first = await make('o1');
    const second = await make('o1');
    const other = await make('o2');
    expect((await srv.api(`/api/public/proof/${first}`)).status).toBe(200);

    expect(await srv.api('/api/proof-links/revoke', { token: op, body: { order_id: 'o1' } })).toEqual({ status: 200, body: { revoked: 2 } });
    for (const token of [first, second]) {
      expect(await srv.api(`/api/public/proof/${token}`)).toEqual({ status: 410, body: { error: 'revoked_link', message: t('proof.errors.linkRevoked') } });
      expect((await srv.api(`/api/public/proof/${token}/signature`)).status).toBe(410);
      expect((await srv.api(`/api/public/proof/${token}/photos/0`)).status).toBe(410);
    }
    expect(t('proof.errors.linkRevoked')).toMatch(/revocado/);
    expect((await srv.api(`/api/public/proof/${other}`)).status).toBe(200);
    // Nothing left to revoke; a new link works.
    expect((await srv.api('/api/proof-links/revoke', { token: op, body: { order_id: 'o1' } })).body).toEqual({ revoked: 0 });
    expect((await srv.api(`/api/public/proof/${await make('o1')}`)).status).toBe(200);
  });

  it('only operators and admins revoke, an existing order, with Spanish refusals', async () => {
    expect(await srv.api('/api/proof-links/revoke', { token: rider, body: { order_id: 'o1' } })).toEqual({ status: 403, body: { error: 'forbidden', message: t('proof.errors.operatorOnly') } });
    expect((await srv.api('/api/proof-links/revoke', { body: { order_id: 'o1' } })).status).toBe(401);
    expect(await srv.api('/api/proof-links/revoke', { token: op, body: { order_id: 'nope' } })).toEqual({ status: 404, body: { error: 'not_found', message: t('proof.errors.orderNotFound', { id: 'nope' }) } });
    expect(await srv.api('/api/proof-links/revoke', { token: op, body: {} })).toEqual({ status: 400, body: { error: 'bad_request', message: t('proof.errors.orderRequired') } });
  });
});

describe('finding 9: the server assigns device ids', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(async () => {
    await srv.stop();
  });

  async function login(cookie?: string): Promise<string> {
    const res = await fetch(`${srv.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: `${DEVICE_COOKIE}=${cookie}` } : {}) },
      body: JSON.stringify({ email: 'rider1@cargobici.test', password: 'cargobici-demo' }),
    });
    expect(res.status).toBe(200);
    const m = new RegExp(`${DEVICE_COOKIE}=([^;]*)`).exec(res.headers.get('set-cookie') ?? '');
    return m?.[1] ?? '';
  }

  it('never adopts an id the client chose, and keeps one it issued', async () => {
    const chosen = 'elegido-por-el-cliente-0001';
    const assigned = await login(chosen);
    expect(assigned).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(assigned).not.toBe(chosen);
    const hashes = (srv.store.db.prepare('SELECT device_hash FROM known_devices').all() as { device_hash: string }[]).map((r) => r.device_hash);
    expect(hashes).toContain(createHash('sha256').update(assigned).digest('hex'));
    expect(hashes).not.toContain(createHash('sha256').update(chosen).digest('hex'));
    // The browser signs in again with the server's id: it is kept (a known device).
    expect(await login(assigned)).toBe(assigned);
    // No cookie: a new id.
    const fresh = await login();
    expect(fresh).not.toBe(assigned);
  });
});
