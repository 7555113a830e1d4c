/** The day problem for the hub's objective: fewest riders, a balanced share, or a cost per route and hour (issue 32). */
import type { RoutingProblem } from './model';
import type { DayPlanSettings } from './dayInput';


/** Share of slack over the day's estimated work ÷ riders a balanced route may take. */
const BALANCE_SLACK = 1.35;

/**
 * The day problem for the hub's objective:
 * - `min-vehicles`: the optimiser's fewest-routes objective;
 * - with a cost per route and per hour (both given): each route costs its rider's day, converted
 *   to seconds at the hourly cost, and the optimiser weighs routes against time (objective `cost`);
 * - `balanced`: objective `cost`, and each route's longest duration is held to the day's work
 *   (service, plus each stop's nearest leg, plus a return to the hub per route) ÷ the riders
 *   available, with some slack, so the work is shared. It never goes below what the longest
 *   single-stop route needs; when stops are left out for it, `balancedFallback` lifts the hold.
 */
export function withObjective(problem: RoutingProblem, settings: Partial<DayPlanSettings>, hold = true): RoutingProblem {
  const objective = settings.objective ?? 'min-vehicles';
  const { costPerRoute, costPerHour } = settings;
  if (costPerRoute !== undefined && costPerHour !== undefined && costPerRoute > 0 && costPerHour > 0) {
    const fixedCost = (costPerRoute / costPerHour) * 3600;
    return { ...problem, objective: 'cost', vehicles: problem.vehicles.map((v) => ({ ...v, fixedCost })) };
  }
  if (objective === 'min-vehicles') return { ...problem, objective: 'min-vehicles' };
  if (!hold) return { ...problem, objective: 'cost' };
  const cap = balancedDuration(problem);
  return {
    ...problem,
    objective: 'cost',
    vehicles: problem.vehicles.map((v) => (v.stops?.some((s) => s.lock === 'route' || s.lock === 'position') ? v : { ...v, maxDuration: Math.min(v.maxDuration ?? Infinity, cap) })),
  };
}

function balancedDuration(problem: RoutingProblem): number {
  const { jobs, vehicles, matrix } = problem;
  const m = Math.max(1, vehicles.length);
  const size = matrix.size;
  const t = (a: number, b: number): number => matrix.durations[a * size + b] as number;
  let work = 0;
  let longestAlone = 0;
  const depot = vehicles[0]?.start ?? 0;
  let depotLegs = 0;
  for (const j of jobs) {
    let nearest = t(depot, j.location);
    for (const k of jobs) if (k !== j && t(j.location, k.location) < nearest) nearest = t(j.location, k.location);
    work += j.service + nearest;
    depotLegs += t(depot, j.location) + t(j.location, depot);
    longestAlone = Math.max(longestAlone, t(depot, j.location) + j.service + t(j.location, depot));
  }
  if (jobs.length > 0) work += m * (depotLegs / jobs.length);
  return Math.ceil(Math.max(longestAlone, (BALANCE_SLACK * work) / m));
}

