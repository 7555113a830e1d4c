import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LOCAL_COLLECTION_DEFS } from '../../src/domain/collections';
import { openLocalDatabase, LOCAL_DB_NAME } from '../../src/data/database';
import { bikeSchema } from '../../src/domain/entities/operation';

const bike = {
  id: 'b1',
  code: 'CB-MAD1-01',
  model_id: 'bm-urban-arrow',
  hub: 1,
  status: 'available' as const,
  battery_pct: 80,
  last_service_date: '',
  notes: '',
  updated_at: 1,
};

describe('cb_localDB on IndexedDB (dexie)', () => {
  it('is named cb_localDB and keeps documents across close and reopen', async () => {
    expect(LOCAL_DB_NAME).toBe('cb_localDB');
    const name = `cb_localDB_test_${Date.now()}`;
    const db = await openLocalDatabase({ name, storage: { kind: 'dexie' }, collections: ['bikes'], multiInstance: false });
    await db.bikes.insert(bike);
    await db.close();
    const again = await openLocalDatabase({ name, storage: { kind: 'dexie' }, collections: ['bikes'], multiInstance: false });
    expect((await again.bikes.findOne('b1').exec())?.code).toBe('CB-MAD1-01');
    await again.remove();
  });

  it('rejects a document that breaks the schema and stores nothing', async () => {
    const db = await openLocalDatabase({ name: `v${Date.now()}`, storage: { kind: 'dexie' }, collections: ['bikes'], multiInstance: false });
    await expect(db.bikes.insert({ ...bike, battery_pct: 140 })).rejects.toThrow();
    expect(await db.bikes.count().exec()).toBe(0);
    await db.remove();
  });

  it('migrates stored documents when a collection schema version rises', async () => {
    const name = `m${Date.now()}`;
    const v0 = await openLocalDatabase({ name, storage: { kind: 'dexie' }, collections: ['bikes'], multiInstance: false });
    await v0.bikes.insert(bike);
    await v0.close();

    // Version 1 adds a required `frame_size` field; the strategy fills it for old documents.
    const v1Schema = bikeSchema.extend({ frame_size: z.enum(['S', 'M', 'L']) });
    const v1 = await openLocalDatabase({
      name,
      storage: { kind: 'dexie' },
      collections: ['bikes'],
      multiInstance: false,
      definitions: { bikes: { ...LOCAL_COLLECTION_DEFS.bikes, schema: v1Schema, version: 1 } },
      migrations: { bikes: { 1: (old) => ({ ...old, frame_size: 'M' }) } },
    });
    const doc = (await v1.bikes.findOne('b1').exec())?.toJSON() as Record<string, unknown> | undefined;
    expect(doc?.frame_size).toBe('M');
    await v1.remove();
  });
});
