/**
 * The server's document store: every local collection's documents in one SQLite table, each
 * write stamped with a server-assigned, strictly increasing sequence number (the replication
 * checkpoint; never a wall-clock time). Scope columns (route, rider, owner) are extracted at
 * write time so the pull of a rider is one indexed query.
 */
import Database from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_COLLECTION_DEFS, type LocalCollection } from '../src/domain/collections';
import type { RowScope } from '../src/domain/access/table';
import { migrate } from './migrations';
import { t } from '../src/i18n';
import '../src/i18n/es/server';

export type StoredDoc = Record<string, unknown> & { id: string; _deleted: boolean };

export interface DocRow {
  readonly collection: LocalCollection;
  readonly id: string;
  readonly seq: number;
  readonly doc: StoredDoc;
}

/** The row-scope columns of a document, from its collection's definition (LOCAL_COLLECTION_DEFS[c].rowScope). */
function scopeColumns(collection: LocalCollection, doc: StoredDoc): { route_id: string; rider_id: string; owner_id: string } {
  const { route, rider, owner } = LOCAL_COLLECTION_DEFS[collection].rowScope;
  const field = (name: string | null): string => {
    if (name === null || name === 'stops') return '';
    const v = name === 'id' ? doc.id : doc[name];
    return typeof v === 'string' ? v : '';
  };
  return { route_id: field(route), rider_id: field(rider), owner_id: field(owner) };
}

export interface PullUser {
  readonly id: string;
  readonly scope: RowScope | null;
}

export interface PullResult {
  readonly rows: { seq: number; doc: StoredDoc }[];
  /** Sequence to resume from: the last row's, or the collection's head when everything was read. */
  readonly checkpoint: number;
}

/** Refusals of one user logged one by one per minute (the rest are counted in one entry). */
export const REFUSALS_PER_MINUTE = 30;
/** Refusals kept per user (older ones are deleted). */
export const REFUSALS_KEPT_PER_USER = 200;

export class DocStore {
  readonly db: Database.Database;
  private seq: number;
  private readonly refusalBudget = new Map<string, { start: number; count: number; summarySeq: number }>();

  private readonly now: () => number;

  constructor(dataDir: string, opts: { now?: () => number } = {}) {
    this.now = opts.now ?? Date.now;
    // Password hashes and the token signing key live here: only the server's user may read it.
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
    const file = join(dataDir, 'cargobici.sqlite');
    closeSync(openSync(file, 'a', 0o600));
    // SQLite gives its -wal and -shm files the database file's permissions.
    for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, 0o600);
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    try {
      // Every table of the server (documents, accounts, files…): server/migrations.ts.
      migrate(this.db);
    } catch (err) {
      this.db.close();
      throw err;
    }
    const row = this.db.prepare('SELECT MAX(seq) AS s FROM docs').get() as { s: number | null };
    this.seq = row.s ?? 0;
  }

  close(): void {
    this.db.close();
  }

  /**
   * Runs `fn` inside one SQLite transaction (all or nothing). A rolled-back transaction gives
   * back the sequence numbers it took: the head handed out as a checkpoint must never exceed
   * what is stored, or a restarted server (which resumes from the stored maximum) would reuse
   * numbers a device has already passed, and the device would never pull those writes.
   */
  transaction<T>(fn: () => T): T {
    const seq = this.seq;
    try {
      return this.db.transaction(fn)();
    } catch (err) {
      this.seq = seq;
      throw err;
    }
  }

  head(): number {
    return this.seq;
  }

  get(collection: LocalCollection, id: string): StoredDoc | null {
    const row = this.db.prepare('SELECT data FROM docs WHERE collection = ? AND id = ?').get(collection, id) as { data: string } | undefined;
    return row ? (JSON.parse(row.data) as StoredDoc) : null;
  }

  getMany(collection: LocalCollection, ids: readonly string[]): Map<string, StoredDoc> {
    const out = new Map<string, StoredDoc>();
    const stmt = this.db.prepare('SELECT id, data FROM docs WHERE collection = ? AND id = ?');
    for (const id of ids) {
      const row = stmt.get(collection, id) as { id: string; data: string } | undefined;
      if (row) out.set(row.id, JSON.parse(row.data) as StoredDoc);
    }
    return out;
  }

  /** Writes a document with the next sequence number. Call inside `transaction` for batches. */
  put(collection: LocalCollection, doc: StoredDoc): number {
    this.seq += 1;
    const cols = scopeColumns(collection, doc);
    this.db
      .prepare(
        `INSERT INTO docs (collection, id, seq, deleted, route_id, rider_id, owner_id, data)
         VALUES (@collection, @id, @seq, @deleted, @route_id, @rider_id, @owner_id, @data)
         ON CONFLICT (collection, id) DO UPDATE SET seq = excluded.seq, deleted = excluded.deleted,
           route_id = excluded.route_id, rider_id = excluded.rider_id, owner_id = excluded.owner_id, data = excluded.data`,
      )
      .run({ collection, id: doc.id, seq: this.seq, deleted: doc._deleted ? 1 : 0, ...cols, data: JSON.stringify(doc) });
    if (collection === 'routes') this.indexRoutePoints(doc);
    return this.seq;
  }

  /** Gives documents a new sequence number without changing them, so every device pulls them again. */
  touch(collection: LocalCollection, ids: readonly string[]): void {
    const stmt = this.db.prepare('UPDATE docs SET seq = ? WHERE collection = ? AND id = ?');
    for (const id of new Set(ids)) {
      // A number is taken only when a stored document carries it (see `transaction`).
      if (stmt.run(this.seq + 1, collection, id).changes > 0) this.seq += 1;
    }
  }

  idsByRoute(collection: LocalCollection, routeId: string): string[] {
    return (this.db.prepare('SELECT id FROM docs WHERE collection = ? AND route_id = ?').all(collection, routeId) as { id: string }[]).map(
      (r) => r.id,
    );
  }

  /** The live (not deleted) documents of a collection on a route. */
  docsByRoute(collection: LocalCollection, routeId: string): StoredDoc[] {
    if (routeId === '') return [];
    const rows = this.db.prepare('SELECT data FROM docs WHERE collection = ? AND route_id = ? AND deleted = 0').all(collection, routeId) as { data: string }[];
    return rows.map((r) => JSON.parse(r.data) as StoredDoc);
  }

  private indexRoutePoints(route: StoredDoc): void {
    this.db.prepare('DELETE FROM route_points WHERE route_id = ?').run(route.id);
    if (route._deleted) return;
    const stops = Array.isArray(route.stops) ? (route.stops as { delivery_point_id?: unknown }[]) : [];
    const ins = this.db.prepare('INSERT OR IGNORE INTO route_points (route_id, point_id) VALUES (?, ?)');
    for (const s of stops) if (typeof s.delivery_point_id === 'string') ins.run(route.id, s.delivery_point_id);
  }

  /**
   * The live documents of one day and hub of `orders` or `routes` (the planning's invariants:
   * src/domain/routing/integrity.ts), read by the index of migration 11.
   */
  docsOfDay(collection: 'orders' | 'routes', date: string, hub: number): StoredDoc[] {
    const rows = this.db
      .prepare("SELECT data FROM docs WHERE collection = ? AND json_extract(data, '$.date') = ? AND json_extract(data, '$.hub') = ? AND collection IN ('orders', 'routes') AND deleted = 0")
      .all(collection, date, hub) as { data: string }[];
    return rows.map((r) => ({ ...(JSON.parse(r.data) as StoredDoc), _deleted: false }));
  }

  routePoints(routeId: string): string[] {
    return (this.db.prepare('SELECT point_id FROM route_points WHERE route_id = ?').all(routeId) as { point_id: string }[]).map((r) => r.point_id);
  }

  /** Ids of the (not deleted) routes assigned to a rider. */
  riderRouteIds(userId: string): Set<string> {
    const rows = this.db.prepare("SELECT id FROM docs WHERE collection = 'routes' AND rider_id = ? AND deleted = 0").all(userId) as { id: string }[];
    return new Set(rows.map((r) => r.id));
  }

  /**
   * SQL condition (with named parameter @user) for the rows a scope lets a user see, from the
   * row-scope columns of the collection's definition.
   */
  private scopeCondition(collection: LocalCollection, scope: RowScope): string {
    if (scope === 'all') return '1';
    // A user's own profile has his id as owner; an event, its author.
    if (scope === 'self') return 'd.owner_id = @user';
    const { route } = LOCAL_COLLECTION_DEFS[collection].rowScope;
    if (scope === 'hub-routes') {
      const hubRoutes =
        "SELECT r.id FROM docs r WHERE r.collection = 'routes' AND r.deleted = 0 AND json_extract(r.data, '$.hub') IN " +
        "(SELECT h.value FROM docs u, json_each(u.data, '$.hubs') h WHERE u.collection = 'users' AND u.id = @user)";
      return `d.route_id IN (${hubRoutes})`;
    }
    // own-routes: the routes assigned to the user, and what belongs to them.
    const riderRoutes = "SELECT id FROM docs WHERE collection = 'routes' AND rider_id = @user AND deleted = 0";
    if (route === 'id') return 'd.rider_id = @user AND d.deleted = 0';
    if (route === 'stops') return `d.id IN (SELECT point_id FROM route_points WHERE route_id IN (${riderRoutes}))`;
    return `(d.route_id IN (${riderRoutes}) OR (d.owner_id = @user AND d.owner_id <> ''))`;
  }

  /**
   * Whether a user may read the stored document `id` (the same row scope as `pull`). A document
   * that is not stored is readable by nobody: there is nothing to read.
   */
  canRead(collection: LocalCollection, id: string, user: PullUser): boolean {
    if (user.scope === null) return false;
    const visible = this.scopeCondition(collection, user.scope);
    const row = this.db.prepare(`SELECT 1 AS ok FROM docs d WHERE d.collection = @collection AND d.id = @id AND (${visible})`).get({ collection, id, user: user.id });
    return row !== undefined;
  }

  /**
   * SQL condition (named parameters @user, @collection, @since; `u` the user's user_docs row,
   * joined) for the rows a user is sent: those he may read, and those he read and lost (each one
   * once: until his device has passed the sequence it left him at, `gone_seq`).
   */
  private sentCondition(visible: string): string {
    return `((${visible}) OR (u.doc_id IS NOT NULL AND (u.gone_seq IS NULL OR @since < u.gone_seq)))`;
  }

  private static readonly SEEN_JOIN = 'LEFT JOIN user_docs u ON u.user_id = @user AND u.collection = @collection AND u.doc_id = d.id';

  /**
   * The newest sequence number after `since` of a document of `collection` this user may read,
   * or read before and lost and was not yet told (it comes to him as a tombstone) — what `pull`
   * would hand him — or null when nothing of the collection changed for him. The change stream
   * asks this, and tells the device only «pull `collection`», never a document.
   */
  changedSince(collection: LocalCollection, user: PullUser, since: number): number | null {
    if (user.scope === null) return null;
    const visible = this.scopeCondition(collection, user.scope);
    const sql =
      user.scope === 'all'
        ? 'SELECT MAX(d.seq) AS seq FROM docs d WHERE d.collection = @collection AND d.seq > @since'
        : `SELECT MAX(d.seq) AS seq FROM docs d ${DocStore.SEEN_JOIN} WHERE d.collection = @collection AND d.seq > @since AND ${this.sentCondition(visible)}`;
    const row = this.db.prepare(sql).get({ collection, since, user: user.id }) as { seq: number | null } | undefined;
    return row?.seq ?? null;
  }

  /**
   * Documents of a collection after `since`, as a user may see them. A document the user saw
   * before and that left his scope comes once as a bare tombstone (`{ id, _deleted: true }`, none
   * of its fields: it disappears from his device, not from the server), and nothing more of it
   * after: a later change of it does not reach him (issue 29, finding 4). A device that pulls
   * again from before that tombstone (its answer was lost) gets the tombstone again; a document
   * that comes back into his scope comes in full.
   */
  pull(collection: LocalCollection, user: PullUser, since: number, limit: number): PullResult {
    if (user.scope === null) return { rows: [], checkpoint: this.seq };
    const visible = this.scopeCondition(collection, user.scope);
    const sql =
      user.scope === 'all'
        ? 'SELECT d.seq, d.id, d.data, 1 AS visible FROM docs d WHERE d.collection = @collection AND d.seq > @since ORDER BY d.seq LIMIT @limit'
        : `SELECT d.seq, d.id, CASE WHEN ${visible} THEN d.data ELSE NULL END AS data, CASE WHEN ${visible} THEN 1 ELSE 0 END AS visible
           FROM docs d ${DocStore.SEEN_JOIN} WHERE d.collection = @collection AND d.seq > @since AND ${this.sentCondition(visible)}
           ORDER BY d.seq LIMIT @limit`;
    const head = this.seq;
    const raw = this.db.prepare(sql).all({ collection, since, limit, user: user.id }) as { seq: number; id: string; data: string | null; visible: number }[];
    const rows = raw.map((r) => ({ seq: r.seq, doc: r.visible && r.data !== null ? (JSON.parse(r.data) as StoredDoc) : { id: r.id, _deleted: true } }));
    if (user.scope !== 'all' && raw.length > 0) {
      const remember = this.db.prepare(
        'INSERT INTO user_docs (user_id, collection, doc_id) VALUES (?, ?, ?) ON CONFLICT (user_id, collection, doc_id) DO UPDATE SET gone_seq = NULL WHERE gone_seq IS NOT NULL',
      );
      const gone = this.db.prepare('UPDATE user_docs SET gone_seq = ? WHERE user_id = ? AND collection = ? AND doc_id = ? AND gone_seq IS NULL');
      this.db.transaction(() => {
        for (const r of raw) {
          if (r.visible) remember.run(user.id, collection, r.id);
          else gone.run(r.seq, user.id, collection, r.id);
        }
      })();
    }
    const last = rows[rows.length - 1];
    return { rows, checkpoint: rows.length < limit || !last ? head : last.seq };
  }

  logConflict(entry: { collection: LocalCollection; docId: string; userId: string; fields: string[]; local: unknown; server: unknown }): void {
    this.db
      .prepare('INSERT INTO conflicts (at, collection, doc_id, user_id, fields, local, server) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(this.now(), entry.collection, entry.docId, entry.userId, JSON.stringify(entry.fields), JSON.stringify(entry.local), JSON.stringify(entry.server));
  }

  /**
   * Logs a refused write, per user: at most REFUSALS_PER_MINUTE entries of a user are written
   * one by one in a minute; the rest of that minute only count in one summary entry
   * (`repeats`), and a user keeps his latest REFUSALS_KEPT_PER_USER entries. So one device
   * refusing thousands of writes never pushes the others out of the admins' view.
   */
  logRefusal(entry: { collection: LocalCollection; docId: string; userId: string; reason: string }): void {
    const now = this.now();
    let budget = this.refusalBudget.get(entry.userId);
    if (!budget || now - budget.start >= 60_000) {
      budget = { start: now, count: 0, summarySeq: 0 };
      this.refusalBudget.set(entry.userId, budget);
      if (this.refusalBudget.size > 10_000) this.refusalBudget.clear();
    }
    budget.count += 1;
    if (budget.count <= REFUSALS_PER_MINUTE) {
      this.db
        .prepare('INSERT INTO refusals (at, collection, doc_id, user_id, reason) VALUES (?, ?, ?, ?, ?)')
        .run(now, entry.collection, entry.docId, entry.userId, entry.reason);
    } else if (budget.summarySeq > 0 && this.db.prepare('UPDATE refusals SET repeats = repeats + 1, at = ? WHERE seq = ?').run(now, budget.summarySeq).changes > 0) {
      return;
    } else {
      const info = this.db
        .prepare('INSERT INTO refusals (at, collection, doc_id, user_id, reason, repeats) VALUES (?, ?, ?, ?, ?, 1)')
        .run(now, entry.collection, '', entry.userId, t('server.refusals.summary', { reason: entry.reason }));
      budget.summarySeq = Number(info.lastInsertRowid);
    }
    this.db
      .prepare('DELETE FROM refusals WHERE user_id = ? AND seq <= (SELECT seq FROM refusals WHERE user_id = ? ORDER BY seq DESC LIMIT 1 OFFSET ?)')
      .run(entry.userId, entry.userId, REFUSALS_KEPT_PER_USER);
  }

  /** The admins' view of the refusal log: the latest entries of every user (at most `perUser` each), newest first. */
  refusals(perUser = 50): { seq: number; at: number; collection: string; doc_id: string; user_id: string; reason: string; repeats: number }[] {
    return this.db
      .prepare(
        `SELECT seq, at, collection, doc_id, user_id, reason, repeats FROM (
           SELECT *, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY seq DESC) AS n FROM refusals
         ) WHERE n <= ? ORDER BY seq DESC LIMIT 5000`,
      )
      .all(perUser) as { seq: number; at: number; collection: string; doc_id: string; user_id: string; reason: string; repeats: number }[];
  }

  conflicts(limit = 200): { seq: number; at: number; collection: string; doc_id: string; user_id: string; fields: string[]; local: unknown; server: unknown }[] {
    const rows = this.db.prepare('SELECT * FROM conflicts ORDER BY seq DESC LIMIT ?').all(limit) as {
      seq: number;
      at: number;
      collection: string;
      doc_id: string;
      user_id: string;
      fields: string;
      local: string;
      server: string;
    }[];
    return rows.map((r) => ({ ...r, fields: JSON.parse(r.fields) as string[], local: JSON.parse(r.local) as unknown, server: JSON.parse(r.server) as unknown }));
  }

  kvGet(key: string): string | null {
    const row = this.db.prepare('SELECT value FROM kv WHERE key = ?').get(key) as { value: string } | undefined;
    return row?.value ?? null;
  }

  kvSet(key: string, value: string): void {
    this.db.prepare('INSERT INTO kv (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  count(collection: LocalCollection): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM docs WHERE collection = ?').get(collection) as { n: number }).n;
  }
}
