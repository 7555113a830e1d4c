/**
 * Queries read at once (src/data/fastQueries.ts) give exactly what RxDB's own cursor gives: the
 * same documents in the same order, for the app's queries and for random selectors, sorts,
 * skips and limits, on the dexie storage (fake-indexeddb in Node, IndexedDB in the app).
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalDatabase, removeLocalDatabase, type CbDatabase } from '../../src/data/database';
import { readAtOnce, readWithCursor } from '../../src/data/fastQueries';
import { STORAGE_SCHEMAS } from '../../src/data/storageSchemas.generated';
import { deliveryPointsPage, ordersOfDayInHub, ordersOfRoute, ordersOfDay, ordersOfDeliveryPoint } from '../../src/data/queries';
import type { Order } from '../../src/domain/entities/operation';
import { order, point } from '../helpers/fixtures';
import { rng } from '../sync/harness';

let db: CbDatabase;
const DATES = ['2026-11-24', '2026-11-25', '2026-11-26'];
const STATUSES: Order['status'][] = ['pending', 'planned', 'picked', 'delivered', 'cancelled'];

beforeAll(async () => {
  db = await openLocalDatabase({ name: `fast-queries-${process.pid}`, storage: { kind: 'dexie' }, collections: ['orders', 'delivery_points'], multiInstance: false });
  const r = rng(20261126);
  const orders = Array.from({ length: 300 }, (_, i) => ({
    ...order(`o${String(i).padStart(3, '0')}`, `pe${r.int(1, 12)}`, r.chance(0.3) ? '' : `r${r.int(1, 8)}`, r.pick(STATUSES)),
    date: r.pick(DATES),
    hub: r.int(1, 3),
    updated_at: 1_700_000_000_000 + r.int(0, 50) * 1000,
  }));
  await db.orders.bulkInsert(orders);
  await db.delivery_points.bulkInsert(Array.from({ length: 120 }, (_, i) => ({ ...point(`pe${i}`), name: `Punto ${r.int(0, 40)}`, hub: r.int(1, 3) })));
  // Some deleted documents: neither path may return them.
  await db.orders.find({ selector: { status: 'cancelled', hub: 2 } }).remove();
});

afterAll(async () => {
  await removeLocalDatabase(db);
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = Parameters<typeof readAtOnce>[0] & { exec(): Promise<any> };

/**
 * The same query through RxDB's cursor, read at once, and as the app runs it (`exec`): ids in
 * order, and the whole stored documents of both storage paths (fields, `_deleted`, `_meta`…).
 */
async function both(query: AnyQuery): Promise<{ cursor: string[]; atOnce: string[] | null; exec: string[] }> {
  const ids = (docs: readonly unknown[]) => docs.map((d) => String((d as { id: string }).id));
  const cursorDocs = await readWithCursor(query);
  const fast = await readAtOnce(query);
  if (fast) expect(fast).toStrictEqual(cursorDocs);
  const exec = ids((await query.exec()) as unknown[]);
  return { cursor: ids(cursorDocs), atOnce: fast ? ids(fast) : null, exec };
}

/** Every property name of a JSON schema, nested objects and array items included. */
function propertyNames(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as { properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[] };
  return [
    ...Object.entries(s.properties ?? {}).flatMap(([k, v]) => [k, ...propertyNames(v)]),
    ...(Array.isArray(s.items) ? s.items.flatMap(propertyNames) : propertyNames(s.items)),
    ...(s.anyOf ?? []).flatMap(propertyNames),
  ];
}

describe('queries read at once', () => {
  it('cb_localDB stores keys as written: no key compression, no field name starting with «|» or «__»', () => {
    for (const [name, schema] of Object.entries(STORAGE_SCHEMAS)) {
      expect((schema as { keyCompression?: boolean }).keyCompression ?? false, name).toBe(false);
      expect(propertyNames(schema).filter((k) => k.startsWith('|') || k.startsWith('__')), name).toEqual([]);
    }
  });

  it("the app's queries: the same documents in the same order, read at once", async () => {
    const cases = [
      ordersOfDayInHub(db, '2026-11-25', 1),
      ordersOfDayInHub(db, '2026-11-26', 2),
      ordersOfRoute(db, 'r3'),
      ordersOfDay(db, '2026-11-24'),
      ordersOfDeliveryPoint(db, 'pe4'),
      deliveryPointsPage(db, null, 25),
      deliveryPointsPage(db, 'Punto 2', 10),
    ];
    for (const q of cases) {
      const { cursor, atOnce, exec } = await both(q as AnyQuery);
      expect(cursor.length).toBeGreaterThan(0);
      expect(atOnce).toEqual(cursor);
      expect(exec).toEqual(cursor);
    }
  });

  it('random selectors, sorts, skips and limits agree with the cursor', async () => {
    const r = rng(7);
    let readAtOnce = 0;
    for (let i = 0; i < 200; i += 1) {
      const selector: Record<string, unknown> = {};
      if (r.chance(0.6)) selector.date = r.chance(0.5) ? r.pick(DATES) : { $gte: r.pick(DATES) };
      if (r.chance(0.5)) selector.hub = r.chance(0.7) ? r.int(1, 3) : { $in: [1, r.int(2, 3)] };
      if (r.chance(0.3)) selector.status = r.pick(STATUSES);
      if (r.chance(0.2)) selector.route_id = r.chance(0.5) ? '' : `r${r.int(1, 8)}`;
      if (r.chance(0.15)) selector.updated_at = { $gt: 1_700_000_000_000 + r.int(0, 50) * 1000 };
      const sortField = r.pick(['date', 'hub', 'updated_at', 'status', 'route_id', 'id'] as const);
      const query: { selector: never; sort: never[]; limit?: number; skip?: number } = { selector: selector as never, sort: [{ [sortField]: r.chance(0.5) ? 'asc' : 'desc' } as never, { id: 'asc' } as never] };
      if (r.chance(0.4)) query.limit = r.int(0, 40);
      if (r.chance(0.3)) query.skip = r.int(0, 30);
      const { cursor, atOnce, exec } = await both(db.orders.find(query) as AnyQuery);
      if (atOnce !== null) {
        readAtOnce += 1;
        expect(atOnce, JSON.stringify(query)).toEqual(cursor);
      }
      expect(exec, JSON.stringify(query)).toEqual(cursor);
    }
    // Most queries take the single read; the rest (a limit the index cannot satisfy) keep the cursor.
    expect(readAtOnce).toBeGreaterThan(100);
  });

  it('a limit whose selector the index does not satisfy stays on the cursor (it stops early)', async () => {
    const q = db.orders.find({ selector: { notes: '' }, limit: 5 });
    expect(await readAtOnce(q)).toBeNull();
    expect((await q.exec()).length).toBe(5);
  });
});
