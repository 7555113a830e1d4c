/** The shapes of the operation report (./aggregate.ts): its input, figures, tallies and rows. */
import type { DeliveryEvent, Incidence, IncidenceKind } from '../entities/events';
import type { Order, Payment, PaymentMethod, Route } from '../entities/operation';
import type { CashHandover } from '../payments/handover';

export interface Figure {
  count: number;
  /** The orders behind the figure (each once). */
  orderIds: string[];
}

export interface MoneyFigure extends Figure {
  cents: number;
}

export const OUTCOMES = ['delivered', 'partial', 'failed', 'returned', 'cancelled', 'open'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** The service figures of a group of orders (the whole report, a day, a client, a rider, a hub). */
export interface Tally {
  orders: Figure;
  stops: Figure;
  delivered: Figure;
  partial: Figure;
  failed: Figure;
  returned: Figure;
  cancelled: Figure;
  open: Figure;
  onTime: Figure;
  early: Figure;
  late: Figure;
  attempted: Figure;
  firstAttempt: Figure;
  /** Failed delivery events: `count` events, the orders that failed. */
  failedAttempts: Figure;
  /** Failed delivery events by reason id. */
  failedByReason: Record<string, Figure>;
}

export const TALLY_FIGURES = ['orders', 'stops', 'delivered', 'partial', 'failed', 'returned', 'cancelled', 'open', 'onTime', 'early', 'late', 'attempted', 'firstAttempt', 'failedAttempts'] as const;
export type TallyFigure = (typeof TALLY_FIGURES)[number];

export interface GroupRow {
  /** Day `YYYY-MM-DD`, client id, rider id ('' = no rider) or hub number as text. */
  key: string;
  name: string;
  tally: Tally;
}

export interface RiderCashRow {
  riderId: string;
  name: string;
  collected: MoneyFigure;
  handedOverCents: number;
  /** Differences settled by reconciled hand-overs of the period (shortfalls positive). */
  writtenOffCents: number;
  onHandCents: number;
}

export interface MoneyFigures {
  byMethod: Record<PaymentMethod, MoneyFigure>;
  /** Payments whose collected amount differs from the amount due; `cents` = Σ (collected − due). */
  differences: MoneyFigure;
  /** Cash hand-overs of the period: `count` hand-overs, counted cents (no orders behind them). */
  handedOver: { count: number; cents: number; differenceCents: number; writtenOffCents: number };
  cashWithRiders: RiderCashRow[];
  cashOnHandCents: number;
}

export interface ReportFilters {
  readonly hub: number | null;
  readonly clientId: string | null;
  readonly riderId: string | null;
  /**
   * Only these hubs (absent or null: every hub), beside `hub`: the client's monthly report of an
   * operator covers his hubs only.
   */
  readonly hubs?: readonly number[] | null;
}

export interface ReportPeriod {
  /** First day, `YYYY-MM-DD` (included). */
  readonly from: string;
  /** Last day, `YYYY-MM-DD` (included). */
  readonly to: string;
}

export type ReportOrder = Pick<Order, 'id' | 'date' | 'hub' | 'client_id' | 'route_id' | 'status' | 'window_start' | 'window_end'>;
export type ReportRoute = Pick<Route, 'id' | 'date' | 'hub' | 'rider_id'> & { readonly stops: readonly { readonly order_ids: readonly string[] }[] };
export type ReportEvent = Pick<DeliveryEvent, 'id' | 'kind' | 'order_id' | 'at' | 'reason_status_id'>;
export type ReportPayment = Pick<Payment, 'kind' | 'order_id' | 'rider_id' | 'method' | 'status' | 'amount_due_cents' | 'amount_collected_cents'>;
export type ReportHandover = Pick<CashHandover, 'kind' | 'rider_id' | 'hub' | 'date' | 'status' | 'expected_cents' | 'counted_cents'>;
export type ReportIncidence = Pick<Incidence, 'kind' | 'order_id'>;

export interface ReportInput {
  readonly period: ReportPeriod;
  readonly filters: ReportFilters;
  readonly orders: readonly ReportOrder[];
  readonly routes: readonly ReportRoute[];
  readonly events: readonly ReportEvent[];
  readonly payments: readonly (ReportPayment | ReportHandover)[];
  readonly incidences: readonly ReportIncidence[];
  readonly users: readonly { readonly id: string; readonly name: string }[];
  readonly hubs: readonly { readonly number: number; readonly name: string }[];
  readonly clients: readonly { readonly id: string; readonly name: string }[];
  /** Failed-delivery reasons (the catalogue's delivery statuses). */
  readonly reasons: readonly { readonly id: string; readonly name: string }[];
}

export interface Report {
  period: ReportPeriod;
  filters: ReportFilters;
  total: Tally;
  byDay: GroupRow[];
  byClient: GroupRow[];
  byRider: GroupRow[];
  byHub: GroupRow[];
  /** Names of the failed reasons met (id → name; the id itself when the catalogue has none). */
  reasonNames: Record<string, string>;
  incidencesByKind: Record<IncidenceKind, Figure>;
  money: MoneyFigures;
}
