/**
 * Issue 13: the client's public link to one proof of delivery, on the real server. Only operators
 * and admins make links; a link opens without a session and answers only its own order's proof
 * fields (no internal ids, no other order), its signature and photos through the token; a wrong
 * token is refused, and the link stops working when it expires — with Spanish messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_API } from '../../server/app';
import { PROOF_LINK_MS } from '../../src/domain/proof';
import { t } from '../../src/i18n';
import { startTestServer, seedDocs, type TestServer } from '../helpers/server';
import { deliveryEvent, order, T0 } from '../helpers/fixtures';

let srv: TestServer;
let clock = T0 + 10_000;
let opToken = '';
let riderToken = '';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const o1 = order('o1', 'pe1', 'r1');
const o2 = order('o2', 'pe2', 'r1');
const STROKES = [[[100, 100, 0.5], [300, 200, 0.5], [500, 120, 0.5]]];

beforeAll(async () => {
  srv = await startTestServer({ now: () => clock });
  opToken = (await srv.login('operador@cargobici.test')).accessToken;
  riderToken = (await srv.login('rider1@cargobici.test')).accessToken;
  const put = await fetch(`${srv.url}/api/files/deliveries/u-rider1/photo-o1.png`, { method: 'PUT', headers: { Authorization: `Bearer ${riderToken}`, 'Content-Type': 'image/png' }, body: PNG });
  expect(put.status).toBe(201);
  const put2 = await fetch(`${srv.url}/api/files/deliveries/u-rider1/photo-o2.png`, { method: 'PUT', headers: { Authorization: `Bearer ${riderToken}`, 'Content-Type': 'image/png' }, body: Buffer.concat([PNG, Buffer.from([1])]) });
  expect(put2.status).toBe(201);
  const signed = (o: typeof o1, id: string, name: string) => ({ ...deliveryEvent(id, o, 'u-rider1', 'signed'), lines: [], at: T0 + 2000, signer_name: name, signature_strokes: STROKES });
  seedDocs(srv, {
    catalog: [{ id: 'c-pascual', kind: 'client', name: 'Qualianza Pascual', active: true, updated_at: T0 }],
    deliveries: [
      { ...deliveryEvent('e1', o1, 'u-rider1'), position: { lat: 40.41, lng: -3.71, accuracy_m: 8 }, lines: [{ line_id: 'l1', product_id: 'p1', delivered: 5, refused: 1 }] },
      signed(o1, 'e2', 'Ana Firmante'),
      { ...deliveryEvent('e3', o1, 'u-rider1', 'collected'), lines: [], at: T0 + 3000, payment_method: 'cash', amount_due_cents: 600, amount_collected_cents: 1000, change_cents: 400, photo_file: 'deliveries/u-rider1/photo-o1.png' },
      deliveryEvent('e4', o2, 'u-rider1'),
      signed(o2, 'e5', 'Otro Firmante'),
      { ...deliveryEvent('e6', o2, 'u-rider1', 'collected'), lines: [], at: T0 + 3000, payment_method: 'cash', amount_due_cents: 720, amount_collected_cents: 720, photo_file: 'deliveries/u-rider1/photo-o2.png' },
    ],
  });
});
afterAll(async () => {
  await srv.stop();
});

async function makeLink(orderId: string, token = opToken): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await srv.api('/api/proof-links', { token, body: { order_id: orderId } });
  return res as { status: number; body: Record<string, unknown> };
}

describe('public proof-of-delivery links', () => {
  it('are on the public list, and making one needs an operator session', async () => {
    expect(PUBLIC_API).toEqual(expect.arrayContaining(['GET /api/public/proof/:token', 'GET /api/public/proof/:token/signature', 'GET /api/public/proof/:token/photos/:n']));
    expect(PUBLIC_API).not.toContain('POST /api/proof-links');
    expect((await srv.api('/api/proof-links', { body: { order_id: 'o1' } })).status).toBe(401);
    const rider = await makeLink('o1', riderToken);
    expect(rider).toEqual({ status: 403, body: { error: 'forbidden', message: t('proof.errors.operatorOnly') } });
  });

  it('refuses a link to an order without a proof or that does not exist, and a missing order id', async () => {
    expect(await makeLink('o3')).toEqual({ status: 409, body: { error: 'not_done', message: t('proof.errors.notDone', { code: 'P-o3' }) } });
    expect((await makeLink('nope')).status).toBe(404);
    const bad = await srv.api('/api/proof-links', { token: opToken, body: {} });
    expect(bad).toEqual({ status: 400, body: { error: 'bad_request', message: t('proof.errors.orderRequired') } });
  });

  it('answers only that order, with its proof fields and no internal ids, without a session', async () => {
    const link = await makeLink('o1');
    expect(link.status).toBe(201);
    const token = String(link.body.token);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.body).toEqual({ token, path: `/albaran/${token}`, expires_at: clock + PROOF_LINK_MS });
    // Only the hash is stored.
    expect(JSON.stringify(srv.store.db.prepare('SELECT * FROM proof_links').all())).not.toContain(token);

    const res = await srv.api(`/api/public/proof/${token}`);
    expect(res.status).toBe(200);
    const body = res.body as Record<string, unknown>;
    expect(body).toEqual({
      order_code: 'P-o1',
      client_ref: o1.external_ref,
      date: o1.date,
      client: 'Qualianza Pascual',
      point: { name: 'Bar pe1', address: 'Calle de Toledo 12', postal_code: '28005', city: 'Madrid' },
      outcome: 'delivered',
      at: T0 + 1000,
      position: { lat: 40.41, lng: -3.71, accuracy_m: 8 },
      rider: 'Rafa Rider',
      lines: [{ name: 'Leche', ordered: 6, delivered: 5, refused: 1 }],
      failure_reason: '',
      note: '',
      signer_name: 'Ana Firmante',
      signed_at: T0 + 2000,
      payment: { method: 'cash', due_cents: 600, collected_cents: 600, change_cents: 400, at: T0 + 3000 },
      signature_url: `/api/public/proof/${token}/signature`,
      photo_urls: [`/api/public/proof/${token}/photos/0`],
      expires_at: clock + PROOF_LINK_MS,
    });
    const text = JSON.stringify(body);
    for (const internal of ['"o1"', '"r1"', 'u-rider1', '"pe1"', 'c-pascual', 'deliveries/', 'Otro Firmante', 'P-o2']) expect(text).not.toContain(internal);

    const sig = await fetch(`${srv.url}/api/public/proof/${token}/signature`);
    expect(sig.status).toBe(200);
    expect(sig.headers.get('content-type')).toContain('image/svg+xml');
    expect(await sig.text()).toContain('<polyline points="100,100 300,200 500,120"/>');
    const photo = await fetch(`${srv.url}/api/public/proof/${token}/photos/0`);
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).equals(PNG)).toBe(true);
    // No other image through this token (o2's photo is not among its photos).
    expect((await fetch(`${srv.url}/api/public/proof/${token}/photos/1`)).status).toBe(404);
    expect((await fetch(`${srv.url}/api/public/proof/${token}/photos/..%2F..%2Fx`)).status).toBe(404);
  });

  it('refuses a wrong token with a Spanish message', async () => {
    for (const token of ['x', 'A'.repeat(43), `${'B'.repeat(42)}!`]) {
      const res = await srv.api(`/api/public/proof/${encodeURIComponent(token)}`);
      expect(res).toEqual({ status: 404, body: { error: 'invalid_link', message: t('proof.errors.linkInvalid') } });
      expect((await srv.api(`/api/public/proof/${encodeURIComponent(token)}/signature`)).status).toBe(404);
    }
  });

  it('stops working when it expires, with a Spanish message, images included', async () => {
    const link = await makeLink('o2');
    const token = String(link.body.token);
    clock += PROOF_LINK_MS - 1;
    expect((await srv.api(`/api/public/proof/${token}`)).status).toBe(200);
    clock += 1;
    const expired = { status: 410, body: { error: 'expired_link', message: t('proof.errors.linkExpired') } };
    expect(await srv.api(`/api/public/proof/${token}`)).toEqual(expired);
    expect(await srv.api(`/api/public/proof/${token}/signature`)).toEqual(expired);
    expect(await srv.api(`/api/public/proof/${token}/photos/0`)).toEqual(expired);
  });
});
