/**
 * The hot queries of the app, each backed by an index of its collection (see
 * LOCAL_COLLECTION_DEFS). `queryPlanOf` tells which index a query uses; tests assert it.
 */
import type { MangoQuery, RxCollection, RxQuery } from 'rxdb';
import type { CbDatabase } from './database';

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
  return db.incidences.find({ selector: { route_id: routeId }, sort: [{ route_id: 'asc' }] });
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
