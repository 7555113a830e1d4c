/**
 * A working solution turned into the optimiser's plan (./model.ts `Plan`): each tour scheduled from
 * the earliest departure that needs no extra waiting, with arrivals, waits and lateness per stop,
 * and the reason each stop left out could not be placed.
 */
import { UNBOUNDED, type Instance } from './instance';
import type { Plan, PlanRoute, PlanStop, RoutingProblem, UnassignedJob, UnassignedReason } from './model';
import { cat, SEG, Solution, type Tour, type Snapshot } from './solution';

/** Builds the plan of a snapshot: schedules from the earliest departure that needs no extra waiting. */
export function buildPlan(inst: Instance, snap: Snapshot, stats: Plan['stats']): Plan {
  const p = inst.problem;
  const sol = new Solution(inst);
  sol.restore(snap);
  const routes: PlanRoute[] = sol.routes.map((r) => planRoute(inst, r));
  const unassigned: UnassignedJob[] = snap.unassigned
    .slice()
    .sort((a, b) => a - b)
    .map((j) => ({ job: (p.jobs[j] as { id: string }).id, reason: unassignedReason(inst, j) }));
  let cost = 0;
  let travelTime = 0;
  let distance = 0;
  let duration = 0;
  let waiting = 0;
  let used = 0;
  let assigned = 0;
  for (const r of routes) {
    cost += r.cost;
    travelTime += r.travelTime;
    distance += r.distance;
    duration += r.duration;
    waiting += r.waiting;
    if (r.stops.length > 0) used += 1;
    assigned += r.stops.length;
  }
  return {
    routes,
    unassigned,
    summary: { cost, travelTime, distance, duration, waiting, vehiclesUsed: used, assigned, unassigned: unassigned.length },
    stats,
  };
}

function planRoute(inst: Instance, r: Tour): PlanRoute {
  const p = inst.problem;
  const vehicle = p.vehicles[r.v] as RoutingProblem['vehicles'][number];
  const { loc, size, time, dist, service, early } = inst;
  const k = r.jobs.length;
  const startNode = inst.n + 2 * r.v;
  const endNode = startNode + 1;
  if (k === 0) {
    const t = vehicle.shiftStart ?? 0;
    return {
      vehicle: vehicle.id,
      start: { location: vehicle.start, time: t },
      end: { location: vehicle.end, time: t },
      stops: [],
      travelTime: 0,
      distance: 0,
      duration: 0,
      waiting: 0,
      service: 0,
      load: Array.from({ length: inst.dims }, () => 0),
      cost: 0,
    };
  }
  // Departure: when the first stop's window opens (no waiting there), but late enough that the
  // route fits its maximum duration, and never after E, the earliest start of a minimum-duration
  // schedule (so no stop is late that the solver found on time).
  let departure = vehicle.shiftStart ?? 0;
  const first = r.jobs[0] as number;
  const open = (early[first] as number) - (time[(loc[startNode] as number) * size + (loc[first] as number)] as number);
  if (open > departure && open > -UNBOUNDED / 2) departure = open;
  if (inst.timed) {
    const E = r.preE[k + 1] as number;
    const slack = Math.max(0, (inst.maxDur[r.v] as number) - (r.preD[k + 1] as number));
    if (E > -UNBOUNDED / 2) departure = Math.min(E, Math.max(departure, E - slack));
  }
  let t = departure;
  let prev = startNode;
  let travelTime = 0;
  let distance = 0;
  let waiting = 0;
  let serviceSum = 0;
  const stops: PlanStop[] = [];
  for (const j of r.jobs) {
    const a = (loc[prev] as number) * size + (loc[j] as number);
    travelTime += time[a] as number;
    distance += dist[a] as number;
    const arrival = t + (time[a] as number);
    const start = Math.max(arrival, early[j] as number);
    const wait = start - arrival;
    waiting += wait;
    serviceSum += service[j] as number;
    const departureJ = start + (service[j] as number);
    stops.push({ job: (p.jobs[j] as { id: string }).id, location: loc[j] as number, arrival, start, waiting: wait, departure: departureJ });
    t = departureJ;
    prev = j;
  }
  const a = (loc[prev] as number) * size + (loc[endNode] as number);
  travelTime += time[a] as number;
  distance += dist[a] as number;
  const end = t + (time[a] as number);
  return {
    vehicle: vehicle.id,
    start: { location: vehicle.start, time: departure },
    end: { location: vehicle.end, time: end },
    stops,
    travelTime,
    distance,
    duration: end - departure,
    waiting,
    service: serviceSum,
    load: Array.from(r.load),
    cost: (r.preC[k + 1] as number) + (inst.fixed[r.v] as number) - inst.routeWeight,
  };
}

/** Why a job could not be placed (see UnassignedReason). */
function unassignedReason(inst: Instance, j: number): UnassignedReason {
  const { dims, demand, cap, loc, size, time, service, early, late } = inst;
  const only = inst.onlyVehicle[j] as number;
  let anyVehicle = false;
  let capacityOk = false;
  let windowFail = false;
  for (let v = 0; v < inst.m; v += 1) {
    if (only >= 0 && v !== only) continue;
    anyVehicle = true;
    let fits = true;
    for (let d = 0; d < dims; d += 1) {
      if ((demand[j * dims + d] as number) > (cap[v * dims + d] as number) + 1e-7) fits = false;
    }
    if (!fits) continue;
    capacityOk = true;
    const s = inst.n + 2 * v;
    const e = s + 1;
    cat(service[s] as number, 0, early[s] as number, late[s] as number, time[(loc[s] as number) * size + (loc[j] as number)] as number, service[j] as number, 0, early[j] as number, late[j] as number);
    cat(SEG[0]!, SEG[1]!, SEG[2]!, SEG[3]!, time[(loc[j] as number) * size + (loc[e] as number)] as number, service[e] as number, 0, early[e] as number, late[e] as number);
    if (SEG[1]! > 1e-7) {
      windowFail = true;
      continue;
    }
    if (SEG[0]! > (inst.maxDur[v] as number) + 1e-7) continue;
    return 'no_room';
  }
  if (!anyVehicle) return 'no_vehicle';
  if (!capacityOk) return 'capacity';
  return windowFail ? 'time_window' : 'shift_length';
}
