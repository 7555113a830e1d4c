/**
 * Finding 2: the change stream checks its principal before every send and when sessions end —
 * a deactivated user, a changed role, an expired token, a sign-out or a password changed on
 * another device ends the stream, and nothing more reaches it. (A `change` message names a
 * collection and a checkpoint only, never a document: what must not reach him is the message.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { openStream, type StreamReader } from './helpers';

type Row = Record<string, unknown>;

let srv: TestServer;
let clock = Date.now();
const streams: StreamReader[] = [];
afterEach(async () => {
  streams.splice(0).forEach((s) => s.abort());
  await srv.stop();
});

async function start(): Promise<void> {
  clock = Date.now();
  srv = await startTestServer({ auth: { now: () => clock } });
}

async function push(token: string, collection: string, id: string, change: Row): Promise<void> {
  const current = srv.store.get(collection as never, id) as Row;
  const res = await srv.api(`/api/sync/${collection}/push`, { token, body: [{ assumedMasterState: current, newDocumentState: { ...current, ...change } }] });
  expect(res.status).toBe(200);
  expect(res.body).toEqual([]);
}

/** Rider 1's stream, already past its opening `resync`. */
async function riderStream(token: string): Promise<StreamReader> {
  const s = await openStream(srv, token);
  streams.push(s);
  expect(s.status).toBe(200);
  expect(await s.readUntil('event: resync')).toBe(true);
  return s;
}

describe('finding 2: the stream re-checks its principal', () => {
  it('still carries changes while the principal holds (control)', async () => {
    await start();
    const rider = await srv.login('rider1@cargobici.test');
    const op = await srv.login('operador@cargobici.test');
    const s = await riderStream(rider.accessToken);
    await push(op.accessToken, 'delivery_points', 'pe1', { notes: 'Timbre roto', updated_at: 2 });
    expect(await s.readUntil('"collection":"delivery_points"')).toBe(true);
  });

  it('ends the stream of a user who is deactivated, and sends him nothing more', async () => {
    await start();
    const rider = await srv.login('rider1@cargobici.test');
    const admin = await srv.login('admin@cargobici.test');
    const op = await srv.login('operador@cargobici.test');
    const s = await riderStream(rider.accessToken);
    await push(admin.accessToken, 'users', 'u-rider1', { active: false, updated_at: 2 });
    await push(op.accessToken, 'delivery_points', 'pe1', { notes: 'Código de la puerta 1234', updated_at: 3 });
    expect(await s.ended()).toBe(true);
    expect(s.text()).not.toContain('event: change');
  });

  it('ends the stream when the user’s role changes', async () => {
    await start();
    const rider = await srv.login('rider1@cargobici.test');
    const admin = await srv.login('admin@cargobici.test');
    const s = await riderStream(rider.accessToken);
    await push(admin.accessToken, 'users', 'u-rider1', { role: 'operator', updated_at: 2 });
    expect(await s.ended()).toBe(true);
  });

  it('ends the stream when the interface groups of his role change', async () => {
    await start();
    const rider = await srv.login('rider1@cargobici.test');
    const admin = await srv.login('admin@cargobici.test');
    const s = await riderStream(rider.accessToken);
    await push(admin.accessToken, 'catalog', 'rider', { groups: ['machine-rider', 'machine-operator'], updated_at: 2 });
    expect(await s.ended()).toBe(true);
  });

  it('ends the stream when its access token has expired (checked before the next send)', async () => {
    await start();
    const rider = await srv.login('rider1@cargobici.test');
    const s = await riderStream(rider.accessToken);
    clock += 16 * 60_000;
    const op = await srv.login('operador@cargobici.test');
    await push(op.accessToken, 'delivery_points', 'pe1', { notes: 'Después de caducar', updated_at: 2 });
    expect(await s.ended()).toBe(true);
    expect(s.text()).not.toContain('event: change');
  });

  it('ends the stream of a session that signs out, at once', async () => {
    await start();
    const rider = await srv.login('rider1@cargobici.test');
    const s = await riderStream(rider.accessToken);
    expect((await srv.api('/api/auth/logout', { body: { refreshToken: rider.refreshToken } })).status).toBe(204);
    expect(await s.ended()).toBe(true);
    // The session's access token is refused from now on, although it has not expired.
    expect((await srv.api('/api/sync/routes/pull', { token: rider.accessToken })).status).toBe(401);
  });

  it('ends the streams of other sessions when the password changes; the changing session keeps its own', async () => {
    await start();
    const phone = await srv.login('rider1@cargobici.test');
    const tablet = await srv.login('rider1@cargobici.test');
    const onPhone = await riderStream(phone.accessToken);
    const onTablet = await riderStream(tablet.accessToken);
    const res = await srv.api('/api/auth/password', { token: phone.accessToken, body: { currentPassword: 'cargobici-demo', newPassword: 'otra-clave-segura' } });
    expect(res.status).toBe(204);
    expect(await onTablet.ended()).toBe(true);
    const op = await srv.login('operador@cargobici.test');
    await push(op.accessToken, 'delivery_points', 'pe1', { notes: 'Sigue en el móvil', updated_at: 2 });
    expect(await onPhone.readUntil('"collection":"delivery_points"')).toBe(true);
  });
});
