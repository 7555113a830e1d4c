/**
 * CSV export of a list, safe to open in a spreadsheet: a cell that starts with = + - @ (or a tab
 * or carriage return) would run as a formula, so it is prefixed with an apostrophe (OWASP
 * «CSV injection»). Semicolon-separated with a BOM, as Spanish spreadsheet software expects.
 */
import Papa from 'papaparse';

const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function toCsv(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const data = [headers.map(neutraliseCell), ...rows.map((r) => r.map(neutraliseCell))];
  return `\uFEFF${Papa.unparse(data, { delimiter: ';', newline: '\r\n', quotes: false })}`;
}

/** Offers a CSV file to the user (browser only). */
export function downloadCsv(filename: string, csv: string): void {
  downloadFile(filename, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
}

/** Offers a file to the user as a download (browser only). */
export function downloadFile(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
