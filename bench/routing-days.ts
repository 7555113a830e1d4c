/**
 * bench/routing's days: the demo's busiest hub (every order of tomorrow, planned from scratch) and
 * a synthetic day of many stops, each planned by the app's own path (`planDay`) with its default
 * budget; the goals: bench/routing.ts.
 */
import { generateDemoData } from '../server/demo/generate';
import type { BikeModel, Hub } from '../src/domain/entities/reference';
import { createRng } from '../src/domain/prng';
import { planDay, prepareDay, type DayPlanInput, type DayPlanResult } from '../src/domain/routing/day';
import { dayInputFromEntities } from '../src/domain/routing/fromEntities';
import { haversineMatrix } from '../src/domain/routing/matrix';
import { solve } from '../src/domain/routing/solver';
import { dayBudget } from '../src/workers/optimiserApi';
import { budget as budgetOf, verdict } from './kit';
import { budgets, countInfeasible, dayFigures, secs, table, timed } from './routing-report';

export interface DayRun {
  readonly label: string;
  readonly input: DayPlanInput;
  readonly goalMs: number;
  /** Goal: routes ≤ the lower bound + this (issue 32; the demo day). */
  readonly extraRoutes?: number;
}


export function demoDay(): DayRun {
  const today = '2026-11-23';
  const tomorrow = '2026-11-24';
  const data = generateDemoData({ seed: 20261122, today, now: Date.UTC(2026, 10, 23, 9, 0) });
  const hubs = data.catalog.filter((c): c is Hub => c.kind === 'hub');
  const models = data.catalog.filter((c): c is BikeModel => c.kind === 'bike-model');
  const busiest = hubs
    .map((h) => ({ h, n: data.orders.filter((o) => o.hub === h.number && o.date === tomorrow).length }))
    .sort((a, b) => b.n - a.n || a.h.number - b.h.number)[0]?.h as Hub;
  const input = dayInputFromEntities({ date: tomorrow, hub: busiest, orders: data.orders, deliveryPoints: data.delivery_points, products: data.products, routes: data.routes, users: data.users, bikes: data.bikes, bikeModels: models });
  // Plan the whole day from scratch: every order of the day, the hub's riders and bikes.
  return { label: `demo ${busiest.name}, ${tomorrow} (all ${input.orders.length} orders)`, input: { ...input, routes: [] }, goalMs: 3000, extraRoutes: 1 };
}

export function synthetic(stops: number): DayRun {
  const rng = createRng(1000);
  const hub = { lat: 40.4168, lng: -3.7038, opens: '07:00', closes: '20:00' };
  const windows: [string, string][] = [
    ['08:00', '11:00'],
    ['09:00', '13:00'],
    ['10:00', '14:00'],
    ['12:00', '16:00'],
    ['15:00', '19:00'],
    ['08:00', '19:00'],
  ];
  const orders: DayPlanInput['orders'] = Array.from({ length: stops }, (_, i) => {
    const r = 6000 * Math.sqrt(rng.next());
    const a = rng.float(0, 2 * Math.PI);
    const [ws, we] = rng.pick(windows);
    return {
      id: `o${i}`,
      delivery_point_id: `p${i}`,
      lat: hub.lat + (r * Math.sin(a)) / 111_320,
      lng: hub.lng + (r * Math.cos(a)) / (111_320 * Math.cos((hub.lat * Math.PI) / 180)),
      window_start: ws,
      window_end: we,
      lines: [{ quantity: rng.int(1, 4), weight_g: rng.int(300, 2500), volume_ml: rng.int(1000, 12_000) }],
    };
  });
  const riders = Array.from({ length: 40 }, (_, i) => ({ id: `r${i}` }));
  const bikes = Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? { id: `b${i}`, capacity_kg: 200, capacity_l: 1500 } : { id: `b${i}`, capacity_kg: 100, capacity_l: 300 }));
  return { label: `synthetic ${stops} stops, Madrid, 40 riders`, input: { hub, orders, routes: [], riders, bikes }, goalMs: 10_000 };
}

export function runDays(days: DayRun[]): void {
  const rows: string[][] = [];
  for (const day of days) {
    const model = prepareDay(day.input);
    const matrix = haversineMatrix(model.locations, { detourFactor: model.settings.detourFactor, speedKmh: model.settings.speedKmh });
    const problem = model.problem(matrix);
    const budget = dayBudget(problem.jobs.length);
    // Baseline in the same process: the construction alone (no search).
    const start = solve(problem, { seed: 1, maxIterations: 0 });
    const run = timed((): DayPlanResult => planDay(day.input, { seed: 1, ...budget }));
    const result = run.value;
    // planDay's warnings are the independent checker's findings on its plan (and the input's).
    const bad = result.warnings.length > 0;
    if (bad) countInfeasible();
    const bound = result.lowerBound?.routes ?? 0;
    const routesOk = day.extraRoutes === undefined || result.summary.routes <= bound + day.extraRoutes;
    const ok = !bad && routesOk && run.wallMs <= day.goalMs;
    const travelH = result.summary.travel_s / 3600;
    dayFigures.push({ day: day.label, stops: problem.jobs.length, routes: result.summary.routes, lowerBound: bound, unplanned: result.unplanned.length, travelS: result.summary.travel_s, distanceM: result.summary.distance_m, wallMs: run.wallMs, cpuMs: run.cpuMs, goalMs: day.goalMs, warnings: result.warnings.length, ok });
    budgets.push({ ...budgetOf(`${day.label}: planned`, run.wallMs, day.goalMs), ok });
    rows.push([
      day.label,
      String(problem.jobs.length),
      `${result.summary.routes} (bound ${bound})`,
      String(result.unplanned.length),
      `${travelH.toFixed(2)} h`,
      `${(result.summary.distance_m / 1000).toFixed(1)} km`,
      `${start.unassigned.length} out, ${(start.summary.travelTime / 3600).toFixed(2)} h`,
      `≤ ${day.goalMs / 1000} s${day.extraRoutes !== undefined ? `, ≤ bound + ${day.extraRoutes}` : ''}`,
      secs(run.wallMs),
      secs(run.cpuMs),
      String(result.warnings.length),
      `${result.stats?.iterations ?? 0} (${result.stats?.stopReason ?? ''})`,
      bad ? 'INFEASIBLE' : verdict(ok),
    ]);
  }
  if (rows.length === 0) return;
  console.log('Days planned with the app’s default budget (construction = the same start without the search: stops left out, travel)\n');
  table(['day', 'stops', 'routes', 'unplanned', 'travel', 'distance', 'construction', 'goal', 'wall s', 'cpu s', 'viol', 'iterations', 'result'], rows);
  console.log('');
}
