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
import { useEngine, useSyncStatus } from './statusHooks';
import { sessionBackend } from './session';
import { t } from '../i18n';
import { allUsers, cashHandovers, catalogOfKind, deliveriesOfRoutes, incidencesOfRoutes, ordersInRange, paymentsOfRoutes, routesInRange } from './queries';
import type { DeliveryEvent, Incidence, Pick } from '../domain/entities/events';
import type { Order, PaymentDoc, Route, User } from '../domain/entities/operation';
import type { Client, Hub, Status, SustainabilityConfig } from '../domain/entities/reference';
import type { Report, ReportFilters, ReportPeriod } from '../domain/reports/aggregate';
import type { FigureRef } from '../domain/reports/figures';
import { reportSource, type ReportNotice, type ReportSource } from '../domain/reports/source';
import { cutEvent, cutIncidence, cutOrder, cutPayment, cutRoute, cutSustainability, type ReportData } from '../domain/reports/input';
import { summarisePicks } from '../domain/reports/extra';

export type { ReportData };

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
  const orders = json<Order>(await ordersInRange(db, period.from, period.to).exec()).map(cutOrder);
  await yieldToPage();
  const routes = json<Route>(await routesInRange(db, period.from, period.to).exec()).map(cutRoute);
  const routeIds = routes.map((r) => r.id);
  const events = await ofRouteBatches(routeIds, async (ids) => json<DeliveryEvent>(await deliveriesOfRoutes(db, ids).exec()).map(cutEvent));
  const paymentDocs = await ofRouteBatches(routeIds, async (ids) => json<PaymentDoc>(await paymentsOfRoutes(db, ids).exec()).filter((p) => p.kind === 'order'));
  const handovers = json<PaymentDoc>(await cashHandovers(db).exec()).filter((p) => p.kind === 'cash-handover' && p.date >= period.from && p.date <= period.to);
  const payments = [...paymentDocs, ...handovers].map(cutPayment);
  const incidences = await ofRouteBatches(routeIds, async (ids) => json<Incidence>(await incidencesOfRoutes(db, ids).exec()).map(cutIncidence));
  // Picks are summarised per order and picker here (a route's batch holds all its picks), so the
  // worker receives about one document per order instead of one per pick.
  const picks = await ofRouteBatches(routeIds, async (ids) => summarisePicks(json<Pick>(await db.picks.find({ selector: { route_id: { $in: ids } }, sort: [{ route_id: 'asc' }] }).exec())));
  const users = json<User>(await allUsers(db).exec()).map((u) => ({ id: u.id, name: u.name }));
  const hubs = json<Hub>(await catalogOfKind(db, 'hub').exec()).map((h) => ({ number: h.number, name: h.name }));
  const clients = json<Client>(await catalogOfKind(db, 'client').exec()).map((c) => ({ id: c.id, name: c.name }));
  const reasons = json<Status>(await catalogOfKind(db, 'status-delivery').exec()).map((s) => ({ id: s.id, name: s.name }));
  const sustainability = cutSustainability(json<SustainabilityConfig>(await catalogOfKind(db, 'config-sustainability').exec()));
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

// ── Older periods: the server's report (issue 34, docs/reports.md) ──────────────────────────

/** The oldest order day this device holds (null: none). */
export async function oldestHeldDay(db: CbDatabase): Promise<string | null> {
  const first = await db.orders.findOne({ selector: { date: { $gte: '' } }, sort: [{ date: 'asc' }, { hub: 'asc' }] }).exec();
  return first ? first.date : null;
}

/**
 * Where the report of a period comes from (src/domain/reports/source.ts): the device, or — for
 * a period that starts before what the device holds — the server, online. Null while it is
 * decided.
 */
export function useReportSource(period: ReportPeriod | null, reload: number): { source: ReportSource; notice: ReportNotice } | null {
  const engine = useEngine();
  const { online } = useSyncStatus();
  const [heldFrom, setHeldFrom] = useState<{ day: string | null } | null>(null);
  useEffect(() => {
    if (!engine) return undefined;
    let live = true;
    oldestHeldDay(engine.db).then(
      (day) => live && setHeldFrom({ day }),
      () => live && setHeldFrom({ day: null }),
    );
    return () => {
      live = false;
    };
  }, [engine, reload]);
  if (!period || !heldFrom) return null;
  return reportSource({ from: period.from, heldFrom: heldFrom.day, serverReports: sessionBackend().reports !== undefined, online });
}

/** The server's report of a period and filters (counts), and the names of the people in it. */
export function serverReport(period: ReportPeriod, filters: ReportFilters): Promise<{ report: Report; users: { id: string; name: string }[] }> {
  const reports = sessionBackend().reports;
  return reports ? reports.report(period, filters) : Promise.reject(new Error(t('reports.server.unavailable')));
}

/** The orders behind a figure of the server's report. */
export function serverReportOrders(period: ReportPeriod, filters: ReportFilters, figure: FigureRef): Promise<string[]> {
  const reports = sessionBackend().reports;
  return reports ? reports.orderIds(period, filters, figure) : Promise.resolve([]);
}
