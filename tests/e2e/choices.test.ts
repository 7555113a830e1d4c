/**
 * The e2e suite's data choices (e2e/choices.ts) over the demo data of 60 consecutive days, as the
 * e2e server seeds it (its default seed, «now» at 10:00 in Madrid: e2e/clock.ts). A spec whose
 * assumption fails on one of these days fails here, without a browser, before a run on that date
 * would (issue 27 §0: rider-round once failed because the day's first order paid on account).
 */
import { describe, expect, it } from 'vitest';
import { generateDemoData, type DemoData } from '../../server/demo/generate';
import { RUN_START_MS_OF_DAY } from '../../e2e/clock';
import {
  hubOfUser,
  openDeliveryIncidence,
  productsWithBarcode,
  readOnlyRound,
  riderRoundChoice,
  routeInProgressWithPending,
  routeOfHub,
  routeToHandOver,
  routeWithPickedOrders,
  settlementPayments,
  signedDelivery,
  trackedRoute,
  type DemoDocs,
} from '../../e2e/choices';

/** The seed the e2e server starts with (server/config.ts: no DEMO_SEED). */
const E2E_SEED = 20261122;
const DAYS = 60;

/** Epoch ms of 10:00 in Madrid on `date` (the e2e run's clock). */
function madridMorning(date: string): number {
  const noonUtc = Date.parse(`${date}T12:00:00Z`);
  const madridNoon = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', hourCycle: 'h23', hour: '2-digit' }).format(noonUtc);
  const offsetH = Number(madridNoon) - 12;
  return Date.parse(`${date}T00:00:00Z`) - offsetH * 3_600_000 + RUN_START_MS_OF_DAY;
}

function madridToday(now: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(now);
}

function docsOf(data: DemoData): DemoDocs {
  const as = (xs: readonly object[]) => xs as unknown as Record<string, unknown>[];
  return {
    routes: as(data.routes),
    orders: as(data.orders),
    deliveries: as(data.deliveries),
    incidences: as(data.incidences),
    payments: as(data.payments),
    users: as(data.users),
    products: as(data.products),
    catalog: as(data.catalog),
  };
}

const first = Date.parse(`${madridToday(Date.now())}T12:00:00Z`);
const dates = Array.from({ length: DAYS }, (_, i) => new Date(first + i * 86_400_000).toISOString().slice(0, 10));

describe('the e2e specs find what they need in the demo data of the next 60 days', () => {
  it.each(dates)('%s', (today) => {
    const now = madridMorning(today);
    expect(madridToday(now)).toBe(today);
    const docs = docsOf(generateDemoData({ seed: E2E_SEED, today, now }));
    const round = riderRoundChoice(docs, today);
    expect(new Set([round.full.orderId, round.partial.orderId, round.failed.orderId]).size).toBe(3);
    openDeliveryIncidence(docs);
    signedDelivery(docs);
    settlementPayments(docs);
    routeInProgressWithPending(docs, today, new Set(['u-rider1', 'u-rider2', 'u-rider3', 'u-rider4', 'u-rider5', 'u-rider12']), 'card');
    routeWithPickedOrders(docs, today, 4);
    routeWithPickedOrders(docs, today, 2);
    routeOfHub(docs, today, 1, 2);
    routeOfHub(docs, today, hubOfUser(docs, 'u-rider11'), 2);
    routeOfHub(docs, today, hubOfUser(docs, 'u-rider8'), 1);
    productsWithBarcode(docs, 3);
    readOnlyRound(docs, today);
    routeToHandOver(docs, today, [1, 2, 3], new Set(['u-rider1', 'u-rider2', 'u-rider12']));
    trackedRoute(docs, today);
  });
});

describe('riderRoundChoice', () => {
  const today = '2026-11-27';
  const docs = docsOf(generateDemoData({ seed: E2E_SEED, today, now: madridMorning(today) }));

  it('asks for the first two orders to pay cash when they do not', () => {
    const round = riderRoundChoice(docs, today);
    const method = new Map(docs.orders.map((o) => [String(o.id), o.payment_method]));
    expect(round.makeCash).toEqual([round.full.orderId, round.partial.orderId].filter((id) => method.get(id) !== 'cash'));
  });

  it('refuses a route that is not ready', () => {
    const routes = docs.routes.map((r) => (r.rider_id === 'u-rider1' && r.date === today ? { ...r, status: 'loaded' } : r));
    expect(() => riderRoundChoice({ ...docs, routes }, today)).toThrow(/not «ready»/);
  });

  it('chooses a later order when the second cannot be delivered in part, and refuses a route where none can', () => {
    const route = docs.routes.find((r) => r.rider_id === 'u-rider1' && r.date === today) as { stops: { order_ids: string[] }[] };
    const ids = route.stops.flatMap((s) => s.order_ids);
    const single = (o: Record<string, unknown>) => ({ ...o, lines: [{ ...(o.lines as object[])[0], quantity: 1 }] });
    const secondSmall = docs.orders.map((o) => (o.id === ids[1] ? single(o) : o));
    expect(riderRoundChoice({ ...docs, orders: secondSmall }, today).partial.orderId).not.toBe(ids[1]);
    const allSmall = docs.orders.map((o) => (ids.includes(String(o.id)) ? single(o) : o));
    expect(() => riderRoundChoice({ ...docs, orders: allSmall }, today)).toThrow(/in part/);
  });
});
