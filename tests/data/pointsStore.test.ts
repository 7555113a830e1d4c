import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalDatabase, type CbDatabase } from '../../src/data/database';
import { deliveryPointsStore } from '../../src/data/pointsStore';
import { point } from '../helpers/fixtures';

let db: CbDatabase;
const N = 2600;

beforeAll(async () => {
  db = await openLocalDatabase({ name: `ps${Date.now()}`, storage: { kind: 'memory' } });
  // Names repeat (400 «Bar común»), so pages must not lose or repeat points with the same name.
  await db.delivery_points.bulkInsert(
    Array.from({ length: N }, (_, i) => ({ ...point(`pe-${String(i).padStart(5, '0')}`, 1 + (i % 3)), name: i % 6 === 0 ? 'Bar común' : `Punto ${String(i).padStart(5, '0')}` })),
  );
});
afterAll(async () => {
  await db.remove();
});

async function until(check: () => boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timeout');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the in-memory delivery points', () => {
  it('loads every point once, in name order, in pages', async () => {
    const store = deliveryPointsStore(db);
    const seen: number[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.current.data.length));
    await until(() => !store.current.loading);
    unsubscribe();
    const rows = store.current.data;
    expect(rows).toHaveLength(N);
    expect(new Set(rows.map((r) => r.id)).size).toBe(N);
    const names = rows.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // The first rows were shown before the rest was read.
    expect(seen[0]).toBeLessThan(N);
    expect(deliveryPointsStore(db)).toBe(store);
  });

  it('follows inserts, updates and deletes, keeping unchanged rows as they were', async () => {
    const store = deliveryPointsStore(db);
    const before = store.current.data;
    const untouched = before.find((r) => r.id === 'pe-00001');
    await db.delivery_points.insert({ ...point('pe-new'), name: 'Nuevo' });
    const doc = await db.delivery_points.findOne('pe-00002').exec();
    await doc?.incrementalPatch({ hub: 9 });
    const gone = await db.delivery_points.findOne('pe-00003').exec();
    await gone?.remove();
    await until(() => store.current.data.some((r) => r.id === 'pe-new') && !store.current.data.some((r) => r.id === 'pe-00003'));
    const after = store.current.data;
    expect(after).toHaveLength(N);
    expect(after.find((r) => r.id === 'pe-00002')?.hub).toBe(9);
    expect(after.find((r) => r.id === 'pe-00001')).toBe(untouched);
    expect(Object.keys(after.find((r) => r.id === 'pe-new') ?? {})).not.toContain('_rev');
  });
});
