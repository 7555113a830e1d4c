/** The shapes of the operation report (./aggregate.ts): its input, figures, tallies and rows. */
import type { DeliveryEvent, Incidence, IncidenceKind, Pick as PickEvent } from '../entities/events';
import type { Order, Payment, PaymentMethod, Route } from '../entities/operation';
import type { CashHandover } from '../payments/handover';
import type { FollowUpState } from '../incidences/followUp';

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

/** The incidences of a kind: resolved ones and their resolution times, open ones apart. */
export interface IncidenceResolution {
  /** Resolved (or credited) incidences: `count` incidences, the orders behind them. */
  resolved: Figure;
  /** Incidences still open or in review. */
  open: Figure;
  /** Median and 90th percentile (nearest rank) of the resolution times, ms; null: none resolved. */
  medianMs: number | null;
  p90Ms: number | null;
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
/** A route cut for the report; `distance_m`, `planned_start` and the stops' `eta` feed productivity (./extra.ts). */
export type ReportRoute = Pick<Route, 'id' | 'date' | 'hub' | 'rider_id'> & {
  readonly distance_m?: number;
  readonly planned_start?: string;
  readonly stops: readonly { readonly order_ids: readonly string[]; readonly eta?: string }[];
};
/** A delivery event cut for the report (every kind); `photo` is true when it carries a photo. */
export type ReportEvent = Pick<DeliveryEvent, 'id' | 'kind' | 'order_id' | 'at' | 'reason_status_id'> & { readonly photo?: boolean };
export type ReportPayment = Pick<Payment, 'kind' | 'order_id' | 'rider_id' | 'method' | 'status' | 'amount_due_cents' | 'amount_collected_cents'>;
export type ReportHandover = Pick<CashHandover, 'kind' | 'rider_id' | 'hub' | 'date' | 'status' | 'expected_cents' | 'counted_cents'>;
/**
 * An incidence cut for the report; `created_by` (the picker) is kept for picker errors; a
 * follow-up (kind `follow-up`) keeps the incidence it follows and the state it moves it to
 * (./incidences.ts: how fast incidences were resolved).
 */
export type ReportIncidence = Pick<Incidence, 'id' | 'kind' | 'order_id' | 'at'> & {
  readonly created_by?: string;
  readonly follows?: string;
  readonly follow_state?: FollowUpState;
};
/** A picking event cut for the report (picking lines per hour, ./extra.ts). */
export type ReportPick = Pick<PickEvent, 'id' | 'order_id' | 'line_id' | 'at' | 'created_by'> & { readonly undoes?: string };
/**
 * One picker's work on one order, summarised from its picking events (./extra.ts summarisePicks,
 * on the page before the data goes to the worker): the order lines counted for him (their
 * earliest pick not undone is his) and the times of his first and last pick of the order.
 */
export interface ReportPickSummary {
  readonly order_id: string;
  readonly created_by: string;
  readonly lines: number;
  readonly first_at: number;
  readonly last_at: number;
}

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
  /** The picking of the period's routes, per order and picker (summarisePicks). */
  readonly picks: readonly ReportPickSummary[];
  /** The van factors of Configuración (its `config-sustainability` document; none: the defaults, ./extra.ts). */
  readonly sustainability: readonly SustainabilityFactors[];
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
  /** How fast the incidences of each kind were resolved (./incidences.ts). */
  incidenceResolution: Record<IncidenceKind, IncidenceResolution>;
  money: MoneyFigures;
  /** Productivity, settled card/transfer, proofs per client, sustainability (./extra.ts). */
  extra: ExtraFigures;
}

// ── The further figures (./extra.ts) ──────────────────────────────────────────────────────────

/** The van a cargo-bike km replaces (Configuración → Sostenibilidad). */
export interface SustainabilityFactors {
  /** Grams of CO₂ per km of a diesel delivery van. */
  readonly co2_g_per_km: number;
  /** Litres of diesel per 100 km of that van. */
  readonly diesel_l_per_100km: number;
  /** Where the figures come from (shown next to them). */
  readonly source: string;
}

export interface ProductivityRow {
  /** Rider id ('' no rider) or hub number as text; '' for the total. */
  key: string;
  /** Routes of the report, ridden, timed. */
  routes: number;
  ridden: number;
  timed: number;
  /** Actual minutes of the timed routes (rider-minutes). */
  riderMinutes: number;
  /** Planned minutes of the timed routes (to compare with riderMinutes). */
  plannedMinutes: number;
  /** Stops (with an order in scope) and orders in scope of the timed routes. */
  stops: Figure;
  orders: Figure;
  /** Planned metres of the ridden routes. */
  distanceM: number;
  /** Stops whose service time was measured, and their median and p90 (seconds; null: none). */
  serviceStops: number;
  serviceMedianS: number | null;
  serviceP90S: number | null;
}

export interface PickingRow {
  /** Picker id or hub number as text; '' for the total. */
  key: string;
  lines: Figure;
  pickerMinutes: number;
  /** Picker-error incidences (`count`), the orders behind them. */
  errors: Figure;
}

export interface ExtraFigures {
  productivity: { total: ProductivityRow; byRider: ProductivityRow[]; byHub: ProductivityRow[] };
  picking: { total: PickingRow; byPicker: PickingRow[]; byHub: PickingRow[] };
  settled: { card: MoneyFigure; transfer: MoneyFigure };
  /** Orders with a proof of delivery available, in total and per client id. */
  proofs: { total: Figure; byClient: Record<string, Figure> };
  sustainability: { km: number; co2Kg: number; dieselL: number; factors: SustainabilityFactors; byHub: { key: string; km: number; co2Kg: number; dieselL: number }[] };
}

/** A reference to one of these figures (opened like the others). */
export type ExtraRef =
  | { readonly kind: 'productivity'; readonly group: 'total' | 'byRider' | 'byHub'; readonly key: string; readonly figure: 'stops' | 'orders' }
  | { readonly kind: 'picking'; readonly group: 'total' | 'byPicker' | 'byHub'; readonly key: string; readonly figure: 'lines' | 'errors' }
  | { readonly kind: 'settled'; readonly method: 'card' | 'transfer' }
  | { readonly kind: 'proofs'; readonly clientId: string };

