/**
 * Ordering the stops of one route (TSP with time windows): the stops stay on the route (locks
 * `position` keep their place), the vehicle starts and ends at its depots, waits for windows, and
 * the order minimises travel time. When the windows cannot all be kept, the order that is least
 * late is returned and the checker reports the lateness.
 */
import type { Plan, PlanRoute, RoutingProblem } from './model';
import { msg } from '../messages';
import { RoutingInputError } from './instance';
import { solve, type SolveOptions } from './solver';

/** The problem restricted to one vehicle and its own stops, all held on it. Null if no such vehicle. */
export function singleRouteProblem(problem: RoutingProblem, vehicleIndex: number): RoutingProblem | null {
  const vehicle = problem.vehicles[vehicleIndex];
  if (!vehicle) return null;
  const keep = new Set((vehicle.stops ?? []).map((s) => s.job));
  return {
    ...problem,
    jobs: problem.jobs.filter((j) => keep.has(j.id)),
    vehicles: [{ ...vehicle, stops: (vehicle.stops ?? []).map((s) => ({ job: s.job, lock: s.lock === 'position' ? 'position' : 'route' })) }],
  };
}

/** Reorders the stops of one vehicle (by id): its new route and how the search went. */
export function orderStops(problem: RoutingProblem, vehicleId: string, options: SolveOptions = {}): { route: PlanRoute; stats: Plan['stats'] } {
  const single = singleRouteProblem(problem, problem.vehicles.findIndex((v) => v.id === vehicleId));
  if (!single) throw new RoutingInputError([msg('domain.routing.input.noVehicle', { id: vehicleId })]);
  const plan = solve(single, options);
  return { route: plan.routes[0] as PlanRoute, stats: plan.stats };
}
