/**
 * What the office's live map shows of one route in progress (issue 33): its progress, the
 * expected arrival at each remaining stop with how late it is, and its last position with its
 * age; and the order of the list (latest first, or by route). Pure: the screens give the
 * documents and the clock.
 */
import type { DeliveryEvent } from '../entities/events';
import type { DeliveryPoint, Order, Route } from '../entities/operation';
import type { Hub } from '../entities/reference';
import { routeProgress } from '../delivery';
import type { StopEta, TravelSeconds } from './eta';
import { etaOfRouteDocs, travelSettingsOfHub } from './fromEntities';
import type { RoutePosition } from './positions';

export interface RouteBoardInput {
  readonly route: Route;
  readonly orders: readonly Order[];
  readonly points: readonly DeliveryPoint[];
  readonly hub: Hub | null;
  readonly events: readonly DeliveryEvent[];
  readonly position: RoutePosition | null;
  readonly nowMs: number;
  readonly travel?: TravelSeconds;
}

export interface RouteBoard {
  readonly route: Route;
  readonly done: number;
  readonly total: number;
  readonly etas: readonly StopEta[];
  /** Remaining stops expected after their window. */
  readonly late: number;
  /** The latest of them (0 when none is late). */
  readonly maxLateMs: number;
  readonly position: RoutePosition | null;
  /** How old the position is (null: «sin posición»). */
  readonly positionAgeMs: number | null;
}

export function routeBoard(input: RouteBoardInput): RouteBoard {
  const { route, position, nowMs } = input;
  const progress = routeProgress(route, input.events);
  const etas = etaOfRouteDocs({
    route,
    orders: input.orders,
    points: input.points,
    hub: input.hub,
    events: input.events,
    position: position ? { lat: position.lat, lng: position.lng, atMs: position.at, accuracy: position.accuracy } : null,
    nowMs,
    hubSettings: travelSettingsOfHub(input.hub),
    ...(input.travel ? { travel: input.travel } : {}),
  });
  const lates = etas.map((e) => e.lateByMs).filter((l) => l > 0);
  return {
    route,
    done: progress.visited,
    total: progress.total,
    etas,
    late: lates.length,
    maxLateMs: lates.length > 0 ? Math.max(...lates) : 0,
    position,
    positionAgeMs: position ? Math.max(0, nowMs - position.at) : null,
  };
}

export type BoardSort = 'lateness' | 'route';

/** The list's order: latest first (then by route code), or by route code. */
export function sortBoards(boards: readonly RouteBoard[], by: BoardSort): RouteBoard[] {
  const byCode = (a: RouteBoard, b: RouteBoard) => a.route.code.localeCompare(b.route.code);
  return [...boards].sort(by === 'lateness' ? (a, b) => b.maxLateMs - a.maxLateMs || byCode(a, b) : byCode);
}
