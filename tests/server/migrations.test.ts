/**
 * The server's schema migrations (server/migrations.ts): from an empty file, from the previous
 * release's file (tests/fixtures/release-4b6498c.sqlite, made by running commit 4b6498c — see
 * tests/fixtures/release-4b6498c.md), from an unversioned file that already has every column,
 * and the refusals (a newer file, a failed step).
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { DocStore } from '../../server/store';
import { MIGRATIONS, NewerSchemaError, SCHEMA_VERSION, migrate, schemaVersion } from '../../server/migrations';

const FIXTURE = join(__dirname, '..', 'fixtures', 'release-4b6498c.sqlite');
const dirs: string[] = [];
/** The 1×1 PNG uploaded when the fixture was made. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201ffa65b8c0000000049454e44ae426082',
  'hex',
);

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cb-migrations-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Tables and indexes with their columns (name, type, not null, default, key), to compare two files. */
function shape(db: Database.Database): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const objects = db.prepare("SELECT type, name, tbl_name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name").all() as { type: string; name: string; tbl_name: string }[];
  for (const o of objects) {
    out[`${o.type} ${o.name}`] =
      o.type === 'table'
        ? (db.prepare(`PRAGMA table_info(${o.name})`).all() as { name: string; type: string; notnull: number; dflt_value: unknown; pk: number }[])
            .map((c) => `${c.name} ${c.type} ${c.notnull ? 'NOT NULL' : ''} ${String(c.dflt_value)} ${c.pk}`)
            .sort()
        : [o.tbl_name, ...(db.prepare(`PRAGMA index_info(${o.name})`).all() as { name: string }[]).map((c) => c.name)];
  }
  return out;
}

function freshShape(): Record<string, unknown> {
  const store = new DocStore(tempDir());
  try {
    return shape(store.db);
  } finally {
    store.close();
  }
}

describe('migrations', () => {
  it('are numbered 1, 2, 3… in order, each with a name', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    for (const m of MIGRATIONS) expect(m.name.length).toBeGreaterThan(10);
    expect(SCHEMA_VERSION).toBe(MIGRATIONS.length);
  });

  it('build the whole schema in an empty file and mark it with the current version', () => {
    const dir = tempDir();
    const store = new DocStore(dir);
    expect(schemaVersion(store.db)).toBe(SCHEMA_VERSION);
    const tables = Object.keys(shape(store.db)).filter((k) => k.startsWith('table '));
    expect(tables.sort()).toEqual(
      ['accounts', 'api_idempotency', 'api_keys', 'conflicts', 'docs', 'files', 'known_devices', 'kv', 'notice_clients', 'notice_contacts', 'notice_outbox', 'positions', 'proof_links', 'refresh_tokens', 'refusals', 'reset_tokens', 'route_points', 'sessions', 'user_docs', 'webhook_attempts', 'webhook_events', 'webhooks'].map((t) => `table ${t}`),
    );
    store.close();
    // Opening again applies nothing.
    const db = new Database(join(dir, 'cargobici.sqlite'));
    expect(migrate(db)).toEqual({ from: SCHEMA_VERSION, to: SCHEMA_VERSION });
    db.close();
  });

  it("bring the previous release's file to the current schema and keep its data", async () => {
    // Read and migrated as a copy: the fixture itself is never opened (SQLite would leave its -wal and -shm next to it).
    const copy = join(tempDir(), 'release.sqlite');
    copyFileSync(FIXTURE, copy);
    const before = new Database(copy, { readonly: true });
    expect(schemaVersion(before)).toBe(0);
    const docsBefore = before.prepare('SELECT collection, id, seq, data FROM docs ORDER BY seq').all();
    const secretBefore = before.prepare("SELECT value FROM kv WHERE key = 'token_secret'").get();
    before.close();
    expect(docsBefore.length).toBe(10);

    const dataDir = tempDir();
    mkdirSync(dataDir, { recursive: true });
    copyFileSync(FIXTURE, join(dataDir, 'cargobici.sqlite'));
    // The uploaded bytes live next to the database (only its metadata is in the file).
    mkdirSync(join(dataDir, 'files', 'deliveries', 'u-rider'), { recursive: true });
    writeFileSync(join(dataDir, 'files', 'deliveries', 'u-rider', 'e1.png'), PNG);
    const app = await createApp({ dataDir, staticDir: join(dataDir, 'no-pwa'), seed: false });
    try {
      const db = app.store.db;
      expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
      expect(shape(db)).toEqual(freshShape());
      // Migration 15 (issue 29, finding 6): every user gets `hubs`, his home hub when he has one.
      const withHubs = (docsBefore as { collection: string; data: string }[]).map((d) => {
        if (d.collection !== 'users') return d;
        const u = JSON.parse(d.data) as { hub: number };
        return { ...d, data: JSON.stringify({ ...u, hubs: u.hub > 0 ? [u.hub] : [] }) };
      });
      expect(withHubs.some((d, i) => d !== docsBefore[i])).toBe(true);
      expect(db.prepare('SELECT collection, id, seq, data FROM docs ORDER BY seq').all()).toEqual(withHubs);
      expect(db.prepare("SELECT value FROM kv WHERE key = 'token_secret'").get()).toEqual(secretBefore);
      expect(app.store.head()).toBe(10);
      expect(db.prepare('SELECT path, created_by FROM files').all()).toEqual([{ path: 'deliveries/u-rider/e1.png', created_by: 'u-rider' }]);
      expect(app.store.refusals().map((r) => [r.doc_id, r.reason, r.repeats])).toEqual([['o1', 'No puedes cambiar el campo «hub» del pedido', 1]]);
      expect(app.store.conflicts().map((c) => [c.doc_id, c.fields])).toEqual([['o1', ['notes']]]);

      // The accounts of the previous release still sign in, and their data is served.
      const login = await app.server.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'rider@cargobici.test', password: 'Previa-Release-2026' } });
      expect(login.statusCode).toBe(200);
      const token = login.json<{ accessToken: string }>().accessToken;
      const pull = await app.server.inject({ url: '/api/sync/routes/pull', headers: { authorization: `Bearer ${token}` } });
      expect(pull.json<{ documents: { id: string }[] }>().documents.map((d) => d.id)).toEqual(['r1']);
      const file = await app.server.inject({ url: '/api/files/deliveries/u-rider/e1.png?meta', headers: { authorization: `Bearer ${token}` } });
      expect(file.json()).toMatchObject({ fullPath: 'deliveries/u-rider/e1.png', contentType: 'image/png', size: PNG.length });
    } finally {
      await app.server.close();
    }
  });

  it('take an unversioned file that already has every column (a data folder of the releases in between)', () => {
    const dir = tempDir();
    const store = new DocStore(dir);
    store.put('orders', { id: 'o1', code: 'O-1', _deleted: false });
    store.db.pragma('user_version = 0');
    store.close();
    const again = new DocStore(dir);
    expect(schemaVersion(again.db)).toBe(SCHEMA_VERSION);
    expect(again.get('orders', 'o1')).toMatchObject({ code: 'O-1' });
    again.close();
  });

  it('refuse a file of a newer server, in Spanish, without touching it', () => {
    const dir = tempDir();
    new DocStore(dir).close();
    const db = new Database(join(dir, 'cargobici.sqlite'));
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => new DocStore(dir)).toThrow(NewerSchemaError);
    expect(() => new DocStore(dir)).toThrow(/versión más nueva del servidor/);
    const after = new Database(join(dir, 'cargobici.sqlite'));
    expect(schemaVersion(after)).toBe(SCHEMA_VERSION + 1);
    after.close();
  });

  it('leave the file as it was when a step fails', () => {
    const db = new Database(':memory:');
    const failing = [
      ...MIGRATIONS,
      {
        version: SCHEMA_VERSION + 1,
        name: 'a step that fails half-way',
        up: (d: Database.Database) => {
          d.exec('CREATE TABLE half_done (x INTEGER)');
          throw new Error('boom');
        },
      },
    ];
    expect(() => migrate(db, failing)).toThrow('boom');
    expect(schemaVersion(db)).toBe(0);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all()).toEqual([]);
    db.close();
  });
});
