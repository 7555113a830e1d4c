import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LOCAL_COLLECTION_DEFS } from '../../src/domain/collections';
import { openLocalDatabase, LOCAL_DB_NAME } from '../../src/data/database';
import { bikeSchema } from '../../src/domain/entities/operation';
import { incidenceObjectSchema, pickSchema } from '../../src/domain/entities/events';
import { routeSchema } from '../../src/domain/entities/operation';
import { newDocFor, route } from '../helpers/fixtures';

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

  it('opens a version-0 database of routes, incidences and picks with the version-1 schemas (issue 12)', async () => {
    const name = `p${Date.now()}`;
    const { ready_reason: _added, ...routeV0 } = routeSchema.shape;
    // Version 0: the schemas before `ready_reason`, `scanned_barcode` and `undoes` existed.
    const v0 = await openLocalDatabase({
      name,
      storage: { kind: 'dexie' },
      collections: ['routes', 'incidences', 'picks'],
      multiInstance: false,
      definitions: {
        routes: { ...LOCAL_COLLECTION_DEFS.routes, schema: z.object(routeV0), version: 0 },
        incidences: { ...LOCAL_COLLECTION_DEFS.incidences, schema: incidenceObjectSchema.omit({ scanned_barcode: true, follows: true, follow_state: true }), version: 0 },
        picks: { ...LOCAL_COLLECTION_DEFS.picks, schema: pickSchema.omit({ undoes: true }), version: 0 },
      },
      migrations: { routes: {}, incidences: {}, picks: {} },
    });
    await v0.routes.insert(route('r1', 'u-rider1', [{ point: 'pe1', orders: ['o1'] }], 'picking'));
    await v0.incidences.insert(newDocFor('incidences', 'u-operador', 1, 'picker-error') as never);
    await v0.picks.insert(newDocFor('picks', 'u-operador', 1) as never);
    await v0.close();

    const v1 = await openLocalDatabase({ name, storage: { kind: 'dexie' }, collections: ['routes', 'incidences', 'picks'], multiInstance: false });
    expect(LOCAL_COLLECTION_DEFS.picks.version).toBe(1);
    expect(LOCAL_COLLECTION_DEFS.incidences.version).toBe(2);
    expect((await v1.routes.findOne('r1').exec())?.status).toBe('picking');
    expect(await v1.incidences.count().exec()).toBe(1);
    const pick = (await v1.picks.find().exec())[0]?.toJSON();
    expect(pick?.quantity).toBe(6);
    expect(pick?.undoes).toBeUndefined();
    // New documents may carry the new fields.
    await v1.picks.insert({ ...(newDocFor('picks', 'u-operador', 2) as never as object), undoes: String(pick?.id) } as never);
    expect(await v1.picks.count().exec()).toBe(2);
    await v1.remove();
  });
});
