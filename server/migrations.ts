/**
 * Every schema change of the server's SQLite file, in order. The file's `PRAGMA user_version` is
 * the number of the last migration applied; opening the store applies the ones after it, all in
 * one transaction (a failed step leaves the file as it was), and refuses a file made by a newer
 * server.
 *
 * Migrations 1 to 7 describe the schema as it grew before this module existed. A file of those
 * releases has user_version 0 and may stand at any of those steps, so they are written to be
 * no-ops where their change is already there (CREATE … IF NOT EXISTS, `addColumn` only when the
 * column is missing). From 8 on, a step runs on a file known to be exactly at the step before:
 * write plain SQL, and never change a migration that has shipped — add the next one.
 */
import type Database from 'better-sqlite3';
import { t } from '../src/i18n';
import '../src/i18n/es/server';

export interface Migration {
  readonly version: number;
  /** What the step changes and why (shown in the log of a start that applies it). */
  readonly name: string;
  up(db: Database.Database): void;
}

/** Adds a column unless the table has it already (files of the releases before user_version). */
function addColumn(db: Database.Database, table: string, column: string, definition: string): void {
  const columns = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
  if (!columns.some((c) => c.name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'documents with their sequence and row-scope columns, route stops, what each user pulled, conflicts, refusals, settings',
    up: (db) =>
      db.exec(`
        CREATE TABLE IF NOT EXISTS docs (
          collection TEXT NOT NULL,
          id TEXT NOT NULL,
          seq INTEGER NOT NULL,
          deleted INTEGER NOT NULL DEFAULT 0,
          route_id TEXT NOT NULL DEFAULT '',
          rider_id TEXT NOT NULL DEFAULT '',
          owner_id TEXT NOT NULL DEFAULT '',
          data TEXT NOT NULL,
          PRIMARY KEY (collection, id)
        ) WITHOUT ROWID;
        CREATE UNIQUE INDEX IF NOT EXISTS docs_seq ON docs (collection, seq);
        CREATE INDEX IF NOT EXISTS docs_route ON docs (collection, route_id);
        CREATE INDEX IF NOT EXISTS docs_rider ON docs (collection, rider_id);
        CREATE INDEX IF NOT EXISTS docs_owner ON docs (collection, owner_id);
        CREATE TABLE IF NOT EXISTS route_points (
          route_id TEXT NOT NULL,
          point_id TEXT NOT NULL,
          PRIMARY KEY (route_id, point_id)
        ) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS route_points_point ON route_points (point_id);
        CREATE TABLE IF NOT EXISTS user_docs (
          user_id TEXT NOT NULL,
          collection TEXT NOT NULL,
          doc_id TEXT NOT NULL,
          PRIMARY KEY (user_id, collection, doc_id)
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS conflicts (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          at INTEGER NOT NULL,
          collection TEXT NOT NULL,
          doc_id TEXT NOT NULL,
          user_id TEXT NOT NULL,
          fields TEXT NOT NULL,
          local TEXT NOT NULL,
          server TEXT NOT NULL
        );
        CREATE TABLE IF NOT EXISTS refusals (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          at INTEGER NOT NULL,
          collection TEXT NOT NULL,
          doc_id TEXT NOT NULL,
          user_id TEXT NOT NULL,
          reason TEXT NOT NULL
        );
        CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
      `),
  },
  {
    version: 2,
    name: 'accounts (credentials), refresh tokens and password-reset tokens',
    up: (db) =>
      db.exec(`
        CREATE TABLE IF NOT EXISTS accounts (
          user_id TEXT PRIMARY KEY,
          email TEXT NOT NULL UNIQUE,
          salt TEXT NOT NULL,
          hash TEXT NOT NULL,
          password_changed_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS refresh_tokens (
          token_hash TEXT PRIMARY KEY,
          user_id TEXT NOT NULL,
          expires_at INTEGER NOT NULL,
          revoked INTEGER NOT NULL DEFAULT 0
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS reset_tokens (
          token_hash TEXT PRIMARY KEY,
          user_id TEXT NOT NULL,
          expires_at INTEGER NOT NULL,
          used INTEGER NOT NULL DEFAULT 0
        ) WITHOUT ROWID;
      `),
  },
  {
    version: 3,
    // When a token was exchanged for a new pair (rotation), 0 otherwise. Sign-out and password
    // resets revoke without a rotation time, so the grace period never applies to them.
    name: 'refresh tokens: rotation time (one more exchange within the grace period)',
    up: (db) => addColumn(db, 'refresh_tokens', 'rotated_at', 'INTEGER NOT NULL DEFAULT 0'),
  },
  {
    version: 4,
    name: 'stored files (signatures, photos): metadata',
    up: (db) =>
      db.exec(`
        CREATE TABLE IF NOT EXISTS files (
          path TEXT PRIMARY KEY,
          size INTEGER NOT NULL,
          content_type TEXT NOT NULL,
          md5 TEXT NOT NULL,
          sha256 TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          created_by TEXT NOT NULL
        ) WITHOUT ROWID;
      `),
  },
  {
    version: 5,
    name: 'sessions: refresh-token families tied to the password they were opened with; the grace exchange used once',
    up: (db) => {
      db.exec(`
        CREATE TABLE IF NOT EXISTS sessions (
          id TEXT PRIMARY KEY,
          user_id TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          password_at INTEGER NOT NULL,
          revoked INTEGER NOT NULL DEFAULT 0
        ) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id);
      `);
      // '' = a token made before sessions existed (it opens one on its first exchange).
      addColumn(db, 'refresh_tokens', 'family', "TEXT NOT NULL DEFAULT ''");
      addColumn(db, 'refresh_tokens', 'grace_used', 'INTEGER NOT NULL DEFAULT 0');
      // 0 = made before this column: older than any password, so such a link no longer works.
      addColumn(db, 'reset_tokens', 'created_at', 'INTEGER NOT NULL DEFAULT 0');
    },
  },
  {
    version: 6,
    name: 'devices that signed in to an account before (sign-in limits per device)',
    up: (db) =>
      db.exec(`
        CREATE TABLE IF NOT EXISTS known_devices (
          device_hash TEXT NOT NULL,
          user_id TEXT NOT NULL,
          last_seen INTEGER NOT NULL,
          PRIMARY KEY (device_hash, user_id)
        ) WITHOUT ROWID;
      `),
  },
  {
    version: 7,
    name: 'refusal log per user: repeated refusals counted in one entry',
    up: (db) => {
      addColumn(db, 'refusals', 'repeats', 'INTEGER NOT NULL DEFAULT 1');
      db.exec('CREATE INDEX IF NOT EXISTS refusals_user ON refusals (user_id, seq)');
    },
  },
  {
    version: 8,
    name: "clients' order API: hashed keys, remembered Idempotency-Keys, orders by client reference",
    up: (db) => {
      db.exec(`
        CREATE TABLE IF NOT EXISTS api_keys (
          id TEXT PRIMARY KEY,
          client_key TEXT NOT NULL,
          client_id TEXT NOT NULL,
          name TEXT NOT NULL,
          secret_hash TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          created_by TEXT NOT NULL,
          expires_at INTEGER NOT NULL,
          last_used_at INTEGER,
          revoked_at INTEGER
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS api_idempotency (
          client_id TEXT NOT NULL,
          idem_key TEXT NOT NULL,
          body_hash TEXT NOT NULL,
          order_id TEXT NOT NULL,
          at INTEGER NOT NULL,
          PRIMARY KEY (client_id, idem_key)
        ) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS docs_order_ref ON docs (json_extract(data, '$.client_id'), lower(trim(json_extract(data, '$.external_ref'))))
          WHERE collection = 'orders';
      `);
    },
  },
  {
    version: 9,
    name: 'payments schema 1: every payment stored before it is an order payment (kind = order)',
    // Same value as the devices' own migration (src/data/migrations.ts), so no new sequence.
    up: (db) => {
      db.exec("UPDATE docs SET data = json_set(data, '$.kind', 'order') WHERE collection = 'payments' AND json_extract(data, '$.kind') IS NULL");
    },
  },
  {
    version: 10,
    name: "clients' public links to a proof of delivery: the token's hash, its order and its expiry",
    up: (db) => {
      db.exec(`
        CREATE TABLE IF NOT EXISTS proof_links (
          token_hash TEXT PRIMARY KEY,
          order_id TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          created_by TEXT NOT NULL,
          expires_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS proof_links_order ON proof_links (order_id);
      `);
    },
  },
  {
    version: 11,
    // Written to be a no-op where its change is there (tests re-run every step on such a file).
    name: 'security (issue 29): the sequence at which a document that left a user\'s scope was sent to him as a tombstone; revoked proof links; uploads per user and time (quota)',
    up: (db) => {
      // NULL: the user may read the document (or has not been told it left him).
      addColumn(db, 'user_docs', 'gone_seq', 'INTEGER');
      // 0: not revoked.
      addColumn(db, 'proof_links', 'revoked_at', 'INTEGER NOT NULL DEFAULT 0');
      addColumn(db, 'proof_links', 'revoked_by', "TEXT NOT NULL DEFAULT ''");
      db.exec('CREATE INDEX IF NOT EXISTS files_author ON files (created_by, created_at)');
    },
  },
  {
    version: 12,
    name: "a day's routes and orders of a hub read by one index (the planning's invariants are checked in every push of routes)",
    up: (db) => {
      db.exec("CREATE INDEX IF NOT EXISTS docs_day_hub ON docs (collection, json_extract(data, '$.date'), json_extract(data, '$.hub')) WHERE collection IN ('orders', 'routes')");
    },
  },
  {
    version: 13,
    name: "riders' positions on routes in progress (issue 33): one row per sample, unique per rider, device and the device's sequence number",
    // Written to be a no-op where its change is there (tests re-run every step on such a file).
    up: (db) => {
      db.exec(`
        CREATE TABLE IF NOT EXISTS positions (
          rider_id TEXT NOT NULL,
          device_id TEXT NOT NULL,
          device_seq INTEGER NOT NULL,
          route_id TEXT NOT NULL,
          at INTEGER NOT NULL,
          lat REAL NOT NULL,
          lng REAL NOT NULL,
          accuracy REAL NOT NULL,
          speed REAL,
          received_at INTEGER NOT NULL,
          PRIMARY KEY (rider_id, device_id, device_seq)
        ) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS positions_route ON positions (route_id, at);
      `);
    },
  },
  {
    version: 14,
    name: "receivers' notices and clients' webhooks (issue 33): tracking links beside the proof links, the notices' outbox (one row per order, route, kind and channel), receivers' contacts and opt-outs, webhooks with their events and attempts",
    // Written to be a no-op where its change is there (tests re-run every step on such a file).
    up: (db) => {
      addColumn(db, 'proof_links', 'kind', "TEXT NOT NULL DEFAULT 'proof'");
      db.exec(`
        CREATE TABLE IF NOT EXISTS notice_outbox (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          order_id TEXT NOT NULL,
          route_id TEXT NOT NULL,
          kind TEXT NOT NULL,
          channel TEXT NOT NULL,
          recipient TEXT NOT NULL,
          lang TEXT NOT NULL,
          vars TEXT NOT NULL,
          state TEXT NOT NULL,
          reason TEXT NOT NULL DEFAULT '',
          attempts INTEGER NOT NULL DEFAULT 0,
          next_at INTEGER NOT NULL,
          created_at INTEGER NOT NULL,
          sent_at INTEGER NOT NULL DEFAULT 0,
          UNIQUE (order_id, route_id, kind, channel)
        );
        CREATE INDEX IF NOT EXISTS notice_outbox_due ON notice_outbox (state, next_at);
        CREATE INDEX IF NOT EXISTS notice_outbox_order ON notice_outbox (order_id);
        CREATE TABLE IF NOT EXISTS notice_contacts (
          point_id TEXT PRIMARY KEY,
          email TEXT NOT NULL DEFAULT '',
          phone TEXT NOT NULL DEFAULT '',
          lang TEXT NOT NULL DEFAULT 'es',
          opted_out INTEGER NOT NULL DEFAULT 0,
          updated_at INTEGER NOT NULL,
          updated_by TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS notice_clients (
          client_id TEXT PRIMARY KEY,
          opted_out INTEGER NOT NULL DEFAULT 0,
          updated_at INTEGER NOT NULL,
          updated_by TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS webhooks (
          id TEXT PRIMARY KEY,
          client_id TEXT NOT NULL UNIQUE,
          url TEXT NOT NULL,
          secret TEXT NOT NULL,
          paused INTEGER NOT NULL DEFAULT 0,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS webhook_events (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          id TEXT NOT NULL UNIQUE,
          webhook_id TEXT NOT NULL,
          order_id TEXT NOT NULL,
          body TEXT NOT NULL,
          state TEXT NOT NULL,
          attempts INTEGER NOT NULL DEFAULT 0,
          next_at INTEGER NOT NULL,
          created_at INTEGER NOT NULL,
          first_at INTEGER NOT NULL DEFAULT 0,
          delivered_at INTEGER NOT NULL DEFAULT 0,
          last_status INTEGER NOT NULL DEFAULT 0,
          last_error TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX IF NOT EXISTS webhook_events_due ON webhook_events (state, next_at);
        CREATE INDEX IF NOT EXISTS webhook_events_order ON webhook_events (webhook_id, order_id, seq);
        CREATE TABLE IF NOT EXISTS webhook_attempts (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          webhook_id TEXT NOT NULL,
          event_id TEXT NOT NULL,
          at INTEGER NOT NULL,
          status INTEGER NOT NULL,
          error TEXT NOT NULL DEFAULT '',
          duration_ms INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX IF NOT EXISTS webhook_attempts_hook ON webhook_attempts (webhook_id, id);
      `);
    },
  },
  {
    version: 15,
    name: "the hubs an operator writes in (issue 29, finding 6): every stored user gets `hubs`, his home hub when he has one (the devices' users migration 1 does the same)",
    // Written to be a no-op where its change is there (tests re-run every step on such a file).
    up: (db) => {
      db.exec(`
        UPDATE docs SET data = json_set(data, '$.hubs',
          CASE WHEN json_extract(data, '$.hub') > 0 THEN json_array(json_extract(data, '$.hub')) ELSE json_array() END)
        WHERE collection = 'users' AND json_type(data, '$.hubs') IS NULL
      `);
    },
  },
];

/** The schema version of this release: the last migration's number. */
export const SCHEMA_VERSION: number = MIGRATIONS.reduce((max, m) => Math.max(max, m.version), 0);

export class NewerSchemaError extends Error {}

export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Brings a database to SCHEMA_VERSION. Returns the versions before and after; throws
 * NewerSchemaError for a file of a newer release (never downgraded: its data would be misread).
 */
export function migrate(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): { from: number; to: number } {
  const target = migrations.reduce((max, m) => Math.max(max, m.version), 0);
  const from = schemaVersion(db);
  if (from > target) {
    throw new NewerSchemaError(t('server.startup.newerSchema', { from, target }));
  }
  const pending = [...migrations].filter((m) => m.version > from).sort((a, b) => a.version - b.version);
  if (pending.length === 0) return { from, to: from };
  db.transaction(() => {
    for (const m of pending) m.up(db);
    db.pragma(`user_version = ${target}`);
  })();
  return { from, to: target };
}
