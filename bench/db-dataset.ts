/**
 * The dataset of bench/db's queries (./db-core.ts): its shape (documents per selector value,
 * independent of its size) and how one of a given size is built, deterministically.
 */
import { makeEan13 } from '../src/domain/barcode';
import { generateDemoData } from '../server/demo/generate';
import type { Incidence } from '../src/domain/entities/events';
import type { DeliveryPoint, Order, Product, Route } from '../src/domain/entities/operation';

export const TODAY = '2026-11-22';
export const NOW = Date.UTC(2026, 10, 22, 11, 0, 0);
export const DAY_MS = 86_400_000;

// ── Shape of the dataset (documents per selector value, independent of its size) ──────────────
/** Hubs of the orders, incidences and routes (the demo's four). */
export const HUBS = 4;
/** Routes per hub and day. */
export const ROUTES_PER_HUB_DAY = 20;
/** Orders per hub and day: `querySize / (HUBS × ORDERS_PER_HUB_DAY)` days of orders. */
export const ORDERS_PER_HUB_DAY = 500;
/** Share of orders and incidences without a route (`route_id: ''`). */
export const UNROUTED_SHARE = 0.1;
/** Incidences per route on average: `querySize / (HUBS × ROUTES × 3)` days of incidences. */
export const INCIDENCES_PER_ROUTE = 3;
/** Hubs of the delivery points: `querySize / 100` points per hub. */
export const DP_HUBS = 100;
/** Riders with one route a day: `querySize / (SMALL_SHARE × RIDERS)` days of routes. */
export const RIDERS = 200;
/** Routes and products: `querySize / SMALL_SHARE` documents (a year of routes, a big catalogue). */
export const SMALL_SHARE = 5;

// ── The query dataset ─────────────────────────────────────────────────────────────────────────

export const pad = (n: number, w: number): string => String(n).padStart(w, '0');
export const isoDay = (offsetDays: number): string => new Date(Date.parse(`${TODAY}T00:00:00Z`) + offsetDays * DAY_MS).toISOString().slice(0, 10);
export const compact = (iso: string): string => iso.replaceAll('-', '');
export const routeId = (date: string, hub: number, k: number): string => `brt-${compact(date)}-h${hub}-${k}`;

export function at<T>(items: readonly T[], i: number): T {
  const v = items[i % items.length];
  if (v === undefined) throw new Error('plantilla vacía');
  return v;
}

export interface QueryDataset {
  readonly orders: Order[];
  readonly delivery_points: DeliveryPoint[];
  readonly incidences: Incidence[];
  readonly routes: Route[];
  readonly products: Product[];
  readonly shape: DatasetShape;
}

/** What the query parameters are drawn from. */
export interface DatasetShape {
  /** Dates with orders (oldest first), with incidences and with routes (newest first). */
  readonly orderDates: string[];
  readonly incidenceDates: string[];
  readonly routeDates: string[];
  readonly products: number;
}

/**
 * `n` orders, delivery points and incidences and n / SMALL_SHARE routes and products, cloned
 * from demo documents (valid against their schemas) with new ids and values spread so that each
 * selector of a hot query matches a realistic few: orders: 500 per hub and day, ~22 per route;
 * delivery points: n/100 per hub (100 hubs); incidences: ~3 per route; routes: one per rider and
 * day; products: one per barcode.
 */
export function buildQueryDataset(n: number): QueryDataset {
  const tpl = generateDemoData({ seed: 11, today: TODAY, now: NOW, scale: { deliveryPoints: 2000, ordersPerDay: 1000, ridersPerHub: 5 } });

  // Orders: day d (going back from tomorrow), hub h, route k of that hub and day.
  const orderDays = Math.max(1, Math.ceil(n / (HUBS * ORDERS_PER_HUB_DAY)));
  const orderDates = Array.from({ length: orderDays }, (_, d) => isoDay(1 - (orderDays - 1) + d));
  const slots = orderDays * HUBS;
  const orders: Order[] = [];
  for (let i = 0; i < n; i += 1) {
    const slot = i % slots;
    const date = orderDates[Math.floor(slot / HUBS)] as string;
    const hub = (slot % HUBS) + 1;
    const k = (Math.floor(i / slots) % ROUTES_PER_HUB_DAY) + 1;
    const routed = i % 10 !== 0; // UNROUTED_SHARE
    const t = at(tpl.orders, i);
    const shift = Date.parse(`${date}T00:00:00Z`) - Date.parse(`${t.date}T00:00:00Z`);
    orders.push({
      ...t,
      id: `bo-${pad(i, 7)}`,
      code: `P-${compact(date)}-${pad(i, 7)}`,
      delivery_point_id: `bpe-${pad((i * 7919) % n, 7)}`,
      hub,
      date,
      route_id: routed ? routeId(date, hub, k) : '',
      status: routed ? t.status : 'pending',
      picking_status: routed ? t.picking_status : 'pending',
      external_ref: `BENCH-${pad(i, 7)}`,
      created_at: Math.max(0, t.created_at + shift),
      updated_at: Math.max(0, t.updated_at + shift),
    });
  }

  // Delivery points: 100 hubs.
  const delivery_points: DeliveryPoint[] = [];
  for (let i = 0; i < n; i += 1) {
    const t = at(tpl.delivery_points, i);
    delivery_points.push({ ...t, id: `bpe-${pad(i, 7)}`, hub: (i % DP_HUBS) + 1, updated_at: t.updated_at - (i % 1000) * 60_000 });
  }

  // Incidences: days going back from today, ~3 per route.
  const incDays = Math.max(1, Math.ceil(n / (HUBS * ROUTES_PER_HUB_DAY * INCIDENCES_PER_ROUTE)));
  const incidenceDates = Array.from({ length: incDays }, (_, d) => isoDay(-d));
  const incSlots = incDays * HUBS;
  const incidences: Incidence[] = [];
  for (let i = 0; i < n; i += 1) {
    const slot = i % incSlots;
    const d = Math.floor(slot / HUBS);
    const date = incidenceDates[d] as string;
    const hub = (slot % HUBS) + 1;
    const k = (Math.floor(i / incSlots) % ROUTES_PER_HUB_DAY) + 1;
    const t = at(tpl.incidences, i);
    incidences.push({
      ...t,
      id: `binc-${pad(i, 7)}`,
      at: Math.max(0, t.at - d * DAY_MS - (i % 600) * 1000),
      order_id: `bo-${pad(i % n, 7)}`,
      route_id: i % 10 === 0 ? '' : routeId(date, hub, k),
      hub,
    });
  }

  // Routes: one per rider and day.
  const small = Math.ceil(n / SMALL_SHARE);
  const routeDays = Math.max(1, Math.ceil(small / RIDERS));
  const routeDates = Array.from({ length: routeDays }, (_, d) => isoDay(1 - d));
  const routes: Route[] = [];
  for (let i = 0; i < small; i += 1) {
    const rider = i % RIDERS;
    const date = routeDates[Math.floor(i / RIDERS)] as string;
    const t = at(tpl.routes, i);
    const hub = (rider % HUBS) + 1;
    routes.push({
      ...t,
      id: `brt-${compact(date)}-r${pad(rider, 4)}`,
      code: `R-${compact(date)}-${pad(rider, 4)}`,
      hub,
      date,
      rider_id: `u-brider${pad(rider, 4)}`,
    });
  }

  // Products: one valid EAN-13 each.
  const products: Product[] = [];
  for (let i = 0; i < small; i += 1) {
    const t = at(tpl.products, i);
    products.push({ ...t, id: `bprd-${pad(i, 7)}`, sku: `BSKU-${pad(i, 7)}`, barcode: makeEan13(`84${pad(i, 10)}`) });
  }

  return { orders, delivery_points, incidences, routes, products, shape: { orderDates, incidenceDates, routeDates, products: small } };
}
