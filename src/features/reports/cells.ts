/**
 * The cells, tables and charts of «Informes» (issue 34) as plain data: a table is a TableSpec
 * (its rows hold typed cells), shown on the page, written to CSV (as the page words it) and to
 * XLSX (typed: numbers, euros, dates, shares), and may carry the chart that sits with it.
 */
import { formatNumber, t } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import { share, type Report } from '../../domain/reports/aggregate';
import type { FigureRef } from '../../domain/reports/figures';
import type { XlsxSheet, XlsxValue } from '../../ui/crud/xlsx';
import '../../i18n/es/reports';

/** A count that opens its orders. */
export interface CountCell {
  readonly count: number;
  readonly ref: FigureRef;
  readonly label: string;
}
/** Integer euro cents. */
export interface MoneyCell {
  readonly cents: number;
}
/** A share `part / whole` (0 when there is no whole). */
export interface PercentCell {
  readonly part: number;
  readonly whole: number;
}
/** A calendar day `YYYY-MM-DD`. */
export interface DayCell {
  readonly day: string;
}
/** A duration in hours (null: none, shown «—»). */
export interface HoursCell {
  readonly hours: number | null;
}
export type Cell = string | number | CountCell | MoneyCell | PercentCell | DayCell | HoursCell;

/** A series of a chart: a numeric field of the chart's rows. */
export interface ChartSeriesSpec {
  readonly name: string;
  readonly label: string;
  readonly color: string;
  /** 'percent': a share 0–100 drawn against the right axis. */
  readonly unit?: 'percent';
}

/** A chart that sits with its table (the table holds the same figures). */
export interface ChartSpec {
  readonly type: 'line' | 'bar';
  readonly title: string;
  /** What the chart shows, for those who do not see it (its accessible description). */
  readonly description: string;
  /** The field of each row that names it on the horizontal axis. */
  readonly dataKey: string;
  readonly data: readonly Record<string, string | number>[];
  readonly series: readonly ChartSeriesSpec[];
  readonly xLabel: string;
  readonly yLabel: string;
  /** Label of the right axis (the percent series). */
  readonly rightLabel?: string;
}

export interface TableSpec {
  readonly id: string;
  readonly title: string;
  readonly headers: readonly string[];
  readonly rows: readonly (readonly Cell[])[];
  readonly chart?: ChartSpec;
}

export const dayLabel = (date: string): string => formatDate(Date.parse(`${date}T12:00:00Z`), 'dd/MM/yyyy');
export const shortDayLabel = (date: string): string => formatDate(Date.parse(`${date}T12:00:00Z`), 'dd/MM');
/** A month `YYYY-MM` in words («noviembre de 2026», «November 2026»). */
export const monthLabel = (month: string): string => t('reports.monthName', { month: formatDate(Date.parse(`${month}-15T12:00:00Z`), 'LLLL'), year: Number(month.slice(0, 4)) });
/** A share as a percentage 0–100 with one decimal (for charts). */
export const percentValue = (part: number, whole: number): number => Math.round(share(part, whole) * 1000) / 10;

export const isCount = (c: Cell): c is CountCell => typeof c === 'object' && 'ref' in c;

/** A cell as the page and the CSV word it (numbers in the interface's locale). */
export function cellText(c: Cell): string {
  if (typeof c === 'string') return c;
  if (typeof c === 'number') return formatNumber(c);
  if (isCount(c)) return formatNumber(c.count);
  if ('cents' in c) return formatNumber(c.cents / 100, 2);
  if ('part' in c) return `${formatNumber(share(c.part, c.whole) * 100, 1)} %`;
  if ('hours' in c) return c.hours === null ? '—' : formatNumber(c.hours, 1);
  return dayLabel(c.day);
}

/** A cell of the CSV: counts and whole numbers as digits (a spreadsheet reads them), the rest as shown. */
export function csvText(c: Cell): string {
  if (typeof c === 'number') return String(c);
  if (typeof c === 'object' && isCount(c)) return String(c.count);
  return cellText(c);
}

/** A cell of the XLSX, typed. */
export function xlsxValue(c: Cell): XlsxValue {
  if (typeof c === 'string' || typeof c === 'number') return c;
  if (isCount(c)) return c.count;
  if ('cents' in c) return { cents: c.cents };
  if ('part' in c) return { ratio: share(c.part, c.whole) };
  if ('hours' in c) return c.hours === null ? null : Math.round(c.hours * 10) / 10;
  return { date: c.day };
}

/** The XLSX sheet of a table, named after it. */
export function tableSheet(spec: TableSpec): XlsxSheet {
  return { name: spec.title, headers: spec.headers, rows: spec.rows.map((r) => r.map(xlsxValue)) };
}

/** The name of a table's exported file, without its extension. */
export function exportName(table: string, report: Report): string {
  return t('reports.csv.file', { table, from: report.period.from, to: report.period.to });
}
