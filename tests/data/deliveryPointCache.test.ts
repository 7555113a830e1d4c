import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLocalDatabase, type CbDatabase } from '../../src/data/database';
import { newestCachedUpdate, startDeliveryPointCache, type DeliveryPointSource } from '../../src/data/deliveryPointCache';
import type { DeliveryPoint } from '../../src/domain/entities/operation';
import { point as fixturePoint } from '../helpers/fixtures';

function point(id: string, updated_at: number, name = `Bar ${id}`): DeliveryPoint {
  return { ...fixturePoint(id), name, updated_at };
}

class FakeSource implements DeliveryPointSource {
  fetchAllCalls = 0;
  subscribedSince: number[] = [];
  listener: ((p: DeliveryPoint[]) => void) | null = null;
  constructor(private readonly all: DeliveryPoint[]) {}
  async fetchAll() {
    this.fetchAllCalls += 1;
    return this.all;
  }
  subscribeUpdatedAfter(since: number, onPoints: (p: DeliveryPoint[]) => void) {
    this.subscribedSince.push(since);
    this.listener = onPoints;
    return () => {
      this.listener = null;
    };
  }
}

let db: CbDatabase;
beforeEach(async () => {
  db = await openLocalDatabase({ name: `dp${Date.now()}${Math.random().toString(36).slice(2)}`, storage: { kind: 'memory' }, collections: ['delivery_points'] });
});
afterEach(async () => {
  await db.remove();
});

describe('delivery-point cache (specification §4)', () => {
  it('fetches everything once when empty, then subscribes from the newest updated_at', async () => {
    const source = new FakeSource([point('a', 100), point('b', 300), point('c', 200)]);
    const cache = startDeliveryPointCache(db, source);
    await cache.ready;
    expect(source.fetchAllCalls).toBe(1);
    expect(await db.delivery_points.count().exec()).toBe(3);
    expect(source.subscribedSince).toEqual([300]);
    cache.stop();
    expect(source.listener).toBeNull();
  });

  it('does not fetch everything again when the cache has points', async () => {
    await db.delivery_points.bulkInsert([point('a', 100), point('b', 500)]);
    const source = new FakeSource([point('x', 1)]);
    const cache = startDeliveryPointCache(db, source);
    await cache.ready;
    expect(source.fetchAllCalls).toBe(0);
    expect(source.subscribedSince).toEqual([500]);
    expect(await newestCachedUpdate(db)).toBe(500);
    cache.stop();
  });

  it('merges live updates by id, replacing existing points and adding new ones', async () => {
    const source = new FakeSource([point('a', 100), point('b', 200)]);
    const cache = startDeliveryPointCache(db, source);
    await cache.ready;
    source.listener?.([point('a', 250, 'Bar renombrado'), point('n', 260)]);
    await expect.poll(async () => (await db.delivery_points.findOne('a').exec())?.name).toBe('Bar renombrado');
    expect(await db.delivery_points.count().exec()).toBe(3);
    expect(await newestCachedUpdate(db)).toBe(260);
    cache.stop();
  });

  it('never lets an older copy replace a newer one', async () => {
    const source = new FakeSource([point('a', 500, 'Nuevo')]);
    const cache = startDeliveryPointCache(db, source);
    await cache.ready;
    source.listener?.([point('a', 400, 'Viejo')]);
    source.listener?.([point('b', 600)]);
    await expect.poll(async () => db.delivery_points.count().exec()).toBe(2);
    expect((await db.delivery_points.findOne('a').exec())?.name).toBe('Nuevo');
    cache.stop();
  });
});
