/**
 * The seam between the receivers' notices and tracking page (issue 33, «Receivers») and where the
 * expected arrival and the rider's position come from.
 *
 * `planTracking` is the default: the expected window is the stop's planned arrival in the
 * published route (Europe/Madrid) ± PLAN_MARGIN_MS, rounded to 5 minutes, and there is no live
 * position. The positions and ETAs of issue 33's first half (server/tracking/) plug in here
 * through `createApp({ tracking })` without changing the notices or the page.
 */
import { madridDayBounds } from '../../src/domain/dates';
import type { DocStore, StoredDoc } from '../store';

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

/** Epoch ms of a Madrid wall-clock time (`HH:mm`) on a Madrid day (`YYYY-MM-DD`). */
export function madridTimeMs(date: string, time: string): number {
  const [h, m] = time.split(':').map(Number);
  const [start] = madridDayBounds(date);
  // The day's midnight plus the wall-clock minutes; on the two days of a clock change the hours
  // after it are one hour off, which the window's margin does not hide — acceptable for a plan.
  return start + ((h ?? 0) * 60 + (m ?? 0)) * 60_000;
}

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
