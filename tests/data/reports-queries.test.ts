import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalDatabase, type CbDatabase } from '../../src/data/database';
import { cashHandovers, deliveriesOfRoutes, incidencesOfRoutes, ordersInRange, paymentsOfRoutes, queryPlanOf, routesInRange } from '../../src/data/queries';

let db: CbDatabase;
beforeAll(async () => {
  db = await openLocalDatabase({ name: `rq${Date.now()}`, storage: { kind: 'memory' } });
});
afterAll(async () => {
  await db.remove();
});

describe('the reports read through indexes', () => {
  const cases: [string, () => ReturnType<typeof queryPlanOf>, string[]][] = [
    ['orders of a period', () => queryPlanOf(ordersInRange(db, '2026-11-01', '2026-11-30')), ['date', 'hub']],
    ['routes of a period', () => queryPlanOf(routesInRange(db, '2026-11-01', '2026-11-30')), ['date', 'hub']],
    ['delivery events of routes', () => queryPlanOf(deliveriesOfRoutes(db, ['r-1', 'r-2'])), ['route_id']],
    ['payments of routes', () => queryPlanOf(paymentsOfRoutes(db, ['r-1', 'r-2'])), ['route_id']],
    ['incidences of routes', () => queryPlanOf(incidencesOfRoutes(db, ['r-1', 'r-2'])), ['route_id']],
    ['cash hand-overs', () => queryPlanOf(cashHandovers(db)), ['kind', 'rider_id']],
  ];
  for (const [name, plan, index] of cases) {
    it(name, () => {
      const p = plan();
      expect(p.index).toEqual(index);
      expect(p.sortSatisfiedByIndex).toBe(true);
    });
  }
});
