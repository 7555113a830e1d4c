/**
 * XLSX export of lists (issue 34), next to their CSV (./csv.ts): one workbook, a sheet per table,
 * written in the browser with write-excel-file (loaded on the first export). Cells keep their type so a spreadsheet can sum
 * them: numbers as numbers, money as euros with two decimals, dates as dates, shares as
 * percentages; text stays text (a cell is never a formula, so nothing runs when it is opened).
 *
 *   await downloadXlsx('informe.xlsx', [{ name: 'Servicio', headers: ['Tipo', 'Cantidad'], rows: [['Pedidos', 12]] }]);
 */
import type { Cell, Row } from 'write-excel-file/universal';
import { downloadFile } from './csv';

/** Integer euro cents, written as euros with two decimals. */
export interface XlsxMoney {
  readonly cents: number;
}
/** A calendar day `YYYY-MM-DD`, written as a date. */
export interface XlsxDate {
  readonly date: string;
}
/** A share from 0 to 1, written as a percentage with one decimal. */
export interface XlsxPercent {
  readonly ratio: number;
}
export type XlsxValue = string | number | null | XlsxMoney | XlsxDate | XlsxPercent;

export interface XlsxSheet {
  /** The sheet's name (cut to Excel's 31 characters, without the characters it forbids). */
  readonly name: string;
  readonly headers: readonly string[];
  readonly rows: readonly (readonly XlsxValue[])[];
}

export const MONEY_FORMAT = '#,##0.00 "€"';
export const DATE_FORMAT = 'dd/mm/yyyy';
export const PERCENT_FORMAT = '0.0%';

/** A valid, unique sheet name for `name` (Excel: at most 31 characters, none of \ / ? * [ ] :). */
export function sheetName(name: string, taken: Set<string>): string {
  const base = name.replace(/[\\/?*[\]:]/g, ' ').replace(/\s+/g, ' ').replace(/^'+|'+$/g, '').trim().slice(0, 31).trim() || 'Hoja';
  let candidate = base;
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) {
    const suffix = ` (${n})`;
    candidate = `${base.slice(0, 31 - suffix.length)}${suffix}`;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

function cell(v: XlsxValue): Cell {
  if (v === null) return null;
  if (typeof v === 'string') return { value: v, type: String };
  if (typeof v === 'number') return Number.isFinite(v) ? { value: v, type: Number } : null;
  if ('cents' in v) return { value: Math.round(v.cents) / 100, type: Number, format: MONEY_FORMAT };
  if ('ratio' in v) return { value: v.ratio, type: Number, format: PERCENT_FORMAT };
  return { value: new Date(`${v.date}T00:00:00Z`), type: Date, format: DATE_FORMAT };
}

/** The workbook of `sheets`, as a Blob (browser and Node). */
export async function toXlsx(sheets: readonly XlsxSheet[]): Promise<Blob> {
  const taken = new Set<string>();
  const written = sheets.map((s) => {
    const header: Row = s.headers.map((h) => ({ value: h, type: String, fontWeight: 'bold' as const }));
    const data: Row[] = [header, ...s.rows.map((r) => r.map(cell))];
    const widths = s.headers.map((h, i) => ({ width: Math.min(50, Math.max(10, h.length + 2, ...s.rows.map((r) => (typeof r[i] === 'string' ? (r[i] as string).length + 2 : 12)))) }));
    return { data, sheet: sheetName(s.name, taken), columns: widths, stickyRowsCount: 1 };
  });
  // The library is loaded with the first export, not with the screen that offers it.
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  return writeXlsxFile(written).toBlob();
}

/** Offers the workbook of `sheets` as a download (browser only). */
export async function downloadXlsx(filename: string, sheets: readonly XlsxSheet[]): Promise<void> {
  downloadFile(filename, await toXlsx(sheets));
}
