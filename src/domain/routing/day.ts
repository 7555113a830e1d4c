/**
 * Planning a hub's day (the planning board's API): from the day's orders, the routes already
 * drawn (with locked stops), the riders and bikes, to routes with ordered stops, ETAs, loads and
 * warnings.
 *
 * - Stops: the stops of the given routes stay as they are (a stop = a delivery point and its
 *   orders); unplanned orders are grouped per delivery point into one stop when their windows
 *   overlap (the stop's window is the overlap). Service time = per stop + per order.
 * - Vehicles: one per given route (its rider and bike); then the free riders get the free bikes,
 *   biggest bike first, as new routes. Capacity: the bike model's kg and litres (and boxes when
 *   given). Shift: the rider's, else the settings' (hub opening hours by default); route length
 *   at most `maxShiftMinutes`.
 * - Times are seconds after midnight inside the optimiser and `HH:mm` outside.
 *
 * `planDay` optimises the whole day; `orderRoute` only reorders one route's stops; `evaluateDay`
 * computes ETAs and warnings of the routes as they are (after a drag on the board). The travel
 * matrix is the offline estimate unless one is given (the worker fetches OSRM's when configured).
 *
 * The input and its validation live in ./dayInput.ts, the result's shape in ./dayResult.ts, the
 * optimiser's terms in ./dayModel.ts and the objectives in ./dayObjective.ts; this module is the
 * board's entry points.
 */
import type { PlanToCheck, PlanToCheckRoute } from './check';
import { msg } from '../messages';
import { haversineMatrix, type TravelMatrix, type TravelSettings } from './matrix';
import type { Plan, RoutingProblem } from './model';
import { singleRouteProblem } from './single';
import { solve, type SolveOptions } from './solver';
import { RoutingInputError } from './instance';
import { secondsOf, type DayPlanInput } from './dayInput';
import type { DayPlanResult } from './dayResult';
import { prepareDay, type DayModel } from './dayModel';

export { DEFAULT_DAY_SETTINGS, dayPlanInputSchema, dayPlanSettingsSchema, minutesToSeconds, parseDayInput, secondsOf, timeOf } from './dayInput';
export type { DayInput, DayObjective, DayPlanInput, DayPlanSettings } from './dayInput';
export type { DayLoad, DayPlanResult, DayPlanRoute, DayPlanStop, DayUnplanned, DayWarning, DayWarningKind } from './dayResult';
export { prepareDay, type DayModel } from './dayModel';
export { withObjective } from './dayObjective';

// ── Entry points ─────────────────────────────────────────────────────────────────────────────

export interface DayOptions extends SolveOptions {
  /** Travel matrix over `prepareDay(input).locations` (default: the offline estimate). */
  readonly matrix?: TravelMatrix;
  readonly travel?: 'estimate' | 'osrm';
}

function matrixFor(model: DayModel, options: { matrix?: TravelMatrix }): TravelMatrix {
  if (options.matrix) {
    if (options.matrix.size !== model.locations.length) throw new RoutingInputError([msg('domain.routing.day.matrixSize', { size: options.matrix.size, expected: model.locations.length })]);
    return options.matrix;
  }
  const travel: TravelSettings = { detourFactor: model.settings.detourFactor, speedKmh: model.settings.speedKmh };
  return haversineMatrix(model.locations, travel);
}

/** Plans the whole day: assigns the unplanned orders and reorders every route (locks kept). */
export function planDay(input: DayPlanInput, options: DayOptions = {}): DayPlanResult {
  const model = prepareDay(input);
  const problem = model.problem(matrixFor(model, options));
  let plan: Plan = solve(problem, options);
  // A balanced hold that left stops out was too tight: plan again without it.
  if (model.settings.objective === 'balanced' && plan.unassigned.length > 0) plan = solve(model.problem(matrixFor(model, options), { hold: false }), options);
  return model.result(problem, plan, plan.stats, options.travel ?? (options.matrix ? 'osrm' : 'estimate'));
}

/** Reorders the stops of one route (by id); the other routes are returned as they are. */
export function orderRoute(input: DayPlanInput, routeId: string, options: DayOptions = {}): DayPlanResult {
  const model = prepareDay(input);
  const problem = model.problem(matrixFor(model, options));
  const index = routeIndex(input, routeId);
  const single = singleRouteProblem(problem, index);
  if (!single) throw new RoutingInputError([msg('domain.routing.day.noRoute', { id: routeId })]);
  const plan = solve(single, options);
  return model.result(problem, withRoute(currentPlan(problem, input), index, plan.routes[0]), plan.stats, options.travel ?? (options.matrix ? 'osrm' : 'estimate'));
}

/** Index of a given route in the input (−1 when absent). */
export function routeIndex(input: DayPlanInput, routeId: string): number {
  return input.routes.findIndex((r) => r.id === routeId);
}

/** A plan with one route replaced. */
export function withRoute(plan: PlanToCheck, index: number, route: PlanToCheckRoute | undefined): PlanToCheck {
  return { ...plan, routes: plan.routes.map((r, k) => (k === index && route ? route : r)) };
}

/** The routes exactly as given (no optimisation): ETAs, loads and warnings after an edit. */
export function evaluateDay(input: DayPlanInput, options: { matrix?: TravelMatrix; travel?: 'estimate' | 'osrm' } = {}): DayPlanResult {
  const model = prepareDay(input);
  const problem = model.problem(matrixFor(model, options));
  return model.result(problem, currentPlan(problem, input), undefined, options.travel ?? (options.matrix ? 'osrm' : 'estimate'));
}

/**
 * The routes of a day problem as given (its vehicles' stops, leaving at the routes'
 * `planned_start` when given); every other stop unplanned.
 */
export function currentPlan(problem: RoutingProblem, input?: DayPlanInput): PlanToCheck {
  const placed = new Set<string>();
  const routes = problem.vehicles.map((v, k): PlanToCheckRoute => {
    const start = input?.routes[k]?.planned_start;
    for (const s of v.stops ?? []) placed.add(s.job);
    return { vehicle: v.id, ...(start ? { start: { time: secondsOf(start) } } : {}), stops: (v.stops ?? []).map((s) => s.job) };
  });
  return { routes, unassigned: problem.jobs.filter((j) => !placed.has(j.id)).map((j) => j.id) };
}

