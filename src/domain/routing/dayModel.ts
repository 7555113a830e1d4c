/**
 * A day's input in the optimiser's terms (./day.ts): stops (a delivery point's orders whose windows
 * overlap), vehicles (the given routes, then free riders on free bikes), the routing problem over
 * any travel matrix, and a plan turned back into the board's result with its warnings.
 */
import { checkPlan, type PlanToCheck, type Violation } from './check';
import { msg, type DomainMessage } from '../messages';
import type { LatLng, TravelMatrix } from './matrix';
import type { InitialStop, PlanStats, RoutingJob, RoutingProblem, RoutingVehicle, StopLock, UnassignedReason } from './model';
import { routeLowerBound } from './lowerBound';
import { DEFAULT_DAY_SETTINGS, minutesToSeconds, parseDayInput, secondsOf, timeOf, type DayInput, type DayPlanInput, type DayPlanSettings } from './dayInput';
import type { DayLoad, DayPlanResult, DayPlanRoute, DayPlanStop, DayUnplanned, DayWarning } from './dayResult';
import { withObjective } from './dayObjective';

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

function minutesText(seconds: number): string {
  const m = Math.max(1, Math.round(seconds / 60));
  return m >= 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m} min`;
}

const hasLocation = (o: { lat: number | null; lng: number | null }): boolean => o.lat !== null && o.lng !== null && !(o.lat === 0 && o.lng === 0);

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

