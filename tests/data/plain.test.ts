/**
 * What screens get from a live query (src/data/hooks.ts `plain`): each document's fields, as
 * RxDB's `toJSON()` gives them, for a list, one document, a map by id and nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalDatabase, removeLocalDatabase, type CbDatabase } from '../../src/data/database';
import { plain } from '../../src/data/hooks';
import { order } from '../helpers/fixtures';

let db: CbDatabase;
beforeAll(async () => {
  db = await openLocalDatabase({ name: `plain-${process.pid}`, storage: { kind: 'memory' }, collections: ['orders'] });
  await db.orders.bulkInsert([order('o1', 'pe1', 'r1'), order('o2', 'pe2', '')]);
});
afterAll(async () => {
  await removeLocalDatabase(db);
});

describe('plain (live query results for screens)', () => {
  it('gives every document as toJSON() does, without RxDB’s fields', async () => {
    const docs = await db.orders.find({ sort: [{ id: 'asc' }] }).exec();
    expect(plain(docs)).toStrictEqual(docs.map((d) => d.toJSON()));
    expect(plain(docs)).toStrictEqual([order('o1', 'pe1', 'r1'), order('o2', 'pe2', '')]);
    for (const d of plain(docs) as Record<string, unknown>[]) {
      expect(Object.keys(d).filter((k) => k.startsWith('_'))).toEqual([]);
    }
  });

  it('a single document, a map of documents by id, and nothing', async () => {
    const one = await db.orders.findOne('o2').exec();
    expect(plain(one)).toStrictEqual(one?.toJSON());
    const byId = await db.orders.findByIds(['o1', 'o2']).exec();
    expect(plain(byId)).toStrictEqual(new Map([...byId].map(([k, d]) => [k, d.toJSON()])));
    expect(plain(null)).toBeNull();
    expect(plain(undefined)).toBeNull();
  });
});
