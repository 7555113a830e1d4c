/**
 * Passwords: the rules every password must meet (sign-up by an admin, reset, change and the
 * first administrator of a production server) and scrypt hashing.
 *
 * Hashing takes ~40 ms of CPU: requests hash in libuv's thread pool (`crypto.scrypt`), never on
 * the event loop, and at most HASH_CONCURRENCY at a time (each needs 16 MiB and a pool thread the
 * static files also use). A queue longer than HASH_QUEUE answers «server busy» instead of
 * growing without limit.
 */
import { t } from '../src/i18n';
import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

export const passwordSchema = z
  .string({ error: () => t('server.auth.passwordRequired') })
  .min(PASSWORD_MIN, { error: () => t('server.auth.passwordTooShort', { min: PASSWORD_MIN }) })
  .max(PASSWORD_MAX, { error: () => t('server.auth.passwordTooLong') });

/** The Spanish reason a password breaks the rules, or null when it meets them. */
export function passwordProblem(password: string): string | null {
  const r = passwordSchema.safeParse(password);
  return r.success ? null : (r.error.issues[0]?.message ?? t('server.auth.passwordInvalid'));
}

const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_LENGTH = 32;
export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE = 200;

export class BusyError extends Error {}

let running = 0;
const waiting: (() => void)[] = [];
let held: Promise<void> | null = null;
let heldCount = 0;

/**
 * Holds every password hash until the returned function is called (tests: a check waiting on
 * hashing must leave the server free to answer other requests).
 */
export function holdHashing(): () => void {
  let release = () => {};
  held = new Promise<void>((resolve) => (release = resolve));
  return () => {
    held = null;
    release();
  };
}

/** Password hashes running and queued, and those held by `holdHashing`. */
export function hashingState(): { running: number; queued: number; held: number } {
  return { running, queued: waiting.length, held: heldCount };
}

async function gate<T>(fn: () => Promise<T>): Promise<T> {
  if (held) {
    heldCount += 1;
    await held;
    heldCount -= 1;
  }
  if (running >= HASH_CONCURRENCY) {
    if (waiting.length >= HASH_QUEUE) throw new BusyError('too many password checks queued');
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function scryptAsync(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, KEY_LENGTH, SCRYPT, (err, key) => (err ? reject(err) : resolve(key))));
}

export interface PasswordHash {
  readonly salt: string;
  readonly hash: string;
}

/** Hash for the start-up seed (blocking: nothing else runs yet). */
export function hashPasswordSync(password: string, salt = randomBytes(16).toString('hex')): PasswordHash {
  return { salt, hash: scryptSync(password, salt, KEY_LENGTH, SCRYPT).toString('hex') };
}

/** Hash off the event loop. */
export async function hashPassword(password: string, salt = randomBytes(16).toString('hex')): Promise<PasswordHash> {
  const key = await gate(() => scryptAsync(password, salt));
  return { salt, hash: key.toString('hex') };
}

/** Constant-time comparison of a password with a stored hash (off the event loop). */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const candidate = await gate(() => scryptAsync(password, stored.salt));
  const expected = Buffer.from(stored.hash, 'hex');
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}
