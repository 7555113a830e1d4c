/**
 * The Firebase e2e project's data, written through the emulators' owner path (past the rules,
 * as the Admin SDK writes): the system roles, four users with profiles and Auth accounts, and a
 * small day (today in Madrid on the run's clock, e2e/clock.ts: the pages' «today»): rider1's route on its way with two stops, rider2's route ready.
 * Each spec owns its users: rider1 ← the offline round, rider2 and the admin ← two devices.
 */
import { order, point, product, roles, route, user, PASSWORD } from '../tests/helpers/fixtures';
import { clientDb, closeClients, createAccounts, seed } from '../tests/firebase/emulator';
import { runNow } from '../e2e/clock';

export const E2E_PASSWORD = PASSWORD;

export function madridToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(now);
}

export async function seedE2eDay(projectId: string): Promise<void> {
  // The pages run on the run's shifted clock (e2e/test.ts); the emulators and this process keep the
  // real one (ID tokens and server times stay real), so only the day is taken from the run's clock.
  const date = madridToday(new Date(runNow()));
  const onTheWay = (id: string, pointId: string, routeId: string) => ({ ...order(id, pointId, routeId, 'out_for_delivery'), date, picking_status: 'picked' as const });
  const o1 = onTheWay('o1', 'pe1', 'r1');
  const o2 = onTheWay('o2', 'pe2', 'r1');
  const o3 = { ...order('o3', 'pe3', 'r2'), date };
  o1.lines = o1.lines.map((l) => ({ ...l, picked_quantity: l.quantity }));
  o2.lines = o2.lines.map((l) => ({ ...l, picked_quantity: l.quantity }));
  const users = [
    user('u-admin', 'admin', 'admin@cargobici.test', 'Administración'),
    user('u-operador', 'operator', 'operador@cargobici.test', 'Olga Operadora'),
    user('u-rider1', 'rider', 'rider1@cargobici.test', 'Rafa Rider'),
    user('u-rider2', 'rider', 'rider2@cargobici.test', 'Rosa Rider'),
  ];
  await seed(clientDb(projectId, 'owner'), {
    catalog: roles(),
    users,
    products: [product('p1')],
    delivery_points: [point('pe1'), point('pe2'), point('pe3')],
    orders: [o1, o2, o3],
    routes: [
      { ...route('r1', 'u-rider1', [{ point: 'pe1', orders: ['o1'] }, { point: 'pe2', orders: ['o2'] }], 'in_progress'), date },
      { ...route('r2', 'u-rider2', [{ point: 'pe3', orders: ['o3'] }]), date },
    ],
  });
  await createAccounts(users);
  await closeClients();
}
