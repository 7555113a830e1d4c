/**
 * Finding 13: bad documents get a clear refusal for that one document — never a 500 or a rolled
 * back batch: an e-mail already in use (on update and on create) and values nested 10,000 deep.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { deliveryEvent, order, user } from '../helpers/fixtures';
import { raw } from './helpers';

type Row = Record<string, unknown>;

let srv: TestServer;
let admin: string;
beforeEach(async () => {
  srv = await startTestServer();
  admin = (await srv.login('admin@cargobici.test')).accessToken;
});
afterEach(async () => {
  await srv.stop();
});

/** JSON text of a value nested `levels` arrays deep (JSON.stringify itself cannot write it). */
function deep(levels: number): string {
  return `${'['.repeat(levels)}"fondo"${']'.repeat(levels)}`;
}

/** A JSON object with `field` set to raw JSON text. */
function withRaw(doc: Row, field: string, rawJson: string): string {
  const text = JSON.stringify({ ...doc, [field]: '@@RAW@@' });
  return text.replace('"@@RAW@@"', rawJson);
}

describe('finding 13: an e-mail in use is refused for that one user', () => {
  it('changing a user’s e-mail to one in use refuses that user and keeps the rest of the batch', async () => {
    const rider2 = srv.store.get('users', 'u-rider2') as Row;
    const operator = srv.store.get('users', 'u-operador') as Row;
    const res = await srv.api('/api/sync/users/push', {
      token: admin,
      body: [
        { assumedMasterState: rider2, newDocumentState: { ...rider2, email: 'RIDER1@cargobici.test', updated_at: 2 } },
        { assumedMasterState: operator, newDocumentState: { ...operator, phone: '+34 600 111 222', updated_at: 2 } },
      ],
    });
    expect(res.status).toBe(200);
    const answers = res.body as Row[];
    expect(answers).toHaveLength(1);
    expect(answers[0]?.id).toBe('u-rider2');
    expect(answers[0]?._refused).toBe('El correo «rider1@cargobici.test» ya es el de otro usuario');
    expect(srv.store.get('users', 'u-rider2')?.email).toBe('rider2@cargobici.test');
    expect(srv.store.get('users', 'u-operador')?.phone).toBe('+34 600 111 222');
    // Both still sign in with their own e-mail.
    expect((await srv.login('rider2@cargobici.test')).user.id).toBe('u-rider2');
    expect((await srv.login('rider1@cargobici.test')).user.id).toBe('u-rider1');
  });

  it('a new user with an e-mail in use is refused, so nobody is left who can never get a password', async () => {
    const res = await srv.api('/api/sync/users/push', { token: admin, body: [{ assumedMasterState: null, newDocumentState: { ...user('u-new', 'rider', 'rider2@cargobici.test'), _deleted: false } }] });
    expect((res.body as Row[])[0]?._refused).toMatch(/ya es el de otro usuario/);
    expect(srv.store.get('users', 'u-new')).toBeNull();
  });

  it('a new user with a free e-mail gets a password; the e-mail of a deleted user is free again', async () => {
    const created = await srv.api('/api/sync/users/push', { token: admin, body: [{ assumedMasterState: null, newDocumentState: { ...user('u-new', 'rider', 'nuevo@cargobici.test'), _deleted: false } }] });
    expect(created.body).toEqual([]);
    expect((await srv.api('/api/auth/admin/password', { token: admin, body: { userId: 'u-new', password: 'clave-del-nuevo' } })).status).toBe(204);
    expect((await srv.login('nuevo@cargobici.test', 'clave-del-nuevo')).user.id).toBe('u-new');
    const rider2 = srv.store.get('users', 'u-rider2') as Row;
    expect((await srv.api('/api/sync/users/push', { token: admin, body: [{ assumedMasterState: rider2, newDocumentState: { ...rider2, _deleted: true } }] })).body).toEqual([]);
    const reuse = await srv.api('/api/sync/users/push', { token: admin, body: [{ assumedMasterState: null, newDocumentState: { ...user('u-rider2b', 'rider', 'rider2@cargobici.test'), _deleted: false } }] });
    expect(reuse.body).toEqual([]);
    expect((await srv.api('/api/auth/admin/password', { token: admin, body: { userId: 'u-rider2b', password: 'clave-de-rosa' } })).status).toBe(204);
  });
});

describe('finding 13: deeply nested values are refused for that one document', () => {
  it('a value nested 10,000 levels deep, in a known or an unknown field, is refused clearly; the rest of the batch is kept', async () => {
    const rider = (await srv.login('rider1@cargobici.test')).accessToken;
    const o1 = order('o1', 'pe1', 'r1');
    const good = { ...deliveryEvent('dlv-good', o1, 'u-rider1'), _deleted: false };
    const rows = [
      `{"assumedMasterState":null,"newDocumentState":${withRaw({ ...deliveryEvent('dlv-deep-1', o1, 'u-rider1'), _deleted: false }, 'note', deep(10_000))}}`,
      `{"assumedMasterState":null,"newDocumentState":${withRaw({ ...deliveryEvent('dlv-deep-2', o1, 'u-rider1'), _deleted: false }, 'extra', deep(10_000))}}`,
      `{"assumedMasterState":${withRaw({ id: 'dlv-deep-3' }, 'x', deep(10_000))},"newDocumentState":${JSON.stringify({ ...deliveryEvent('dlv-deep-3', o1, 'u-rider1'), _deleted: false })}}`,
      JSON.stringify({ assumedMasterState: null, newDocumentState: good }),
    ];
    const res = await raw(srv.url, { path: '/api/sync/deliveries/push', headers: { Authorization: `Bearer ${rider}`, 'Content-Type': 'application/json' }, rawBody: `[${rows.join(',')}]` });
    expect(res.status).toBe(200);
    const answers = res.body as Row[];
    expect(answers.map((a) => a.id)).toEqual(['dlv-deep-1', 'dlv-deep-2', 'dlv-deep-3']);
    for (const a of answers) expect(a._refused).toMatch(/anidados a más de 32 niveles/);
    expect(srv.store.get('deliveries', 'dlv-good')).not.toBeNull();
    expect(srv.store.get('deliveries', 'dlv-deep-1')).toBeNull();
    // The refusal answers carry nothing deep back.
    expect(JSON.stringify(answers).length).toBeLessThan(20_000);
  });
});
