/**
 * Finding 10: a password-reset request answers the same whatever the mail server does (mail is
 * sent in the background), so the answer never tells whether an account exists.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

let srv: TestServer;
let mail: Server | null = null;
const sockets: Socket[] = [];
afterEach(async () => {
  await srv.stop();
  sockets.splice(0).forEach((s) => s.destroy());
  await new Promise<void>((resolve) => (mail ? mail.close(() => resolve()) : resolve()));
  mail = null;
});

/** A port where nothing listens (opened, then closed). */
async function deadPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const address = s.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

describe('finding 10: reset requests do not depend on the mail server', () => {
  it('answers 202 alike for an existing and an unknown account when the mail server is unreachable', async () => {
    srv = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${await deadPort()}` });
    const known = await srv.api('/api/auth/reset-request', { body: { email: 'rider1@cargobici.test' } });
    const unknown = await srv.api('/api/auth/reset-request', { body: { email: 'nadie@cargobici.test' } });
    expect(known.status).toBe(202);
    expect(unknown).toEqual(known);
  });

  it('answers before the mail server has even answered (a mail server that never speaks)', async () => {
    // A server that accepts connections and says nothing: sending would hang.
    mail = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => mail?.listen(0, '127.0.0.1', resolve));
    const address = mail.address();
    srv = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
    const known = await srv.api('/api/auth/reset-request', { body: { email: 'rider1@cargobici.test' } });
    expect(known.status).toBe(202);
  });
});
