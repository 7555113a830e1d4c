/**
 * An updated app opens the cb_localDB the previous release wrote (issue 30 §1). The fixture
 * (tests/fixtures/previous-release, `npm run release:fixture` at release time) holds, for every
 * local collection, the schema version and storage schema that release opened it with and a
 * sample of its documents. Each is written with those schemas to IndexedDB (fake-indexeddb, the
 * app's dexie storage), closed, and opened with today's code — its versions, storage schemas and
 * migration strategies — and every document must come back valid for today's entity schema.
 * A schema changed without a new version fails here (RxDB's DB6), and so does a wrong migration.
 */
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCAL_COLLECTIONS, LOCAL_COLLECTION_DEFS, type LocalCollection, type MigrationStrategies } from '../../src/domain/collections';
import type { StorageJsonSchema } from '../../src/domain/rxschema';
import { openLocalDatabase } from '../../src/data/database';
import { raiseVersionAdvice } from '../../scripts/pin-storage-schemas';

interface CollectionFixture {
  readonly collection: LocalCollection;
  readonly version: number;
  readonly schema: StorageJsonSchema;
  readonly documents: readonly Record<string, unknown>[];
}

function fixtureOf(name: LocalCollection): CollectionFixture {
  return JSON.parse(readFileSync(new URL(`../fixtures/previous-release/${name}.json`, import.meta.url), 'utf8')) as CollectionFixture;
}

/** Placeholders for the versions the old database already had (a fresh database runs none). */
const strategiesUpTo = (version: number): MigrationStrategies => Object.fromEntries(Array.from({ length: version }, (_, i) => [i + 1, (d: Record<string, unknown>) => d]));

let serial = 0;

/** The documents today's code reads from a database the previous release wrote. */
async function reopenWithTodaysCode(fixture: CollectionFixture): Promise<Record<string, unknown>[]> {
  const name = `prev_release_${fixture.collection}_${serial++}`;
  const old = await openLocalDatabase({
    name,
    storage: { kind: 'dexie' },
    multiInstance: false,
    collections: [fixture.collection],
    storageSchemas: { [fixture.collection]: fixture.schema },
    migrations: { [fixture.collection]: strategiesUpTo(fixture.version) },
  });
  const written = await old[fixture.collection].bulkInsert(fixture.documents as never[]);
  await old.close();
  if (written.error.length > 0) {
    throw new Error(`${fixture.collection}: the fixture's documents do not fit its own schema (${written.error.map((e) => e.documentId).join(', ')}); regenerate it with \`npm run release:fixture\` on the released commit.`);
  }
  try {
    const db = await openLocalDatabase({ name, storage: { kind: 'dexie' }, multiInstance: false, collections: [fixture.collection] });
    try {
      const docs = await db[fixture.collection].find().exec();
      return docs.map((d) => d.toMutableJSON() as Record<string, unknown>);
    } finally {
      await db.remove();
    }
  } catch (err) {
    throw new Error(explain(fixture, err), { cause: err });
  }
}

/** One sentence for the RxDB errors of a drifted schema or a wrong migration (their own are pages long). */
function explain(fixture: CollectionFixture, err: unknown): string {
  const code = (err as { code?: string }).code;
  const { collection, version } = fixture;
  if (code === 'DB6') {
    return `${collection}: today's storage schema differs from the previous release's at the same version ${version}, so an installed cb_localDB no longer opens (RxDB DB6). To change a stored shape, ${raiseVersionAdvice(collection, version)}.`;
  }
  if (code === 'DM4' || code === 'COL20') {
    const detail = JSON.stringify((err as { parameters?: unknown }).parameters ?? {}).match(/must [^"\\]*/)?.[0] ?? '';
    return `${collection}: the migration strategies from version ${version} to ${LOCAL_COLLECTION_DEFS[collection].version} (src/domain/stored/${collection}.ts) leave a document of the previous release invalid for today's schema (RxDB ${code}${detail ? `: ${detail}` : ''}).`;
  }
  return `${collection}: ${err instanceof Error ? err.message : String(err)}`;
}

describe('a cb_localDB of the previous release (tests/fixtures/previous-release)', () => {
  it('has a fixture for every local collection, at a version today’s code can migrate from', () => {
    for (const name of LOCAL_COLLECTIONS) {
      const fixture = fixtureOf(name);
      expect(fixture.collection).toBe(name);
      expect(fixture.version, name).toBeLessThanOrEqual(LOCAL_COLLECTION_DEFS[name].version);
      expect(fixture.documents.length, name).toBeGreaterThan(0);
    }
  });

  it.each(LOCAL_COLLECTIONS)('%s opens with today’s code and every document reads back valid', async (name) => {
    const fixture = fixtureOf(name);
    const docs = await reopenWithTodaysCode(fixture);
    expect(docs.map((d) => d.id).sort(), `${name}: every stored document survives the migration`).toEqual(fixture.documents.map((d) => d.id).sort());
    const schema = LOCAL_COLLECTION_DEFS[name].schema;
    for (const doc of docs) {
      const { _meta: _m, _rev: _r, _attachments: _a, _deleted: _d, ...plain } = doc;
      const parsed = schema.safeParse(plain);
      expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`), `${name} ${String(doc.id)} after migration`).toEqual([]);
    }
  });
});
