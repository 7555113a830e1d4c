/**
 * What the operation report (issue 34) reads from cb_localDB for a period, through indexed
 * queries only: the period's orders ([date, hub]) and routes ([date, hub]); the delivery events
 * (every kind), payments, incidences and picking events (summarised per order and picker) of
 * those routes (route_id), by batches of routes; every cash hand-over
 * ([kind, rider_id]) of the period's days; users, hubs, clients, the failed-delivery reasons and
 * the sustainability factors (catalog kind `config-sustainability`).
 * Documents are cut to the fields the report reads (src/domain/reports/aggregate.ts) so what goes
 * to the reports worker is small. The device holds only what it syncs: a period older than that
 * reads nothing here (docs/reports.md).
 */
import { useEffect, useState } from 'react';
import type { CbDatabase } from './database';
import { useEngine } from './statusHooks';
import { allUsers, cashHandovers, catalogOfKind, deliveriesOfRoutes, incidencesOfRoutes, ordersInRange, paymentsOfRoutes, routesInRange } from './queries';
import type { DeliveryEvent, Incidence, Pick } from '../domain/entities/events';
import type { Order, PaymentDoc, Route, User } from '../domain/entities/operation';
import type { Client, Hub, Status, SustainabilityConfig } from '../domain/entities/reference';
import type { ReportInput, ReportPeriod } from '../domain/reports/aggregate';
import { summarisePicks } from '../domain/reports/extra';

/** Everything of a report's input but its period and filters. */
export type ReportData = Omit<ReportInput, 'period' | 'filters'>;

const ROUTE_BATCH = 200;
const yieldToPage = (): Promise<void> => new Promise((ok) => setTimeout(ok, 0));

async function ofRouteBatches<T>(routeIds: readonly string[], read: (ids: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < routeIds.length; i += ROUTE_BATCH) {
    out.push(...(await read(routeIds.slice(i, i + ROUTE_BATCH))));
    await yieldToPage();
  }
  return out;
}

const json = <T>(docs: readonly { toJSON(): unknown }[]): T[] => docs.map((d) => d.toJSON() as T);

/** The report's data for a period, read from the local database. */
export async function readReportData(db: CbDatabase, period: ReportPeriod): Promise<ReportData> {
  const orders = json<Order>(await ordersInRange(db, period.from, period.to).exec()).map((o) => ({
    id: o.id,
    date: o.date,
    hub: o.hub,
    client_id: o.client_id,
    route_id: o.route_id,
    status: o.status,
    window_start: o.window_start,
    window_end: o.window_end,
  }));
  await yieldToPage();
  const routes = json<Route>(await routesInRange(db, period.from, period.to).exec()).map((r) => ({
    id: r.id,
    date: r.date,
    hub: r.hub,
    rider_id: r.rider_id,
    distance_m: r.distance_m,
    planned_start: r.planned_start,
    stops: r.stops.map((s) => ({ order_ids: s.order_ids, eta: s.eta })),
  }));
  const routeIds = routes.map((r) => r.id);
  const events = await ofRouteBatches(routeIds, async (ids) =>
    json<DeliveryEvent>(await deliveriesOfRoutes(db, ids).exec()).map((e) => ({ id: e.id, kind: e.kind, order_id: e.order_id, at: e.at, reason_status_id: e.reason_status_id, ...(e.photo_file !== '' ? { photo: true } : {}) })),
  );
  const paymentDocs = await ofRouteBatches(routeIds, async (ids) => json<PaymentDoc>(await paymentsOfRoutes(db, ids).exec()).filter((p) => p.kind === 'order'));
  const handovers = json<PaymentDoc>(await cashHandovers(db).exec()).filter((p) => p.kind === 'cash-handover' && p.date >= period.from && p.date <= period.to);
  const payments = [...paymentDocs, ...handovers].map((p) =>
    p.kind === 'order'
      ? { kind: p.kind, order_id: p.order_id, rider_id: p.rider_id, method: p.method, status: p.status, amount_due_cents: p.amount_due_cents, amount_collected_cents: p.amount_collected_cents }
      : { kind: p.kind, rider_id: p.rider_id, hub: p.hub, date: p.date, status: p.status, expected_cents: p.expected_cents, counted_cents: p.counted_cents },
  );
  const incidences = await ofRouteBatches(routeIds, async (ids) =>
    json<Incidence>(await incidencesOfRoutes(db, ids).exec()).map((i) => ({
      id: i.id,
      kind: i.kind,
      order_id: i.order_id,
      at: i.at,
      ...(i.kind === 'picker-error' ? { created_by: i.created_by } : {}),
      ...(i.follows !== undefined && i.follow_state !== undefined ? { follows: i.follows, follow_state: i.follow_state } : {}),
    })),
  );
  // Picks are summarised per order and picker here (a route's batch holds all its picks), so the
  // worker receives about one document per order instead of one per pick.
  const picks = await ofRouteBatches(routeIds, async (ids) => summarisePicks(json<Pick>(await db.picks.find({ selector: { route_id: { $in: ids } }, sort: [{ route_id: 'asc' }] }).exec())));
  const users = json<User>(await allUsers(db).exec()).map((u) => ({ id: u.id, name: u.name }));
  const hubs = json<Hub>(await catalogOfKind(db, 'hub').exec()).map((h) => ({ number: h.number, name: h.name }));
  const clients = json<Client>(await catalogOfKind(db, 'client').exec()).map((c) => ({ id: c.id, name: c.name }));
  const reasons = json<Status>(await catalogOfKind(db, 'status-delivery').exec()).map((s) => ({ id: s.id, name: s.name }));
  const sustainability = json<SustainabilityConfig>(await catalogOfKind(db, 'config-sustainability').exec())
    .filter((c) => c.active)
    .map((c) => ({ co2_g_per_km: c.co2_g_per_km, diesel_l_per_100km: c.diesel_l_per_100km, source: c.source }));
  return { orders, routes, events, payments, incidences, picks, users, hubs, clients, reasons, sustainability };
}

export interface ReportDataState {
  readonly data: ReportData | null;
  readonly loading: boolean;
  readonly error: string | null;
}

/**
 * The report's data for a period (null period: nothing). Read once per period and `reload`
 * (not live: a report is a snapshot; the screen offers «Actualizar»).
 */
export function useReportData(period: ReportPeriod | null, reload: number): ReportDataState {
  const engine = useEngine();
  const [state, setState] = useState<ReportDataState>({ data: null, loading: true, error: null });
  const from = period?.from ?? '';
  const to = period?.to ?? '';
  useEffect(() => {
    if (!engine || from === '' || to === '') return undefined;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    readReportData(engine.db, { from, to }).then(
      (data) => {
        if (live) setState({ data, loading: false, error: null });
      },
      (err: unknown) => {
        if (live) setState({ data: null, loading: false, error: err instanceof Error ? err.message : String(err) });
      },
    );
    return () => {
      live = false;
    };
  }, [engine, from, to, reload]);
  return state;
}
