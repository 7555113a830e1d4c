import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalDatabase, type CbDatabase } from '../../src/data/database';
import {
  deliveryPointsByHub,
  incidencesOfRoute,
  ordersOfDayInHub,
  ordersOfRoute,
  productByBarcode,
  queryPlanOf,
  riderRoutesForDay,
  routesOfDayInHub,
  picksOfOrders,
  picksOfRoute,
  incidencesOfKindSince,
  incidencesOfKindBetween,
  paymentsOfRiders,
  paymentsOfRoutes,
  deliveriesOfRoute,
  deliveriesOfOrder,
  deliveryIncidences,
} from '../../src/data/queries';

let db: CbDatabase;
beforeAll(async () => {
  db = await openLocalDatabase({ name: `q${Date.now()}`, storage: { kind: 'memory' } });
});
afterAll(async () => {
  await db.remove();
});

describe('hot queries use an index', () => {
  const cases: [string, () => ReturnType<typeof queryPlanOf>, string[]][] = [
    ["a rider's stops for a day", () => queryPlanOf(riderRoutesForDay(db, 'u-rider1', '2026-11-22')), ['rider_id', 'date']],
    ['orders of a route', () => queryPlanOf(ordersOfRoute(db, 'r-1')), ['route_id']],
    ['delivery points by hub', () => queryPlanOf(deliveryPointsByHub(db, 1)), ['hub', 'name']],
    ['products by barcode', () => queryPlanOf(productByBarcode(db, '8412345678905')), ['barcode']],
    ['orders of a day in a hub', () => queryPlanOf(ordersOfDayInHub(db, '2026-11-22', 1)), ['date', 'hub']],
    ['routes of a day in a hub (picking)', () => queryPlanOf(routesOfDayInHub(db, '2026-11-22', 1)), ['date', 'hub']],
    ['picking events of a route', () => queryPlanOf(picksOfRoute(db, 'r-1')), ['route_id']],
    ['picker errors of the day', () => queryPlanOf(incidencesOfKindSince(db, 'picker-error', 1_763_800_000_000)), ['kind', 'at']],
    ['delivery events of a route', () => queryPlanOf(deliveriesOfRoute(db, 'r-1')), ['route_id']],
    ['delivery events of an order', () => queryPlanOf(deliveriesOfOrder(db, 'o-1')), ['order_id']],
    ["the operators' delivery incidences", () => queryPlanOf(deliveryIncidences(db)), ['kind', 'at']],
    ["picking incidences of one day (a closed range)", () => queryPlanOf(incidencesOfKindBetween(db, 'picker-product', 1_763_800_000_000, 1_763_886_400_000)), ['kind', 'at']],
  ];
  for (const [name, plan, index] of cases) {
    it(name, () => {
      const p = plan();
      expect(p.index).toEqual(index);
      expect(p.selectorSatisfiedByIndex).toBe(true);
    });
  }

  it('incidences by route: the route_id index bounds it; the follow-up documents are filtered inside the range', () => {
    expect(queryPlanOf(incidencesOfRoute(db, 'r-1')).index).toEqual(['route_id']);
  });

  it('picking events of some orders: the order_id index bounds the $in (RxDB filters inside the range)', () => {
    expect(queryPlanOf(picksOfOrders(db, ['o-1', 'o-2'])).index).toEqual(['order_id']);
  });

  it('payments of a day (its routes) and of riders use the route_id and kind+rider_id indexes', () => {
    expect(queryPlanOf(paymentsOfRoutes(db, ['r-1', 'r-2'])).index).toEqual(['route_id']);
    expect(queryPlanOf(paymentsOfRoutes(db, ['r-1', 'r-2'], 150)).index).toEqual(['route_id']);
    expect(queryPlanOf(paymentsOfRiders(db, ['u-rider1'])).index).toEqual(['kind', 'rider_id']);
  });

  it('a query on a field without index is a full scan (the check can fail)', () => {
    const p = queryPlanOf(db.orders.find({ selector: { notes: 'x' } }));
    expect(p.index).not.toContain('notes');
    expect(p.selectorSatisfiedByIndex).toBe(false);
  });
});
