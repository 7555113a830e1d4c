/**
 * The embedded server's signed access tokens (./auth.ts): the secret they are signed with (kept
 * in the store), signing, and reading a token back (signature checked in constant time).
 * Whether its session is still open is the AuthService's question.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DocStore } from './store';
import { AuthError, b64url } from './authCore';

/** How long a just-rotated refresh token may still be exchanged — once (a lost answer on a bad network). */
export const ROTATION_GRACE_MS = 60_000;


/** The token secret of this server, made on first start. */
export function tokenSecret(store: DocStore): Buffer {
  let secret = store.kvGet('token_secret');
  if (!secret) {
    secret = randomBytes(32).toString('hex');
    store.kvSet('token_secret', secret);
  }
  return Buffer.from(secret, 'hex');
}

export function signToken(secret: Buffer, payload: Record<string, unknown>): string {
  const body = b64url(Buffer.from(JSON.stringify(payload)));
  const mac = b64url(createHmac('sha256', secret).update(body).digest());
  return `${body}.${mac}`;
}

/** The user, session and expiry (epoch s) of a well-signed access token; 401 otherwise. */
export function readAccessToken(secret: Buffer, token: string): { sub: string; sid: string; exp: number } {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) throw new AuthError(401, 'invalid_token', 'server.auth.invalidSession');
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AuthError(401, 'invalid_token', 'server.auth.invalidSession');
  }
  let payload: { sub?: unknown; sid?: unknown; exp?: unknown; typ?: unknown };
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as typeof payload;
  } catch {
    throw new AuthError(401, 'invalid_token', 'server.auth.invalidSession');
  }
  if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') {
    throw new AuthError(401, 'invalid_token', 'server.auth.invalidSession');
  }
  return { sub: payload.sub, sid: payload.sid, exp: payload.exp };
}
