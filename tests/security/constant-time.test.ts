/**
 * Keep: secrets are compared in constant time. The signature of an access token and a password
 * hash are compared with crypto.timingSafeEqual (never `===` or Buffer.equals), so the time of a
 * refusal tells nothing about how much of a forgery was right. Refresh and reset tokens are looked
 * up by their SHA-256, never compared as given.
 */
import type * as NodeCrypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

const compared = vi.hoisted(() => ({ calls: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof NodeCrypto>();
  return {
    ...actual,
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      compared.calls += 1;
      return actual.timingSafeEqual(a, b);
    },
  };
});

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.stop();
});

describe('keep: constant-time comparisons', () => {
  it('compares a token signature of the right length with timingSafeEqual, and refuses it', async () => {
    const { accessToken } = await srv.login('rider1@cargobici.test');
    const [body, mac = ''] = accessToken.split('.');
    const flipped = `${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    const before = compared.calls;
    const res = await srv.api('/api/sync/routes/pull', { token: `${body}.${flipped}` });
    expect(res.status).toBe(401);
    expect(compared.calls).toBe(before + 1);
  });

  it('compares a password hash with timingSafeEqual', async () => {
    const before = compared.calls;
    expect((await srv.api('/api/auth/login', { body: { email: 'rider1@cargobici.test', password: 'casi-la-buena' } })).status).toBe(401);
    expect(compared.calls).toBeGreaterThan(before);
  });
});
