/**
 * The route optimiser's problem and plan model (pure data, no DOM, no storage).
 *
 * Units are the caller's: the planning board uses seconds since midnight for times, seconds for
 * travel and service times and metres for distances; the benchmarks use the unitless figures of
 * their instance files. Every job and vehicle refers to a location by its index in the travel
 * matrix (`TravelMatrix`, ./matrix.ts), so depots and jobs may share locations.
 *
 * Objective, in this order: serve every job (a job that cannot be served is returned in
 * `unassigned` with the reason), break no constraint, then minimise the total cost of the routes,
 * where the cost of a leg is `travel time + distanceWeight × distance` (travel time first,
 * distance as the tie-break) plus the vehicle's `fixedCost` when its route is used.
 */
import type { TravelMatrix } from './matrix';

/** A time window: service must START within [start, end] (arriving early means waiting). */
export interface TimeWindow {
  readonly start: number;
  readonly end: number;
}

/** One stop to visit: a delivery (its goods are loaded at the vehicle's start depot). */
export interface RoutingJob {
  readonly id: string;
  /** Index of its location in the travel matrix. */
  readonly location: number;
  /** Time spent at the stop (same unit as the matrix durations). */
  readonly service: number;
  /** When the service may start; none = any time within the vehicle's shift. */
  readonly window?: TimeWindow;
  /** Demand in each dimension of `RoutingProblem.dimensions` (e.g. grams, millilitres, boxes). */
  readonly demand: readonly number[];
}

/**
 * How a stop given in `RoutingVehicle.stops` is held:
 * - `position`: it stays on this vehicle at exactly this place (its 1-based position in `stops`).
 *   Stops before a position-locked stop therefore keep their count: they may be reordered or
 *   exchanged with other stops, but no stop is added or removed before it;
 * - `route`: it stays on this vehicle, at any position;
 * - `none` (default): the stop is only a starting point; the optimiser may move it anywhere.
 */
export type StopLock = 'position' | 'route' | 'none';

export interface InitialStop {
  readonly job: string;
  readonly lock?: StopLock;
}

/** A vehicle (a rider on a bike) and its shift. */
export interface RoutingVehicle {
  readonly id: string;
  /** Location where the route starts (the hub). */
  readonly start: number;
  /** Location where the route ends (the hub). */
  readonly end: number;
  /** Earliest departure from the start depot (none = any time). */
  readonly shiftStart?: number;
  /** Latest arrival back at the end depot (none = any time). */
  readonly shiftEnd?: number;
  /** Longest route (end − start), e.g. the rider's shift length (none = no limit but the shift's). */
  readonly maxDuration?: number;
  /** Capacity in each dimension of `RoutingProblem.dimensions`. */
  readonly capacity: readonly number[];
  /** Cost added when the vehicle is used (0 by default). */
  readonly fixedCost?: number;
  /** The vehicle's current stops in order, with their locks (a warm start for the others). */
  readonly stops?: readonly InitialStop[];
}

export interface RoutingProblem {
  /** Names of the demand and capacity dimensions, e.g. ['weight_g', 'volume_ml', 'boxes']. */
  readonly dimensions: readonly string[];
  readonly matrix: TravelMatrix;
  readonly jobs: readonly RoutingJob[];
  readonly vehicles: readonly RoutingVehicle[];
  /** Cost of one unit of distance relative to one unit of time (default 0.001: 1 km ≈ 1 s). */
  readonly distanceWeight?: number;
  /**
   * What the optimiser minimises after serving every job and breaking no constraint:
   * - `cost` (default): the routes' cost (legs and fixed costs);
   * - `min-vehicles`: the number of routes used first, then their cost (a rider's day costs far
   *   more than the kilometres another rider would save). The routes' reported cost stays the
   *   problem's cost (what the checker recomputes); the route count is the plan's `vehiclesUsed`.
   */
  readonly objective?: RoutingObjective;
}

export type RoutingObjective = 'cost' | 'min-vehicles';

/** One visited stop of a planned route, with its schedule. */
export interface PlanStop {
  readonly job: string;
  readonly location: number;
  /** Arrival at the stop. */
  readonly arrival: number;
  /** Start of service (arrival, or the window's start when early). */
  readonly start: number;
  /** Time spent waiting for the window to open. */
  readonly waiting: number;
  /** Departure from the stop (start + service). */
  readonly departure: number;
}

export interface PlanRoute {
  readonly vehicle: string;
  /** Departure from the start depot. */
  readonly start: { readonly location: number; readonly time: number };
  /** Arrival at the end depot. */
  readonly end: { readonly location: number; readonly time: number };
  readonly stops: readonly PlanStop[];
  /** Sum of the legs' travel times. */
  readonly travelTime: number;
  /** Sum of the legs' distances. */
  readonly distance: number;
  /** end.time − start.time (travel, service and waiting). */
  readonly duration: number;
  readonly waiting: number;
  readonly service: number;
  /** Goods carried, per dimension. */
  readonly load: readonly number[];
  /** Cost of the route as the objective counts it (0 when the route is empty). */
  readonly cost: number;
}

/**
 * Why a job was left out:
 * - `capacity`: its demand exceeds the capacity of every vehicle it may use;
 * - `time_window`: no vehicle it may use reaches it within its window and gets back in its shift;
 * - `shift_length`: a route with this stop alone is longer than the vehicle's maximum duration;
 * - `no_vehicle`: there is no vehicle it may use;
 * - `no_room`: it fits a vehicle on its own, but not together with the other stops.
 */
export type UnassignedReason = 'capacity' | 'time_window' | 'shift_length' | 'no_vehicle' | 'no_room';

export interface UnassignedJob {
  readonly job: string;
  readonly reason: UnassignedReason;
}

export type StopReason = 'iterations' | 'time' | 'cancelled' | 'stagnation' | 'trivial';

export interface PlanStats {
  readonly seed: number;
  readonly iterations: number;
  /** Iteration at which the returned plan was found. */
  readonly bestIteration: number;
  readonly elapsedMs: number;
  readonly stopReason: StopReason;
}

export interface PlanSummary {
  /** Objective value of the routes (sum of the routes' `cost`). */
  readonly cost: number;
  readonly travelTime: number;
  readonly distance: number;
  readonly duration: number;
  readonly waiting: number;
  readonly vehiclesUsed: number;
  readonly assigned: number;
  readonly unassigned: number;
}

/** What the optimiser returns: one route per vehicle (empty routes included), in vehicle order. */
export interface Plan {
  readonly routes: readonly PlanRoute[];
  readonly unassigned: readonly UnassignedJob[];
  readonly summary: PlanSummary;
  readonly stats: PlanStats;
}

/** Progress reported while the optimiser runs. */
export interface SolveProgress {
  readonly iterations: number;
  readonly elapsedMs: number;
  /** Share of the iteration or time budget used, 0–1 (whichever is further along). */
  readonly fraction: number;
  readonly bestCost: number;
  readonly bestUnassigned: number;
  /** Number of broken constraints in the best plan (only locked stops can cause them). */
  readonly bestViolations: number;
}

/** Something with an `aborted` flag (an AbortSignal fits). */
export interface CancelSignal {
  readonly aborted: boolean;
}

export const DEFAULT_DISTANCE_WEIGHT = 0.001;
