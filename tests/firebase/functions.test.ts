/**
 * The Firebase function's handlers (functions/src/handlers.ts) against the emulators:
 * - an admin sets the first password of a new user from the app (FirebaseAuthBackend.setUserPassword),
 *   and the account's uid is the profile's id, so the rules find his role;
 * - the clients' order API (functions/src/orders.ts): keys made by an admin through the app's
 *   backend, orders written in one Firestore transaction (idempotent, one order for concurrent
 *   identical requests), the same refusals as the embedded server's, and the order reaching a
 *   device through the normal pull.
 * The test runs the handlers in a local HTTP server with emulator-backed dependencies (the
 * deployed function binds them to firebase-admin instead).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { doc, getDoc } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handle, type FunctionDeps } from '../../functions/src/handlers';
import { generateDemoData } from '../../server/demo/generate';
import { createFirebaseBackend, type FirebaseBackend } from '../../src/backend/firebase';
import { BackendError } from '../../src/backend/types';
import { madridDate } from '../../src/domain/dates';
import type { DeliveryPoint, Product } from '../../src/domain/entities/operation';
import { addDays, intakeOrderId } from '../../src/domain/intake';
import { PASSWORD, user } from '../helpers/fixtures';
import { TOMORROW, clientRefs, qualianzaBody } from '../helpers/orderApiBodies';
import { clientDb, closeClients, newProject, readField, seed, seedSmallOperation, settingsFor } from './emulator';
import { emulatorFunctionDeps } from './functionDeps';
import { t } from '../../src/i18n';
import { serveFunction } from './functionServer';

const project = newProject('functions');
let server: Server;
let url = '';
const backends: FirebaseBackend[] = [];

/** Emulator-backed dependencies (the Auth emulator's tokens are unsigned: decoded, not verified). */
const osrmAsked: string[] = [];
/** A fake OSRM service behind the function (OSRM_URL): every duration 42 s, distance 100 m. */
const fakeOsrm = (async (input: string | URL | Request) => {
  osrmAsked.push(String(input));
  const n = (new URL(String(input)).pathname.split('/table/v1/bicycle/')[1] ?? '').split(';').length;
  const rows = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (__, j) => (i === j ? 0 : 42)));
  return new Response(JSON.stringify({ code: 'Ok', durations: rows, distances: rows.map((r) => r.map((x) => (x ? 100 : 0))) }), { headers: { 'content-type': 'application/json' } });
}) as typeof fetch;
const deps: FunctionDeps = emulatorFunctionDeps(project, 'cb_', { ratePerMinute: 10_000 }, { baseUrl: 'http://osrm.test', fetch: fakeOsrm });
const reference: { products: Product[]; points: DeliveryPoint[] } = { products: [], points: [] };

beforeAll(async () => {
  await seedSmallOperation(project);
  // Accounts of this file (the Auth emulator is shared by every test file).
  const admin = { ...user('u-fn-admin', 'admin', 'fn-admin@cargobici.test', 'Admin funciones') };
  const rider = { ...user('u-fn-rider', 'rider', 'fn-rider@cargobici.test', 'Rider funciones') };
  const fresh = { ...user('u-fn-new', 'rider', 'fn-nuevo@cargobici.test', 'Nuevo') };
  await seed(clientDb(project, 'owner'), { users: [admin, rider, fresh] });
  await deps.setPassword(admin.id, admin.email, PASSWORD);
  await deps.setPassword(rider.id, rider.email, PASSWORD);
  // The reference an order is planned against: the demo's clients, taxes, hubs, products and points.
  const demo = generateDemoData({ today: madridDate(), now: Date.now(), scale: { deliveryPoints: 60, ordersPerDay: 4, ridersPerHub: 1 } });
  await seed(clientDb(project, 'owner'), { catalog: demo.catalog, products: demo.products, delivery_points: demo.delivery_points });
  reference.products = demo.products;
  reference.points = demo.delivery_points;
  server = createServer((req, res) => void serveFunction(req, res, deps));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const b of backends) await b.close();
  await closeClients();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function signedIn(email: string, password = PASSWORD): Promise<FirebaseBackend> {
  const b = await createFirebaseBackend(settingsFor(project, { functionsUrl: url }), { name: `fn-${backends.length}`, memoryAuth: true });
  backends.push(b);
  await b.auth.login(email, password);
  return b;
}

describe('the Firebase function', () => {
  it('lets an admin set the first password of a new user, whose account then signs in with his role', async () => {
    const admin = await signedIn('fn-admin@cargobici.test');
    await admin.auth.setUserPassword('u-fn-new', 'primera-clave');
    const fresh = await signedIn('fn-nuevo@cargobici.test', 'primera-clave');
    expect(fresh.current()?.user).toMatchObject({ id: 'u-fn-new', base_role: 'rider' });
    // Set again (a forgotten password): the same account, a new password.
    await admin.auth.setUserPassword('u-fn-new', 'segunda-clave');
    await signedIn('fn-nuevo@cargobici.test', 'segunda-clave');
  });

  it('refuses everyone else, short passwords and unknown users, in Spanish', async () => {
    const rider = await signedIn('fn-rider@cargobici.test');
    const refused = await rider.auth.setUserPassword('u-fn-new', 'tercera-clave').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BackendError);
    expect([(refused as BackendError).status, (refused as BackendError).message]).toEqual([403, 'Solo un administrador puede poner contraseñas']);
    const admin = await signedIn('fn-admin@cargobici.test');
    expect(((await admin.auth.setUserPassword('u-fn-new', 'corta').catch((e: unknown) => e)) as BackendError).code).toBe('weak_password');
    expect(((await admin.auth.setUserPassword('u-nadie', 'clave-larga-1').catch((e: unknown) => e)) as BackendError).status).toBe(404);
    const anonymous = await handle({ method: 'POST', path: '/api/auth/admin/password', headers: {}, body: {}, bodyBytes: 2, address: '127.0.0.1' }, deps);
    expect(anonymous.status).toBe(401);
  });

  it('answers the planning board travel times from the OSRM service, to planners only', async () => {
    const admin = await signedIn('fn-admin@cargobici.test');
    expect(await admin.routing.status()).toEqual({ osrm: true });
    const block = { coordinates: [[-3.7, 40.4], [-3.71, 40.41]] as [number, number][] };
    expect(await admin.routing.table(block)).toEqual({ code: 'Ok', durations: [[0, 42], [42, 0]], distances: [[0, 100], [100, 0]] });
    expect(osrmAsked).toEqual(['http://osrm.test/table/v1/bicycle/-3.700000,40.400000;-3.710000,40.410000?annotations=duration,distance']);
    const rider = await signedIn('fn-rider@cargobici.test');
    const refused = (await rider.routing.table(block).catch((e: unknown) => e)) as BackendError;
    expect([refused.status, refused.message]).toEqual([403, t('planning.travel.forbidden')]);
    const bad = (await admin.routing.table({ coordinates: [[-3.7, 40.4]] }).catch((e: unknown) => e)) as BackendError;
    expect([bad.status, bad.message]).toEqual([400, t('planning.travel.badRequest', { where: 'coordinates' })]);
    expect(osrmAsked).toHaveLength(1);
  });

});

const demoRefs = (clientKey: 'pascual' | 'bimbo') => clientRefs(reference.points, reference.products, clientKey);
const qualianza = (ref: string, over: Record<string, unknown> = {}) => qualianzaBody(demoRefs('pascual'), ref, over);

async function post(path: string, key: string | undefined, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(key === undefined ? {} : { 'X-Api-Key': key }), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('the clients’ order API on Firebase', () => {
  let pascual: { id: string; key: string };
  let bimbo: { id: string; key: string };

  beforeAll(async () => {
    const admin = await signedIn('fn-admin@cargobici.test');
    pascual = await admin.admin.createApiKey({ client: 'pascual', name: 'ERP Qualianza' });
    bimbo = await admin.admin.createApiKey({ client: 'bimbo', name: 'ERP Bimbo' });
  });

  it('lets an admin make, list and revoke keys through the app; a rider and a stranger are refused', async () => {
    expect(pascual.key).toMatch(/^cbk\.[0-9a-f]{16}\.[A-Za-z0-9_-]{43}$/);
    // Firestore holds the secret's hash only.
    expect(await readField(project, `cb_api_keys/${pascual.id}`, 'secret_hash')).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await readField(project, `cb_api_keys/${pascual.id}`, 'secret_hash'))).not.toContain(pascual.key.split('.')[2]);
    // No device reads keys or Idempotency-Keys, not even an admin's: only the function does.
    for (const path of [`cb_api_keys/${pascual.id}`, 'cb_api_idempotency/x']) {
      await expect(getDoc(doc(clientDb(project, 'u-fn-admin'), path))).rejects.toMatchObject({ code: 'permission-denied' });
    }
    const admin = await signedIn('fn-admin@cargobici.test');
    const listed = await admin.admin.listApiKeys();
    expect(listed.find((k) => k.id === pascual.id)).toMatchObject({ client: 'pascual', name: 'ERP Qualianza', created_by: 'u-fn-admin', revoked_at: null });
    expect(JSON.stringify(listed)).not.toContain(pascual.key);
    const bad = (await admin.admin.createApiKey({ client: 'synlab' as never, name: '' }).catch((e: unknown) => e)) as BackendError;
    expect([bad.status, bad.code]).toEqual([422, 'invalid']);
    const rider = await signedIn('fn-rider@cargobici.test');
    const refused = (await rider.admin.listApiKeys().catch((e: unknown) => e)) as BackendError;
    expect([refused.status, refused.message]).toEqual([403, 'Solo los administradores pueden gestionar las claves de la API']);
    expect((await fetch(`${url}/api/admin/api-keys`)).status).toBe(401);

    const spare = await admin.admin.createApiKey({ client: 'pascual', name: 'Pruebas' });
    expect((await post('/api/ordersqualianza', spare.key, qualianza('QZ-FB-REV'))).status).toBe(201);
    const revoked = await admin.admin.revokeApiKey(spare.id);
    expect(revoked.revoked_at).toBeGreaterThan(0);
    expect(revoked.last_used_at).toBeGreaterThan(0);
    const after = await post('/api/ordersqualianza', spare.key, qualianza('QZ-FB-REV2'));
    expect([after.status, after.body.message]).toEqual([401, 'Clave de la API no válida, caducada o revocada']);
    expect(((await admin.admin.revokeApiKey('ak-0000000000000000').catch((e: unknown) => e)) as BackendError).status).toBe(404);
  });

  it('creates an order in Firestore (201), answers the same request with 200 unchanged, and a device pulls it', async () => {
    const body = qualianza('QZ-FB-0001');
    const first = await post('/api/ordersqualianza', pascual.key, body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const id = intakeOrderId('client-pascual', 'QZ-FB-0001');
    expect(first.body).toMatchObject({ id, external_ref: 'QZ-FB-0001', result: 'created', created: true, status: 'pending', date: TOMORROW, point_located: true });
    const again = await post('/api/ordersqualianza', pascual.key, { ...body });
    expect([again.status, again.body.result]).toEqual([200, 'unchanged']);
    const changed = await post('/api/ordersqualianza', pascual.key, { ...body, observaciones: 'Timbre 2' });
    expect([changed.status, changed.body.result]).toEqual([200, 'updated']);
    // An operator's device pulls it through the normal sync (stamped with the server's time).
    const admin = await signedIn('fn-admin@cargobici.test');
    let checkpoint = null;
    const pulled: Record<string, unknown>[] = [];
    for (;;) {
      const page = await admin.sync.pull('orders', checkpoint, 500);
      pulled.push(...(page.documents as unknown as Record<string, unknown>[]));
      if (page.documents.length < 500) break;
      checkpoint = page.checkpoint;
    }
    expect(pulled.filter((o) => o.id === id)).toEqual([expect.objectContaining({ external_ref: 'QZ-FB-0001', notes: 'Timbre 2', payment_method: 'transfer', client_id: 'client-pascual' })]);
  });

  it('replays an Idempotency-Key, and refuses it with another body (409)', async () => {
    const body = qualianza('QZ-FB-0003');
    const headers = { 'Idempotency-Key': 'req-fb-0003' };
    expect((await post('/api/ordersqualianza', pascual.key, body, headers)).status).toBe(201);
    const replay = await post('/api/ordersqualianza', pascual.key, body, headers);
    expect([replay.status, replay.body.result]).toEqual([200, 'unchanged']);
    const other = await post('/api/ordersqualianza', pascual.key, { ...body, observaciones: 'x' }, headers);
    expect([other.status, other.body.error]).toEqual([409, 'idempotency_conflict']);
    expect(await readField(project, `cb_orders/${intakeOrderId('client-pascual', 'QZ-FB-0003')}`, 'notes')).toBe('');
  });

  it('refuses in Spanish as the embedded server does: 401, 403, 422 at its JSON path, 413, 415, 400', async () => {
    const body = qualianza('QZ-FB-0004');
    const none = await post('/api/ordersqualianza', undefined, body);
    expect([none.status, none.body]).toEqual([401, { error: 'unauthorized', message: 'Falta la clave de la API: envíala en la cabecera X-Api-Key' }]);
    expect((await post('/api/ordersqualianza', `${pascual.key.slice(0, -4)}AAAA`, body)).status).toBe(401);
    const other = await post('/api/ordersqualianza', bimbo.key, body);
    expect([other.status, other.body.message]).toEqual([403, 'Esta clave es de otro cliente: no puede enviar pedidos a /api/ordersqualianza']);
    const invalid = await post('/api/ordersqualianza', pascual.key, { pedido: 7, fecha_entrega: '01/12/2026', punto_entrega: { codigo: 'X' }, lineas: [{ articulo: 'PAS-0001', cantidad: 'seis' }] });
    expect(invalid.status).toBe(422);
    const errors = invalid.body.errors as { path: string; line: number | null; message: string }[];
    expect(errors.find((e) => e.path === 'lineas[0].cantidad')).toMatchObject({ line: 1, message: 'Línea 1, campo «lineas[0].cantidad»: debe ser un número y es un texto' });
    const past = await post('/api/ordersqualianza', pascual.key, { ...body, fecha_entrega: addDays(madridDate(), -2) });
    expect([past.status, (past.body.errors as { code: string }[]).map((e) => e.code)]).toEqual([422, ['date_past']]);
    const big = await post('/api/ordersqualianza', pascual.key, { ...body, observaciones: 'x'.repeat(1024 * 1024) });
    expect([big.status, big.body.error]).toEqual([413, 'too_large']);
    expect((await post('/api/ordersqualianza', undefined, { ...body, observaciones: 'x'.repeat(1024 * 1024) })).status).toBe(401);
    const broken = await post('/api/ordersqualianza', pascual.key, '{"pedido": ');
    expect([broken.status, broken.body.message]).toEqual([400, 'El cuerpo no es un JSON válido']);
    const csv = await fetch(`${url}/api/ordersqualianza`, { method: 'POST', headers: { 'X-Api-Key': pascual.key, 'Content-Type': 'text/csv' }, body: 'a;b' });
    expect(csv.status).toBe(415);
    expect(await readField(project, `cb_orders/${intakeOrderId('client-pascual', 'QZ-FB-0004')}`, 'id')).toBeUndefined();
  });

  it('takes Bimbo’s shape, with a new point «sin ubicación» for an unknown store', async () => {
    const r = demoRefs('bimbo');
    const res = await post('/api/ordersbimbo', bimbo.key, {
      orderId: 'BIM-FB-1',
      deliveryDate: TOMORROW,
      store: { code: 'NUEVA-FB', name: 'Panadería Nueva', street: 'Calle de Alcalá, 10', zip: '28014', city: 'Madrid' },
      items: [{ product: r.products[0].sku, qty: 3 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ id: intakeOrderId('client-bimbo', 'BIM-FB-1'), point_located: false });
    const pointId = String(res.body.delivery_point_id);
    expect(await readField(project, `cb_delivery_points/${pointId}`, 'located')).toBe(false);
    // The function's copy of the points knows the new one: the next order of that store uses it.
    const next = await post('/api/ordersbimbo', bimbo.key, { orderId: 'BIM-FB-2', deliveryDate: TOMORROW, store: { code: 'NUEVA-FB' }, items: [{ product: r.products[0].sku, qty: 1 }] });
    expect([next.status, next.body.delivery_point_id]).toEqual([201, pointId]);
  });

  it('makes exactly one order of identical requests sent at once to four function instances', async () => {
    const body = qualianza('QZ-FB-CONC');
    const text = JSON.stringify(body);
    // Cloud Functions spreads requests that arrive together over instances: each has its own
    // Firestore client and its own copy of the reference.
    const instances = Array.from({ length: 4 }, () => emulatorFunctionDeps(project, 'cb_', { ratePerMinute: 10_000 }));
    // As a client does: a 503 (Firestore gave up on a transaction that lost to the others too
    // often) is sent again; nothing was written by it.
    const send = async (instance: FunctionDeps) => {
      for (;;) {
        const res = await handle({ method: 'POST', path: '/api/ordersqualianza', headers: { 'content-type': 'application/json', 'x-api-key': pascual.key }, body, bodyBytes: text.length, address: '10.0.0.1' }, instance);
        if (res.status !== 503) return res as { status: number; body: Record<string, unknown> };
        expect(res.body).toMatchObject({ error: 'busy' });
      }
    };
    const answers = await Promise.all(instances.map(send));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.id))).toEqual(new Set([intakeOrderId('client-pascual', 'QZ-FB-CONC')]));
  });

  it('serves the OpenAPI document, public, with examples that are valid requests today', async () => {
    const res = await fetch(`${url}/api/docs`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, { post?: { requestBody: { content: { 'application/json': { example: unknown } } } } }> };
    for (const [path, key] of [
      ['/api/ordersqualianza', pascual.key],
      ['/api/ordersbimbo', bimbo.key],
    ] as const) {
      const example = doc.paths[path]?.post?.requestBody.content['application/json'].example;
      const first = await post(path, key, example);
      expect(first.status, JSON.stringify(first.body)).toBe(201);
    }
  });
});
