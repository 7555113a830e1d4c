/**
 * Independent feasibility checker: recomputes every route of a plan from the problem alone
 * (no code shared with the solver) and lists what is wrong.
 *
 * It checks: every route's vehicle exists and has one route; the route starts and ends at its
 * vehicle's depots; every job is visited exactly once or listed as unassigned (not both); loads
 * within capacity in every dimension; service starting by each window's end (waiting when early);
 * departure not before the shift starts, return by the shift's end, duration within the maximum;
 * locked stops on their vehicle and, when position-locked, at their position. With
 * `compareReported`, the times, distances and costs the plan reports must match the recomputed
 * ones (a plan that says something its routes do not do is wrong too).
 *
 * A plan without departure times (a route edited by hand) is checked as if the vehicle left at
 * the start of its shift, or later when that only means waiting at the first stop.
 */
import { msg, type DomainMessage } from '../messages';
import type { RoutingProblem } from './model';
import { DEFAULT_DISTANCE_WEIGHT } from './model';

export type ViolationKind =
  | 'unknown_vehicle'
  | 'duplicate_vehicle'
  | 'unknown_job'
  | 'duplicate_job'
  | 'missing_job'
  | 'assigned_and_unassigned'
  | 'depot'
  | 'capacity'
  | 'time_window'
  | 'shift_start'
  | 'shift_end'
  | 'shift_length'
  | 'lock_route'
  | 'lock_position'
  | 'report_mismatch';

export interface Violation {
  readonly kind: ViolationKind;
  readonly vehicle?: string;
  readonly job?: string;
  /** Name of the dimension (capacity). */
  readonly dimension?: string;
  /** By how much (time late, load over capacity, …) in the problem's units. */
  readonly amount?: number;
  /** What is wrong, for people (src/domain/messages.ts; shown with `domainText`). */
  readonly message: DomainMessage;
}

/** One route of a plan to check (a `PlanRoute` fits; so does a route edited by hand: vehicle and stops). */
export interface PlanToCheckRoute {
  readonly vehicle: string;
  /** Departure; without a time, the vehicle leaves at its shift's start (or later, not to wait at the first stop). */
  readonly start?: { readonly location?: number; readonly time?: number };
  readonly end?: { readonly location?: number; readonly time?: number };
  readonly stops: readonly ({ readonly job: string; readonly arrival?: number; readonly start?: number } | string)[];
  readonly travelTime?: number;
  readonly distance?: number;
  readonly duration?: number;
  readonly cost?: number;
}

/** A plan to check: the solver's `Plan` fits, and so does a plan edited by hand. */
export interface PlanToCheck {
  readonly routes: readonly PlanToCheckRoute[];
  readonly unassigned?: readonly ({ readonly job: string } | string)[];
}

export interface CheckedStop {
  readonly job: string;
  readonly arrival: number;
  readonly start: number;
  readonly waiting: number;
  readonly departure: number;
  /** How late the service starts after the window's end (0 when on time). */
  readonly late: number;
}

export interface CheckedRoute {
  readonly vehicle: string;
  readonly departure: number;
  readonly arrival: number;
  readonly stops: readonly CheckedStop[];
  readonly travelTime: number;
  readonly distance: number;
  readonly duration: number;
  readonly waiting: number;
  readonly load: readonly number[];
  readonly cost: number;
}

export interface CheckResult {
  readonly ok: boolean;
  readonly violations: readonly Violation[];
  readonly routes: readonly CheckedRoute[];
  readonly totals: { readonly travelTime: number; readonly distance: number; readonly cost: number; readonly vehiclesUsed: number };
}

export interface CheckOptions {
  /** Compare the plan's reported times, distances and costs with the recomputed ones. */
  readonly compareReported?: boolean;
  /** Absolute tolerance in the problem's units (default 1e-6, plus 1e-9 relative). */
  readonly tolerance?: number;
}

const jobIdOf = (s: { readonly job: string } | string): string => (typeof s === 'string' ? s : s.job);

export function checkPlan(problem: RoutingProblem, plan: PlanToCheck, options: CheckOptions = {}): CheckResult {
  const tol = options.tolerance ?? 1e-6;
  const near = (a: number, b: number): boolean => Math.abs(a - b) <= tol + 1e-9 * Math.max(Math.abs(a), Math.abs(b));
  const { matrix, dimensions } = problem;
  const n = matrix.size;
  const w = problem.distanceWeight ?? DEFAULT_DISTANCE_WEIGHT;
  const travel = (from: number, to: number): number => matrix.durations[from * n + to] as number;
  const distance = (from: number, to: number): number => matrix.distances[from * n + to] as number;
  const violations: Violation[] = [];
  const add = (v: Violation): void => {
    violations.push(v);
  };

  const jobs = new Map(problem.jobs.map((j) => [j.id, j]));
  const vehicles = new Map(problem.vehicles.map((v) => [v.id, v]));
  const seenVehicle = new Set<string>();
  const visits = new Map<string, { vehicle: string; position: number }>();
  const routes: CheckedRoute[] = [];

  for (const route of plan.routes) {
    const vehicle = vehicles.get(route.vehicle);
    if (!vehicle) {
      add({ kind: 'unknown_vehicle', vehicle: route.vehicle, message: msg('domain.routing.check.unknownVehicle', { vehicle: route.vehicle }) });
      continue;
    }
    if (seenVehicle.has(vehicle.id)) {
      add({ kind: 'duplicate_vehicle', vehicle: vehicle.id, message: msg('domain.routing.check.duplicateVehicle', { vehicle: vehicle.id }) });
      continue;
    }
    seenVehicle.add(vehicle.id);
    const ids = route.stops.map(jobIdOf);
    const known = ids.filter((id) => {
      if (jobs.has(id)) return true;
      add({ kind: 'unknown_job', vehicle: vehicle.id, job: id, message: msg('domain.routing.check.unknownJob', { vehicle: vehicle.id, job: id }) });
      return false;
    });
    known.forEach((id, i) => {
      const other = visits.get(id);
      if (other) add({ kind: 'duplicate_job', vehicle: vehicle.id, job: id, message: msg('domain.routing.check.duplicateJob', { job: id, first: other.vehicle, second: vehicle.id }) });
      else visits.set(id, { vehicle: vehicle.id, position: i + 1 });
    });

    const empty = known.length === 0;
    if (!empty) {
      if (route.start?.location !== undefined && route.start.location !== vehicle.start) {
        add({ kind: 'depot', vehicle: vehicle.id, message: msg('domain.routing.check.noStartDepot', { vehicle: vehicle.id }) });
      }
      if (route.end?.location !== undefined && route.end.location !== vehicle.end) {
        add({ kind: 'depot', vehicle: vehicle.id, message: msg('domain.routing.check.noEndDepot', { vehicle: vehicle.id }) });
      }
    }

    // Loads.
    const load = dimensions.map(() => 0);
    for (const id of known) {
      const job = jobs.get(id);
      job?.demand.forEach((d, k) => {
        load[k] = (load[k] as number) + d;
      });
    }
    load.forEach((l, k) => {
      const cap = vehicle.capacity[k] as number;
      if (l > cap + tol + 1e-9 * cap) {
        add({ kind: 'capacity', vehicle: vehicle.id, dimension: dimensions[k], amount: l - cap, message: msg('domain.routing.check.capacity', { vehicle: vehicle.id, dimension: String(dimensions[k]), load: l, capacity: cap }) });
      }
    });

    // Times.
    let departure: number;
    const first = known.length > 0 ? jobs.get(known[0] as string) : undefined;
    if (route.start?.time !== undefined) departure = route.start.time;
    else {
      departure = vehicle.shiftStart ?? 0;
      if (first?.window) departure = Math.max(departure, first.window.start - travel(vehicle.start, first.location));
    }
    let t = departure;
    let here = vehicle.start;
    let travelSum = 0;
    let distSum = 0;
    let waitSum = 0;
    const stops: CheckedStop[] = [];
    for (const id of known) {
      const job = jobs.get(id);
      if (!job) continue;
      const arrival = t + travel(here, job.location);
      travelSum += travel(here, job.location);
      distSum += distance(here, job.location);
      const start = job.window ? Math.max(arrival, job.window.start) : arrival;
      const late = job.window ? Math.max(0, start - job.window.end) : 0;
      if (job.window && start > job.window.end + tol) {
        add({ kind: 'time_window', vehicle: vehicle.id, job: id, amount: late, message: msg('domain.routing.check.late', { job: id, amount: formatAmount(late) }) });
      }
      const departureJ = start + job.service;
      stops.push({ job: id, arrival, start, waiting: start - arrival, departure: departureJ, late });
      waitSum += start - arrival;
      t = departureJ;
      here = job.location;
    }
    let arrival = departure;
    if (!empty) {
      travelSum += travel(here, vehicle.end);
      distSum += distance(here, vehicle.end);
      arrival = t + travel(here, vehicle.end);
      if (vehicle.shiftStart !== undefined && departure < vehicle.shiftStart - tol) {
        add({ kind: 'shift_start', vehicle: vehicle.id, amount: vehicle.shiftStart - departure, message: msg('domain.routing.check.shiftStart', { vehicle: vehicle.id }) });
      }
      if (vehicle.shiftEnd !== undefined && arrival > vehicle.shiftEnd + tol) {
        add({ kind: 'shift_end', vehicle: vehicle.id, amount: arrival - vehicle.shiftEnd, message: msg('domain.routing.check.shiftEnd', { vehicle: vehicle.id, amount: formatAmount(arrival - vehicle.shiftEnd) }) });
      }
      if (vehicle.maxDuration !== undefined && arrival - departure > vehicle.maxDuration + tol) {
        add({ kind: 'shift_length', vehicle: vehicle.id, amount: arrival - departure - vehicle.maxDuration, message: msg('domain.routing.check.shiftLength', { vehicle: vehicle.id }) });
      }
    }
    const cost = empty ? 0 : travelSum + w * distSum + (vehicle.fixedCost ?? 0);
    const checked: CheckedRoute = { vehicle: vehicle.id, departure, arrival, stops, travelTime: travelSum, distance: distSum, duration: arrival - departure, waiting: waitSum, load, cost };
    routes.push(checked);

    if (options.compareReported) {
      const mismatch = (what: DomainMessage): void => add({ kind: 'report_mismatch', vehicle: vehicle.id, message: msg('domain.routing.check.mismatch', { vehicle: vehicle.id, what }) });
      if (!empty && route.end?.time !== undefined && !near(route.end.time, arrival)) mismatch(msg('domain.routing.check.what.arrival', { reported: route.end.time, actual: arrival }));
      if (route.travelTime !== undefined && !near(route.travelTime, travelSum)) mismatch(msg('domain.routing.check.what.travelTime', { reported: route.travelTime, actual: travelSum }));
      if (route.distance !== undefined && !near(route.distance, distSum)) mismatch(msg('domain.routing.check.what.distance', { reported: route.distance, actual: distSum }));
      if (!empty && route.duration !== undefined && !near(route.duration, arrival - departure)) mismatch(msg('domain.routing.check.what.duration', { reported: route.duration, actual: arrival - departure }));
      if (route.cost !== undefined && !near(route.cost, cost)) mismatch(msg('domain.routing.check.what.cost', { reported: route.cost, actual: cost }));
      route.stops.forEach((s, i) => {
        if (typeof s === 'string') return;
        const c = stops[i];
        if (!c || c.job !== s.job) return;
        if (s.arrival !== undefined && !near(s.arrival, c.arrival)) mismatch(msg('domain.routing.check.what.stopArrival', { job: s.job, reported: s.arrival, actual: c.arrival }));
        if (s.start !== undefined && !near(s.start, c.start)) mismatch(msg('domain.routing.check.what.stopStart', { job: s.job, reported: s.start, actual: c.start }));
      });
    }
  }

  // Every job once, or unassigned.
  const unassigned = new Set<string>();
  for (const u of plan.unassigned ?? []) {
    const id = jobIdOf(u);
    if (!jobs.has(id)) add({ kind: 'unknown_job', job: id, message: msg('domain.routing.check.unassignedUnknown', { job: id }) });
    else if (visits.has(id)) add({ kind: 'assigned_and_unassigned', job: id, message: msg('domain.routing.check.assignedAndUnassigned', { job: id }) });
    else if (unassigned.has(id)) add({ kind: 'duplicate_job', job: id, message: msg('domain.routing.check.unassignedTwice', { job: id }) });
    unassigned.add(id);
  }
  for (const job of problem.jobs) {
    if (!visits.has(job.id) && !unassigned.has(job.id)) add({ kind: 'missing_job', job: job.id, message: msg('domain.routing.check.missing', { job: job.id }) });
  }

  // Locks.
  for (const vehicle of problem.vehicles) {
    (vehicle.stops ?? []).forEach((s, i) => {
      if (s.lock !== 'route' && s.lock !== 'position') return;
      const visit = visits.get(s.job);
      if (!visit || visit.vehicle !== vehicle.id) {
        add({ kind: 'lock_route', vehicle: vehicle.id, job: s.job, message: msg('domain.routing.check.lockRoute', { job: s.job, vehicle: vehicle.id }) });
      } else if (s.lock === 'position' && visit.position !== i + 1) {
        add({ kind: 'lock_position', vehicle: vehicle.id, job: s.job, message: msg('domain.routing.check.lockPosition', { job: s.job, expected: i + 1, vehicle: vehicle.id, actual: visit.position }) });
      }
    });
  }

  let travelTime = 0;
  let dist = 0;
  let cost = 0;
  let used = 0;
  for (const r of routes) {
    travelTime += r.travelTime;
    dist += r.distance;
    cost += r.cost;
    if (r.stops.length > 0) used += 1;
  }
  return { ok: violations.length === 0, violations, routes, totals: { travelTime, distance: dist, cost, vehiclesUsed: used } };
}

function formatAmount(x: number): string {
  return Number.isInteger(x) ? String(x) : x.toFixed(2);
}
