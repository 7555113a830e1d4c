/**
 * Deterministic demo data: a believable cargo-bike last-mile operation in Madrid and Barcelona.
 *
 * `generateDemoData({ seed, today, now })` returns every local collection's documents (keyed by
 * the names of LOCAL_COLLECTIONS), each valid against its schema and consistent with the others.
 * The same seed, `today` and `now` give byte-identical output (no clock, no Math.random); another
 * seed gives other people, points and orders over the same reference data
 * (tests/demo/snapshot.test.ts pins it).
 *
 * What it makes (scale 1), one phase per module, in this order:
 * - `reference.ts`: the system roles, IVA 21/10/4 %, one admin status per system status of each
 *   state machine plus the failed-delivery reasons a rider picks, the clients Qualianza/Pascual,
 *   Bimbo and Synlab (with the published Synlab configuration), bike models and four hubs
 *   (Madrid Arganzuela and Chamberí, Barcelona Poblenou and Sants);
 * - `people.ts`: an admin, three operators (who also pick in the hubs), `ridersPerHub` riders per
 *   hub, about six bikes per hub; `products.ts`: 120 products with valid EAN-13 codes;
 * - `points.ts`: `deliveryPoints` delivery points on real streets of both cities, each served by
 *   its nearest hub;
 * - `day.ts`: `ordersPerDay` orders for `today` and as many for the next day, shared equally by
 *   the hubs, and one route per rider and day (8–15 stops in nearest-neighbour order from the hub;
 *   at large scales most orders stay unplanned, as in a real backlog);
 * - `today.ts` (with `picking.ts` and `delivery.ts`): today's progress: rider1's route is «ready»
 *   (picked, waiting for him); the other routes are at various stages, and those under way carry
 *   their event documents: picks, the goods receipt, delivered / partial / failed, signed and
 *   collected events, incidences and payments.
 *
 * Time model (the specification does not show one): event times (`at`) and `updated_at` are
 * derived from `now`, going back from it, so nothing happens in the future; planned times of day
 * (`planned_start`, `eta`, order windows) are plausible times of the operation's calendar day.
 * Money follows src/domain/money.ts (IVA per rate on the delivered quantities). In a cash
 * `collected` event `amount_collected_cents` is what the customer handed over and `change_cents`
 * what went back; the payment document's `amount_collected_cents` is what the rider keeps (the
 * amount due).
 *
 * Only the server's seed, the tests and the benchmarks use it, so it lives outside src/domain.
 */
import { buildDay } from './day';
import { normaliseOptions, type DemoOptions } from './options';
import { buildBikes, buildUsers } from './people';
import { buildPoints } from './points';
import { buildProducts } from './products';
import { buildCatalog } from './reference';
import { DemoState, type DemoData } from './state';
import { simulateToday } from './today';

export { DEFAULT_DEMO_SCALE, DEFAULT_DEMO_SEED, DEMO_PASSWORD, MAX_DEMO_SCALE, type DemoOptions, type DemoScale } from './options';
export { FAILED_DELIVERY_REASONS } from './reference';
export type { DemoData } from './state';

export interface DemoAccount {
  email: string;
  role: string;
  name: string;
}

/** The accounts of the demo (all with DEMO_PASSWORD), for the README and the login screen. */
export function demoAccounts(data: Pick<DemoData, 'users'>): DemoAccount[] {
  return data.users.map((u) => ({ email: u.email, role: u.role, name: u.name }));
}

export function generateDemoData(opts: DemoOptions): DemoData {
  const ctx = new DemoState(normaliseOptions(opts));
  buildCatalog(ctx);
  buildUsers(ctx);
  buildBikes(ctx);
  buildProducts(ctx);
  buildPoints(ctx);
  const todayRoutes = buildDay(ctx, ctx.o.today, true);
  buildDay(ctx, ctx.o.tomorrow, false);
  simulateToday(ctx, todayRoutes);
  return ctx.data();
}
