/**
 * Finding 6: the sign-in limit slows guessing without being a weapon. A stranger failing a
 * rider's password (from anywhere), or many accounts from a hub's shared connection, does not
 * keep the rider out: a correct password from a device that signed in before is accepted, and a
 * hub's address tolerates its users' typos. Guessing itself waits longer and longer.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { PASSWORD } from '../helpers/fixtures';
import { raw, type RawAnswer } from './helpers';

let srv: TestServer;
let clock = Date.now();
afterEach(async () => {
  await srv.stop();
});

async function start(): Promise<void> {
  clock = Date.now();
  srv = await startTestServer({ auth: { now: () => clock } });
}

function login(email: string, password: string, from: string, cookie?: string): Promise<RawAnswer> {
  return raw(srv.url, { path: '/api/auth/login', body: { email, password }, from, headers: cookie ? { Cookie: cookie } : {} });
}

/** The device cookie a successful sign-in sets («cb_device=…»). */
function deviceCookie(res: RawAnswer): string {
  const set = res.headers['set-cookie'];
  const line = (Array.isArray(set) ? set : [set ?? '']).find((c) => c.startsWith('cb_device='));
  expect(line, 'the sign-in sets the device cookie').toBeDefined();
  return (line as string).split(';')[0] as string;
}

describe('finding 6: sign-in limits that cannot lock a rider out', () => {
  it('marks the browser that signed in with an HttpOnly, SameSite=Strict cookie for /api/auth only', async () => {
    await start();
    const ok = await login('rider2@cargobici.test', PASSWORD, '127.0.0.2');
    expect(ok.status).toBe(200);
    const set = String(ok.headers['set-cookie']);
    expect(set).toMatch(/^cb_device=[A-Za-z0-9_-]{20,}; /);
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Strict');
    expect(set).toContain('Path=/api/auth');
  });

  it('50 wrong passwords for rider 2 from elsewhere do not keep rider 2 out of his phone', async () => {
    await start();
    const phone = deviceCookie(await login('rider2@cargobici.test', PASSWORD, '127.0.0.3'));
    const statuses = new Set<number>();
    for (let i = 0; i < 50; i += 1) statuses.add((await login('rider2@cargobici.test', `adivina-${i}`, '127.0.0.66')).status);
    expect(statuses.has(429), 'the guesser is slowed down').toBe(true);
    // The rider, from his phone at his usual address or at the guesser's (the hub's Wi-Fi).
    expect((await login('rider2@cargobici.test', PASSWORD, '127.0.0.3', phone)).status).toBe(200);
    expect((await login('rider2@cargobici.test', PASSWORD, '127.0.0.66', phone)).status).toBe(200);
  });

  it('10 wrong passwords for rider 2 from one address leave him free to sign in from a new device elsewhere', async () => {
    await start();
    for (let i = 0; i < 10; i += 1) expect((await login('rider2@cargobici.test', `adivina-${i}`, '127.0.0.66')).status).not.toBe(200);
    expect((await login('rider2@cargobici.test', PASSWORD, '127.0.0.4')).status).toBe(200);
  });

  it('failed sign-ins of 10 accounts behind a hub’s connection do not lock out the others there', async () => {
    await start();
    for (let i = 0; i < 10; i += 1) expect((await login(`nadie${i}@cargobici.test`, 'mal-escrita', '127.0.0.9')).status).toBe(401);
    // A rider who never signed in on this tablet, and one with his own phone, at the same address.
    expect((await login('rider1@cargobici.test', PASSWORD, '127.0.0.9')).status).toBe(200);
    expect((await login('operador@cargobici.test', PASSWORD, '127.0.0.9')).status).toBe(200);
  });

  it('makes a guesser wait longer and longer (a correct password then too), and lets him try after the wait', async () => {
    await start();
    const from = '127.0.0.77';
    for (let i = 0; i < 5; i += 1) expect((await login('rider1@cargobici.test', `adivina-${i}`, from)).status).toBe(401);
    expect((await login('rider1@cargobici.test', 'adivina-5', from)).status).toBe(401);
    // Now the account at this address waits: the attempt is not even tried.
    const blocked = await login('rider1@cargobici.test', PASSWORD, from);
    expect(blocked.status).toBe(429);
    expect((blocked.body as { message: string }).message).toMatch(/Demasiados intentos\. Espera \d+ s/);
    clock += 1_001;
    expect((await login('rider1@cargobici.test', 'adivina-6', from)).status).toBe(401);
    clock += 1_001;
    expect((await login('rider1@cargobici.test', PASSWORD, from)).status, 'the second wait is longer than the first').toBe(429);
    clock += 1_000;
    expect((await login('rider1@cargobici.test', PASSWORD, from)).status).toBe(200);
  });

  it('slows a guesser on a stolen phone too (known device, wrong passwords)', async () => {
    await start();
    const phone = deviceCookie(await login('rider1@cargobici.test', PASSWORD, '127.0.0.5'));
    for (let i = 0; i < 6; i += 1) expect((await login('rider1@cargobici.test', `adivina-${i}`, '127.0.0.5', phone)).status).toBe(401);
    expect((await login('rider1@cargobici.test', PASSWORD, '127.0.0.5', phone)).status).toBe(429);
  });

  it('answers an unknown e-mail exactly like a wrong password (no enumeration)', async () => {
    await start();
    const unknown = await login('nadie@cargobici.test', 'lo-que-sea', '127.0.0.10');
    const wrong = await login('rider1@cargobici.test', 'lo-que-sea', '127.0.0.11');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });
});
