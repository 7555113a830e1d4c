/** The hot queries bench/db times (./db-core.ts): each with its baseline and what it must return. */
import type { CbDatabase, StorageChoice } from '../src/data/database';
import { deliveryPointsByHub, incidencesOfRoute, ordersOfDayInHub, ordersOfRoute, productByBarcode, riderRoutesForDay } from '../src/data/queries';
import type { LocalCollection } from '../src/domain/collections';
import { makeEan13 } from '../src/domain/barcode';
import { createRng } from '../src/domain/prng';
import { HUBS, ROUTES_PER_HUB_DAY, DP_HUBS, RIDERS, pad, routeId, type DatasetShape } from './db-dataset';

/**
 * Forced on the baseline: an index whose range is every live document (a full scan). RxDB puts
 * `_deleted` in front of a forced index and `id` at its end, and the two storages keep different
 * internal indexes: memory has [_deleted, _meta.lwt, id], dexie has [_deleted, id].
 */
export const fullScanIndex = (storage: StorageChoice): string[] => (storage.kind === 'memory' ? ['_meta.lwt'] : ['id']);

export interface QuerySpec {
  readonly name: string;
  readonly collection: LocalCollection;
  readonly expectedIndex: string[];
  /** `count` distinct parameter sets (warm-up ones first). */
  params(count: number): unknown[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query(db: CbDatabase, p: unknown): any;
}

export function specs(ds: DatasetShape): QuerySpec[] {
  const rng = createRng(20261122);
  /** `count` distinct picks from `make(i)` for i in [0, space). */
  const distinct = <T>(space: number, count: number, make: (i: number) => T): T[] => {
    const idx = rng.sample(Array.from({ length: space }, (_, i) => i), Math.min(space, count));
    return idx.map(make);
  };
  const orderDays = ds.orderDates.length;
  const incDays = ds.incidenceDates.length;
  return [
    {
      name: 'riderRoutesForDay',
      collection: 'routes',
      expectedIndex: ['rider_id', 'date'],
      params: (c) => distinct(RIDERS * ds.routeDates.length, c, (i) => [`u-brider${pad(i % RIDERS, 4)}`, ds.routeDates[Math.floor(i / RIDERS)]]),
      query: (db, p) => {
        const [rider, date] = p as [string, string];
        return riderRoutesForDay(db, rider, date);
      },
    },
    {
      name: 'ordersOfRoute',
      collection: 'orders',
      expectedIndex: ['route_id'],
      params: (c) =>
        distinct(orderDays * HUBS * ROUTES_PER_HUB_DAY, c, (i) =>
          routeId(ds.orderDates[i % orderDays] as string, (Math.floor(i / orderDays) % HUBS) + 1, Math.floor(i / (orderDays * HUBS)) + 1),
        ),
      query: (db, p) => ordersOfRoute(db, p as string),
    },
    {
      name: 'ordersOfDayInHub',
      collection: 'orders',
      expectedIndex: ['date', 'hub'],
      params: (c) => distinct(orderDays * HUBS, c, (i) => [ds.orderDates[i % orderDays], Math.floor(i / orderDays) + 1]),
      query: (db, p) => {
        const [date, hub] = p as [string, number];
        return ordersOfDayInHub(db, date, hub);
      },
    },
    {
      name: 'deliveryPointsByHub',
      collection: 'delivery_points',
      expectedIndex: ['hub', 'name'],
      params: (c) => distinct(DP_HUBS, c, (i) => i + 1),
      query: (db, p) => deliveryPointsByHub(db, p as number),
    },
    {
      name: 'incidencesOfRoute',
      collection: 'incidences',
      expectedIndex: ['route_id'],
      params: (c) =>
        distinct(incDays * HUBS * ROUTES_PER_HUB_DAY, c, (i) =>
          routeId(ds.incidenceDates[i % incDays] as string, (Math.floor(i / incDays) % HUBS) + 1, Math.floor(i / (incDays * HUBS)) + 1),
        ),
      query: (db, p) => incidencesOfRoute(db, p as string),
    },
    {
      name: 'productByBarcode',
      collection: 'products',
      expectedIndex: ['barcode'],
      params: (c) => distinct(ds.products, c, (i) => makeEan13(`84${pad(i, 10)}`)),
      query: (db, p) => productByBarcode(db, p as string),
    },
  ];
}

export function rowsOf(result: unknown): string[] {
  if (result === null || result === undefined) return [];
  const docs = Array.isArray(result) ? result : [result];
  return docs.map((d: { primary: string }) => d.primary);
}
