/**
 * A day's plan as a whole (issue 11, 27): saving an optimiser proposal, storing the evaluated
 * times, publishing, bringing back carried-over orders and repairing a day's order ↔ route
 * problems. Each is an action (./action.ts `defineAction`): all its documents or none, routes in
 * the order ./planningCore.ts `Changes` gives them.
 */
import { ActionError } from './actionError';
import type { Order, Route, RouteStop } from '../domain/entities/operation';
import type { DayPlanResult } from '../domain/routing/day';
import { carryOverOrders } from '../domain/routing/carryOver';
import { repairDay, type IntegrityProblem } from '../domain/routing/integrity';
import {
  isEditableRoute,
  nextRouteCode,
  publishProblems,
  removeOrdersFromStops,
  withTimes,
} from '../domain/routing/edit';
import { checkTransition, routeMachine } from '../domain/status/machines';
import { t } from '../i18n';
import { statusText } from '../i18n/status';

import {
  Changes,
  PLANNABLE_ORDER,
  changedRoute,
  claimOrders,
  loadOrders,
  loadRoute,
  newRouteId,
  refuseUnlocated,
  releaseOrders,
  requireOps,
} from './planningCore';
import { z } from 'zod';
import { defineAction } from './action';

// ── Optimiser proposals and publishing ───────────────────────────────────────────────────────

/** An optimiser's result (src/domain/routing/day.ts; made by the app, checked for its routes here, each document by its schema when written). */
const dayPlanArg = z.custom<DayPlanResult>((v) => typeof v === 'object' && v !== null && Array.isArray((v as { routes?: unknown }).routes));

function stopsOf(r: DayPlanResult['routes'][number]): RouteStop[] {
  return r.stops.map((s, i) => ({ seq: i + 1, delivery_point_id: s.delivery_point_id, order_ids: [...s.order_ids], eta: s.eta, ...(s.lock !== 'none' ? { lock: s.lock } : {}) }));
}

/**
 * Saves an optimiser proposal of a day and hub: the given routes get their new stops, times and
 * distance; new routes are made as drafts; orders left out go back to «Pendiente». Returns the ids
 * of the routes written.
 */
export const saveDayPlan = defineAction({
  name: 'planning.saveDayPlan',
  args: z.object({ date: z.string(), hub: z.number(), result: dayPlanArg }),
  run: async ({ tx, args: { date, hub, result }, actor }): Promise<string[]> => {
    requireOps(actor);
    const dayRoutes = await tx.find('routes', { selector: { date, hub } });
    const codes = dayRoutes.map((r) => r.code);
    const written: string[] = [];
    const onPlan = new Set(result.routes.flatMap((r) => r.stops.flatMap((s) => s.order_ids)));
    const before = new Set(dayRoutes.filter(isEditableRoute).flatMap((r) => r.stops.flatMap((s) => s.order_ids)));
    const changes = new Changes();
    // Every order of the plan, read once (an order on another route of the board moves with it).
    const planOrders = new Map((await loadOrders(tx, [...onPlan])).map((o) => [o.id, o]));
    const routeById = new Map(dayRoutes.map((r) => [r.id, r]));
    const checkOrders = (route: Pick<Route, 'id' | 'date' | 'hub'>, ids: readonly string[]): Order[] =>
      ids.map((id) => {
        const o = planOrders.get(id) as Order;
        if (o.date !== route.date || o.hub !== route.hub) throw new ActionError('planning.errors.orderOtherDay', { order: o.code, date: o.date, hub: o.hub }, 'order_other_day');
        if (!PLANNABLE_ORDER.has(o.status)) throw new ActionError('planning.errors.orderLocked', { order: o.code }, 'order_locked');
        const other = o.route_id !== '' && o.route_id !== route.id ? routeById.get(o.route_id) : undefined;
        if (other && !isEditableRoute(other)) throw new ActionError('planning.errors.orderLocked', { order: o.code }, 'order_locked');
        return o;
      });
    await refuseUnlocated(tx, [...planOrders.values()]);
    for (const r of result.routes) {
      const orderIds = r.stops.flatMap((s) => s.order_ids);
      if (r.route_id !== null) {
        const existing = routeById.get(r.route_id);
        if (!existing) throw new ActionError('planning.errors.routeNotFound', { id: r.route_id }, 'route_not_found');
        if (!isEditableRoute(existing)) throw new ActionError('planning.errors.routeLocked', { route: existing.name, status: statusText(routeMachine, existing.status) }, 'route_locked');
        changes.route(await changedRoute(tx, actor, changes.seen(existing), { stops: stopsOf(r), rider_id: r.rider_id, bike_id: r.bike_id, planned_start: r.planned_start, distance_m: Math.min(1_000_000, r.distance_m) }));
        claimOrders(changes, checkOrders(existing, orderIds), existing.id);
        written.push(existing.id);
        continue;
      }
      if (r.stops.length === 0) continue;
      const code = nextRouteCode(date, hub, codes);
      codes.push(code);
      const id = newRouteId();
      const orders = checkOrders({ id, date, hub }, orderIds);
      changes.route({
        id,
        code,
        name: t('planning.newRouteName', { n: code.slice(code.lastIndexOf('-') + 1), date: `${date.slice(8, 10)}/${date.slice(5, 7)}` }),
        hub,
        date,
        rider_id: r.rider_id,
        bike_id: r.bike_id,
        status: 'draft',
        status_id: '',
        stops: stopsOf(r),
        planned_start: r.planned_start,
        distance_m: Math.min(1_000_000, r.distance_m),
        cancel_reason: '',
        updated_at: tx.now,
      });
      claimOrders(changes, orders, id);
      written.push(id);
    }
    // Routes of the day the plan does not name keep their stops, less the orders it put elsewhere.
    for (const r of dayRoutes) {
      if (!isEditableRoute(r) || changes.routes.has(r.id)) continue;
      const moved = r.stops.flatMap((s) => s.order_ids).filter((id) => onPlan.has(id));
      if (moved.length > 0) changes.route(await changedRoute(tx, actor, changes.seen(r), { stops: removeOrdersFromStops(r.stops, moved) }));
    }
    await releaseOrders(tx, changes, [...before].filter((id) => !onPlan.has(id)));
    changes.write(tx);
    return written;
  },
});

/**
 * Writes the evaluated times of the board's routes (ETAs, departure, distance) — after hand edits
 * the stored ETAs are the board's last evaluation.
 */
export const saveTimes = defineAction({
  name: 'planning.saveTimes',
  args: z.object({ evaluation: dayPlanArg }),
  run: async ({ tx, args: { evaluation }, actor }): Promise<void> => {
    requireOps(actor);
    const ids = evaluation.routes.flatMap((r) => (r.route_id === null ? [] : [r.route_id]));
    const found = await tx.findByIds('routes', ids);
    const changes = new Changes();
    for (const r of evaluation.routes) {
      if (r.route_id === null) continue;
      const route = found.get(r.route_id);
      if (!route) continue;
      if (!isEditableRoute(route)) continue;
      const stops = withTimes(route.stops, r.stops);
      const distance = Math.min(1_000_000, r.distance_m);
      const same = stops.every((s, i) => s.eta === route.stops[i]?.eta) && route.planned_start === r.planned_start && route.distance_m === distance;
      if (!same) changes.route(await changedRoute(tx, actor, changes.seen(route), { stops, planned_start: r.planned_start, distance_m: distance }));
    }
    changes.write(tx);
  },
});

/**
 * Publishes draft routes («Borrador» → «Planificada»): each needs a rider and stops. Nothing is
 * published when any route cannot be (the reasons name every problem).
 */
export const publishRoutes = defineAction({
  name: 'planning.publishRoutes',
  args: z.object({ routeIds: z.array(z.string().min(1)) }),
  run: async ({ tx, args: { routeIds }, actor }): Promise<void> => {
    requireOps(actor);
    const routes = await Promise.all(routeIds.map((id) => loadRoute(tx, id)));
    const problems = routes.flatMap((r) => {
      const step = checkTransition(routeMachine, r.status, 'planned', actor.role);
      return step.ok ? publishProblems(r).map((p) => p.message) : [step.reason];
    });
    if (problems.length > 0) throw ActionError.worded(problems.join('. '), 'cannot_publish');
    const changes = new Changes();
    for (const r of routes) changes.route(await changedRoute(tx, actor, changes.seen(r), { status: 'planned' }));
    changes.write(tx);
  },
});

/**
 * Brings orders of earlier days to `date` (re-planning carry-over): those of `orderIds` that
 * `carryOverOrders` still brings (a cancelled route, a failure marked «reprogramar») become
 * «Pendiente» orders of `date` with no route, among the day's unplanned ones. Returns how many
 * were brought (an order planned or changed meanwhile elsewhere is left alone).
 */
export const bringCarriedOrders = defineAction({
  name: 'planning.bringCarriedOrders',
  args: z.object({ date: z.string(), hub: z.number(), orderIds: z.array(z.string()) }),
  run: async ({ tx: read, args: { date, hub, orderIds }, actor }): Promise<number> => {
    requireOps(actor);
    const orders = [...(await read.findByIds('orders', orderIds)).values()];
    const routeIds = [...new Set(orders.map((o) => o.route_id).filter((id) => id !== ''))];
    const routes = await read.findByIds('routes', routeIds);
    const events = routeIds.length > 0 ? await read.find('deliveries', { selector: { route_id: { $in: routeIds } } }) : [];
    const brought = carryOverOrders(date, hub, orders, routes, events);
    const changes = new Changes();
    for (const { order } of brought) changes.order({ ...order, date, route_id: '', status: 'pending', status_id: '' });
    changes.write(read);
    return brought.length;
  },
});

/**
 * «Reparar el día» (issue 27): settles what data written before the planning's invariants were
 * enforced left broken on a day and hub (src/domain/routing/integrity.ts `repairDay`), as one
 * action. Returns how many documents it wrote and the problems only a person can settle.
 */
export const repairDayPlan = defineAction({
  name: 'planning.repairDayPlan',
  args: z.object({ date: z.string(), hub: z.number() }),
  run: async ({ tx: read, args: { date, hub }, actor }): Promise<{ written: number; left: IntegrityProblem[] }> => {
    requireOps(actor);
    const routes = await read.find('routes', { selector: { date, hub } });
    const dayOrders = await read.find('orders', { selector: { date, hub } });
    const have = new Set(dayOrders.map((o) => o.id));
    const listed = [...new Set(routes.flatMap((r) => r.stops.flatMap((s) => s.order_ids)))].filter((id) => !have.has(id));
    const others = [...(await read.findByIds('orders', listed)).values()];
    const fix = repairDay({ date, hub }, routes, [...dayOrders, ...others]);
    const changes = new Changes();
    for (const r of fix.routes) changes.route(await changedRoute(read, actor, routes.find((x) => x.id === r.id) ?? r, { stops: r.stops }));
    for (const o of fix.orders) changes.order(o);
    changes.write(read);
    return { written: fix.routes.length + fix.orders.length, left: fix.left };
  },
});
