/**
 * Issue 33 (receivers and clients' systems): a day on the real server with a real SMTP server and
 * a local HTTP receiver for the SMS provider and a client's webhook. A route is published, goes
 * out, one order is delivered, the server restarts mid-day, the other order fails: every notice
 * arrives once, in the receiver's language; every status change reaches the webhook once, signed,
 * in order per order, including the one whose first attempt failed before the restart.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_API } from '../../server/app';
import type { LocalCollection } from '../../src/domain/collections';
import { t } from '../../src/i18n';
import { openApiDocument } from '../../src/domain/orderApi/openapi';
import { startTestServer, seedDocs, type TestServer } from '../helpers/server';
import { deliveryEvent, order, point, route, T0 } from '../helpers/fixtures';
import { startHttpReceiver, startSmtp, until, type HttpReceiver, type ReceivedMail } from '../helpers/receivers';

// 20:00 in Madrid the day before the fixture's orders (2026-11-22): «mañana».
let clock = Date.parse('2026-11-21T19:00:00Z');
const SECRET = 'un-secreto-de-prueba-largo';
const CLIENT = { id: 'c-pascual', kind: 'client', key: 'pascual', name: 'Qualianza Pascual', active: true, updated_at: T0 };
const AUSENTE = { id: 'st-ausente', kind: 'status-delivery', name: 'Ausente', active: true, updated_at: T0 };

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let http: HttpReceiver;
let srv: TestServer;
let admin = '';
let operator = '';

const start = (dataDir?: string) =>
  startTestServer({
    now: () => clock,
    smtpUrl: smtp.url,
    sms: { url: `${http.url}/sms`, token: 'sms-token' },
    publicUrl: 'https://cargobici.example',
    notify: { pollMs: 40, retryBaseMs: 1000 },
    ...(dataDir ? { dataDir } : {}),
  });

async function signIn() {
  admin = (await srv.login('admin@cargobici.test')).accessToken;
  operator = (await srv.login('operador@cargobici.test')).accessToken;
}

/** Writes a document through the sync push, as the admin's device would. */
async function push(collection: LocalCollection, patch: Record<string, unknown> & { id: string }) {
  const current = srv.store.get(collection, patch.id);
  clock += 1000;
  const doc = { ...current, ...patch, updated_at: clock };
  const res = await srv.api(`/api/sync/${collection}/push`, { token: admin, body: [{ assumedMasterState: current, newDocumentState: doc }] });
  expect(res.status).toBe(200);
  expect(JSON.stringify(res.body)).not.toContain('_refused');
}

const sms = () => http.requests.filter((r) => r.path === '/sms').map((r) => JSON.parse(r.body) as { to: string; text: string });
const hooks = () => http.requests.filter((r) => r.path === '/hook');
const mailsTo = (to: string): ReceivedMail[] => smtp.mails.filter((m) => m.to === to);

beforeAll(async () => {
  smtp = await startSmtp();
  http = await startHttpReceiver();
  srv = await start();
  const o1 = order('o1', 'pe1', 'r1');
  const o2 = order('o2', 'pe2', 'r1');
  seedDocs(srv, {
    catalog: [CLIENT, AUSENTE],
    delivery_points: [{ ...point('pe1'), phone: '+34 600 000 001' }, point('pe2'), { ...point('pe3'), phone: '600000003' }],
    orders: [o1, o2],
    routes: [{ ...route('r1', 'u-rider1', [{ point: 'pe1', orders: ['o1'] }, { point: 'pe2', orders: ['o2'] }], 'draft') }],
  });
  await signIn();
});
afterAll(async () => {
  await srv.stop();
  await smtp.stop();
  await http.stop();
});

describe('receivers’ notices and clients’ webhooks over a day with a restart', () => {
  it('lets an admin register a webhook and an operator the receivers’ contacts, with clear refusals', async () => {
    expect(PUBLIC_API).toContain('GET /api/public/tracking/:token');
    // The OpenAPI description documents the webhook's body and the admin endpoints.
    const docs = openApiDocument({ examples: {}, ratePerMinute: 1 }) as { webhooks: Record<string, unknown>; paths: Record<string, unknown> };
    expect(Object.keys(docs.webhooks)).toEqual(['orderStatusChanged']);
    expect(docs.paths['/api/admin/webhooks/{id}/events/{event}/resend']).toBeDefined();
    expect((await srv.api('/api/admin/webhooks', { token: operator })).status).toBe(403);
    const badUrl = await srv.api('/api/admin/webhooks', { token: admin, body: { client_id: 'c-pascual', url: 'ftp://x', secret: SECRET } });
    expect(badUrl).toEqual({ status: 400, body: { error: 'bad_request', message: t('notices.errors.url') } });
    const short = await srv.api('/api/admin/webhooks', { token: admin, body: { client_id: 'c-pascual', url: `${http.url}/hook`, secret: 'corto' } });
    expect(short.body).toEqual({ error: 'bad_request', message: t('notices.errors.secret') });
    const made = await srv.api('/api/admin/webhooks', { token: admin, body: { client_id: 'c-pascual', url: `${http.url}/hook`, secret: SECRET } });
    expect(made.status).toBe(201);
    expect(JSON.stringify(made.body)).not.toContain(SECRET);
    const again = await srv.api('/api/admin/webhooks', { token: admin, body: { client_id: 'c-pascual', url: `${http.url}/hook`, secret: SECRET } });
    expect(again.status).toBe(409);

    const badMail = await srv.api('/api/notify/points/pe1', { token: operator, method: 'PUT', body: { email: 'no-es-correo', phone: '', lang: 'es', opted_out: false } });
    expect(badMail).toEqual({ status: 400, body: { error: 'bad_request', message: t('notices.errors.email') } });
    for (const [id, email, lang] of [['pe1', 'ana@bar.test', 'es'], ['pe2', 'bob@shop.test', 'en']] as const) {
      const res = await srv.api(`/api/notify/points/${id}`, { token: operator, method: 'PUT', body: { email, phone: id === 'pe2' ? '+44 7700 900123' : '', lang, opted_out: false } });
      expect(res.status).toBe(200);
    }
  });

  it('tells each receiver once that the route is published, with the window and a tracking link', async () => {
    await push('routes', { id: 'r1', status: 'planned' });
    await until('published notices', () => [smtp.mails.length, sms().length], ([m, s]) => m === 2 && s === 2);
    const [ana] = mailsTo('ana@bar.test');
    expect(ana?.subject).toBe('Tu pedido P-o1 llega mañana entre 09:50 y 10:10');
    expect(ana?.text).toContain('https://cargobici.example/envio/');
    const [bob] = mailsTo('bob@shop.test');
    expect(bob?.subject).toBe('Your order P-o2 arrives tomorrow between 10:50 and 11:10');
    expect(bob?.text).toMatch(/\/envio\/[A-Za-z0-9_-]{43}\?lang=en/);
    // The point's own phone when its contact gives none; the contact's mobile otherwise.
    expect(sms().map((s) => s.to).sort()).toEqual(['+34 600 000 001', '+44 7700 900123']);
    expect(http.requests.find((r) => r.path === '/sms')?.headers.authorization).toBe('Bearer sms-token');
    // A sent notice keeps no token (only its hash, in the links' table).
    expect(JSON.stringify(srv.store.db.prepare('SELECT vars FROM notice_outbox').all())).not.toContain('token');
    // The same route written again tells no one anything new.
    await push('routes', { id: 'r1', name: 'Ruta r1 (revisada)' });
    expect(srv.store.db.prepare("SELECT COUNT(*) AS n FROM notice_outbox WHERE state <> 'sent'").get()).toEqual({ n: 0 });
  });

  it('tells the first stop the rider is on the way, and signs every order status change to the webhook', async () => {
    seedDocs(srv, { routes: [{ ...srv.store.get('routes', 'r1'), status: 'loaded' }] });
    await push('routes', { id: 'r1', status: 'in_progress' });
    await push('orders', { id: 'o1', status: 'out_for_delivery' });
    await push('orders', { id: 'o2', status: 'out_for_delivery' });
    await until('on the way', () => mailsTo('ana@bar.test').length, (n) => n === 2);
    expect(mailsTo('ana@bar.test')[1]?.text).toContain('Rafa va hacia Bar pe1 con tu pedido P-o1');
    expect(mailsTo('bob@shop.test')).toHaveLength(1);
    await until('webhooks', () => hooks().length, (n) => n === 2);
    for (const h of hooks()) {
      expect(h.headers['x-cargobici-signature']).toBe(`sha256=${createHmac('sha256', SECRET).update(h.body).digest('hex')}`);
      expect(h.headers['x-cargobici-event']).toBe((JSON.parse(h.body) as { id: string }).id);
    }
    const bodies = hooks().map((h) => JSON.parse(h.body) as { type: string; data: { order: { code: string }; status: string; previous_status: string } });
    expect(bodies.map((b) => [b.type, b.data.order.code, b.data.previous_status, b.data.status])).toEqual([
      ['order.status_changed', 'P-o1', 'picked', 'out_for_delivery'],
      ['order.status_changed', 'P-o2', 'picked', 'out_for_delivery'],
    ]);
    expect(JSON.stringify(bodies)).not.toMatch(/"o1"|"r1"|pe1|u-rider1/);
  });

  it('keeps a failed webhook delivery and the notices across a restart: once each', async () => {
    http.answer = (r) => (r.path === '/hook' ? 500 : 200);
    seedDocs(srv, { deliveries: [{ ...deliveryEvent('e1', order('o1', 'pe1', 'r1'), 'u-rider1'), at: Date.parse('2026-11-22T09:02:00Z') }] });
    await push('orders', { id: 'o1', status: 'delivered' });
    await until('delivered and next stop', () => [mailsTo('ana@bar.test').length, mailsTo('bob@shop.test').length], ([a, b]) => a === 3 && b === 2);
    expect(mailsTo('ana@bar.test')[2]?.subject).toBe('Tu pedido P-o1 se ha entregado');
    expect(mailsTo('ana@bar.test')[2]?.text).toContain('a las 10:02');
    expect(mailsTo('bob@shop.test')[1]?.subject).toBe('Your order P-o2 is the next delivery');
    await until('a refused attempt', () => hooks().length, (n) => n === 3);

    // The server stops with the event undelivered, and starts again on the same file.
    const dataDir = srv.dataDir;
    await srv.stop({ keepData: true });
    http.answer = () => 200;
    srv = await start(dataDir);
    await signIn();
    clock += 60_000;
    await until('the event retried after the restart', () => hooks().length, (n) => n === 4);
    expect(JSON.parse(hooks()[3]?.body ?? '{}')).toMatchObject({ data: { order: { code: 'P-o1' }, status: 'delivered' } });
    expect(hooks()[3]?.body).toBe(hooks()[2]?.body);

    seedDocs(srv, { deliveries: [{ ...deliveryEvent('e2', order('o2', 'pe2', 'r1'), 'u-rider1', 'failed'), lines: [], reason_status_id: 'st-ausente' }] });
    await push('orders', { id: 'o2', status: 'failed' });
    await until('failed notice', () => mailsTo('bob@shop.test').length, (n) => n === 3);
    expect(mailsTo('bob@shop.test')[2]?.text).toContain('we could not deliver your order P-o2 at Bar pe2 (Ausente). We take it back to the depot');
    await until('failed event', () => hooks().length, (n) => n === 5);

    // Once each: 3 e-mails and 3 SMS per receiver, 4 status changes (one of them tried twice).
    expect(smtp.mails.map((m) => `${m.to} ${m.subject}`)).toHaveLength(6);
    expect(sms()).toHaveLength(6);
    const events = hooks().map((h) => JSON.parse(h.body) as { id: string; data: { order: { code: string }; status: string } });
    expect(new Set(events.map((e) => e.id)).size).toBe(4);
    expect(events.filter((e) => e.data.order.code === 'P-o1').map((e) => e.data.status)).toEqual(['out_for_delivery', 'delivered', 'delivered']);
    expect(events.filter((e) => e.data.order.code === 'P-o2').map((e) => e.data.status)).toEqual(['out_for_delivery', 'failed']);
  });

  it('shows the admin the delivery log and resends one event («Reenviar»)', async () => {
    const [hook] = (await srv.api('/api/admin/webhooks', { token: admin })).body as { id: string; pending: number }[];
    expect(hook?.pending).toBe(0);
    const log = (await srv.api(`/api/admin/webhooks/${hook?.id}/events`, { token: admin })).body as { id: string; order_code: string; status: string; state: string; attempts: number; attempts_log: { status: number }[] }[];
    const retried = log.find((e) => e.order_code === 'P-o1' && e.status === 'delivered');
    expect(retried).toMatchObject({ state: 'delivered', attempts: 2 });
    expect(retried?.attempts_log.map((a) => a.status)).toEqual([200, 500]);
    const before = hooks().length;
    const res = await srv.api(`/api/admin/webhooks/${hook?.id}/events/${retried?.id}/resend`, { token: admin, body: {} });
    expect(res).toEqual({ status: 200, body: { resent: retried?.id } });
    await until('resent', () => hooks().length, (n) => n === before + 1);
    expect((JSON.parse(hooks().at(-1)?.body ?? '{}') as { id: string }).id).toBe(retried?.id);
  });

  it('holds the events of a paused webhook until it is resumed', async () => {
    const [hook] = (await srv.api('/api/admin/webhooks', { token: admin })).body as { id: string }[];
    expect((await srv.api(`/api/admin/webhooks/${hook?.id}`, { token: admin, method: 'PATCH', body: { paused: true } })).body).toMatchObject({ paused: true });
    const before = hooks().length;
    await push('orders', { id: 'o2', status: 'returned' });
    await until('pending while paused', () => srv.store.db.prepare("SELECT COUNT(*) AS n FROM webhook_events WHERE state = 'pending'").get() as { n: number }, (r) => r.n === 1);
    expect(hooks()).toHaveLength(before);
    await srv.api(`/api/admin/webhooks/${hook?.id}`, { token: admin, method: 'PATCH', body: { paused: false } });
    await until('sent once resumed', () => hooks().length, (n) => n === before + 1);
    expect(JSON.parse(hooks().at(-1)?.body ?? '{}')).toMatchObject({ data: { status: 'returned', previous_status: 'failed' } });
  });
});

describe('the receiver’s tracking page', () => {
  it('opens by a token link without a session, with no internal ids, shows the proof once closed and is revocable', async () => {
    expect((await srv.api('/api/tracking-links', { body: { order_id: 'o2' } })).status).toBe(401);
    const link = await srv.api('/api/tracking-links', { token: operator, body: { order_id: 'o2' } });
    expect(link.status).toBe(201);
    const token = (link.body as { token: string }).token;
    const res = await srv.api(`/api/public/tracking/${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 'P-o2', status: 'returned', rider: '', point: { name: 'Bar pe2', address: 'Calle de Toledo 12', city: 'Madrid' }, proof_url: `/api/public/proof/${token}` });
    expect(JSON.stringify(res.body)).not.toMatch(/"o2"|"r1"|"pe2"|u-rider1|c-pascual/);
    expect((await srv.api(`/api/public/proof/${token}`)).status).toBe(200);
    expect((await srv.api('/api/proof-links/revoke', { token: operator, body: { order_id: 'o2' } })).status).toBe(200);
    expect(await srv.api(`/api/public/tracking/${token}`)).toEqual({ status: 410, body: { error: 'revoked_link', message: t('notices.errors.linkRevoked') } });
    expect((await srv.api(`/api/public/tracking/${'x'.repeat(43)}`)).status).toBe(404);
  });
});

describe('notices without a provider, and opt-outs', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startTestServer({ now: () => clock, notify: { pollMs: 40 } });
    seedDocs(bare, {
      catalog: [CLIENT],
      delivery_points: [{ ...point('pe1'), phone: '600000001' }, { ...point('pe2'), phone: '600000002' }],
      orders: [order('o1', 'pe1', 'r1', 'planned'), order('o2', 'pe2', 'r1', 'planned')],
      routes: [route('r1', 'u-rider1', [{ point: 'pe1', orders: ['o1'] }, { point: 'pe2', orders: ['o2'] }], 'draft')],
    });
  });
  afterAll(async () => {
    await bare.stop();
  });

  it('sends no SMS without a provider and says so to the office; an opted-out point gets nothing', async () => {
    const op = (await bare.login('operador@cargobici.test')).accessToken;
    const adm = (await bare.login('admin@cargobici.test')).accessToken;
    await bare.api('/api/notify/points/pe1', { token: op, method: 'PUT', body: { email: 'ana@bar.test', phone: '', lang: 'es', opted_out: false } });
    await bare.api('/api/notify/points/pe2', { token: op, method: 'PUT', body: { email: 'bob@shop.test', phone: '', lang: 'es', opted_out: true } });
    const current = bare.store.get('routes', 'r1');
    const res = await bare.api('/api/sync/routes/push', { token: adm, body: [{ assumedMasterState: current, newDocumentState: { ...current, status: 'planned', updated_at: clock } }] });
    expect(res.status).toBe(200);
    type Notices = { notices: { kind: string; channel: string; state: string; reason: string }[]; contact: { opted_out: boolean } };
    const o1 = await until('skipped', () => bare.store.db.prepare("SELECT COUNT(*) AS n FROM notice_outbox WHERE order_id = 'o1' AND state = 'skipped'").get() as { n: number }, (r) => r.n === 2);
    expect(o1.n).toBe(2);
    const seen = (await bare.api('/api/notify/orders/o1', { token: op })).body as Notices;
    expect(seen.notices.map((n) => [n.kind, n.channel, n.state, n.reason])).toEqual([
      ['published', 'email', 'skipped', 'no_smtp'],
      ['published', 'sms', 'skipped', 'no_provider'],
    ]);
    const o2 = (await bare.api('/api/notify/orders/o2', { token: op })).body as Notices;
    expect(o2.contact.opted_out).toBe(true);
    expect(o2.notices.map((n) => [n.channel, n.state, n.reason])).toEqual([
      ['email', 'skipped', 'opted_out'],
      ['sms', 'skipped', 'opted_out'],
    ]);
    // Nothing will be sent: no tracking link was made for these notices.
    expect(bare.store.db.prepare('SELECT COUNT(*) AS n FROM proof_links').get()).toEqual({ n: 0 });
    expect((await bare.api('/api/notify/orders/o1', { token: (await bare.login('rider1@cargobici.test')).accessToken })).status).toBe(403);
  });
});
