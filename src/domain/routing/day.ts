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
 */
import { z } from 'zod';
import { checkPlan, type PlanToCheck, type PlanToCheckRoute, type Violation } from './check';
import { msg, saying, worded, type DomainMessage } from '../messages';
import { DEFAULT_TRAVEL_SETTINGS, haversineMatrix, type LatLng, type TravelMatrix, type TravelSettings } from './matrix';
import type { InitialStop, Plan, PlanStats, RoutingJob, RoutingProblem, RoutingVehicle, StopLock, UnassignedReason } from './model';
import { singleRouteProblem } from './single';
import { routeLowerBound, type RouteLowerBound } from './lowerBound';
import { solve, type SolveOptions } from './solver';
import { RoutingInputError } from './instance';

// ── Input ────────────────────────────────────────────────────────────────────────────────────

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: saying('domain.routing.day.time') });
const id = z.string().min(1, { error: saying('domain.validation.empty') }).max(64);
const nonNegative = z.number({ error: saying('domain.routing.day.number') }).finite().min(0, { error: saying('domain.routing.day.negative') });

export const dayPlanSettingsSchema = z.object({
  /** Offline estimate: road distance ÷ straight-line distance. */
  detourFactor: z.number().min(1).max(5),
  /** Offline estimate: average speed of a loaded cargo bike, km/h. */
  speedKmh: z.number().min(1).max(60),
  /** Minutes at each stop (parking, walking in, signature). */
  serviceMinutesPerStop: nonNegative.max(240),
  /** Extra minutes per order delivered at a stop. */
  serviceMinutesPerOrder: nonNegative.max(240),
  /** Longest route, minutes (the riders' shift length). */
  maxShiftMinutes: z.number().min(1).max(24 * 60),
  /** Default shift of the riders (the hub's opening hours when absent). */
  shiftStart: hhmm.optional(),
  shiftEnd: hhmm.optional(),
  /**
   * «Mínimo de repartidores» (`min-vehicles`, the default): fewest routes first, then time;
   * «Repartir entre los disponibles» (`balanced`): every available rider gets a similar share of
   * the day (each route's length is held near the day's work ÷ the riders available).
   */
  objective: z.enum(['min-vehicles', 'balanced']).optional(),
  /** Optional cost of a route (a rider's day) and of an hour on the road, € (both: weighed by them). */
  costPerRoute: nonNegative.max(100_000).optional(),
  costPerHour: nonNegative.max(10_000).optional(),
});
export type DayObjective = NonNullable<DayPlanSettings['objective']>;
export type DayPlanSettings = z.infer<typeof dayPlanSettingsSchema>;

export const DEFAULT_DAY_SETTINGS: DayPlanSettings = {
  detourFactor: DEFAULT_TRAVEL_SETTINGS.detourFactor,
  speedKmh: DEFAULT_TRAVEL_SETTINGS.speedKmh,
  serviceMinutesPerStop: 4,
  serviceMinutesPerOrder: 2,
  maxShiftMinutes: 8 * 60,
};

const lineSchema = z.object({
  quantity: nonNegative,
  /** Weight of one unit (the product's weight_g). */
  weight_g: nonNegative,
  /** Volume of one unit (the product's volume_ml). */
  volume_ml: nonNegative,
});

const orderSchema = z
  .object({
    id,
    /** Shown in warnings instead of the id when given («P-20261124-0042»). */
    code: z.string().max(32).optional(),
    delivery_point_id: id,
    /** Position of the delivery point; null when it has none («sin ubicación»). */
    lat: z.number().min(-90).max(90).nullable(),
    lng: z.number().min(-180).max(180).nullable(),
    window_start: hhmm,
    window_end: hhmm,
    lines: z.array(lineSchema).max(200),
    /** Boxes the order fills (0 when not counted). */
    boxes: nonNegative.optional(),
  })
  .refine((o) => o.window_end > o.window_start, { error: saying('domain.entities.windowOrder'), path: ['window_end'] });

const stopSchema = z.object({
  delivery_point_id: id,
  order_ids: z.array(id).min(1).max(100),
  /** `position`: stays at this place of this route; `route`: stays on this route; `none`: free. */
  lock: z.enum(['position', 'route', 'none']).optional(),
});

const routeSchema = z.object({
  id,
  rider_id: z.string().max(64),
  bike_id: z.string().max(64),
  planned_start: hhmm.optional(),
  stops: z.array(stopSchema).max(1000),
});

const riderSchema = z.object({
  id,
  shift_start: hhmm.optional(),
  shift_end: hhmm.optional(),
  max_shift_minutes: z.number().min(1).max(24 * 60).optional(),
});

const bikeSchema = z.object({
  id,
  /** The bike model's capacity. */
  capacity_kg: z.number().positive(),
  capacity_l: z.number().positive(),
  capacity_boxes: z.number().positive().optional(),
});

export const dayPlanInputSchema = z
  .object({
    hub: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180), opens: hhmm, closes: hhmm }),
    /** The day's orders to plan: the unplanned ones and those on the given routes. */
    orders: z.array(orderSchema).max(20_000),
    /** The day's routes (draft or planned) with their stops. */
    routes: z.array(routeSchema).max(500),
    /** Riders available (those of the routes and those free for new routes). */
    riders: z.array(riderSchema).max(500),
    /** Bikes available (not in maintenance), with their model's capacity. */
    bikes: z.array(bikeSchema).max(500),
    /** At most this many new routes (default: as many as free rider–bike pairs). */
    maxNewRoutes: z.int().min(0).max(500).optional(),
    settings: dayPlanSettingsSchema.partial().optional(),
  })
  .superRefine((d, ctx) => {
    const orders = new Set<string>();
    d.orders.forEach((o, i) => {
      if (orders.has(o.id)) ctx.addIssue({ code: 'custom', path: ['orders', i, 'id'], message: worded(msg('domain.routing.day.orderTwice', { id: o.id })) });
      orders.add(o.id);
    });
    const onRoute = new Set<string>();
    d.routes.forEach((r, ri) =>
      r.stops.forEach((s, si) =>
        s.order_ids.forEach((oid, k) => {
          const path = ['routes', ri, 'stops', si, 'order_ids', k];
          if (!orders.has(oid)) ctx.addIssue({ code: 'custom', path, message: worded(msg('domain.routing.day.orderNotOfDay', { id: oid })) });
          else if (onRoute.has(oid)) ctx.addIssue({ code: 'custom', path, message: worded(msg('domain.routing.day.orderOnTwoStops', { id: oid })) });
          onRoute.add(oid);
        }),
      ),
    );
  });
export type DayPlanInput = z.input<typeof dayPlanInputSchema>;
type DayInput = z.output<typeof dayPlanInputSchema>;

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

// ── Model ────────────────────────────────────────────────────────────────────────────────────

interface StopInfo {
  readonly delivery_point_id: string;
  readonly order_ids: string[];
  readonly window: { start: number; end: number };
  readonly lock: StopLock;
}

interface VehicleInfo {
  readonly route_id: string | null;
  readonly rider_id: string;
  readonly bike_id: string;
  readonly capacity: DayLoad;
  readonly planned_start?: number;
}

/** A day's input turned into the optimiser's terms (built once, used with any matrix). */
export interface DayModel {
  /** Places of the matrix: 0 is the hub, then one per delivery point. */
  readonly locations: readonly LatLng[];
  readonly settings: DayPlanSettings;
  /**
   * The routing problem over a matrix of `locations`, for the settings' objective. `hold: false`:
   * a balanced day without the hold on the routes' length (when the hold left stops out).
   */
  problem(matrix: TravelMatrix, options?: { hold?: boolean }): RoutingProblem;
  /** Turns a plan of that problem into the board's result. */
  result(problem: RoutingProblem, plan: PlanToCheck, stats: PlanStats | undefined, travel: 'estimate' | 'osrm'): DayPlanResult;
}

export const minutesToSeconds = (m: number): number => Math.round(m * 60);

/** `HH:mm` → seconds after midnight. */
export function secondsOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 3600 + m * 60;
}

/** Seconds after midnight → `HH:mm` (rounded to the minute, kept within the day). */
export function timeOf(seconds: number): string {
  const minutes = Math.min(24 * 60 - 1, Math.max(0, Math.round(seconds / 60)));
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function minutesText(seconds: number): string {
  const m = Math.max(1, Math.round(seconds / 60));
  return m >= 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m} min`;
}

const hasLocation = (o: { lat: number | null; lng: number | null }): boolean => o.lat !== null && o.lng !== null && !(o.lat === 0 && o.lng === 0);

/** Validates the input (throws RoutingInputError with messages in the interface's language, and where). */
export function parseDayInput(input: DayPlanInput): DayInput {
  const parsed = dayPlanInputSchema.safeParse(input);
  if (!parsed.success) {
    throw new RoutingInputError(parsed.error.issues.map((i) => msg('domain.routing.day.issue', { where: i.path.join('.') || msg('domain.routing.day.input'), message: i.message })));
  }
  return parsed.data;
}

export function prepareDay(input: DayPlanInput): DayModel {
  const d = parseDayInput(input);
  const settings: DayPlanSettings = { ...DEFAULT_DAY_SETTINGS, ...d.settings };
  const orderById = new Map(d.orders.map((o) => [o.id, o]));
  const label = (oid: string): string => orderById.get(oid)?.code ?? oid;
  const warnings: DayWarning[] = [];
  const noLocation: DayUnplanned[] = [];

  // Places.
  const locations: LatLng[] = [{ lat: d.hub.lat, lng: d.hub.lng }];
  const placeOf = new Map<string, number>();
  const place = (o: DayInput['orders'][number]): number => {
    let p = placeOf.get(o.delivery_point_id);
    if (p === undefined) {
      p = locations.length;
      locations.push({ lat: o.lat as number, lng: o.lng as number });
      placeOf.set(o.delivery_point_id, p);
    }
    return p;
  };

  // Stops of the given routes.
  const stops: StopInfo[] = [];
  const stopPlace: number[] = [];
  const routeStops: number[][] = [];
  const windowOf = (orders: DayInput['orders']): { start: number; end: number; conflict: boolean } => {
    const start = Math.max(...orders.map((o) => secondsOf(o.window_start)));
    const end = Math.min(...orders.map((o) => secondsOf(o.window_end)));
    if (start <= end) return { start, end, conflict: false };
    const first = orders.reduce((a, b) => (secondsOf(b.window_end) < secondsOf(a.window_end) ? b : a));
    return { start: secondsOf(first.window_start), end: secondsOf(first.window_end), conflict: true };
  };
  d.routes.forEach((r, ri) => {
    const list: number[] = [];
    for (const s of r.stops) {
      const orders = s.order_ids.map((oid) => orderById.get(oid) as DayInput['orders'][number]);
      const located = orders.filter(hasLocation);
      const lost = orders.filter((o) => !hasLocation(o));
      if (lost.length > 0) {
        noLocation.push({ delivery_point_id: s.delivery_point_id, order_ids: lost.map((o) => o.id), reason: 'no_location', message: msg('domain.routing.noLocation', { orders: lost.map((o) => label(o.id)).join(', ') }) });
      }
      if (located.length === 0) continue;
      const w = windowOf(located);
      if (w.conflict) {
        warnings.push({ kind: 'window_conflict', route: ri, order_ids: located.map((o) => o.id), message: msg('domain.routing.windowConflict', { orders: located.map((o) => label(o.id)).join(', ') }) });
      }
      list.push(stops.length);
      stops.push({ delivery_point_id: s.delivery_point_id, order_ids: located.map((o) => o.id), window: { start: w.start, end: w.end }, lock: s.lock ?? 'none' });
      stopPlace.push(place(located[0] as DayInput['orders'][number]));
    }
    routeStops.push(list);
  });

  // Unplanned orders: one stop per delivery point and overlapping windows.
  const onRoute = new Set(d.routes.flatMap((r) => r.stops.flatMap((s) => s.order_ids)));
  const byPoint = new Map<string, DayInput['orders']>();
  for (const o of d.orders) {
    if (onRoute.has(o.id)) continue;
    if (!hasLocation(o)) {
      noLocation.push({ delivery_point_id: o.delivery_point_id, order_ids: [o.id], reason: 'no_location', message: msg('domain.routing.noLocation', { orders: label(o.id) }) });
      continue;
    }
    const list = byPoint.get(o.delivery_point_id);
    if (list) list.push(o);
    else byPoint.set(o.delivery_point_id, [o]);
  }
  for (const [pointId, orders] of byPoint) {
    const sorted = orders.slice().sort((a, b) => a.window_start.localeCompare(b.window_start) || a.window_end.localeCompare(b.window_end) || a.id.localeCompare(b.id));
    let group: DayInput['orders'] = [];
    let start = 0;
    let end = 0;
    const flush = (): void => {
      if (group.length === 0) return;
      stops.push({ delivery_point_id: pointId, order_ids: group.map((o) => o.id), window: { start, end }, lock: 'none' });
      stopPlace.push(place(group[0] as DayInput['orders'][number]));
      group = [];
    };
    for (const o of sorted) {
      const s = secondsOf(o.window_start);
      const e = secondsOf(o.window_end);
      if (group.length > 0 && Math.max(start, s) < Math.min(end, e)) {
        start = Math.max(start, s);
        end = Math.min(end, e);
        group.push(o);
      } else {
        flush();
        group = [o];
        start = s;
        end = e;
      }
    }
    flush();
  }

  // Demand per stop.
  const demandOf = (s: StopInfo): number[] => {
    let g = 0;
    let ml = 0;
    let boxes = 0;
    for (const oid of s.order_ids) {
      const o = orderById.get(oid) as DayInput['orders'][number];
      for (const l of o.lines) {
        g += l.quantity * l.weight_g;
        ml += l.quantity * l.volume_ml;
      }
      boxes += o.boxes ?? 0;
    }
    return [g, ml, boxes];
  };
  const demands = stops.map(demandOf);

  // Vehicles: the given routes, then free riders on free bikes (biggest first).
  const riderById = new Map(d.riders.map((r) => [r.id, r]));
  const bikeById = new Map(d.bikes.map((b) => [b.id, b]));
  const capacityOf = (bikeId: string): DayLoad => {
    const b = bikeById.get(bikeId);
    if (!b) return { weight_g: Infinity, volume_ml: Infinity, boxes: Infinity };
    return { weight_g: b.capacity_kg * 1000, volume_ml: b.capacity_l * 1000, boxes: b.capacity_boxes ?? Infinity };
  };
  const vehicles: VehicleInfo[] = [];
  const riderRoutes = new Map<string, number[]>();
  const bikeRoutes = new Map<string, number[]>();
  d.routes.forEach((r, ri) => {
    vehicles.push({ route_id: r.id, rider_id: r.rider_id, bike_id: r.bike_id, capacity: capacityOf(r.bike_id), ...(r.planned_start ? { planned_start: secondsOf(r.planned_start) } : {}) });
    if (r.rider_id) riderRoutes.set(r.rider_id, [...(riderRoutes.get(r.rider_id) ?? []), ri]);
    if (r.bike_id) bikeRoutes.set(r.bike_id, [...(bikeRoutes.get(r.bike_id) ?? []), ri]);
    if (!r.bike_id) warnings.push({ kind: 'no_bike', route: ri, message: msg('domain.routing.noBike') });
    else if (!bikeById.has(r.bike_id)) warnings.push({ kind: 'no_bike', route: ri, message: msg('domain.routing.bikeUnavailable') });
    if (!r.rider_id) warnings.push({ kind: 'no_rider', route: ri, message: msg('domain.routing.noRider') });
  });
  for (const [, list] of riderRoutes) {
    if (list.length > 1) for (const ri of list) warnings.push({ kind: 'rider_twice', route: ri, message: msg('domain.routing.riderTwice', { n: list.length }) });
  }
  for (const [, list] of bikeRoutes) {
    if (list.length > 1) for (const ri of list) warnings.push({ kind: 'bike_twice', route: ri, message: msg('domain.routing.bikeTwice', { n: list.length }) });
  }
  const freeRiders = d.riders.filter((r) => !riderRoutes.has(r.id));
  const freeBikes = d.bikes
    .filter((b) => !bikeRoutes.has(b.id))
    .slice()
    .sort((a, b) => b.capacity_kg - a.capacity_kg || b.capacity_l - a.capacity_l || a.id.localeCompare(b.id));
  const pairs = Math.min(freeRiders.length, freeBikes.length, d.maxNewRoutes ?? Infinity);
  for (let k = 0; k < pairs; k += 1) {
    const rider = freeRiders[k] as DayInput['riders'][number];
    const bike = freeBikes[k] as DayInput['bikes'][number];
    vehicles.push({ route_id: null, rider_id: rider.id, bike_id: bike.id, capacity: capacityOf(bike.id) });
  }

  const shiftOf = (riderId: string): { start: number; end: number; max: number } => {
    const r = riderById.get(riderId);
    return {
      start: secondsOf(r?.shift_start ?? settings.shiftStart ?? d.hub.opens),
      end: secondsOf(r?.shift_end ?? settings.shiftEnd ?? d.hub.closes),
      max: minutesToSeconds(r?.max_shift_minutes ?? settings.maxShiftMinutes),
    };
  };

  const problem = (matrix: TravelMatrix, options: { hold?: boolean } = {}): RoutingProblem => {
    const jobs: RoutingJob[] = stops.map((s, i) => ({
      id: `s${i}`,
      location: stopPlace[i] as number,
      service: minutesToSeconds(settings.serviceMinutesPerStop + settings.serviceMinutesPerOrder * s.order_ids.length),
      window: s.window,
      demand: demands[i] as number[],
    }));
    const routingVehicles: RoutingVehicle[] = vehicles.map((v, k) => {
      const shift = shiftOf(v.rider_id);
      const initial: InitialStop[] = (routeStops[k] ?? []).map((si) => ({ job: `s${si}`, lock: (stops[si] as StopInfo).lock }));
      return {
        id: `v${k}`,
        start: 0,
        end: 0,
        shiftStart: shift.start,
        shiftEnd: Math.max(shift.start, shift.end),
        maxDuration: shift.max,
        capacity: [v.capacity.weight_g, v.capacity.volume_ml, v.capacity.boxes].map((c) => (Number.isFinite(c) ? c : Number.MAX_VALUE)),
        stops: initial,
      };
    });
    const base: RoutingProblem = { dimensions: ['weight_g', 'volume_ml', 'boxes'], matrix, jobs, vehicles: routingVehicles, distanceWeight: 0.001 };
    return withObjective(base, settings, options.hold ?? true);
  };

  const result = (prob: RoutingProblem, plan: PlanToCheck, stats: PlanStats | undefined, travel: 'estimate' | 'osrm'): DayPlanResult => {
    const check = checkPlan(prob, plan);
    const all: DayWarning[] = warnings.slice();
    const routes: DayPlanRoute[] = [];
    const routeIndexOfVehicle = new Map<string, number>();
    check.routes.forEach((cr) => {
      const k = Number(cr.vehicle.slice(1));
      const v = vehicles[k] as VehicleInfo;
      if (v.route_id === null && cr.stops.length === 0) return;
      routeIndexOfVehicle.set(cr.vehicle, routes.length);
      const merged: DayPlanStop[] = [];
      const jobLocks = new Map((prob.vehicles[k]?.stops ?? []).map((s) => [s.job, s.lock ?? 'none']));
      for (const cs of cr.stops) {
        const s = stops[Number(cs.job.slice(1))] as StopInfo;
        const prev = merged.at(-1);
        if (prev && prev.delivery_point_id === s.delivery_point_id && prev.lock === 'none' && (jobLocks.get(cs.job) ?? 'none') === 'none') {
          merged[merged.length - 1] = { ...prev, order_ids: [...prev.order_ids, ...s.order_ids], departure_s: cs.departure, late_s: Math.max(prev.late_s, cs.late) };
          continue;
        }
        merged.push({
          seq: merged.length + 1,
          delivery_point_id: s.delivery_point_id,
          order_ids: s.order_ids.slice(),
          eta: timeOf(cs.arrival),
          arrival_s: cs.arrival,
          start_s: cs.start,
          departure_s: cs.departure,
          waiting_s: cs.waiting,
          late_s: cs.late,
          window_start: timeOf(s.window.start),
          window_end: timeOf(s.window.end),
          lock: jobLocks.get(cs.job) ?? 'none',
        });
      }
      routes.push({
        route_id: v.route_id,
        rider_id: v.rider_id,
        bike_id: v.bike_id,
        planned_start: timeOf(cr.departure),
        end: timeOf(cr.arrival),
        start_s: cr.departure,
        end_s: cr.arrival,
        stops: merged,
        distance_m: Math.round(cr.distance),
        duration_s: Math.round(cr.duration),
        travel_s: Math.round(cr.travelTime),
        waiting_s: Math.round(cr.waiting),
        load: { weight_g: cr.load[0] ?? 0, volume_ml: cr.load[1] ?? 0, boxes: cr.load[2] ?? 0 },
        capacity: v.capacity,
        warnings: [],
      });
    });
    // Warnings given before planning point at the input's route order; new indices here.
    const inputRouteToResult = new Map<number, number>();
    vehicles.forEach((_, k) => {
      const idx = routeIndexOfVehicle.get(`v${k}`);
      if (idx !== undefined) inputRouteToResult.set(k, idx);
    });
    for (let i = 0; i < all.length; i += 1) {
      const w = all[i] as DayWarning;
      if (w.route !== undefined) all[i] = { ...w, route: inputRouteToResult.get(w.route) as number };
    }
    for (const v of check.violations) {
      const ri = v.vehicle !== undefined ? routeIndexOfVehicle.get(v.vehicle) : undefined;
      const job = v.job !== undefined ? stops[Number(v.job.slice(1))] : undefined;
      all.push(dayWarning(v, ri, job, label));
    }
    const withRoutes = routes.map((r, ri) => ({ ...r, warnings: all.filter((w) => w.route === ri) }));
    const unplanned: DayUnplanned[] = noLocation.slice();
    for (const u of plan.unassigned ?? []) {
      const jobId = typeof u === 'string' ? u : u.job;
      const s = stops[Number(jobId.slice(1))] as StopInfo;
      const reason = typeof u === 'string' ? 'not_planned' : ((u as { reason?: UnassignedReason }).reason ?? 'not_planned');
      unplanned.push({ delivery_point_id: s.delivery_point_id, order_ids: s.order_ids.slice(), reason, message: unplannedMessage(reason, s.order_ids.map(label)) });
    }
    let distance = 0;
    let duration = 0;
    let travelS = 0;
    let stopCount = 0;
    let orders = 0;
    for (const r of withRoutes) {
      distance += r.distance_m;
      duration += r.duration_s;
      travelS += r.travel_s;
      stopCount += r.stops.length;
      for (const s of r.stops) orders += s.order_ids.length;
    }
    return {
      routes: withRoutes,
      unplanned,
      warnings: all,
      summary: { routes: withRoutes.filter((r) => r.stops.length > 0).length, stops: stopCount, orders, distance_m: distance, duration_s: duration, travel_s: travelS },
      ...(stats ? { stats } : {}),
      lowerBound: routeLowerBound(prob),
      objective: settings.objective ?? 'min-vehicles',
      travel,
    };
  };

  return { locations, settings, problem, result };
}

function unplannedMessage(reason: UnassignedReason | 'not_planned', orders: readonly string[]): DomainMessage {
  const vars = { orders: orders.join(', ') };
  switch (reason) {
    case 'not_planned':
      return msg('domain.routing.unplanned.notPlanned', vars);
    case 'capacity':
      return msg('domain.routing.unplanned.capacity', vars);
    case 'time_window':
      return msg('domain.routing.unplanned.timeWindow', vars);
    case 'shift_length':
      return msg('domain.routing.unplanned.shiftLength', vars);
    case 'no_vehicle':
      return msg('domain.routing.unplanned.noVehicle', vars);
    default:
      return msg('domain.routing.unplanned.other', vars);
  }
}

function dayWarning(v: Violation, route: number | undefined, stop: StopInfo | undefined, label: (id: string) => string): DayWarning {
  const base = { kind: v.kind, ...(route !== undefined ? { route } : {}), ...(stop ? { order_ids: stop.order_ids.slice() } : {}), ...(v.amount !== undefined ? { amount: v.amount } : {}) };
  const orders = stop ? stop.order_ids.map(label).join(', ') : '';
  const time = minutesText(v.amount ?? 0);
  switch (v.kind) {
    case 'time_window':
      return { ...base, message: msg('domain.routing.late', { time, from: timeOf(stop?.window.start ?? 0), to: timeOf(stop?.window.end ?? 0), orders }) };
    case 'capacity': {
      const [key, per] = v.dimension === 'weight_g' ? (['domain.routing.overWeight', 1000] as const) : v.dimension === 'volume_ml' ? (['domain.routing.overVolume', 1000] as const) : (['domain.routing.overBoxes', 1] as const);
      return { ...base, message: msg(key, { amount: Math.ceil(((v.amount ?? 0) / per) * 10) / 10 }) };
    }
    case 'shift_end':
      return { ...base, message: msg('domain.routing.shiftEnd', { time }) };
    case 'shift_length':
      return { ...base, message: msg('domain.routing.shiftLength', { time }) };
    case 'shift_start':
      return { ...base, message: msg('domain.routing.shiftStart', { time }) };
    default:
      // The independent checker's own finding (src/domain/routing/check.ts), as it words it.
      return { ...base, message: msg('domain.routing.checker', { detail: v.message }) };
  }
}

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

// ── Objectives ───────────────────────────────────────────────────────────────────────────────

/** Share of slack over the day's estimated work ÷ riders a balanced route may take. */
const BALANCE_SLACK = 1.35;

/**
 * The day problem for the hub's objective:
 * - `min-vehicles`: the optimiser's fewest-routes objective;
 * - with a cost per route and per hour (both given): each route costs its rider's day, converted
 *   to seconds at the hourly cost, and the optimiser weighs routes against time (objective `cost`);
 * - `balanced`: objective `cost`, and each route's longest duration is held to the day's work
 *   (service, plus each stop's nearest leg, plus a return to the hub per route) ÷ the riders
 *   available, with some slack, so the work is shared. It never goes below what the longest
 *   single-stop route needs; when stops are left out for it, `balancedFallback` lifts the hold.
 */
export function withObjective(problem: RoutingProblem, settings: Partial<DayPlanSettings>, hold = true): RoutingProblem {
  const objective = settings.objective ?? 'min-vehicles';
  const { costPerRoute, costPerHour } = settings;
  if (costPerRoute !== undefined && costPerHour !== undefined && costPerRoute > 0 && costPerHour > 0) {
    const fixedCost = (costPerRoute / costPerHour) * 3600;
    return { ...problem, objective: 'cost', vehicles: problem.vehicles.map((v) => ({ ...v, fixedCost })) };
  }
  if (objective === 'min-vehicles') return { ...problem, objective: 'min-vehicles' };
  if (!hold) return { ...problem, objective: 'cost' };
  const cap = balancedDuration(problem);
  return {
    ...problem,
    objective: 'cost',
    vehicles: problem.vehicles.map((v) => (v.stops?.some((s) => s.lock === 'route' || s.lock === 'position') ? v : { ...v, maxDuration: Math.min(v.maxDuration ?? Infinity, cap) })),
  };
}

function balancedDuration(problem: RoutingProblem): number {
  const { jobs, vehicles, matrix } = problem;
  const m = Math.max(1, vehicles.length);
  const size = matrix.size;
  const t = (a: number, b: number): number => matrix.durations[a * size + b] as number;
  let work = 0;
  let longestAlone = 0;
  const depot = vehicles[0]?.start ?? 0;
  let depotLegs = 0;
  for (const j of jobs) {
    let nearest = t(depot, j.location);
    for (const k of jobs) if (k !== j && t(j.location, k.location) < nearest) nearest = t(j.location, k.location);
    work += j.service + nearest;
    depotLegs += t(depot, j.location) + t(j.location, depot);
    longestAlone = Math.max(longestAlone, t(depot, j.location) + j.service + t(j.location, depot));
  }
  if (jobs.length > 0) work += m * (depotLegs / jobs.length);
  return Math.ceil(Math.max(longestAlone, (BALANCE_SLACK * work) / m));
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
