/**
 * The statuses of orders and routes follow the picking events (issue 12): settling a route after
 * each action and when events arrive from another tablet, and the operator's forced «Preparada».
 */
import { z } from 'zod';
import { ActionError } from './actionError';
import { auditTime, merge, type Subscription } from 'rxjs';
import type { SystemRole } from '../domain/access/groups';
import type { Order } from '../domain/entities/operation';
import { FORCE_REASON_MAX, FORCE_REASON_MIN, checkForceReady, forcedOrderSettlement, orderSettlement, routeSettlement, type OrderChanges } from '../domain/picking';
import { MACHINES, checkReachable, type RouteStatus } from '../domain/status/machines';
import { actorHubs, defineAction, serialized, type ActionEngine, type Actor, type Tx } from './action';
import { assertPickable, assertPicker, pickingStateOf } from './pickingCore';

// ── Statuses follow the events ───────────────────────────────────────────────────────────────

export interface Settlement {
  /** The route's new status, or null when it did not change. */
  readonly route: RouteStatus | null;
  /** Orders whose status, picking status or picked quantities changed. */
  readonly orders: readonly string[];
}

export function patchOrder(tx: Tx, order: Order, changes: OrderChanges, role: SystemRole): boolean {
  if (changes.status && !checkReachable(MACHINES.order, order.status, changes.status, role).ok) return false;
  if (changes.picking_status && !checkReachable(MACHINES.picking, order.picking_status, changes.picking_status, role).ok) return false;
  tx.patch('orders', order.id, changes);
  return true;
}

/** Brings the statuses of a route and its orders in line with their events, as this action sees them (its own events included). */
export async function settle(tx: Tx, routeId: string, actor: Actor): Promise<Settlement> {
  if (actor.role !== 'operator' && actor.role !== 'admin') return { route: null, orders: [] };
  const state = await pickingStateOf(tx, routeId);
  const { route, progress } = state;
  if (actor.role === 'operator' && !actorHubs(actor).includes(route.hub)) return { route: null, orders: [] };
  const target = routeSettlement(route, progress);
  const routePicking = route.status === 'picking' || target !== null;
  const changed: string[] = [];
  const byId = new Map(progress.orders.map((o) => [o.order_id, o]));
  for (const order of state.orders) {
    const p = byId.get(order.id);
    const changes = p ? orderSettlement(order, p, routePicking) : null;
    if (changes && patchOrder(tx, order, changes, actor.role)) changed.push(order.id);
  }
  if (target && checkReachable(MACHINES.route, route.status, target, actor.role).ok) {
    tx.patch('routes', route.id, { status: target });
    return { route: target, orders: changed };
  }
  return { route: null, orders: changed };
}

/** Brings a route's and its orders' statuses in line with their picking events (idempotent). */
export const settleRoutePicking = serialized(
  defineAction({
    name: 'picking.settleRoute',
    args: z.object({ route_id: z.string().min(1) }),
    run: ({ tx, args, actor }) => settle(tx, args.route_id, actor),
  }),
  (args) => `picking:${args.route_id}`,
);

/**
 * Settles the routes whose picking events change in this database (events synchronised from
 * another tablet included). Returns the function that stops watching.
 */
export function watchPickingSettlement(engine: ActionEngine, actor: Actor, opts: { debounceMs?: number; onError?: (err: unknown) => void } = {}): () => void {
  const pending = new Set<string>();
  const collect = (doc: { route_id?: unknown }) => {
    if (typeof doc.route_id === 'string' && doc.route_id !== '') pending.add(doc.route_id);
  };
  const changes = merge(engine.db.picks.$, engine.db.incidences.$);
  const subs: Subscription[] = [
    changes.subscribe((ev) => collect(ev.documentData as { route_id?: unknown })),
    changes.pipe(auditTime(opts.debounceMs ?? 300)).subscribe(() => {
      const ids = [...pending];
      pending.clear();
      for (const id of ids) {
        settleRoutePicking(engine, { route_id: id }, actor).catch((err: unknown) => {
          if (!(err instanceof ActionError)) opts.onError?.(err);
        });
      }
    }),
  ];
  return () => subs.forEach((s) => s.unsubscribe());
}

// ── The operator's forced «Preparada» ────────────────────────────────────────────────────────

/**
 * Declares a route «Preparada» before every line is picked or covered, with a reason: its
 * orders become «Preparado» (picking «Incompleto» where something is missing) with the picked
 * quantities cached. Returns false when the route was already ready (a second press).
 */
export const forceRouteReady = serialized(
  defineAction({
    name: 'picking.forceRouteReady',
    args: z.object({ route_id: z.string().min(1), reason: z.string() }),
    run: async ({ tx, args, actor }) => {
      const state = await pickingStateOf(tx, args.route_id);
      assertPicker(actor, state.route);
      if (state.route.status === 'ready') return false;
      const check = checkForceReady(state.route, args.reason);
      if (!check.ok) {
        if (check.code === 'route_not_pickable') assertPickable(state.route, null);
        throw check.code === 'reason_too_long'
          ? new ActionError('picking.errors.reasonTooLong', { max: FORCE_REASON_MAX }, check.code)
          : new ActionError('picking.errors.reasonTooShort', { min: FORCE_REASON_MIN }, check.code);
      }
      const byId = new Map(state.progress.orders.map((o) => [o.order_id, o]));
      for (const order of state.orders) {
        const p = byId.get(order.id);
        const changes = p ? forcedOrderSettlement(order, p) : null;
        if (changes) patchOrder(tx, order, changes, actor.role);
      }
      tx.patch('routes', state.route.id, { status: 'ready', ready_reason: check.reason });
      return true;
    },
  }),
  (args) => `picking:${args.route_id}`,
);
