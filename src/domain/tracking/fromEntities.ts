/**
 * The ETA's input from the app's documents (issue 33): a published route, its orders, its
 * delivery points and hub, the day's delivery events and the last position. Times of day
 * («HH:MM», Madrid) become instants of the route's date. Shared by the office (src/features/
 * tracking), the server (server/tracking/eta.ts) and the receiver's page.
 */
import type { DeliveryEvent } from '../entities/events';
import type { DeliveryPoint, Order, Route } from '../entities/operation';
import type { Hub } from '../entities/reference';
import { DEFAULT_TRAVEL_SETTINGS, estimateLeg, type TravelSettings } from '../routing/matrix';
import { etaForRoute, type EtaEvent, type EtaInput, type EtaPoint, type EtaPosition, type EtaRoute, type StopEta, type TravelSeconds } from './eta';

const MINUTE = 60_000;

const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' });
/** Instants already worked out (a day's routes repeat a few dozen times of day): Intl is slow. */
const known = new Map<string, number>();

/** The instant of a Madrid time of day («HH:MM») on a date («YYYY-MM-DD»). */
export function madridTimeMs(date: string, hhmm: string): number {
  const key = `${date} ${hhmm}`;
  let at = known.get(key);
  if (at === undefined) {
    at = computeMadridTimeMs(date, hhmm);
    if (known.size > 10_000) known.clear();
    known.set(key, at);
  }
  return at;
}

function computeMadridTimeMs(date: string, hhmm: string): number {
  const h = Number(hhmm.slice(0, 2));
  const m = Number(hhmm.slice(3, 5));
  const asUtc = Date.parse(`${date}T00:00:00Z`) + (h * 60 + m) * MINUTE;
  if (Number.isNaN(asUtc)) return Number.NaN;
  // Madrid is UTC+1 or UTC+2: the candidate that reads back as the same day and time.
  for (const offsetH of [2, 1]) {
    const at = asUtc - offsetH * 3_600_000;
    if (DAY.format(at) === date && madridClock(at) === hhmm) return at;
  }
  return asUtc - 3_600_000;
}

const CLOCK = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** «HH:MM» in Madrid of an instant. */
export function madridClock(atMs: number): string {
  return CLOCK.format(atMs);
}

/** The offline estimate of a hub (its own detour factor and speed), in seconds. */
export function estimateTravel(settings: TravelSettings = DEFAULT_TRAVEL_SETTINGS): TravelSeconds {
  return (a, b) => estimateLeg(a, b, settings).duration;
}

export function travelSettingsOfHub(hub: Pick<Hub, 'detour_factor' | 'speed_kmh'> | null | undefined): TravelSettings {
  return { detourFactor: hub?.detour_factor ?? DEFAULT_TRAVEL_SETTINGS.detourFactor, speedKmh: hub?.speed_kmh ?? DEFAULT_TRAVEL_SETTINGS.speedKmh };
}

export interface RouteDocs {
  readonly route: Pick<Route, 'date' | 'planned_start' | 'stops'>;
  readonly orders: readonly Pick<Order, 'id' | 'window_start' | 'window_end'>[];
  readonly points: readonly Pick<DeliveryPoint, 'id' | 'lat' | 'lng'>[];
  readonly hub: Pick<Hub, 'lat' | 'lng'> | null;
}

/** The route as the ETA reads it. Stops whose point is unknown are placed at the hub. */
export function etaRouteOf(docs: RouteDocs): EtaRoute {
  const { route } = docs;
  const orders = new Map(docs.orders.map((o) => [o.id, o]));
  const points = new Map(docs.points.map((p) => [p.id, p]));
  const start = docs.hub ? { lat: docs.hub.lat, lng: docs.hub.lng } : (docs.points[0] ?? { lat: 0, lng: 0 });
  const dayEnd = madridTimeMs(route.date, '23:59');
  return {
    start: { lat: start.lat, lng: start.lng },
    plannedStartMs: madridTimeMs(route.date, route.planned_start),
    stops: route.stops.map((s) => {
      const own = s.order_ids.map((id) => orders.get(id)).filter((o): o is NonNullable<typeof o> => o !== undefined);
      const starts = own.map((o) => madridTimeMs(route.date, o.window_start));
      const ends = own.map((o) => madridTimeMs(route.date, o.window_end));
      const point = points.get(s.delivery_point_id);
      return {
        seq: s.seq,
        orderIds: s.order_ids,
        location: point ? { lat: point.lat, lng: point.lng } : { lat: start.lat, lng: start.lng },
        plannedMs: madridTimeMs(route.date, s.eta),
        windowStartMs: starts.length > 0 ? Math.max(...starts) : madridTimeMs(route.date, route.planned_start),
        windowEndMs: ends.length > 0 ? Math.min(...ends) : dayEnd,
      };
    }),
  };
}

/** The settling delivery events (delivered, partial, failed) as the ETA reads them. */
export function etaEventsOf(events: readonly Pick<DeliveryEvent, 'order_id' | 'kind' | 'at'>[]): EtaEvent[] {
  const out: EtaEvent[] = [];
  for (const e of events) if (e.kind === 'delivered' || e.kind === 'partial' || e.kind === 'failed') out.push({ orderId: e.order_id, kind: e.kind, atMs: e.at });
  return out;
}

/** The ETAs of a route from its documents (the estimate's travel times unless `travel` is given). */
export function etaOfRouteDocs(docs: RouteDocs & { events: readonly Pick<DeliveryEvent, 'order_id' | 'kind' | 'at'>[]; position: EtaPosition | null; nowMs: number; travel?: TravelSeconds; hubSettings?: TravelSettings }): StopEta[] {
  const input: EtaInput = {
    route: etaRouteOf(docs),
    events: etaEventsOf(docs.events),
    position: docs.position,
    travel: docs.travel ?? estimateTravel(docs.hubSettings),
    nowMs: docs.nowMs,
  };
  return etaForRoute(input);
}

const placeKey = (p: { readonly lat: number; readonly lng: number }) => `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`;

/**
 * Travel times from the routing service's table of a route's places (hub and stops), in seconds:
 * a leg between two of those places reads the table; any other leg (from the rider's position)
 * is the estimate × how the service's times compare with the estimate on this route (the median
 * ratio over the table's legs).
 */
export function travelFromTable(places: readonly { readonly lat: number; readonly lng: number }[], durations: ArrayLike<number>, estimate: TravelSeconds): TravelSeconds {
  const n = places.length;
  const index = new Map<string, number>();
  places.forEach((p, i) => {
    if (!index.has(placeKey(p))) index.set(placeKey(p), i);
  });
  const ratios: number[] = [];
  for (let i = 0; i < n; i += 1) {
    for (let j = 0; j < n; j += 1) {
      const d = durations[i * n + j] ?? Number.NaN;
      const e = estimate(places[i] as EtaPoint, places[j] as EtaPoint);
      if (i !== j && Number.isFinite(d) && e > 60) ratios.push(d / e);
    }
  }
  ratios.sort((a, b) => a - b);
  const ratio = ratios.length > 0 ? Math.min(3, Math.max(0.3, ratios[Math.floor(ratios.length / 2)] as number)) : 1;
  return (a, b) => {
    const i = index.get(placeKey(a));
    const j = index.get(placeKey(b));
    if (i !== undefined && j !== undefined) {
      const d = durations[i * n + j];
      if (d !== undefined && Number.isFinite(d)) return d;
    }
    return estimate(a, b) * ratio;
  };
}
