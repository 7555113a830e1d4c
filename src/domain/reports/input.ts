/**
 * The report's documents cut to the fields the aggregation reads (issue 34), from the stored
 * documents: the same cut on the device (src/data/reports.ts, from cb_localDB) and on the server
 * (server/reports.ts, from its database), so both aggregate the same input. Pure.
 */
import type { DeliveryEvent, Incidence } from '../entities/events';
import type { Order, PaymentDoc, Route } from '../entities/operation';
import type { ReportEvent, ReportHandover, ReportIncidence, ReportInput, ReportOrder, ReportPayment, ReportRoute } from './reportTypes';
import type { SustainabilityConfig } from '../entities/reference';

/** Everything of a report's input but its period and filters. */
export type ReportData = Omit<ReportInput, 'period' | 'filters'>;

export function cutOrder(o: Order): ReportOrder {
  return { id: o.id, date: o.date, hub: o.hub, client_id: o.client_id, route_id: o.route_id, status: o.status, window_start: o.window_start, window_end: o.window_end };
}

export function cutRoute(r: Route): ReportRoute {
  return { id: r.id, date: r.date, hub: r.hub, rider_id: r.rider_id, distance_m: r.distance_m, planned_start: r.planned_start, stops: r.stops.map((s) => ({ order_ids: s.order_ids, eta: s.eta })) };
}

export function cutEvent(e: DeliveryEvent): ReportEvent {
  return { id: e.id, kind: e.kind, order_id: e.order_id, at: e.at, reason_status_id: e.reason_status_id, ...(e.photo_file !== '' ? { photo: true } : {}) };
}

export function cutPayment(p: PaymentDoc): ReportPayment | ReportHandover {
  return p.kind === 'order'
    ? { kind: p.kind, order_id: p.order_id, rider_id: p.rider_id, method: p.method, status: p.status, amount_due_cents: p.amount_due_cents, amount_collected_cents: p.amount_collected_cents }
    : { kind: p.kind, rider_id: p.rider_id, hub: p.hub, date: p.date, status: p.status, expected_cents: p.expected_cents, counted_cents: p.counted_cents };
}

export function cutIncidence(i: Incidence): ReportIncidence {
  return {
    id: i.id,
    kind: i.kind,
    order_id: i.order_id,
    at: i.at,
    ...(i.kind === 'picker-error' ? { created_by: i.created_by } : {}),
    ...(i.follows !== undefined && i.follow_state !== undefined ? { follows: i.follows, follow_state: i.follow_state } : {}),
  };
}

/** The active sustainability factors of Configuración. */
export function cutSustainability(configs: readonly SustainabilityConfig[]): ReportData['sustainability'] {
  return configs.filter((c) => c.active).map((c) => ({ co2_g_per_km: c.co2_g_per_km, diesel_l_per_100km: c.diesel_l_per_100km, source: c.source }));
}
