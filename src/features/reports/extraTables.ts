/**
 * The report's further tables (issue 34): productivity per rider and per hub, picking per picker
 * and per hub, settled card and transfer payments, proofs of delivery per client and
 * sustainability. Built from `report.extra` (src/domain/reports/extra.ts) in the same shape as the
 * page's own tables, which appends them; every count of orders opens them. Definitions:
 * docs/reports.md.
 */
import { formatNumber, t } from '../../i18n';
import type { Report } from '../../domain/reports/aggregate';
import type { ExtraRef, PickingRow, ProductivityRow } from '../../domain/reports/extra';
import type { FigureRef } from '../../domain/reports/figures';
import type { reportsMessages } from '../../i18n/es/reports';
import '../../i18n/es/reports';

type ColumnKey = keyof typeof reportsMessages.reportsExtra.columns;

/** A count that opens its orders (the page's cell shape). */
export interface ExtraCountCell {
  readonly count: number;
  readonly ref: FigureRef;
  readonly label: string;
}
export type ExtraCell = string | number | ExtraCountCell;

/** A table of the report (the page's TableSpec shape). */
export interface ExtraTableSpec {
  readonly id: string;
  readonly title: string;
  readonly headers: readonly string[];
  readonly rows: readonly (readonly ExtraCell[])[];
}

const col = (k: ColumnKey): string => t(`reportsExtra.columns.${k}`);
const num = (n: number, digits = 1): string => formatNumber(n, digits);
const rate = (part: number, hours: number): string => (hours > 0 ? num(part / hours) : '—');
const seconds = (s: number | null): string => (s === null ? '—' : t('reportsExtra.seconds', { s: formatNumber(s) }));
const euros = (cents: number): string => formatNumber(cents / 100, 2);
const cell = (count: number, ref: ExtraRef, label: string): ExtraCountCell => ({ count, ref: { kind: 'extra', ref }, label });

export function extraTables(report: Report, riderName: (id: string) => string): ExtraTableSpec[] {
  const x = report.extra;
  const hubName = (key: string): string => report.byHub.find((h) => h.key === key)?.name ?? key;
  const clientName = (key: string): string => report.byClient.find((c) => c.key === key)?.name ?? key;
  const totalLabel = t('reportsExtra.total');

  const productivity = (id: string, title: string, first: string, group: 'byRider' | 'byHub', rows: readonly ProductivityRow[], name: (key: string) => string): ExtraTableSpec => {
    const line = (r: ProductivityRow, g: 'total' | 'byRider' | 'byHub', label: string): ExtraCell[] => {
      const hours = r.riderMinutes / 60;
      return [
        label,
        r.routes,
        r.timed,
        num(hours),
        cell(r.stops.count, { kind: 'productivity', group: g, key: r.key, figure: 'stops' }, `${col('stops')} · ${label}`),
        cell(r.orders.count, { kind: 'productivity', group: g, key: r.key, figure: 'orders' }, `${col('orders')} · ${label}`),
        rate(r.stops.count, hours),
        rate(r.orders.count, hours),
        num(r.distanceM / 1000),
        r.ridden > 0 ? num(r.distanceM / 1000 / r.ridden) : '—',
        r.timed > 0 ? formatNumber(r.plannedMinutes / r.timed) : '—',
        r.timed > 0 ? formatNumber(r.riderMinutes / r.timed) : '—',
        seconds(r.serviceMedianS),
        seconds(r.serviceP90S),
      ];
    };
    return {
      id,
      title,
      headers: [first, col('routes'), col('timed'), col('riderHours'), col('stops'), col('orders'), col('stopsPerHour'), col('ordersPerHour'), col('km'), col('kmPerRoute'), col('plannedMin'), col('actualMin'), col('serviceMedian'), col('serviceP90')],
      rows: [...rows.map((r) => line(r, group, name(r.key))), line(x.productivity.total, 'total', totalLabel)],
    };
  };

  const picking = (id: string, title: string, first: string, group: 'byPicker' | 'byHub', rows: readonly PickingRow[], name: (key: string) => string): ExtraTableSpec => {
    const line = (r: PickingRow, g: 'total' | 'byPicker' | 'byHub', label: string): ExtraCell[] => {
      const hours = r.pickerMinutes / 60;
      return [
        label,
        cell(r.lines.count, { kind: 'picking', group: g, key: r.key, figure: 'lines' }, `${col('lines')} · ${label}`),
        num(hours),
        rate(r.lines.count, hours),
        cell(r.errors.count, { kind: 'picking', group: g, key: r.key, figure: 'errors' }, `${col('errors')} · ${label}`),
        r.lines.count > 0 ? num((r.errors.count / r.lines.count) * 100, 2) : '—',
      ];
    };
    return {
      id,
      title,
      headers: [first, col('lines'), col('pickerHours'), col('linesPerHour'), col('errors'), col('errorsPer100')],
      rows: [...rows.map((r) => line(r, group, name(r.key))), line(x.picking.total, 'total', totalLabel)],
    };
  };

  const methodLabel = (m: 'card' | 'transfer'): string => t(`reports.methods.${m}`);
  const settled: ExtraTableSpec = {
    id: 'liquidados',
    title: t('reportsExtra.sections.settled'),
    headers: [col('method'), col('payments'), col('amount')],
    rows: (['card', 'transfer'] as const).map((m) => [methodLabel(m), cell(x.settled[m].count, { kind: 'settled', method: m }, `${t('reportsExtra.sections.settled')} · ${methodLabel(m)}`), euros(x.settled[m].cents)]),
  };

  const delivered = (key: string): number => {
    const tally = key === '' ? report.total : report.byClient.find((c) => c.key === key)?.tally;
    return tally ? tally.delivered.count + tally.partial.count : 0;
  };
  const share = (n: number, of: number): string => (of > 0 ? `${num((n / of) * 100)} %` : '—');
  const proofs: ExtraTableSpec = {
    id: 'pruebas-entrega',
    title: t('reportsExtra.sections.proofs'),
    headers: [col('client'), col('proofs'), col('proofsShare')],
    rows: [
      ...Object.entries(x.proofs.byClient)
        .sort(([a], [b]) => clientName(a).localeCompare(clientName(b), 'es'))
        .map(([key, f]) => [clientName(key), cell(f.count, { kind: 'proofs', clientId: key }, `${col('proofs')} · ${clientName(key)}`), share(f.count, delivered(key))]),
      [totalLabel, cell(x.proofs.total.count, { kind: 'proofs', clientId: '' }, col('proofs')), share(x.proofs.total.count, delivered(''))],
    ],
  };

  const s = x.sustainability;
  const sustainability: ExtraTableSpec = {
    id: 'sostenibilidad',
    title: t('reportsExtra.sections.sustainability'),
    headers: [col('hub'), col('km'), col('co2'), col('diesel')],
    rows: [
      ...s.byHub.map((h) => [hubName(h.key), num(h.km), num(h.co2Kg), num(h.dieselL)]),
      [totalLabel, num(s.km), num(s.co2Kg), num(s.dieselL)],
      [t('reportsExtra.factors', { co2: formatNumber(s.factors.co2_g_per_km), diesel: num(s.factors.diesel_l_per_100km), source: s.factors.source }), '', '', ''],
    ],
  };

  return [
    productivity('productividad-riders', t('reportsExtra.sections.productivityRiders'), col('rider'), 'byRider', x.productivity.byRider, riderName),
    productivity('productividad-hubs', t('reportsExtra.sections.productivityHubs'), col('hub'), 'byHub', x.productivity.byHub, hubName),
    picking('picking-preparadores', t('reportsExtra.sections.pickingPickers'), col('picker'), 'byPicker', x.picking.byPicker, riderName),
    picking('picking-hubs', t('reportsExtra.sections.pickingHubs'), col('hub'), 'byHub', x.picking.byHub, hubName),
    settled,
    proofs,
    sustainability,
  ];
}
