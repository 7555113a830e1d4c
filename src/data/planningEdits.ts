/**
 * The route form and the planning board's hand edits (issue 11): create or change a route, put
 * orders on it, move, lock and remove stops, assign rider and bike, place a point on the map. Each
 * is an action (./action.ts `defineAction`, called `action(engine, args, actor)`): it writes all
 * its documents or none, routes in the order ./planningCore.ts `Changes` gives them.
 */
import { ActionError } from './actionError';
import type { DeliveryPoint, Route } from '../domain/entities/operation';
import {
  addOrdersToStops,
  canInsertStopAt,
  canMoveStop,
  canPlaceStop,
  insertOrdersAt,
  lockStopAt,
  moveStopBy,
  nextRouteCode,
  placePointPatch,
  placeStopAt,
  publishProblems,
  removeStopAt,
} from '../domain/routing/edit';
import { ROUTE_STATUSES, checkTransition, routeMachine } from '../domain/status/machines';
import { t } from '../i18n';
import { ValidationFailed } from './writes';

import {
  Changes,
  changedRoute,
  claimOrders,
  detachFromOtherRoutes,
  loadEditableRoute,
  loadOrders,
  loadRoute,
  newRouteId,
  patchRoute,
  plannableOrders,
  releaseOrders,
  requireOps,
} from './planningCore';
import { z } from 'zod';
import { defineAction } from './action';

/** What the route form edits (checked by the route's schema when written: refusals name the field). */
const routeFieldsArg = z.object({
  name: z.string(),
  date: z.string(),
  hub: z.number(),
  rider_id: z.string(),
  bike_id: z.string(),
  planned_start: z.string(),
  status: z.enum(ROUTE_STATUSES),
  cancel_reason: z.string(),
});
export type RouteFields = z.input<typeof routeFieldsArg>;

const routeId = z.string().min(1);
const seqArg = z.number().int();

/**
 * Creates (`id` null) or changes a route from the form. The status may only take a step of the
 * route machine the actor's role may take; a route with stops keeps its day and hub (its orders
 * are of that day and hub); cancelling sends its orders back to «Pendiente».
 */
export const saveRoute = defineAction({
  name: 'planning.saveRoute',
  args: z.object({ id: z.string().min(1).nullable(), fields: routeFieldsArg }),
  run: async ({ tx, args: { id, fields }, actor }): Promise<Route> => {
    requireOps(actor);
    if (id === null) {
      if (fields.status !== routeMachine.initial) throw new ValidationFailed([{ path: 'status', message: t('planning.errors.newRouteStatus') }]);
      const codes = (await tx.find('routes', { selector: { date: fields.date, hub: fields.hub } })).map((d) => d.code);
      const route: Route = {
        id: newRouteId(),
        code: nextRouteCode(fields.date, fields.hub, codes),
        name: fields.name,
        hub: fields.hub,
        date: fields.date,
        rider_id: fields.rider_id,
        bike_id: fields.bike_id,
        status: fields.status,
        status_id: '',
        stops: [],
        planned_start: fields.planned_start,
        distance_m: 0,
        cancel_reason: '',
        updated_at: tx.now,
      };
      tx.put('routes', route);
      return route;
    }
    const existing = await loadRoute(tx, id);
    const step = checkTransition(routeMachine, existing.status, fields.status, actor.role);
    if (!step.ok) throw new ValidationFailed([{ path: 'status', message: step.reason }]);
    const errors: { path: string; message: string }[] = [];
    if (existing.stops.length > 0 && fields.date !== existing.date) errors.push({ path: 'date', message: t('planning.errors.dateWithStops') });
    if (existing.stops.length > 0 && fields.hub !== existing.hub) errors.push({ path: 'hub', message: t('planning.errors.hubWithStops') });
    if (fields.status === 'planned' && existing.status === 'draft') {
      for (const p of publishProblems({ ...existing, rider_id: fields.rider_id })) errors.push({ path: p.path === 'stops' ? 'status' : p.path, message: p.message });
    }
    if (errors.length > 0) throw new ValidationFailed(errors);
    const cancelling = fields.status === 'cancelled' && existing.status !== 'cancelled';
    const released = cancelling ? existing.stops.flatMap((s) => s.order_ids) : [];
    const changes = new Changes();
    const saved = changes.route(await changedRoute(tx, actor, changes.seen(existing), {
      name: fields.name,
      date: fields.date,
      hub: fields.hub,
      rider_id: fields.rider_id,
      bike_id: fields.bike_id,
      planned_start: fields.planned_start,
      status: fields.status,
      cancel_reason: fields.status === 'cancelled' ? fields.cancel_reason : '',
      ...(cancelling ? { stops: [] } : {}),
    }));
    await releaseOrders(tx, changes, released);
    changes.write(tx);
    return saved;
  },
});

// ── Planning board: hand edits ───────────────────────────────────────────────────────────────

const newRouteArgs = z.object({
  date: z.string(),
  hub: z.number(),
  orderIds: z.array(z.string()),
  rider_id: z.string().optional(),
  bike_id: z.string().optional(),
  planned_start: z.string().optional(),
});
export type NewRouteInput = z.input<typeof newRouteArgs>;

/** A new draft route with these orders (one stop per delivery point, in the given order). */
export const createRouteWithOrders = defineAction({
  name: 'planning.createRouteWithOrders',
  args: newRouteArgs,
  run: async ({ tx, args: input, actor }): Promise<Route> => {
    requireOps(actor);
    if (input.orderIds.length === 0) throw new ActionError('planning.errors.noOrders', {}, 'no_orders');
    const codes = (await tx.find('routes', { selector: { date: input.date, hub: input.hub } })).map((d) => d.code);
    const code = nextRouteCode(input.date, input.hub, codes);
    const id = newRouteId();
    const orders = await plannableOrders(tx, { id, date: input.date, hub: input.hub }, input.orderIds);
    const changes = new Changes();
    await detachFromOtherRoutes(tx, actor, changes, orders, id);
    const route: Route = {
      id,
      code,
      name: t('planning.newRouteName', { n: code.slice(code.lastIndexOf('-') + 1), date: `${input.date.slice(8, 10)}/${input.date.slice(5, 7)}` }),
      hub: input.hub,
      date: input.date,
      rider_id: input.rider_id ?? '',
      bike_id: input.bike_id ?? '',
      status: 'draft',
      status_id: '',
      stops: addOrdersToStops([], orders, input.planned_start ?? '00:00'),
      planned_start: input.planned_start ?? '08:00',
      distance_m: 0,
      cancel_reason: '',
      updated_at: tx.now,
    };
    changes.route(route);
    claimOrders(changes, orders, id);
    changes.write(tx);
    return route;
  },
});

/** Adds orders to a route (joining the stop of their point, else new stops at the end). */
export const addOrdersToRoute = defineAction({
  name: 'planning.addOrdersToRoute',
  args: z.object({ routeId, orderIds: z.array(z.string()) }),
  run: async ({ tx, args, actor }): Promise<Route> => {
    requireOps(actor);
    const route = await loadEditableRoute(tx, args.routeId);
    const orders = await plannableOrders(tx, route, args.orderIds);
    const changes = new Changes();
    await detachFromOtherRoutes(tx, actor, changes, orders, args.routeId);
    const saved = changes.route(await changedRoute(tx, actor, changes.seen(route), { stops: addOrdersToStops(route.stops, orders, route.stops.at(-1)?.eta ?? route.planned_start) }));
    claimOrders(changes, orders, args.routeId);
    changes.write(tx);
    return saved;
  },
});

/** Moves a stop one place up (-1) or down (+1). */
export const moveStop = defineAction({
  name: 'planning.moveStop',
  args: z.object({ routeId, seq: seqArg, delta: z.union([z.literal(-1), z.literal(1)]) }),
  run: async ({ tx, args: { routeId, seq, delta }, actor }): Promise<Route> => {
    requireOps(actor);
    const route = await loadEditableRoute(tx, routeId);
    if (seq < 1 || seq > route.stops.length) throw new ActionError('planning.errors.stopNotFound', { seq, route: route.name }, 'stop_not_found');
    if (!canMoveStop(route.stops, seq, delta)) throw new ActionError('planning.errors.stopLocked', { seq, route: route.name }, 'stop_locked');
    return patchRoute(tx, actor, route, { stops: moveStopBy(route.stops, seq, delta) });
  },
});

/**
 * Moves a stop (with its orders) to another route of the same day and hub: at the end, or at
 * place `toSeq` (a drag on the board). When that route already visits the point, the orders join
 * its stop. A place that would shift a stop locked in place is refused.
 */
export const moveStopToRoute = defineAction({
  name: 'planning.moveStopToRoute',
  args: z.object({ fromId: routeId, seq: seqArg, toId: routeId, toSeq: seqArg.optional() }),
  run: async ({ tx, args: { fromId, seq, toId, toSeq }, actor }): Promise<void> => {
    requireOps(actor);
    if (fromId === toId) return;
    const from = await loadEditableRoute(tx, fromId);
    const to = await loadEditableRoute(tx, toId);
    if (from.date !== to.date || from.hub !== to.hub) throw new ActionError('planning.errors.routeOtherDay', { route: to.name }, 'other_day');
    const stop = from.stops[seq - 1];
    if (!stop) throw new ActionError('planning.errors.stopNotFound', { seq, route: from.name }, 'stop_not_found');
    if (stop.lock !== undefined) throw new ActionError('planning.errors.stopLockedOut', { seq, route: from.name }, 'stop_locked');
    const place = toSeq ?? to.stops.length + 1;
    if (!canInsertStopAt(to.stops, stop.delivery_point_id, place)) throw new ActionError('planning.errors.dropLocked', { seq: place, route: to.name }, 'stop_locked');
    const orders = await loadOrders(tx, stop.order_ids);
    const changes = new Changes();
    changes.route(await changedRoute(tx, actor, changes.seen(from), { stops: removeStopAt(from.stops, seq).stops }));
    changes.route(await changedRoute(tx, actor, changes.seen(to), { stops: insertOrdersAt(to.stops, orders, place, stop.eta) }));
    claimOrders(changes, orders, toId);
    changes.write(tx);
  },
});

/** Drags a stop to place `to` of its own route; refused when a stop locked in place would move. */
export const placeStop = defineAction({
  name: 'planning.placeStop',
  args: z.object({ routeId, seq: seqArg, to: seqArg }),
  run: async ({ tx, args: { routeId, seq, to }, actor }): Promise<Route> => {
    requireOps(actor);
    const route = await loadEditableRoute(tx, routeId);
    if (seq < 1 || seq > route.stops.length) throw new ActionError('planning.errors.stopNotFound', { seq, route: route.name }, 'stop_not_found');
    if (to === seq) return route;
    if (!canPlaceStop(route.stops, seq, to)) throw new ActionError('planning.errors.placeLocked', { seq, to, route: route.name }, 'stop_locked');
    return patchRoute(tx, actor, route, { stops: placeStopAt(route.stops, seq, to) });
  },
});

/**
 * Locks a stop in place (`position`: the optimiser keeps it on this route at this place) or frees
 * it (`none`).
 */
export const lockStop = defineAction({
  name: 'planning.lockStop',
  args: z.object({ routeId, seq: seqArg, lock: z.enum(['position', 'route', 'none']) }),
  run: async ({ tx, args: { routeId, seq, lock }, actor }): Promise<Route> => {
    requireOps(actor);
    const route = await loadEditableRoute(tx, routeId);
    if (seq < 1 || seq > route.stops.length) throw new ActionError('planning.errors.stopNotFound', { seq, route: route.name }, 'stop_not_found');
    return patchRoute(tx, actor, route, { stops: lockStopAt(route.stops, seq, lock) });
  },
});

/** Removes a stop: its orders go back to the unplanned ones. */
export const removeStop = defineAction({
  name: 'planning.removeStop',
  args: z.object({ routeId, seq: seqArg }),
  run: async ({ tx, args: { routeId, seq }, actor }): Promise<Route> => {
    requireOps(actor);
    const route = await loadEditableRoute(tx, routeId);
    if (seq < 1 || seq > route.stops.length) throw new ActionError('planning.errors.stopNotFound', { seq, route: route.name }, 'stop_not_found');
    const { stops, orderIds } = removeStopAt(route.stops, seq);
    const changes = new Changes();
    const saved = changes.route(await changedRoute(tx, actor, changes.seen(route), { stops }));
    await releaseOrders(tx, changes, orderIds);
    changes.write(tx);
    return saved;
  },
});

/** Assigns the rider and the bike of a route on the board. */
export const assignRoute = defineAction({
  name: 'planning.assignRoute',
  args: z.object({ routeId, change: z.object({ rider_id: z.string().optional(), bike_id: z.string().optional() }) }),
  run: async ({ tx, args: { routeId, change }, actor }): Promise<Route> => {
    requireOps(actor);
    const patch = { ...(change.rider_id !== undefined ? { rider_id: change.rider_id } : {}), ...(change.bike_id !== undefined ? { bike_id: change.bike_id } : {}) };
    return patchRoute(tx, actor, await loadEditableRoute(tx, routeId), patch);
  },
});

/**
 * Places a delivery point «sin ubicación» on the map (the board's «Ubicar»): it gets the chosen
 * latitude and longitude and is located from then on, so its orders can be planned. The position
 * comes as typed (a number or not): a bad one is refused next to its field.
 */
export const placePoint = defineAction({
  name: 'planning.placePoint',
  args: z.object({ pointId: z.string(), lat: z.unknown(), lng: z.unknown() }),
  run: async ({ tx, args, actor }): Promise<DeliveryPoint> => {
    requireOps(actor);
    const point = await tx.get('delivery_points', args.pointId);
    if (!point) throw new ActionError('planning.errors.pointNotFound', { id: args.pointId }, 'point_not_found');
    const placed = placePointPatch(args.lat, args.lng);
    if (!placed.ok) throw new ValidationFailed([{ path: placed.field, message: t(placed.field === 'lat' ? 'planning.place.latInvalid' : 'planning.place.lngInvalid') }]);
    tx.patch('delivery_points', args.pointId, placed.patch);
    return { ...point, ...placed.patch };
  },
});
