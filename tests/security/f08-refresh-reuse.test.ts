/**
 * Finding 8: a spent refresh token may be exchanged once more (its answer was lost), and any
 * further use is theft: the whole session ends. The app's session manager still survives a lost
 * refresh answer.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { AppStore } from '../../src/data/appStore';
import { SessionManager, sessionFromResponse, type LoginResponse } from '../../src/backend/server/session';

let srv: TestServer;
afterEach(async () => {
  await srv.stop();
});

type Tokens = { accessToken: string; refreshToken: string };

describe('finding 8: refresh grace allows one reuse', () => {
  it('a spent token works once more; a third use ends the whole session', async () => {
    srv = await startTestServer();
    const first = await srv.login('operador@cargobici.test');
    const a = await srv.api('/api/auth/refresh', { body: { refreshToken: first.refreshToken } });
    const b = await srv.api('/api/auth/refresh', { body: { refreshToken: first.refreshToken } });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const c = await srv.api('/api/auth/refresh', { body: { refreshToken: first.refreshToken } });
    expect(c.status).toBe(401);
    // Both sessions' heirs are dead: whoever holds them (the thief or the owner) signs in again.
    for (const t of [a.body as Tokens, b.body as Tokens]) {
      expect((await srv.api('/api/auth/refresh', { body: { refreshToken: t.refreshToken } })).status).toBe(401);
      expect((await srv.api('/api/sync/orders/pull', { token: t.accessToken })).status).toBe(401);
    }
    // Other sessions of the same user are untouched.
    const other = await srv.login('operador@cargobici.test');
    expect((await srv.api('/api/sync/orders/pull', { token: other.accessToken })).status).toBe(200);
  });

  it('five exchanges of one token no longer give five sessions', async () => {
    srv = await startTestServer();
    const { refreshToken } = await srv.login('operador@cargobici.test');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await srv.api('/api/auth/refresh', { body: { refreshToken } })).status);
    expect(statuses).toEqual([200, 200, 401, 401, 401]);
  });

  it('the app’s session survives a lost refresh answer', async () => {
    srv = await startTestServer();
    const store = new AppStore(`cb-app-f08-${process.pid}-${Date.now()}`);
    try {
      let loseNext = true;
      const fetchImpl: typeof fetch = async (input, init) => {
        const res = await fetch(input, init);
        if (String(input).endsWith('/api/auth/refresh') && loseNext) {
          loseNext = false;
          await res.text(); // the server did the exchange; the answer never arrives
          throw new TypeError('fetch failed');
        }
        return res;
      };
      const session = new SessionManager(store, srv.url, fetchImpl);
      const login = (await srv.api('/api/auth/login', { body: { email: 'rider1@cargobici.test', password: 'cargobici-demo' } })).body as LoginResponse;
      await session.set(sessionFromResponse(login), 'signed-in');
      await expect(session.refresh()).rejects.toThrow(/Sin conexión/);
      const fresh = await session.refresh();
      expect(fresh?.accessToken).toBeTruthy();
      expect(session.current()?.refreshToken).not.toBe(login.refreshToken);
      expect((await srv.api('/api/sync/routes/pull', { token: fresh?.accessToken })).status).toBe(200);
      // And it keeps refreshing normally afterwards.
      expect((await session.refresh())?.accessToken).toBeTruthy();
    } finally {
      await store.close();
    }
  });
});
