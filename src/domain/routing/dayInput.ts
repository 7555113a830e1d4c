/**
 * The input of a hub's day plan (./day.ts): the day's orders as the planner sees them (point,
 * position, window, lines), the routes already drawn with their stops and locks, the riders and
 * bikes available, and the planning settings — validated with Spanish messages that say where.
 * Times are `HH:mm` here and seconds after midnight inside the optimiser (`secondsOf`, `timeOf`).
 */
import { z } from 'zod';
import { msg, saying, worded } from '../messages';
import { DEFAULT_TRAVEL_SETTINGS } from './matrix';
import { RoutingInputError } from './instance';
import { humanPath } from '../validation';


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
export type DayInput = z.output<typeof dayPlanInputSchema>;

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

/** Validates the input (throws RoutingInputError with messages in the interface's language, and where). */
export function parseDayInput(input: DayPlanInput): DayInput {
  const parsed = dayPlanInputSchema.safeParse(input);
  if (!parsed.success) {
    throw new RoutingInputError(parsed.error.issues.map((i) => msg('domain.routing.day.issue', { where: humanPath(i.path) || msg('domain.routing.day.input'), message: i.message })));
  }
  return parsed.data;
}
