/**
 * Expected arrival at each remaining stop of a route in progress (issue 33): ONE pure function
 * shared by the office's live map, the rider's stop list, the server (`server/tracking/eta.ts`)
 * and the receiver's page. All times are epoch ms; the caller turns the route's «HH:MM» times
 * into instants (./fromEntities.ts).
 *
 * The model (docs/tracking.md):
 * - A stop is completed when every one of its orders has an outcome (delivered, partial or
 *   failed): it has no ETA. The others remain, in the route's order.
 * - The rider leaves from where he is known to be last: his last position when it is newer than
 *   his last completed stop, else that stop at the time of its last event, else the route's
 *   start (the hub) at the planned start.
 * - Each leg takes the travel function's time (the routing service when configured, else the
 *   planner's offline estimate), scaled by the pace learned from the day's own legs (how much
 *   slower or faster than the estimate this rider rides today).
 * - At each stop he waits for its window to open, then spends its service time: the planner's
 *   default (per stop + per order) scaled by what the day's deliveries showed (the time between
 *   two completed stops less the leg's travel time).
 * - An arrival is never before `nowMs`: a rider who should be there already is late, not early.
 * So the ETAs never go down along the route (monotonic) and are never before now.
 */

export interface EtaPoint {
  readonly lat: number;
  readonly lng: number;
}

export interface EtaRouteStop {
  readonly seq: number;
  readonly orderIds: readonly string[];
  readonly location: EtaPoint;
  /** Planned arrival (the published plan's time). */
  readonly plannedMs: number;
  /** The window of the stop: the latest start and the earliest end of its orders' windows. */
  readonly windowStartMs: number;
  readonly windowEndMs: number;
}

export interface EtaRoute {
  /** Where the round starts (the hub). */
  readonly start: EtaPoint;
  readonly plannedStartMs: number;
  /** In visiting order. */
  readonly stops: readonly EtaRouteStop[];
}

/** What happened at a door (the delivery events that settle an order). */
export interface EtaEvent {
  readonly orderId: string;
  readonly kind: 'delivered' | 'partial' | 'failed';
  readonly atMs: number;
}

/** The rider's last position. */
export interface EtaPosition {
  readonly lat: number;
  readonly lng: number;
  readonly atMs: number;
  /** Metres (the device's figure). */
  readonly accuracy: number;
}

/** Riding time in seconds between two places. */
export type TravelSeconds = (from: EtaPoint, to: EtaPoint) => number;

export interface EtaInput {
  readonly route: EtaRoute;
  readonly events: readonly EtaEvent[];
  readonly position: EtaPosition | null;
  readonly travel: TravelSeconds;
  readonly nowMs: number;
  /** The planner's service time (defaults: 4 min per stop + 2 min per order). */
  readonly service?: { readonly perStopMs: number; readonly perOrderMs: number };
}

export interface StopEta {
  readonly seq: number;
  readonly orderIds: readonly string[];
  /** Expected arrival (epoch ms), ≥ nowMs. */
  readonly etaMs: number;
  /** How long after the window's end he is expected (0 when on time). */
  readonly lateByMs: number;
}

export const DEFAULT_SERVICE = { perStopMs: 4 * 60_000, perOrderMs: 2 * 60_000 } as const;

/** Bounds of what the day may teach (a single odd stop must not throw every ETA off). */
const FACTOR_MIN = 0.3;
const FACTOR_MAX = 4;

interface DoneStop {
  readonly index: number;
  /** Time of the stop's last settling event. */
  readonly doneMs: number;
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Travel time in ms, never negative nor NaN (a broken travel function must not break the map). */
function legMs(travel: TravelSeconds, a: EtaPoint, b: EtaPoint): number {
  const s = travel(a, b);
  return Number.isFinite(s) && s > 0 ? s * 1000 : 0;
}

/** When each stop was completed (all its orders settled), or nothing when it was not. */
export function completedStops(route: EtaRoute, events: readonly EtaEvent[]): Map<number, number> {
  const settledAt = new Map<string, number>();
  for (const e of events) settledAt.set(e.orderId, Math.max(settledAt.get(e.orderId) ?? -Infinity, e.atMs));
  const done = new Map<number, number>();
  route.stops.forEach((s, i) => {
    if (s.orderIds.length === 0) return;
    let last = -Infinity;
    for (const id of s.orderIds) {
      const at = settledAt.get(id);
      if (at === undefined) return;
      last = Math.max(last, at);
    }
    done.set(i, last);
  });
  return done;
}

export interface Learned {
  /** Service time ÷ the planner's service time (1 with nothing learned). */
  readonly serviceFactor: number;
  /** Actual riding time ÷ the travel function's (1 with nothing learned). */
  readonly paceFactor: number;
}

/**
 * What the day's completed stops teach. Between two stops completed one after the other, the
 * gap is riding + service at the second: its service is the gap less the leg's travel time. With
 * positions, a leg's riding time is measured directly: from the last sample at the first stop to
 * the first sample at the second; both are medians over the day's legs, within bounds.
 */
export function learnFromDay(input: Pick<EtaInput, 'route' | 'events' | 'travel' | 'service'>, done = completedStops(input.route, input.events)): Learned {
  const service = input.service ?? DEFAULT_SERVICE;
  const ordered: DoneStop[] = [...done.entries()].map(([index, doneMs]) => ({ index, doneMs })).sort((a, b) => a.doneMs - b.doneMs);
  const serviceRatios: number[] = [];
  const gapRatios: number[] = [];
  for (let k = 1; k < ordered.length; k += 1) {
    const prev = ordered[k - 1] as DoneStop;
    const cur = ordered[k] as DoneStop;
    const a = input.route.stops[prev.index] as EtaRouteStop;
    const b = input.route.stops[cur.index] as EtaRouteStop;
    const gap = cur.doneMs - prev.doneMs;
    const ride = legMs(input.travel, a.location, b.location);
    const planned = service.perStopMs + service.perOrderMs * b.orderIds.length;
    if (planned <= 0 || gap <= 0) continue;
    // A gap that includes waiting for a window says nothing about service: left out.
    if (b.windowStartMs <= prev.doneMs + ride) {
      serviceRatios.push(Math.max(0, gap - ride) / planned);
      gapRatios.push(gap / (ride + planned));
    }
  }
  const serviceFactor = clamp(median(serviceRatios) ?? 1, FACTOR_MIN, FACTOR_MAX);
  // The pace: what the gaps say beyond the service learned (one factor for riding and serving
  // would count a slow door as slow riding); only with two legs or more.
  const gapFactor = gapRatios.length >= 2 ? (median(gapRatios) as number) : 1;
  const paceFactor = clamp(gapFactor, 0.6, 2);
  return { serviceFactor, paceFactor };
}

/**
 * The expected arrival at each remaining stop, in route order. A completed stop is not listed;
 * a route with every stop completed gives an empty list.
 */
export function etaForRoute(input: EtaInput): StopEta[] {
  const { route, position, travel, nowMs } = input;
  const service = input.service ?? DEFAULT_SERVICE;
  const done = completedStops(route, input.events);
  const learned = learnFromDay(input, done);

  // Where and when he leaves from.
  let lastDoneIndex = -1;
  let lastDoneMs = -Infinity;
  for (const [index, at] of done) {
    if (at > lastDoneMs || (at === lastDoneMs && index > lastDoneIndex)) {
      lastDoneMs = at;
      lastDoneIndex = index;
    }
  }
  let from: EtaPoint;
  let leaveMs: number;
  if (position && Number.isFinite(position.lat) && Number.isFinite(position.lng) && position.atMs >= lastDoneMs) {
    from = position;
    leaveMs = position.atMs;
  } else if (lastDoneIndex >= 0) {
    from = (route.stops[lastDoneIndex] as EtaRouteStop).location;
    leaveMs = lastDoneMs;
  } else {
    from = route.start;
    leaveMs = route.plannedStartMs;
  }
  if (!Number.isFinite(leaveMs)) leaveMs = nowMs;

  const out: StopEta[] = [];
  let clock = leaveMs;
  route.stops.forEach((stop, i) => {
    if (done.has(i)) return;
    const arrival = Math.max(nowMs, clock + legMs(travel, from, stop.location) * learned.paceFactor);
    const etaMs = Math.ceil(arrival);
    out.push({ seq: stop.seq, orderIds: stop.orderIds, etaMs, lateByMs: Math.max(0, etaMs - stop.windowEndMs) });
    const serviceMs = (service.perStopMs + service.perOrderMs * stop.orderIds.length) * learned.serviceFactor;
    clock = Math.max(etaMs, stop.windowStartMs) + serviceMs;
    from = stop.location;
  });
  return out;
}

/** The stops whose expected arrival is after their window's end, latest first (the office's sort). */
export function lateStops(etas: readonly StopEta[]): StopEta[] {
  return etas.filter((e) => e.lateByMs > 0).sort((a, b) => b.lateByMs - a.lateByMs);
}
