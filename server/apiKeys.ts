/**
 * The clients' API keys (issue #10). A key is created by an admin for one client, shown once
 * (`cbk.<id>.<secret>`), and stored only as the SHA-256 of its secret, with a name, an expiry, the
 * last time it was used and when it was revoked. Checking a key is constant-time in the secret
 * (timingSafeEqual of the hashes; an unknown id is compared against a dummy hash), and wrong
 * keys are throttled per address by the caller (server/orderApi.ts).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { KeyInfo } from '../src/domain/orderApi/answers';
import type { VerifiedKey } from './orderApiCore';

const KEY_RE = /^cbk\.([0-9a-f]{16})\.([A-Za-z0-9_-]{43})$/;
const sha256 = (s: string): Buffer => createHash('sha256').update(s).digest();
const DUMMY = sha256('cargobici-no-such-key');

export type { VerifiedKey } from './orderApiCore';

/** A stored key (SQLite's row, Firestore's document `cb_api_keys/<id>`): never its secret, only its hash. */
export interface KeyRow {
  id: string;
  client_key: string;
  client_id: string;
  name: string;
  secret_hash: string;
  created_at: number;
  created_by: string;
  expires_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

export const keyInfo = (r: KeyRow): KeyInfo => ({
  id: r.id,
  client: r.client_key,
  name: r.name,
  created_at: r.created_at,
  created_by: r.created_by,
  expires_at: r.expires_at,
  last_used_at: r.last_used_at,
  revoked_at: r.revoked_at,
});

/** A new key: its row to store and the raw key, returned to the admin only once. */
export function newKey(input: { clientKey: string; clientId: string; name: string; expiresAt: number; createdBy: string }, now: number): { row: KeyRow; key: string } {
  const hex = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const row: KeyRow = {
    id: `ak-${hex}`,
    client_key: input.clientKey,
    client_id: input.clientId,
    name: input.name,
    secret_hash: sha256(secret).toString('hex'),
    created_at: now,
    created_by: input.createdBy,
    expires_at: input.expiresAt,
    last_used_at: null,
    revoked_at: null,
  };
  return { row, key: `cbk.${hex}.${secret}` };
}

/** The id of the stored key a raw key names (null when it is not a key's shape). */
export function keyIdOf(raw: string): string | null {
  const m = KEY_RE.exec(raw);
  return m ? `ak-${m[1] as string}` : null;
}

/**
 * Whether `raw` is the live key `row` (known, its secret's hash, not expired, not revoked). The
 * hashes are compared in constant time, against a dummy hash when there is no row.
 */
export function keyMatches(row: KeyRow | null | undefined, raw: string, now: number): row is KeyRow {
  const m = KEY_RE.exec(raw);
  const given = sha256(m?.[2] ?? raw);
  const stored = row ? Buffer.from(row.secret_hash, 'hex') : DUMMY;
  const same = stored.length === given.length && timingSafeEqual(stored, given);
  return row !== null && row !== undefined && m !== null && same && row.revoked_at === null && now < row.expires_at;
}

export class ApiKeys {
  constructor(
    private readonly db: Database.Database,
    private readonly now: () => number = Date.now,
  ) {
  }

  /** A new key; the raw key is returned here only, never stored. */
  create(input: { clientKey: string; clientId: string; name: string; expiresAt: number; createdBy: string }): { id: string; key: string } {
    const { row, key } = newKey(input, this.now());
    this.db
      .prepare(
        `INSERT INTO api_keys (id, client_key, client_id, name, secret_hash, created_at, created_by, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(row.id, row.client_key, row.client_id, row.name, row.secret_hash, row.created_at, row.created_by, row.expires_at);
    return { id: row.id, key };
  }

  list(): KeyInfo[] {
    return (this.db.prepare('SELECT * FROM api_keys ORDER BY created_at DESC, id').all() as KeyRow[]).map(keyInfo);
  }

  /** Revokes a key (idempotent: a revoked key keeps its first revocation time); null when there is no such key. */
  revoke(id: string): KeyInfo | null {
    this.db.prepare('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?').run(this.now(), id);
    const row = this.db.prepare('SELECT * FROM api_keys WHERE id = ?').get(id) as KeyRow | undefined;
    return row ? keyInfo(row) : null;
  }

  /** The key's client when `raw` is a live key (known, not expired, not revoked), else null. Marks it used. */
  verify(raw: string): VerifiedKey | null {
    const id = keyIdOf(raw);
    const row = id ? (this.db.prepare('SELECT * FROM api_keys WHERE id = ?').get(id) as KeyRow | undefined) : undefined;
    const now = this.now();
    if (!keyMatches(row, raw, now)) return null;
    this.db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?').run(now, row.id);
    return { id: row.id, clientKey: row.client_key, clientId: row.client_id };
  }
}
