/**
 * The hot queries of the app, each backed by an index of its collection (see
 * LOCAL_COLLECTION_DEFS). `queryPlanOf` tells which index a query uses; tests assert it.
 */
import type { MangoQuery, RxCollection, RxQuery } from 'rxdb';
import type { CbDatabase } from './database';
import type { CatalogKind } from '../domain/entities/reference';
import type { LocalCollection } from '../domain/collections';
import { INCIDENCE_KINDS, type IncidenceKind } from '../domain/entities/kinds';

/** A rider's routes (with their ordered stops) for one day. */
export function riderRoutesForDay(db: CbDatabase, riderId: string, date: string) {
  return db.routes.find({ selector: { rider_id: riderId, date }, sort: [{ rider_id: 'asc' }, { date: 'asc' }] });
}

/** The orders travelling on a route. */
export function ordersOfRoute(db: CbDatabase, routeId: string) {
  return db.orders.find({ selector: { route_id: routeId }, sort: [{ route_id: 'asc' }] });
}

/** Delivery points of a hub, by name. */
export function deliveryPointsByHub(db: CbDatabase, hub: number) {
  return db.delivery_points.find({ selector: { hub }, sort: [{ hub: 'asc' }, { name: 'asc' }] });
}

/** Incidences reported on a route. */
export function incidencesOfRoute(db: CbDatabase, routeId: string) {
  // By its route (the index), the follow-up documents left out (issue 13).
  return db.incidences.find({ selector: { route_id: routeId, kind: { $in: [...INCIDENCE_KINDS] } }, sort: [{ route_id: 'asc' }], index: ['route_id'] });
}

/** The product with a barcode (scanner look-ups). */
export function productByBarcode(db: CbDatabase, barcode: string) {
  return db.products.findOne({ selector: { barcode } });
}

/** Orders of a day in a hub (planning, picking, dashboard). */
export function ordersOfDayInHub(db: CbDatabase, date: string, hub: number) {
  return db.orders.find({ selector: { date, hub }, sort: [{ date: 'asc' }, { hub: 'asc' }] });
}

export interface QueryPlanInfo {
  /** Fields of the index used, without RxDB's internal `_deleted` prefix and the primary key suffix. */
  readonly index: string[];
  readonly selectorSatisfiedByIndex: boolean;
  readonly sortSatisfiedByIndex: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function queryPlanOf(query: RxQuery<any, any>): QueryPlanInfo {
  const plan = query.getPreparedQuery().queryPlan;
  return {
    index: plan.index.filter((f: string) => f !== '_deleted' && f !== 'id'),
    selectorSatisfiedByIndex: plan.selectorSatisfiedByIndex,
    sortSatisfiedByIndex: plan.sortSatisfiedByIndex,
  };
}

/** A query on any collection from a mango selector (used by generic list screens). */
export function findWith<T>(collection: RxCollection<T>, query: MangoQuery<T>) {
  return collection.find(query);
}

/** Reference documents of one kind (roles, hubs, taxes…), by name. */
export function catalogOfKind(db: CbDatabase, kind: CatalogKind) {
  return db.catalog.find({ selector: { kind }, sort: [{ kind: 'asc' }, { name: 'asc' }] });
}

/** Every user profile. */
export function allUsers(db: CbDatabase) {
  return db.users.find();
}

/** Users whose role is `rider` (the specification's live query for the rider selector). */
export function riders(db: CbDatabase) {
  return db.users.find({ selector: { role: 'rider', active: true } });
}

// ── Back-office (issue 7) ────────────────────────────────────────────────────────────────────

/** One document by primary key (forms). */
export function docById<C extends LocalCollection>(db: CbDatabase, collection: C, id: string) {
  return db.collections[collection].findOne(id);
}

/** Every document of a small collection (bikes, products): generic list screens. */
export function allDocs<C extends LocalCollection>(db: CbDatabase, collection: C) {
  return db.collections[collection].find();
}

/** Reference documents of several kinds (the five status families), by kind and name. */
export function catalogOfKinds(db: CbDatabase, kinds: readonly CatalogKind[]) {
  return db.catalog.find({ selector: { kind: { $in: [...kinds] } }, sort: [{ kind: 'asc' }, { name: 'asc' }] });
}

/** Orders of a day, every hub (order list, dashboard). */
export function ordersOfDay(db: CbDatabase, date: string) {
  return db.orders.find({ selector: { date }, sort: [{ date: 'asc' }, { hub: 'asc' }] });
}

/** Routes of a day, every hub (dashboard). */
export function routesOfDay(db: CbDatabase, date: string) {
  return db.routes.find({ selector: { date }, sort: [{ date: 'asc' }, { hub: 'asc' }] });
}

/** Orders delivered to a delivery point (its record page). */
export function ordersOfDeliveryPoint(db: CbDatabase, deliveryPointId: string) {
  return db.orders.find({ selector: { delivery_point_id: deliveryPointId }, sort: [{ delivery_point_id: 'asc' }] });
}

/** Incidences of some orders. */
export function incidencesOfOrders(db: CbDatabase, orderIds: readonly string[]) {
  return db.incidences.find({ selector: { order_id: { $in: [...orderIds] }, kind: { $in: [...INCIDENCE_KINDS] } }, sort: [{ order_id: 'asc' }] });
}

/** Delivery events of some routes (dashboard: today's routes). */
export function deliveriesOfRoutes(db: CbDatabase, routeIds: readonly string[]) {
  return db.deliveries.find({ selector: { route_id: { $in: [...routeIds] } }, sort: [{ route_id: 'asc' }] });
}

/** Incidences of every kind recorded at or after `at` (dashboard). */
export function incidencesSince(db: CbDatabase, at: number) {
  return db.incidences.find({ selector: { kind: { $in: [...INCIDENCE_KINDS] }, at: { $gte: at } }, sort: [{ kind: 'asc' }, { at: 'asc' }] });
}

/**
 * A page of delivery points in name order, from `fromName` on (inclusive; null = the start),
 * through the `name` index: the in-memory list of every point loads in pages (pointsStore.ts).
 */
export function deliveryPointsPage(db: CbDatabase, fromName: string | null, limit: number) {
  return db.delivery_points.find({
    selector: fromName === null ? {} : { name: { $gte: fromName } },
    sort: [{ name: 'asc' }, { id: 'asc' }],
    limit,
  });
}

// ── Picking (issue 12) ───────────────────────────────────────────────────────────────────────

/** Routes of a day in one hub (the picker's list of routes to prepare). */
export function routesOfDayInHub(db: CbDatabase, date: string, hub: number) {
  return db.routes.find({ selector: { date, hub }, sort: [{ date: 'asc' }, { hub: 'asc' }] });
}

/** Picking events (picks and undos) of some orders: the progress of a route or an order is derived from them. */
export function picksOfOrders(db: CbDatabase, orderIds: readonly string[]) {
  return db.picks.find({ selector: { order_id: { $in: [...orderIds] } }, sort: [{ order_id: 'asc' }] });
}

/** Picking events recorded on a route. */
export function picksOfRoute(db: CbDatabase, routeId: string) {
  return db.picks.find({ selector: { route_id: routeId }, sort: [{ route_id: 'asc' }] });
}

/** Incidences of one kind recorded at or after `at` (picking incidences, picker errors of the day). */
export function incidencesOfKindSince(db: CbDatabase, kind: IncidenceKind, at: number) {
  return db.incidences.find({ selector: { kind, at: { $gte: at } }, sort: [{ kind: 'asc' }, { at: 'asc' }] });
}

/** One route by id (picking screens). */
export function routeByIdQuery(db: CbDatabase, id: string) {
  return db.routes.findOne(id);
}

/** Incidences of one kind in a time range [from, to) (the day's picking incidences, picker errors). */
export function incidencesOfKindBetween(db: CbDatabase, kind: IncidenceKind, from: number, to: number) {
  return db.incidences.find({ selector: { kind, at: { $gte: from, $lt: to } }, sort: [{ kind: 'asc' }, { at: 'asc' }] });
}

/** An order by its human code (scanning an order number). */
export function orderByCode(db: CbDatabase, code: string) {
  return db.orders.findOne({ selector: { code } });
}

/** A route by its code (scanning a route code). */
export function routeByCode(db: CbDatabase, code: string) {
  return db.routes.findOne({ selector: { code } });
}

/** A product by its SKU (scanning a shelf label). */
export function productBySku(db: CbDatabase, sku: string) {
  return db.products.findOne({ selector: { sku } });
}

/** Hubs of the catalogue (picking: the hub selector). */
export function hubsQuery(db: CbDatabase) {
  return catalogOfKind(db, 'hub');
}

/** Documents of a collection by primary key (a live Map by id). */
export function docsByIds<C extends LocalCollection>(db: CbDatabase, collection: C, ids: readonly string[]) {
  return db.collections[collection].findByIds([...ids]);
}

// ── Route planning (issue 11) ────────────────────────────────────────────────────────────────

/** Routes of a date range (inclusive), every hub, by date and hub (the routes list). */
export function routesInRange(db: CbDatabase, from: string, to: string) {
  return db.routes.find({ selector: { date: { $gte: from, $lte: to } }, sort: [{ date: 'asc' }, { hub: 'asc' }] });
}

/** A rider's routes from a date on (his upcoming published routes). */
export function riderRoutesFrom(db: CbDatabase, riderId: string, from: string) {
  return db.routes.find({ selector: { rider_id: riderId, date: { $gte: from } }, sort: [{ rider_id: 'asc' }, { date: 'asc' }] });
}

// ── Payments (issue 13) ──────────────────────────────────────────────────────────────────────

/**
 * Payments documents (order payments and cash hand-overs) of some routes: a day's payments. With
 * `limit`, only the first ones in route order (the list's first screen while the rest loads).
 */
export function paymentsOfRoutes(db: CbDatabase, routeIds: readonly string[], limit?: number) {
  return db.payments.find({ selector: { route_id: { $in: [...routeIds] } }, sort: [{ route_id: 'asc' }], ...(limit === undefined ? {} : { limit }) });
}

/** Every payments document of some riders, any day: their running cash balances. */
export function paymentsOfRiders(db: CbDatabase, riderIds: readonly string[]) {
  return db.payments.find({ selector: { kind: { $in: ['order', 'cash-handover'] }, rider_id: { $in: [...riderIds] } }, sort: [{ kind: 'asc' }, { rider_id: 'asc' }] });
}

// ── Screens' live queries (issue 16: no screen builds a query inline) ──────────────────────

/** Delivery events of one route (the rider's route and stop screens). */
export function deliveriesOfRoute(db: CbDatabase, routeId: string) {
  return db.deliveries.find({ selector: { route_id: routeId }, sort: [{ route_id: 'asc' }] });
}

/** Delivery events of one order (the order's delivery screens and its record). */
export function deliveriesOfOrder(db: CbDatabase, orderId: string) {
  return db.deliveries.find({ selector: { order_id: orderId }, sort: [{ order_id: 'asc' }] });
}

/** The riders' product incidences, newest first (the operators' incidence list). */
export function deliveryIncidences(db: CbDatabase) {
  return db.incidences.find({ selector: { kind: 'delivery-product' }, sort: [{ kind: 'asc' }, { at: 'desc' }] });
}

/** Up to `limit` orders of a day, in no particular order (developer pages). */
export function someOrdersOfDay(db: CbDatabase, date: string, limit: number) {
  return db.orders.find({ selector: { date }, limit });
}

/**
 * Re-planning carry-over (issue 11): orders of a hub from `from` (inclusive) to `before`
 * (exclusive) that may come back to be planned («Pendiente», «En ruta», «Fallido»); the board
 * keeps those `carryOverOrders` (src/domain/routing/carryOver.ts) brings. `[date, hub]` index.
 */
export function carryOverCandidates(db: CbDatabase, hub: number, from: string, before: string) {
  return db.orders.find({
    selector: { date: { $gte: from, $lt: before }, hub, status: { $in: ['pending', 'planned', 'failed'] } },
    sort: [{ date: 'asc' }, { hub: 'asc' }],
  });
}

// ── Reports (issue 34) ────────────────────────────────────────────────────────────────────────

/** Orders of a date range (both days included), every hub, by date and hub (the [date, hub] index). */
export function ordersInRange(db: CbDatabase, from: string, to: string) {
  return db.orders.find({ selector: { date: { $gte: from, $lte: to } }, sort: [{ date: 'asc' }, { hub: 'asc' }] });
}

/** Incidences (follow-ups included) of some routes (the route_id index). */
export function incidencesOfRoutes(db: CbDatabase, routeIds: readonly string[]) {
  return db.incidences.find({ selector: { route_id: { $in: [...routeIds] } }, sort: [{ route_id: 'asc' }], index: ['route_id'] });
}

/** Every cash hand-over (the [kind, rider_id] index); the caller keeps the days it wants. */
export function cashHandovers(db: CbDatabase) {
  return db.payments.find({ selector: { kind: 'cash-handover' }, sort: [{ kind: 'asc' }, { rider_id: 'asc' }] });
}
