/**
 * Order intake raised `catalog` (kind `import-mapping`) and `delivery_points` (optional
 * `located`) to schema version 1: a device that stored version-0 documents opens the new app
 * with its data intact, and the new kinds and fields are then accepted.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LOCAL_COLLECTION_DEFS } from '../../src/domain/collections';
import { openLocalDatabase } from '../../src/data/database';
import { deliveryPointSchema } from '../../src/domain/entities/operation';
import { catalogSchema, importMappingSchema, type Tax } from '../../src/domain/entities/reference';
import { generateDemoData } from '../../server/demo/generate';

const demo = generateDemoData({ seed: 5, today: '2026-11-22', now: Date.UTC(2026, 10, 22, 7), scale: { deliveryPoints: 3, ordersPerDay: 0, ridersPerHub: 1 } });

describe('schema version 1 of catalog and delivery_points', () => {
  it('migrates version-0 documents unchanged and then stores the new kind and field', async () => {
    const name = `intake-mig-${Date.now()}`;
    const v0Catalog = z.discriminatedUnion(
      'kind',
      catalogSchema.options.filter((o) => o !== importMappingSchema) as unknown as Parameters<typeof z.discriminatedUnion>[1],
    );
    const v0 = await openLocalDatabase({
      name,
      storage: { kind: 'dexie' },
      collections: ['catalog', 'delivery_points'],
      multiInstance: false,
      definitions: {
        catalog: { ...LOCAL_COLLECTION_DEFS.catalog, schema: v0Catalog, version: 0 },
        delivery_points: { ...LOCAL_COLLECTION_DEFS.delivery_points, schema: deliveryPointSchema.omit({ located: true }), version: 0 },
      },
      migrations: { catalog: {}, delivery_points: {} },
    });
    const tax = demo.catalog.find((c): c is Tax => c.kind === 'tax');
    const point = demo.delivery_points[0];
    if (!tax || !point) throw new Error('demo data without a tax or a point');
    await v0.catalog.insert(tax);
    await v0.delivery_points.insert(point);
    await v0.close();

    const v1 = await openLocalDatabase({ name, storage: { kind: 'dexie' }, collections: ['catalog', 'delivery_points'], multiInstance: false });
    expect((await v1.catalog.findOne(tax.id).exec())?.toJSON()).toMatchObject(tax);
    expect((await v1.delivery_points.findOne(point.id).exec())?.toJSON()).toMatchObject(point);
    await v1.delivery_points.insert({ ...point, id: 'pe-new', located: false });
    await v1.catalog.insert({
      id: 'imap-0123456789abcdef',
      kind: 'import-mapping',
      name: 'Bimbo',
      active: true,
      updated_at: 1,
      client_id: 'client-bimbo',
      header_key: '0123456789abcdef',
      headers: ['Pedido', 'Fecha'],
      fields: ['external_ref', 'date'],
    });
    expect((await v1.delivery_points.findOne('pe-new').exec())?.located).toBe(false);
    expect(await v1.catalog.count().exec()).toBe(2);
    await v1.remove();
  });
});
