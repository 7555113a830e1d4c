/** What planning a hub's day gives (./day.ts): routes with ordered stops, ETAs, loads and warnings, the orders left out and why. */
import type { Violation } from './check';
import type { DomainMessage } from '../messages';
import type { PlanStats, StopLock, UnassignedReason } from './model';
import type { RouteLowerBound } from './lowerBound';
import type { DayObjective } from './dayInput';

// ── Output ───────────────────────────────────────────────────────────────────────────────────

export interface DayPlanStop {
  /** 1-based, as the route entity's stops. */
  readonly seq: number;
  readonly delivery_point_id: string;
  readonly order_ids: readonly string[];
  /** Planned arrival `HH:mm` (the route entity's `eta`). */
  readonly eta: string;
  /** Seconds after midnight. */
  readonly arrival_s: number;
  readonly start_s: number;
  readonly departure_s: number;
  readonly waiting_s: number;
  /** Seconds late after the window's end (0 when on time). */
  readonly late_s: number;
  readonly window_start: string;
  readonly window_end: string;
  readonly lock: StopLock;
}

export interface DayLoad {
  readonly weight_g: number;
  readonly volume_ml: number;
  readonly boxes: number;
}

export type DayWarningKind = Violation['kind'] | 'no_location' | 'rider_twice' | 'bike_twice' | 'no_bike' | 'no_rider' | 'window_conflict';

export interface DayWarning {
  readonly kind: DayWarningKind;
  /** Index in `DayPlanResult.routes` (absent when it concerns no route). */
  readonly route?: number;
  readonly order_ids?: readonly string[];
  /** By how much: seconds (times), grams / millilitres / boxes (loads). */
  readonly amount?: number;
  /** What to tell the planner (src/domain/messages.ts; shown with `domainText`). */
  readonly message: DomainMessage;
}

export interface DayPlanRoute {
  /** Id of the given route; null for a new route. */
  readonly route_id: string | null;
  readonly rider_id: string;
  readonly bike_id: string;
  /** Departure from the hub, `HH:mm` (the route entity's `planned_start`). */
  readonly planned_start: string;
  /** Back at the hub, `HH:mm`. */
  readonly end: string;
  readonly start_s: number;
  readonly end_s: number;
  readonly stops: readonly DayPlanStop[];
  readonly distance_m: number;
  readonly duration_s: number;
  readonly travel_s: number;
  readonly waiting_s: number;
  readonly load: DayLoad;
  readonly capacity: DayLoad;
  readonly warnings: readonly DayWarning[];
}

export interface DayUnplanned {
  readonly delivery_point_id: string;
  readonly order_ids: readonly string[];
  /** `not_planned`: not on a route yet (evaluateDay); the others say why the optimiser left it out. */
  readonly reason: UnassignedReason | 'no_location' | 'not_planned';
  readonly message: DomainMessage;
}

export interface DayPlanResult {
  readonly routes: readonly DayPlanRoute[];
  readonly unplanned: readonly DayUnplanned[];
  /** Every warning, those of the routes included. */
  readonly warnings: readonly DayWarning[];
  readonly summary: { readonly routes: number; readonly stops: number; readonly orders: number; readonly distance_m: number; readonly duration_s: number; readonly travel_s: number };
  /** How the optimiser ran (absent for `evaluateDay`). */
  readonly stats?: PlanStats;
  /** Fewest routes any plan of the day's stops needs (./lowerBound.ts): «N rutas (mínimo posible: M)». */
  readonly lowerBound?: RouteLowerBound;
  /** The objective the plan was made for. */
  readonly objective?: DayObjective;
  /** Which travel times were used. */
  readonly travel: 'estimate' | 'osrm';
  /** Why the routing service's times were not used, when a service was asked (its words). */
  readonly travelError?: string;
}
