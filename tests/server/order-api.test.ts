/**
 * The clients' order API against the real embedded server (Fastify inject, demo data):
 * keys (admin only, hashed, revocable), 401/403/413/422/429, idempotency, one order for many
 * concurrent identical requests, the OpenAPI document and its valid examples, and an order
 * created by the API reaching an operator's device through the normal sync.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp, PUBLIC_API, type App, type AppOptions } from '../../server/app';
import { ORDER_API_PATHS } from '../../server/routes/orderApi';
import { madridDate } from '../../src/domain/dates';
import { addDays, intakeOrderId } from '../../src/domain/intake';
import type { DeliveryPoint, Order, Product } from '../../src/domain/entities/operation';
import { closeDevices, createDevice, type Device } from '../sync/harness';
import { startTestServer, type TestServer } from '../helpers/server';
import { TOMORROW, clientRefs, qualianzaBody, type ClientRefs } from '../helpers/orderApiBodies';

const DEMO = { scale: { deliveryPoints: 60, ordersPerDay: 8, ridersPerHub: 1 } } as const;
const PASSWORD = 'cargobici-demo';

interface Started {
  readonly app: App;
  readonly dir: string;
}

async function start(opts: Partial<AppOptions> = {}): Promise<Started> {
  const dir = mkdtempSync(join(tmpdir(), 'cb-orderapi-'));
  const app = await createApp({ dataDir: join(dir, 'data'), staticDir: join(dir, 'none'), seed: DEMO, ...opts });
  return { app, dir };
}

async function stop(s: Started): Promise<void> {
  await s.app.server.close();
  rmSync(s.dir, { recursive: true, force: true });
}

async function token(app: App, email: string): Promise<string> {
  const res = await app.server.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { accessToken: string }).accessToken;
}

async function newKey(app: App, admin: string, client: string, extra: Record<string, unknown> = {}): Promise<{ id: string; key: string }> {
  const res = await app.server.inject({ method: 'POST', url: '/api/admin/api-keys', headers: { authorization: `Bearer ${admin}` }, payload: { client, name: `ERP ${client}`, ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; key: string };
}

function post(app: App, url: string, key: string | undefined, payload: unknown, headers: Record<string, string> = {}) {
  return app.server.inject({ method: 'POST', url, headers: { ...(key === undefined ? {} : { 'x-api-key': key }), ...headers }, payload: payload as object });
}

/** A point of the client (by its code) and two of its products, from the stored demo data. */
function demoRefs(app: App, clientKey: 'pascual' | 'bimbo'): ClientRefs {
  const docs = (collection: string) =>
    (app.store.db.prepare('SELECT data FROM docs WHERE collection = ? AND deleted = 0 ORDER BY id').all(collection) as { data: string }[]).map((r) => JSON.parse(r.data) as unknown);
  return clientRefs(docs('delivery_points') as DeliveryPoint[], docs('products') as Product[], clientKey);
}

function qualianza(app: App, ref: string, over: Record<string, unknown> = {}) {
  return qualianzaBody(demoRefs(app, 'pascual'), ref, over);
}

function bimbo(app: App, ref: string) {
  const r = demoRefs(app, 'bimbo');
  return { orderId: ref, deliveryDate: TOMORROW, store: { code: r.point }, items: [{ product: r.products[0].sku, qty: 3 }] };
}

describe('order API (demo data, Fastify inject)', () => {
  let s: Started;
  let admin: string;
  let pascual: { id: string; key: string };
  let bimboKey: { id: string; key: string };

  beforeAll(async () => {
    s = await start({ orderApi: { ratePerMinute: 10_000 } });
    admin = await token(s.app, 'admin@cargobici.test');
    pascual = await newKey(s.app, admin, 'pascual');
    bimboKey = await newKey(s.app, admin, 'bimbo');
  });
  afterAll(async () => stop(s));

  it('lists its routes as open without a session (public list)', () => {
    expect(ORDER_API_PATHS).toEqual(['POST /api/ordersqualianza', 'POST /api/ordersbimbo', 'GET /api/docs']);
    for (const p of ORDER_API_PATHS) expect(PUBLIC_API).toContain(p);
    expect(PUBLIC_API).not.toContain('POST /api/admin/api-keys');
  });

  it('creates keys for admins only, stores only a hash, and shows the key once', async () => {
    expect(pascual.id).toMatch(/^ak-[0-9a-f]{16}$/);
    expect(pascual.key).toMatch(/^cbk\.[0-9a-f]{16}\.[A-Za-z0-9_-]{43}$/);
    const raw = JSON.stringify(s.app.store.db.prepare('SELECT * FROM api_keys').all());
    expect(raw).not.toContain(pascual.key.split('.')[2]);
    const operator = await token(s.app, 'operador@cargobici.test');
    const refused = await s.app.server.inject({ method: 'POST', url: '/api/admin/api-keys', headers: { authorization: `Bearer ${operator}` }, payload: { client: 'pascual', name: 'x' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'forbidden', message: 'Solo los administradores pueden gestionar las claves de la API' });
    const anonymous = await s.app.server.inject({ method: 'POST', url: '/api/admin/api-keys', payload: { client: 'pascual', name: 'x' } });
    expect(anonymous.statusCode).toBe(401);
    const list = await s.app.server.inject({ method: 'GET', url: '/api/admin/api-keys', headers: { authorization: `Bearer ${admin}` } });
    expect(list.statusCode).toBe(200);
    const keys = list.json() as Record<string, unknown>[];
    expect(keys.find((k) => k.id === pascual.id)).toMatchObject({ client: 'pascual', name: 'ERP pascual', created_by: 'u-admin', revoked_at: null });
    expect(JSON.stringify(keys)).not.toContain(pascual.key);
    const bad = await s.app.server.inject({ method: 'POST', url: '/api/admin/api-keys', headers: { authorization: `Bearer ${admin}` }, payload: { client: 'synlab', name: '' } });
    expect(bad.statusCode).toBe(422);
    expect((bad.json() as { errors: { path: string }[] }).errors.map((e) => e.path).sort()).toEqual(['client', 'name']);
  });

  it('creates an order (201), and the same request again creates nothing (200, unchanged)', async () => {
    const body = qualianza(s.app, 'QZ-T-0001');
    const first = await post(s.app, '/api/ordersqualianza', pascual.key, body);
    expect(first.statusCode, first.body).toBe(201);
    const created = first.json() as Record<string, unknown>;
    expect(created).toMatchObject({ id: intakeOrderId('client-pascual', 'QZ-T-0001'), external_ref: 'QZ-T-0001', result: 'created', created: true, status: 'pending', date: TOMORROW, window_start: '09:00', window_end: '12:00', point_located: true });
    const stored = s.app.store.get('orders', created.id as string) as unknown as Order;
    expect(stored.payment_method).toBe('transfer');
    expect(stored.lines.map((l) => l.quantity)).toEqual([6, 2]);
    // Prices and tax rates come from the catalogue.
    const products = demoRefs(s.app, 'pascual').products;
    expect(stored.lines[0]?.unit_price_cents).toBe(products[0].price_cents);
    const head = s.app.store.head();
    const again = await post(s.app, '/api/ordersqualianza', pascual.key, { ...body });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: created.id, result: 'unchanged', created: false });
    expect(s.app.store.head()).toBe(head);
    const count = s.app.store.db.prepare("SELECT COUNT(*) AS n FROM docs WHERE collection = 'orders' AND json_extract(data, '$.external_ref') = 'QZ-T-0001'").get() as { n: number };
    expect(count.n).toBe(1);
  });

  it('updates a pending order sent again with changes, and refuses changes once it is planned (409)', async () => {
    const body = qualianza(s.app, 'QZ-T-0002');
    expect((await post(s.app, '/api/ordersqualianza', pascual.key, body)).statusCode).toBe(201);
    const changed = await post(s.app, '/api/ordersqualianza', pascual.key, { ...body, observaciones: 'Timbre 2' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ result: 'updated', created: false });
    const id = intakeOrderId('client-pascual', 'QZ-T-0002');
    const order = s.app.store.get('orders', id) as NonNullable<ReturnType<App['store']['get']>>;
    expect(order.notes).toBe('Timbre 2');
    s.app.store.put('orders', { ...order, route_id: 'rt-x', status: 'planned' });
    const late = await post(s.app, '/api/ordersqualianza', pascual.key, { ...body, observaciones: 'Otra cosa' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'conflict' });
    expect((s.app.store.get('orders', id) as Record<string, unknown>).notes).toBe('Timbre 2');
  });

  it('replays an Idempotency-Key, and refuses it with another body (409)', async () => {
    const body = qualianza(s.app, 'QZ-T-0003');
    const headers = { 'idempotency-key': 'req-0003' };
    expect((await post(s.app, '/api/ordersqualianza', pascual.key, body, headers)).statusCode).toBe(201);
    const replay = await post(s.app, '/api/ordersqualianza', pascual.key, body, headers);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ result: 'unchanged', external_ref: 'QZ-T-0003' });
    const other = await post(s.app, '/api/ordersqualianza', pascual.key, { ...body, observaciones: 'x' }, headers);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ error: 'idempotency_conflict' });
    expect((s.app.store.get('orders', intakeOrderId('client-pascual', 'QZ-T-0003')) as Record<string, unknown>).notes).toBe('');
  });

  it('takes Bimbo’s shape on its own endpoint', async () => {
    const res = await post(s.app, '/api/ordersbimbo', bimboKey.key, bimbo(s.app, 'BIM-T-1'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ id: intakeOrderId('client-bimbo', 'BIM-T-1'), result: 'created' });
    expect((s.app.store.get('orders', intakeOrderId('client-bimbo', 'BIM-T-1')) as Record<string, unknown>).client_id).toBe('client-bimbo');
  });

  it('creates a new point «sin ubicación» for an unknown code with a full address', async () => {
    const res = await post(s.app, '/api/ordersbimbo', bimboKey.key, {
      ...bimbo(s.app, 'BIM-T-2'),
      store: { code: 'NUEVA-77', name: 'Panadería Nueva', street: 'Calle de Alcalá, 10', zip: '28014', city: 'Madrid' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json() as { delivery_point_id: string; point_located: boolean };
    expect(answer.point_located).toBe(false);
    expect(answer.delivery_point_id).toMatch(/^pe-imp-/);
    expect(s.app.store.get('delivery_points', answer.delivery_point_id)).toMatchObject({ located: false, client_providers: ['bimbo-NUEVA-77'] });
  });

  it('401 without a key, with an unknown or malformed key; 403 with another client’s key', async () => {
    const body = qualianza(s.app, 'QZ-T-0004');
    const none = await post(s.app, '/api/ordersqualianza', undefined, body);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'unauthorized', message: 'Falta la clave de la API: envíala en la cabecera X-Api-Key' });
    const forged = pascual.key.slice(0, -4) + 'AAAA';
    expect((await post(s.app, '/api/ordersqualianza', forged, body)).statusCode).toBe(401);
    expect((await post(s.app, '/api/ordersqualianza', 'nonsense', body)).statusCode).toBe(401);
    const other = await post(s.app, '/api/ordersqualianza', bimboKey.key, body);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ error: 'forbidden', message: 'Esta clave es de otro cliente: no puede enviar pedidos a /api/ordersqualianza' });
    const reverse = await post(s.app, '/api/ordersbimbo', pascual.key, bimbo(s.app, 'BIM-T-3'));
    expect(reverse.statusCode).toBe(403);
    expect(s.app.store.get('orders', intakeOrderId('client-pascual', 'QZ-T-0004'))).toBeNull();
    expect(s.app.store.get('orders', intakeOrderId('client-bimbo', 'BIM-T-3'))).toBeNull();
  });

  it('401 with a revoked key, and with an expired one', async () => {
    const k = await newKey(s.app, admin, 'pascual');
    expect((await post(s.app, '/api/ordersqualianza', k.key, qualianza(s.app, 'QZ-T-0005'))).statusCode).toBe(201);
    const revoke = await s.app.server.inject({ method: 'DELETE', url: `/api/admin/api-keys/${k.id}`, headers: { authorization: `Bearer ${admin}` } });
    expect(revoke.statusCode).toBe(200);
    expect((revoke.json() as { revoked_at: number | null; last_used_at: number | null }).revoked_at).toBeGreaterThan(0);
    expect((revoke.json() as { last_used_at: number | null }).last_used_at).toBeGreaterThan(0);
    const after = await post(s.app, '/api/ordersqualianza', k.key, qualianza(s.app, 'QZ-T-0006'));
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ message: 'Clave de la API no válida, caducada o revocada' });
    const missing = await s.app.server.inject({ method: 'DELETE', url: '/api/admin/api-keys/ak-0000000000000000', headers: { authorization: `Bearer ${admin}` } });
    expect(missing.statusCode).toBe(404);
    const expiring = await newKey(s.app, admin, 'pascual', { expires_at: madridDate() });
    s.app.store.db.prepare('UPDATE api_keys SET expires_at = ? WHERE id = ?').run(Date.now() - 1, expiring.id);
    expect((await post(s.app, '/api/ordersqualianza', expiring.key, qualianza(s.app, 'QZ-T-0007'))).statusCode).toBe(401);
  });

  it('422 lists every problem of the shape, at its JSON path, in Spanish', async () => {
    const res = await post(s.app, '/api/ordersqualianza', pascual.key, {
      pedido: 7,
      fecha_entrega: '01/12/2026',
      punto_entrega: { codigo: 'X' },
      lineas: [{ articulo: 'PAS-0001', cantidad: 'seis' }],
      color: 'rojo',
    });
    expect(res.statusCode).toBe(422);
    const body = res.json() as { error: string; message: string; errors: { path: string; line: number | null; code: string; message: string }[] };
    expect(body.error).toBe('invalid');
    const byPath = Object.fromEntries(body.errors.map((e) => [e.path, e]));
    expect(byPath.pedido?.message).toBe('Campo «pedido»: debe ser un texto y es un número');
    expect(byPath.fecha_entrega?.message).toBe('Campo «fecha_entrega»: debe ser una fecha AAAA-MM-DD (por ejemplo 2026-12-01)');
    expect(byPath['lineas[0].cantidad']).toMatchObject({ line: 1, code: 'type', message: 'Línea 1, campo «lineas[0].cantidad»: debe ser un número y es un texto' });
    expect(byPath.color?.code).toBe('unknown_field');
    const missing = await post(s.app, '/api/ordersqualianza', pascual.key, { pedido: 'QZ-1' });
    expect((missing.json() as { errors: { path: string; code: string }[] }).errors.filter((e) => e.code === 'required').map((e) => e.path).sort()).toEqual(['fecha_entrega', 'lineas', 'punto_entrega']);
  });

  it('422 names the line and field of every value the intake refuses (past date, unknown product, quantity)', async () => {
    const good = qualianza(s.app, 'QZ-T-0008');
    const res = await post(s.app, '/api/ordersqualianza', pascual.key, {
      ...good,
      fecha_entrega: addDays(madridDate(), -2),
      lineas: [good.lineas[0], { articulo: 'NO-EXISTE-1', cantidad: 1 }, { articulo: good.lineas[0]?.articulo, cantidad: 0 }],
    });
    expect(res.statusCode).toBe(422);
    const errors = (res.json() as { errors: { path: string; line: number | null; code: string; message: string }[] }).errors;
    expect(errors.map((e) => [e.path, e.line, e.code])).toEqual([
      ['fecha_entrega', null, 'date_past'],
      ['lineas[1].articulo', 2, 'unknown_product'],
      ['lineas[2].cantidad', 3, 'quantity'],
    ]);
    expect(errors[2]?.message).toMatch(/^Línea 3, campo «lineas\[2\]\.cantidad»: /);
    expect(errors[1]?.message).toContain('NO-EXISTE-1');
    expect(s.app.store.get('orders', intakeOrderId('client-pascual', 'QZ-T-0008'))).toBeNull();
  });

  it('413 for a body over 1 MB, 400 for broken JSON, 415 for another type — all in the API’s shape', async () => {
    const big = { ...qualianza(s.app, 'QZ-T-0009'), observaciones: 'x'.repeat(1024 * 1024) };
    const res = await post(s.app, '/api/ordersqualianza', pascual.key, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'too_large', message: 'El cuerpo de la petición supera 1 MB: envía un pedido por petición' });
    // Without a key the body is never read: 401, not 413.
    expect((await post(s.app, '/api/ordersqualianza', undefined, big)).statusCode).toBe(401);
    const broken = await s.app.server.inject({ method: 'POST', url: '/api/ordersqualianza', headers: { 'x-api-key': pascual.key, 'content-type': 'application/json' }, payload: '{"pedido": ' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ error: 'bad_request', message: 'El cuerpo no es un JSON válido' });
    const text = await s.app.server.inject({ method: 'POST', url: '/api/ordersqualianza', headers: { 'x-api-key': pascual.key, 'content-type': 'text/csv' }, payload: 'a;b' });
    expect(text.statusCode).toBe(415);
  });

  it('serves the OpenAPI document, public, with examples that are valid requests today', async () => {
    const res = await s.app.server.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, { post?: { requestBody: { content: { 'application/json': { example: unknown; schema: { $ref: string } } } }; responses: Record<string, unknown> } }>;
      components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }>; securitySchemes: Record<string, unknown> };
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components.securitySchemes.ApiKey).toEqual({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
    // Generated from the zod schemas: the fields and the required ones are the validation's.
    expect(Object.keys(doc.components.schemas.PedidoQualianza?.properties ?? {})).toEqual(['pedido', 'fecha_entrega', 'franja', 'punto_entrega', 'forma_pago', 'observaciones', 'lineas']);
    expect(doc.components.schemas.PedidoQualianza?.required?.sort()).toEqual(['fecha_entrega', 'lineas', 'pedido', 'punto_entrega']);
    for (const [path, key] of [
      ['/api/ordersqualianza', pascual.key],
      ['/api/ordersbimbo', bimboKey.key],
    ] as const) {
      const op = doc.paths[path]?.post;
      expect(Object.keys(op?.responses ?? {})).toEqual(expect.arrayContaining(['200', '201', '401', '403', '409', '413', '422', '429']));
      const example = op?.requestBody.content['application/json'].example;
      const first = await post(s.app, path, key, example);
      expect(first.statusCode, first.body).toBe(201);
      const again = await post(s.app, path, key, example);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ created: false });
    }
    expect(doc.paths['/api/admin/api-keys']).toBeDefined();
  });

  it('1,000 concurrent identical requests create exactly one order', async () => {
    const body = qualianza(s.app, 'QZ-T-CONC');
    const answers = await Promise.all(Array.from({ length: 1000 }, () => post(s.app, '/api/ordersqualianza', pascual.key, body)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((c) => c === 201)).toHaveLength(1);
    expect(statuses.filter((c) => c === 200)).toHaveLength(999);
    const n = s.app.store.db.prepare("SELECT COUNT(*) AS n FROM docs WHERE collection = 'orders' AND json_extract(data, '$.external_ref') = 'QZ-T-CONC'").get() as { n: number };
    expect(n.n).toBe(1);
  });
});

describe('order API rate limits', () => {
  let s: Started | null = null;
  afterEach(async () => {
    if (s) await stop(s);
    s = null;
  });

  it('429 with Retry-After after N requests in a minute with one key; other keys go on', async () => {
    let now = Date.now();
    s = await start({ orderApi: { ratePerMinute: 3, now: () => now } });
    const admin = await token(s.app, 'admin@cargobici.test');
    const a = await newKey(s.app, admin, 'pascual');
    const b = await newKey(s.app, admin, 'pascual');
    const body = qualianza(s.app, 'QZ-R-1');
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) codes.push((await post(s.app, '/api/ordersqualianza', a.key, body)).statusCode);
    expect(codes).toEqual([201, 200, 200, 429]);
    const limited = await post(s.app, '/api/ordersqualianza', a.key, body);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ error: 'rate_limited' });
    expect((await post(s.app, '/api/ordersqualianza', b.key, body)).statusCode).toBe(200);
    now += 61_000;
    expect((await post(s.app, '/api/ordersqualianza', a.key, body)).statusCode).toBe(200);
  });

  it('429 after too many wrong keys from one address, even with a right one', async () => {
    const now = Date.now();
    s = await start({ orderApi: { failures: { free: 3, baseMs: 60_000, maxMs: 60_000, forgetMs: 3600_000 }, now: () => now } });
    const admin = await token(s.app, 'admin@cargobici.test');
    const k = await newKey(s.app, admin, 'pascual');
    const body = qualianza(s.app, 'QZ-R-2');
    for (let i = 0; i < 4; i += 1) expect((await post(s.app, '/api/ordersqualianza', `cbk.${'0'.repeat(16)}.${'A'.repeat(43)}`, body)).statusCode).toBe(401);
    const blocked = await post(s.app, '/api/ordersqualianza', k.key, body);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('60');
  });
});

describe('an order created by the API reaches an operator’s device through sync', () => {
  let srv: TestServer | null = null;
  let devices: Device[] = [];
  afterEach(async () => {
    await closeDevices(devices);
    devices = [];
    if (srv) await srv.stop();
    srv = null;
  });

  it('is pulled by the device (new point and order) without any action on it', async () => {
    srv = await startTestServer({ fixture: 'none', seed: DEMO });
    const device = await createDevice({ baseUrl: srv.url, email: 'operador@cargobici.test', label: 'op', collections: ['orders', 'delivery_points'], seed: 3 });
    devices = [device];
    await device.replication.awaitInSync();
    const admin = (await srv.login('admin@cargobici.test')).accessToken;
    const keyRes = await srv.api('/api/admin/api-keys', { token: admin, body: { client: 'bimbo', name: 'ERP Bimbo' } });
    expect(keyRes.status).toBe(201);
    const { key } = keyRes.body as { key: string };
    const r = demoRefs(srv, 'bimbo');
    const res = await fetch(`${srv.url}/api/ordersbimbo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({ orderId: 'BIM-SYNC-1', deliveryDate: TOMORROW, store: { code: r.point }, items: [{ product: r.products[0].sku, qty: 5 }] }),
    });
    expect(res.status).toBe(201);
    const id = intakeOrderId('client-bimbo', 'BIM-SYNC-1');
    // The stream tells the device; its replication pulls the order. Wait for that state.
    const until = Date.now() + 30_000;
    let local: Record<string, unknown> | undefined;
    while (!local) {
      local = (await device.docs('orders')).find((d) => d.id === id);
      if (!local) {
        if (Date.now() > until) throw new Error(`the device never pulled ${id}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    expect(local).toMatchObject({ external_ref: 'BIM-SYNC-1', client_id: 'client-bimbo', status: 'pending', delivery_point_id: r.pointId });
  });
});
