/**
 * The seam between the receivers' notices and tracking page (issue 33, «Receivers») and where the
 * expected arrival and the rider's position come from.
 *
 * `planTracking` is the default: the expected window is the stop's planned arrival in the
 * published route (Europe/Madrid) ± PLAN_MARGIN_MS, rounded to 5 minutes, and there is no live
 * position. `liveTracking` (the server's own, below) uses the positions and ETAs of
 * server/tracking/ while the route is under way; tests may pass another source to `createApp`.
 */
import { madridTimeMs } from '../../src/domain/tracking/fromEntities';
import type { DocStore, StoredDoc } from '../store';
import { etaOfOrder } from '../tracking/eta';
import { latestPositionOfRoute } from '../tracking/positions';

export interface EtaWindow {
  readonly fromMs: number;
  readonly toMs: number;
}

export interface LivePosition {
  readonly lat: number;
  readonly lng: number;
  readonly atMs: number;
}

export interface TrackingSource {
  /** The window in which the order is expected to arrive, or null (not planned, already closed). */
  etaWindow(orderId: string, nowMs: number): EtaWindow | null;
  /** The rider's last position while he carries the order, or null when none is known. */
  livePosition(orderId: string, nowMs: number): LivePosition | null;
}

/** Half the width of the window given from the plan alone. */
export const PLAN_MARGIN_MS = 10 * 60_000;
const FIVE_MIN = 5 * 60_000;

/** The order's route and its stop on it, when the route is live and lists it. */
export function stopOfOrder(store: DocStore, orderId: string): { order: StoredDoc; route: StoredDoc; index: number } | null {
  const order = store.get('orders', orderId);
  if (!order || order._deleted || typeof order.route_id !== 'string' || order.route_id === '') return null;
  const route = store.get('routes', order.route_id);
  if (!route || route._deleted || route.status === 'cancelled' || route.status === 'draft') return null;
  const stops = (Array.isArray(route.stops) ? route.stops : []) as { order_ids: string[] }[];
  const index = stops.findIndex((s) => s.order_ids.includes(orderId));
  return index < 0 ? null : { order, route, index };
}

const CLOSED_ORDER = new Set(['delivered', 'partially_delivered', 'failed', 'returned', 'cancelled']);

/** Whether an order's delivery is over (nothing is expected any more). */
export function orderClosed(order: StoredDoc): boolean {
  return CLOSED_ORDER.has(String(order.status));
}

/** The default source: the published plan, no positions. */
export function planTracking(store: DocStore): TrackingSource {
  return {
    etaWindow(orderId) {
      const found = stopOfOrder(store, orderId);
      if (!found || orderClosed(found.order)) return null;
      const stop = (found.route.stops as { eta: string }[])[found.index];
      if (!stop || typeof found.route.date !== 'string') return null;
      const eta = madridTimeMs(found.route.date, stop.eta);
      return { fromMs: Math.floor((eta - PLAN_MARGIN_MS) / FIVE_MIN) * FIVE_MIN, toMs: Math.ceil((eta + PLAN_MARGIN_MS) / FIVE_MIN) * FIVE_MIN };
    },
    livePosition() {
      return null;
    },
  };
}

/** Half the width of the window given from a live ETA (positions and the day's deliveries). */
export const LIVE_MARGIN_MS = 5 * 60_000;

/**
 * The embedded server's source (issue 33): while the order's route is under way, the window is
 * the live ETA (server/tracking/eta.ts: last position, events so far, learned service times)
 * ± LIVE_MARGIN_MS, and the rider's position is shown only while he heads to this order's stop;
 * before the route starts, or when no ETA can be made, the published plan's window.
 */
export function liveTracking(store: DocStore): TrackingSource {
  const plan = planTracking(store);
  return {
    etaWindow(orderId, nowMs) {
      const live = etaOfOrder(store, orderId, nowMs);
      if (!live) return plan.etaWindow(orderId, nowMs);
      return { fromMs: Math.floor((live.etaMs - LIVE_MARGIN_MS) / FIVE_MIN) * FIVE_MIN, toMs: Math.ceil((live.etaMs + LIVE_MARGIN_MS) / FIVE_MIN) * FIVE_MIN };
    },
    livePosition(orderId, nowMs) {
      const live = etaOfOrder(store, orderId, nowMs);
      if (!live || live.stopsBefore !== 0) return null;
      const position = latestPositionOfRoute(store, live.routeId);
      return position ? { lat: position.lat, lng: position.lng, atMs: position.at } : null;
    },
  };
}
