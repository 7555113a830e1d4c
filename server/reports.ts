/**
 * Reports over the server's data (issue 34): the same pure aggregation as the device's
 * (src/domain/reports/aggregate.ts) over the documents of a period that the server holds, for
 * periods older than what a device keeps. Every answer carries only what its caller may read:
 * an operator's report covers his hubs only (the documents of other hubs are not even read),
 * an administrator's every hub. Definitions: docs/reports.md.
 */
import { z } from 'zod';
import type { DocStore, StoredDoc } from './store';
import { buildReport, type Report, type ReportFilters, type ReportPeriod } from '../src/domain/reports/aggregate';
import { cutEvent, cutIncidence, cutOrder, cutPayment, cutRoute, cutSustainability, type ReportData } from '../src/domain/reports/input';
import { summarisePicks } from '../src/domain/reports/extra';
import { figureAt, type FigureRef } from '../src/domain/reports/figures';
import { addDays } from '../src/domain/reports/period';
import type { DeliveryEvent, Incidence, Pick } from '../src/domain/entities/events';
import type { Order, PaymentDoc, Route } from '../src/domain/entities/operation';
import type { SustainabilityConfig } from '../src/domain/entities/reference';
import { t } from '../src/i18n';

/** The longest period the server reports at once (a year and a day). */
export const MAX_REPORT_DAYS = 366;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (s: string): boolean => DAY_RE.test(s) && !Number.isNaN(Date.parse(`${s}T12:00:00Z`)) && new Date(`${s}T12:00:00Z`).toISOString().slice(0, 10) === s;
const day = (key: 'reports.server.badFrom' | 'reports.server.badTo') => z.string({ error: () => t(key) }).refine(isDay, { error: () => t(key) });
const optionalId = z.string().trim().max(128, { error: () => t('reports.server.badFilter') }).optional();

/** What a report request carries (the query string of GET /api/reports; the body of POST /api/reports/orders). */
export const reportRequestSchema = z
  .object({
    from: day('reports.server.badFrom'),
    to: day('reports.server.badTo'),
    hub: z.coerce.number({ error: () => t('reports.server.badHub') }).int({ error: () => t('reports.server.badHub') }).positive({ error: () => t('reports.server.badHub') }).optional(),
    client: optionalId,
    rider: optionalId,
  })
  // (An object's refinements run even when a field failed: they judge two valid days only.)
  .refine((q) => !isDay(q.from) || !isDay(q.to) || q.from <= q.to, { error: () => t('reports.server.fromAfterTo'), path: ['to'] })
  .refine((q) => !isDay(q.from) || !isDay(q.to) || q.to <= addDays(q.from, MAX_REPORT_DAYS - 1), { error: () => t('reports.server.tooLong', { days: MAX_REPORT_DAYS }), path: ['to'] });
export type ReportRequest = z.infer<typeof reportRequestSchema>;

const rows = (store: DocStore, sql: string, ...params: unknown[]): StoredDoc[] =>
  (store.db.prepare(sql).all(...params) as { data: string }[]).map((r) => JSON.parse(r.data) as StoredDoc);

/** The documents of `collection` on these routes (one query; the ids as a JSON array). */
const ofRoutes = (store: DocStore, collection: string, routeIds: readonly string[]): StoredDoc[] =>
  routeIds.length === 0 ? [] : rows(store, 'SELECT data FROM docs WHERE collection = ? AND deleted = 0 AND route_id IN (SELECT value FROM json_each(?))', collection, JSON.stringify(routeIds));

/**
 * The report's data for a period from the server's database: the orders and routes of the
 * period of `hubs` (null: every hub), the delivery events, order payments, incidences and picks
 * of those routes, the cash hand-overs of the period and hubs, the names of the users the data
 * names, and the catalogue's hubs, clients, reasons and sustainability factors.
 */
export function serverReportData(store: DocStore, period: ReportPeriod, hubs: readonly number[] | null): ReportData {
  const inHubs = (h: unknown): boolean => hubs === null || (typeof h === 'number' && hubs.includes(h));
  const ofPeriod = (collection: 'orders' | 'routes'): StoredDoc[] =>
    rows(store, "SELECT data FROM docs WHERE collection = ? AND deleted = 0 AND json_extract(data, '$.date') BETWEEN ? AND ?", collection, period.from, period.to).filter((d) => inHubs(d.hub));
  const orders = (ofPeriod('orders') as unknown as Order[]).map(cutOrder);
  const routes = (ofPeriod('routes') as unknown as Route[]).map(cutRoute);
  const routeIds = routes.map((r) => r.id);
  const events = (ofRoutes(store, 'deliveries', routeIds) as unknown as DeliveryEvent[]).map(cutEvent);
  const orderPayments = (ofRoutes(store, 'payments', routeIds) as unknown as PaymentDoc[]).filter((p) => p.kind === 'order');
  const handovers = (
    rows(store, "SELECT data FROM docs WHERE collection = 'payments' AND deleted = 0 AND json_extract(data, '$.kind') = 'cash-handover' AND json_extract(data, '$.date') BETWEEN ? AND ?", period.from, period.to) as unknown as PaymentDoc[]
  ).filter((p) => p.kind === 'cash-handover' && inHubs(p.hub));
  const payments = [...orderPayments, ...handovers].map(cutPayment);
  const incidences = (ofRoutes(store, 'incidences', routeIds) as unknown as Incidence[]).map(cutIncidence);
  const picks = summarisePicks(ofRoutes(store, 'picks', routeIds) as unknown as Pick[]);
  const catalog = rows(store, "SELECT data FROM docs WHERE collection = 'catalog' AND deleted = 0 AND json_extract(data, '$.kind') IN ('hub', 'client', 'status-delivery', 'config-sustainability')");
  const ofKind = (kind: string) => catalog.filter((c) => c.kind === kind);
  // Only the names of the people the data names (riders, pickers, hand-overs).
  const named = new Set<string>([...routes.map((r) => r.rider_id), ...picks.map((p) => p.created_by), ...payments.map((p) => p.rider_id), ...incidences.flatMap((i) => (i.created_by ? [i.created_by] : []))]);
  named.delete('');
  const users = [...store.getMany('users', [...named]).values()].filter((u) => !u._deleted).map((u) => ({ id: u.id, name: typeof u.name === 'string' ? u.name : u.id }));
  return {
    orders,
    routes,
    events,
    payments,
    incidences,
    picks,
    users,
    hubs: ofKind('hub')
      .filter((h) => inHubs(h.number))
      .map((h) => ({ number: Number(h.number), name: String(h.name ?? '') })),
    clients: ofKind('client').map((c) => ({ id: c.id, name: String(c.name ?? '') })),
    reasons: ofKind('status-delivery').map((s) => ({ id: s.id, name: String(s.name ?? '') })),
    sustainability: cutSustainability(ofKind('config-sustainability') as unknown as SustainabilityConfig[]),
  };
}

/** The filters of a request for a caller who reads `hubs` (null: every hub). */
export function filtersOf(req: ReportRequest, hubs: readonly number[] | null): ReportFilters {
  return { hub: req.hub ?? null, clientId: req.client ?? null, riderId: req.rider ?? null, hubs };
}

/** The report's counts (no orders behind them), and the names of the people in it. */
export function serverReport(store: DocStore, req: ReportRequest, hubs: readonly number[] | null): { report: Report; users: ReportData['users'] } {
  const period = { from: req.from, to: req.to };
  const data = serverReportData(store, period, hubs);
  return { report: buildReport({ period, filters: filtersOf(req, hubs), ...data }, { orderIds: false }), users: data.users };
}

/** The orders behind one figure of that report. */
export function serverFigureOrders(store: DocStore, req: ReportRequest, hubs: readonly number[] | null, ref: FigureRef): string[] {
  const period = { from: req.from, to: req.to };
  const report = buildReport({ period, filters: filtersOf(req, hubs), ...serverReportData(store, period, hubs) });
  return [...(figureAt(report, ref)?.orderIds ?? [])];
}
