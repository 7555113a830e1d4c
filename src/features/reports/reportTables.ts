/**
 * The tables of «Informes» (issue 34) built from a report, and the charts that sit with three of
 * them: the service per day (a time series), failed deliveries by reason and the riders (bars).
 * Each chart draws figures its table already holds. Definitions: docs/reports.md.
 */
import { t } from '../../i18n';
import type { PaymentMethod } from '../../domain/entities/operation';
import { PAYMENT_METHODS } from '../../domain/entities/operation';
import { INCIDENCE_KINDS } from '../../domain/entities/events';
import type { GroupRow, Report, TallyFigure } from '../../domain/reports/aggregate';
import type { ReportGroup } from '../../domain/reports/figures';
import { dayLabel, percentValue, shortDayLabel, type Cell, type ChartSpec, type CountCell, type TableSpec } from './cells';
import '../../i18n/es/reports';

export const figureLabel = (f: TallyFigure): string => t(`reports.figures.${f}`);

const COLORS = { delivered: 'teal.6', failed: 'red.6', onTime: 'blue.6' } as const;

function rangeText(report: Report): string {
  return t('reports.range', { from: dayLabel(report.period.from), to: dayLabel(report.period.to) });
}

/** A day's or a rider's point of the service charts: delivered (fully or in part), failed, % on time. */
function serviceValues(tally: Report['total']): { delivered: number; failed: number; onTimeRate: number } {
  const delivered = tally.delivered.count + tally.partial.count;
  return { delivered, failed: tally.failed.count, onTimeRate: percentValue(tally.onTime.count, delivered) };
}

/** The series of the service charts (per day and per rider). */
function serviceSeries(): ChartSpec['series'] {
  return [
    { name: 'delivered', label: t('reports.charts.delivered'), color: COLORS.delivered },
    { name: 'failed', label: figureLabel('failed'), color: COLORS.failed },
    { name: 'onTimeRate', label: t('reports.figures.onTimeRate'), color: COLORS.onTime, unit: 'percent' },
  ];
}

/** Delivered, failed and the on-time rate per day. */
function daysChart(report: Report, table: string): ChartSpec {
  return {
    type: 'line',
    title: t('reports.charts.days.title'),
    description: t('reports.charts.days.description', { range: rangeText(report), table, n: report.byDay.length }),
    dataKey: 'day',
    data: report.byDay.map((r) => ({
      day: shortDayLabel(r.key),
      ...serviceValues(r.tally),
    })),
    series: serviceSeries(),
    xLabel: t('reports.columns.day'),
    yLabel: t('reports.columns.orders'),
    rightLabel: t('reports.figures.onTimeRate'),
  };
}

/** Failed delivery attempts by reason. */
function reasonsChart(report: Report, table: string): ChartSpec {
  return {
    type: 'bar',
    title: t('reports.charts.reasons.title'),
    description: t('reports.charts.reasons.description', { range: rangeText(report), table, n: Object.keys(report.total.failedByReason).length }),
    dataKey: 'reason',
    data: Object.entries(report.total.failedByReason).map(([id, f]) => ({ reason: report.reasonNames[id] ?? id, failedAttempts: f.count })),
    series: [{ name: 'failedAttempts', label: figureLabel('failedAttempts'), color: COLORS.failed }],
    xLabel: t('reports.columns.reason'),
    yLabel: figureLabel('failedAttempts'),
  };
}

/** Orders delivered and failed, and the on-time rate, per rider. */
function ridersChart(report: Report, table: string, riderName: (id: string) => string): ChartSpec {
  return {
    type: 'bar',
    title: t('reports.charts.riders.title'),
    description: t('reports.charts.riders.description', { range: rangeText(report), table, n: report.byRider.length }),
    dataKey: 'rider',
    data: report.byRider.map((r) => ({
      rider: riderName(r.key),
      ...serviceValues(r.tally),
    })),
    series: serviceSeries(),
    xLabel: t('reports.columns.rider'),
    yLabel: t('reports.columns.orders'),
    rightLabel: t('reports.figures.onTimeRate'),
  };
}

/**
 * The tables of a report, in the page's order. Other tables (src/features/reports/extraTables.ts)
 * are appended to this list by the page.
 */
export function tablesOf(report: Report, riderName: (id: string) => string): TableSpec[] {
  const total = report.total;
  const tally = (group: ReportGroup, key: string, f: TallyFigure, count: number, label: string): CountCell => ({ count, ref: { kind: 'tally', group, key, figure: f }, label });
  const serviceFigures: TallyFigure[] = ['orders', 'stops', 'delivered', 'partial', 'failed', 'returned', 'cancelled', 'open', 'onTime', 'early', 'late', 'attempted', 'firstAttempt', 'failedAttempts'];
  const service: TableSpec = {
    id: 'servicio',
    title: t('reports.sections.service'),
    headers: [t('reports.columns.kind'), t('reports.columns.count'), '%'],
    rows: serviceFigures.map((f) => [figureLabel(f), tally('total', '', f, total[f].count, figureLabel(f)), f === 'stops' || f === 'failedAttempts' ? '' : { part: total[f].count, whole: total.orders.count }]),
  };

  const groupTable = (id: string, title: string, group: ReportGroup, first: string, rows: readonly GroupRow[], name: (r: GroupRow) => string, withReasons: boolean, firstCell: (r: GroupRow) => Cell = name): TableSpec => {
    const figures: TallyFigure[] = ['orders', 'stops', 'delivered', 'partial', 'failed', 'returned', 'onTime', 'firstAttempt', 'failedAttempts'];
    const reasons = withReasons ? Object.keys(report.reasonNames) : [];
    return {
      id,
      title,
      headers: [first, ...figures.map(figureLabel), t('reports.figures.onTimeRate'), t('reports.figures.firstAttemptRate'), ...reasons.map((r) => report.reasonNames[r] ?? r)],
      rows: rows.map((r) => [
        firstCell(r),
        ...figures.map((f) => tally(group, r.key, f, r.tally[f].count, `${figureLabel(f)} · ${name(r)}`)),
        { part: r.tally.onTime.count, whole: r.tally.delivered.count + r.tally.partial.count },
        { part: r.tally.firstAttempt.count, whole: r.tally.attempted.count },
        ...reasons.map((reason): CountCell => ({ count: r.tally.failedByReason[reason]?.count ?? 0, ref: { kind: 'reason', group, key: r.key, reason }, label: `${report.reasonNames[reason] ?? reason} · ${name(r)}` })),
      ]),
    };
  };

  const reasonsTitle = t('reports.sections.reasons');
  const reasons: TableSpec = {
    id: 'motivos',
    title: reasonsTitle,
    headers: [t('reports.columns.reason'), t('reports.figures.failedAttempts'), '%'],
    rows: Object.entries(total.failedByReason).map(([id, f]) => [report.reasonNames[id] ?? id, { count: f.count, ref: { kind: 'reason', group: 'total', key: '', reason: id }, label: report.reasonNames[id] ?? id }, { part: f.count, whole: total.failedAttempts.count }]),
    chart: reasonsChart(report, reasonsTitle),
  };
  const hours = (ms: number | null): Cell => ({ hours: ms === null ? null : ms / 3_600_000 });
  const incidences: TableSpec = {
    id: 'incidencias',
    title: t('reports.sections.incidences'),
    headers: [t('reports.columns.kind'), t('reports.columns.count'), t('reports.incidences.resolved'), t('reports.incidences.open'), t('reports.incidences.medianHours'), t('reports.incidences.p90Hours')],
    rows: INCIDENCE_KINDS.map((k) => {
      const label = t(`reports.incidenceKinds.${k}`);
      const r = report.incidenceResolution[k];
      const resolved = `${t('reports.incidences.resolved')} · ${label}`;
      const open = `${t('reports.incidences.open')} · ${label}`;
      return [
        label,
        { count: report.incidencesByKind[k].count, ref: { kind: 'incidence', incidence: k }, label },
        { count: r.resolved.count, ref: { kind: 'incidenceState', incidence: k, state: 'resolved' }, label: resolved },
        { count: r.open.count, ref: { kind: 'incidenceState', incidence: k, state: 'open' }, label: open },
        hours(r.medianMs),
        hours(r.p90Ms),
      ];
    }),
  };
  const m = report.money;
  const methodLabel = (method: PaymentMethod): string => t(`reports.methods.${method}`);
  const money: TableSpec = {
    id: 'cobros',
    title: t('reports.sections.money'),
    headers: [t('reports.columns.method'), t('reports.columns.payments'), t('reports.columns.amount')],
    rows: [
      ...PAYMENT_METHODS.map((method): Cell[] => [methodLabel(method), { count: m.byMethod[method].count, ref: { kind: 'method', method }, label: methodLabel(method) }, { cents: m.byMethod[method].cents }]),
      [t('reports.money.differences'), { count: m.differences.count, ref: { kind: 'differences' }, label: t('reports.money.differences') }, { cents: m.differences.cents }],
      [t('reports.money.handedOver'), m.handedOver.count, { cents: m.handedOver.cents }],
      [t('reports.money.handoverDifference'), '', { cents: m.handedOver.differenceCents }],
      [t('reports.money.writtenOff'), '', { cents: m.handedOver.writtenOffCents }],
      [t('reports.money.cashOnHand'), '', { cents: m.cashOnHandCents }],
    ],
  };
  const cash: TableSpec = {
    id: 'efectivo',
    title: t('reports.sections.cash'),
    headers: [t('reports.columns.rider'), t('reports.columns.payments'), t('reports.columns.collectedCash'), t('reports.columns.handedOver'), t('reports.columns.writtenOff'), t('reports.columns.onHand')],
    rows: m.cashWithRiders.map((r) => [riderName(r.riderId), { count: r.collected.count, ref: { kind: 'cash', riderId: r.riderId }, label: `${t('reports.columns.collectedCash')} · ${riderName(r.riderId)}` }, { cents: r.collected.cents }, { cents: r.handedOverCents }, { cents: r.writtenOffCents }, { cents: r.onHandCents }]),
  };
  const days = groupTable('dias', t('reports.sections.days'), 'byDay', t('reports.columns.day'), report.byDay, (r) => dayLabel(r.key), false, (r) => ({ day: r.key }));
  const riders = groupTable('riders', t('reports.sections.riders'), 'byRider', t('reports.columns.rider'), report.byRider, (r) => riderName(r.key), false);
  return [
    service,
    { ...days, chart: daysChart(report, days.title) },
    reasons,
    incidences,
    money,
    cash,
    groupTable('clientes', t('reports.sections.clients'), 'byClient', t('reports.columns.client'), report.byClient, (r) => r.name, true),
    { ...riders, chart: ridersChart(report, riders.title, riderName) },
    groupTable('hubs', t('reports.sections.hubs'), 'byHub', t('reports.columns.hub'), report.byHub, (r) => r.name, false),
  ];
}
