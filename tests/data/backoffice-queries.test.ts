import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalDatabase, type CbDatabase } from '../../src/data/database';
import {
  catalogOfKinds,
  deliveriesOfRoutes,
  deliveryPointsPage,
  incidencesOfOrders,
  incidencesSince,
  ordersOfDay,
  ordersOfDeliveryPoint,
  queryPlanOf,
  routesOfDay,
} from '../../src/data/queries';

let db: CbDatabase;
beforeAll(async () => {
  db = await openLocalDatabase({ name: `bq${Date.now()}`, storage: { kind: 'memory' } });
});
afterAll(async () => {
  await db.remove();
});

describe('back-office queries use an index', () => {
  const cases: [string, () => ReturnType<typeof queryPlanOf>, string[]][] = [
    ['statuses of every family', () => queryPlanOf(catalogOfKinds(db, ['status-route', 'status-order'])), ['kind', 'name']],
    ['orders of a day', () => queryPlanOf(ordersOfDay(db, '2026-11-22')), ['date', 'hub']],
    ['routes of a day', () => queryPlanOf(routesOfDay(db, '2026-11-22')), ['date', 'hub']],
    ['orders of a delivery point', () => queryPlanOf(ordersOfDeliveryPoint(db, 'pe-1')), ['delivery_point_id']],
    ['incidences of orders', () => queryPlanOf(incidencesOfOrders(db, ['o-1', 'o-2'])), ['order_id']],
    ['delivery events of routes', () => queryPlanOf(deliveriesOfRoutes(db, ['r-1'])), ['route_id']],
    ['incidences since a time', () => queryPlanOf(incidencesSince(db, 1)), ['kind', 'at']],
    ['a page of delivery points by name', () => queryPlanOf(deliveryPointsPage(db, 'Bar', 100)), ['name']],
    ['the first page of delivery points', () => queryPlanOf(deliveryPointsPage(db, null, 100)), ['name']],
  ];
  for (const [name, plan, index] of cases) {
    it(name, () => {
      const p = plan();
      expect(p.index).toEqual(index);
      expect(p.sortSatisfiedByIndex).toBe(true);
    });
  }
});
