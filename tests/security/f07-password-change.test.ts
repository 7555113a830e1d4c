/**
 * Finding 7: a password change ends the other sessions; an older reset link dies when a newer one
 * is used or the password changes; password-reset requests are limited.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { PASSWORD } from '../helpers/fixtures';
import { raw } from './helpers';

let srv: TestServer;
afterEach(async () => {
  await srv.stop();
});

const NEW = 'clave-nueva-123';

describe('finding 7: old sessions and links die with the password', () => {
  it('a password change ends every other session (refresh and access tokens); the device that changed it stays signed in', async () => {
    srv = await startTestServer();
    const stolen = await srv.login('rider1@cargobici.test');
    const mine = await srv.login('rider1@cargobici.test');
    const res = await srv.api('/api/auth/password', { token: mine.accessToken, body: { currentPassword: PASSWORD, newPassword: NEW } });
    expect(res.status).toBe(204);
    expect((await srv.api('/api/auth/refresh', { body: { refreshToken: stolen.refreshToken } })).status).toBe(401);
    expect((await srv.api('/api/sync/routes/pull', { token: stolen.accessToken })).status).toBe(401);
    // The session he changed it from goes on, with its refresh token too.
    expect((await srv.api('/api/sync/routes/pull', { token: mine.accessToken })).status).toBe(200);
    const refreshed = await srv.api('/api/auth/refresh', { body: { refreshToken: mine.refreshToken } });
    expect(refreshed.status).toBe(200);
    expect((await srv.login('rider1@cargobici.test', NEW)).user.id).toBe('u-rider1');
  });

  it('a password set by an administrator ends every session of the user', async () => {
    srv = await startTestServer();
    const rider = await srv.login('rider1@cargobici.test');
    const admin = await srv.login('admin@cargobici.test');
    expect((await srv.api('/api/auth/admin/password', { token: admin.accessToken, body: { userId: 'u-rider1', password: NEW } })).status).toBe(204);
    expect((await srv.api('/api/auth/refresh', { body: { refreshToken: rider.refreshToken } })).status).toBe(401);
    expect((await srv.api('/api/sync/routes/pull', { token: rider.accessToken })).status).toBe(401);
  });

  it('an older reset link dies when a newer one is used', async () => {
    srv = await startTestServer();
    const older = srv.auth.createResetToken('rider2@cargobici.test')?.token ?? '';
    const newer = srv.auth.createResetToken('rider2@cargobici.test')?.token ?? '';
    expect((await srv.api('/api/auth/reset', { body: { token: newer, password: NEW } })).status).toBe(204);
    const again = await srv.api('/api/auth/reset', { body: { token: older, password: 'la-del-atacante' } });
    expect(again.status).toBe(400);
    expect((again.body as { message: string }).message).toMatch(/no es válido o ha caducado/);
    expect((await srv.login('rider2@cargobici.test', NEW)).user.id).toBe('u-rider2');
  });

  it('a reset link dies when the password is changed by its owner', async () => {
    srv = await startTestServer();
    const link = srv.auth.createResetToken('rider2@cargobici.test')?.token ?? '';
    const rider = await srv.login('rider2@cargobici.test');
    expect((await srv.api('/api/auth/password', { token: rider.accessToken, body: { currentPassword: PASSWORD, newPassword: NEW } })).status).toBe(204);
    expect((await srv.api('/api/auth/reset', { body: { token: link, password: 'la-del-atacante' } })).status).toBe(400);
  });

  it('a reset ends every session of the user', async () => {
    srv = await startTestServer();
    const rider = await srv.login('rider2@cargobici.test');
    const link = srv.auth.createResetToken('rider2@cargobici.test')?.token ?? '';
    expect((await srv.api('/api/auth/reset', { body: { token: link, password: NEW } })).status).toBe(204);
    expect((await srv.api('/api/sync/routes/pull', { token: rider.accessToken })).status).toBe(401);
    expect((await srv.api('/api/auth/refresh', { body: { refreshToken: rider.refreshToken } })).status).toBe(401);
  });

  it('limits reset requests per e-mail and per address, alike for known and unknown addresses', async () => {
    srv = await startTestServer();
    const statuses = async (email: string, from: string, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i += 1) out.push((await raw(srv.url, { path: '/api/auth/reset-request', body: { email }, from })).status);
      return out;
    };
    const known = await statuses('rider1@cargobici.test', '127.0.0.20', 8);
    const unknown = await statuses('nadie@cargobici.test', '127.0.0.21', 8);
    expect(known).toEqual(unknown);
    expect(known.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
    expect(known.slice(5)).toEqual([429, 429, 429]);
    // Many e-mails from one address.
    const spray: number[] = [];
    for (let i = 0; i < 50; i += 1) spray.push((await raw(srv.url, { path: '/api/auth/reset-request', body: { email: `x${i}@cargobici.test` }, from: '127.0.0.22' })).status);
    expect(spray.filter((s) => s === 202)).toHaveLength(20);
    expect(spray.slice(20).every((s) => s === 429)).toBe(true);
    const refused = await raw(srv.url, { path: '/api/auth/reset-request', body: { email: 'otro@cargobici.test' }, from: '127.0.0.22' });
    expect((refused.body as { message: string }).message).toMatch(/Demasiadas peticiones/);
  });
});
