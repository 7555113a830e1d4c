/**
 * Finding 9: with a stolen access token, /api/auth/verify and /api/auth/password cannot be used
 * to guess the password at full speed, and hashing never stalls the server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { PASSWORD } from '../helpers/fixtures';
import { hashingState, holdHashing } from '../../server/passwords';

let srv: TestServer;
// A clock that stands still: the waits after failures never run out during a test.
const clock = Date.now();
afterEach(async () => {
  await srv.stop();
});

describe('finding 9: password checks of a signed-in user are limited', () => {
  it('/api/auth/verify answers 429 after a few wrong passwords, the correct one included', async () => {
    srv = await startTestServer({ auth: { now: () => clock } });
    const { accessToken } = await srv.login('rider1@cargobici.test');
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) statuses.push((await srv.api('/api/auth/verify', { token: accessToken, body: { password: `adivina-${i}` } })).status);
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses.slice(6).every((s) => s === 429)).toBe(true);
    const right = await srv.api('/api/auth/verify', { token: accessToken, body: { password: PASSWORD } });
    expect(right.status).toBe(429);
    expect((right.body as { message: string }).message).toMatch(/Demasiados intentos/);
  });

  it('/api/auth/password shares the limit (no second door for the guesser)', async () => {
    srv = await startTestServer({ auth: { now: () => clock } });
    const { accessToken } = await srv.login('rider1@cargobici.test');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      statuses.push((await srv.api('/api/auth/password', { token: accessToken, body: { currentPassword: `adivina-${i}`, newPassword: 'otra-clave-9' } })).status);
    }
    expect(statuses.slice(0, 6)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(statuses.slice(6).every((s) => s === 429)).toBe(true);
    expect((await srv.api('/api/auth/verify', { token: accessToken, body: { password: PASSWORD } })).status).toBe(429);
  });

  it('a correct password clears the count', async () => {
    srv = await startTestServer({ auth: { now: () => clock } });
    const { accessToken } = await srv.login('rider1@cargobici.test');
    for (let i = 0; i < 4; i += 1) expect((await srv.api('/api/auth/verify', { token: accessToken, body: { password: 'mal' } })).status).toBe(401);
    expect((await srv.api('/api/auth/verify', { token: accessToken, body: { password: PASSWORD } })).status).toBe(204);
    for (let i = 0; i < 5; i += 1) expect((await srv.api('/api/auth/verify', { token: accessToken, body: { password: 'mal' } })).status).toBe(401);
  });

  it('hashes off the event loop: the server answers other requests while a password check waits for its hash', async () => {
    srv = await startTestServer({ auth: { now: () => clock } });
    const { accessToken } = await srv.login('rider1@cargobici.test');
    const release = holdHashing();
    let verified = 0;
    const verify = srv.api('/api/auth/verify', { token: accessToken, body: { password: PASSWORD } }).then((r) => (verified = r.status));
    try {
      await waitFor(() => hashingState().held === 1);
      // The check waits for its hash, and the event loop is free: the health check is answered.
      expect((await srv.api('/api/health')).status).toBe(200);
      expect((await srv.api('/api/sync/routes/pull', { token: accessToken })).status).toBe(200);
      expect(verified).toBe(0);
    } finally {
      release();
    }
    await verify;
    expect(verified).toBe(204);
  });
});

async function waitFor(ok: () => boolean): Promise<void> {
  const until = Date.now() + 20_000;
  while (!ok()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
