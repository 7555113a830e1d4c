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

const KEY_RE = /^cbk\.([0-9a-f]{16})\.([A-Za-z0-9_-]{43})$/;
const sha256 = (s: string): Buffer => createHash('sha256').update(s).digest();
const DUMMY = sha256('cargobici-no-such-key');

/** A key that authenticated: which client it writes for. */
export interface VerifiedKey {
  readonly id: string;
  readonly clientKey: string;
  readonly clientId: string;
}

interface KeyRow {
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

const info = (r: KeyRow): KeyInfo => ({
  id: r.id,
  client: r.client_key,
  name: r.name,
  created_at: r.created_at,
  created_by: r.created_by,
  expires_at: r.expires_at,
  last_used_at: r.last_used_at,
  revoked_at: r.revoked_at,
});

export class ApiKeys {
  constructor(
    private readonly db: Database.Database,
    private readonly now: () => number = Date.now,
  ) {
  }

  /** A new key; the raw key is returned here only, never stored. */
  create(input: { clientKey: string; clientId: string; name: string; expiresAt: number; createdBy: string }): { id: string; key: string } {
    const hex = randomBytes(8).toString('hex');
    const secret = randomBytes(32).toString('base64url');
    const id = `ak-${hex}`;
    this.db
      .prepare(
        `INSERT INTO api_keys (id, client_key, client_id, name, secret_hash, created_at, created_by, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(id, input.clientKey, input.clientId, input.name, sha256(secret).toString('hex'), this.now(), input.createdBy, input.expiresAt);
    return { id, key: `cbk.${hex}.${secret}` };
  }

  list(): KeyInfo[] {
    return (this.db.prepare('SELECT * FROM api_keys ORDER BY created_at DESC, id').all() as KeyRow[]).map(info);
  }

  /** Revokes a key (idempotent: a revoked key keeps its first revocation time); null when there is no such key. */
  revoke(id: string): KeyInfo | null {
    this.db.prepare('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?').run(this.now(), id);
    const row = this.db.prepare('SELECT * FROM api_keys WHERE id = ?').get(id) as KeyRow | undefined;
    return row ? info(row) : null;
  }

  /** The key's client when `raw` is a live key (known, not expired, not revoked), else null. Marks it used. */
  verify(raw: string): VerifiedKey | null {
    const m = KEY_RE.exec(raw);
    const row = m ? (this.db.prepare('SELECT * FROM api_keys WHERE id = ?').get(`ak-${m[1] as string}`) as KeyRow | undefined) : undefined;
    const given = sha256(m?.[2] ?? raw);
    const stored = row ? Buffer.from(row.secret_hash, 'hex') : DUMMY;
    const same = stored.length === given.length && timingSafeEqual(stored, given);
    if (!row || !same) return null;
    const now = this.now();
    if (row.revoked_at !== null || now >= row.expires_at) return null;
    this.db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?').run(now, row.id);
    return { id: row.id, clientKey: row.client_key, clientId: row.client_id };
  }
}
