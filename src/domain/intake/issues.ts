/**
 * Structured problems of an intake: where (file, row as the user sees it — the header is row 1 —
 * and column as headed in the file) and what (a code and its variables). The domain never writes
 * sentences; `src/i18n/intake.ts` turns an issue into Spanish («Fila 37, columna «Cantidad»:
 * debe ser un número entero mayor que 0») from the message catalogue.
 */
import type { IntakeField } from './fields';

export const INTAKE_ISSUE_CODES = [
  // The file as a whole (row 0).
  'file_empty',
  'file_too_big',
  'file_not_table',
  'file_pdf',
  'file_encrypted',
  'file_corrupt',
  'file_old_excel',
  'sheet_missing',
  'sheet_empty',
  'csv_quotes',
  'csv_row_length',
  'no_rows',
  'too_many_rows',
  /** Not a problem: a trailing total line, skipped (said once). */
  'total_row',
  // Headers (row 1 or the first non-empty row).
  'missing_column',
  'missing_point_columns',
  'missing_client',
  'duplicate_column',
  // One cell.
  'required',
  'formula',
  'too_long',
  'date_format',
  'date_invalid',
  'date_past',
  'date_too_far',
  'time_format',
  'window_format',
  'window_order',
  'quantity',
  'quantity_too_big',
  'postal_code',
  'phone',
  'payment_method',
  'ean_invalid',
  'ean_scientific',
  'unknown_client',
  'unknown_product',
  'product_other_client',
  'product_inactive',
  'point_ambiguous',
  'point_inactive',
  'point_incomplete',
  'no_hub',
  // One order (several rows).
  'order_conflict',
  'order_too_many_lines',
  'order_has_errors',
  'order_planned',
  'order_invalid',
] as const;
export type IntakeIssueCode = (typeof INTAKE_ISSUE_CODES)[number];

export type IssueVars = Readonly<Record<string, string | number>>;

export interface IntakeIssue {
  /** Name of the file (or `request` for the order API). */
  readonly file: string;
  /** Row as the user sees it in the file (header = 1); 0 for the whole file. */
  readonly row: number;
  /** The column's header as written in the file (or its letter when it has none; a JSON path for the API); '' for the whole row. */
  readonly column: string;
  /** The intake field of that column, when there is one. */
  readonly field?: IntakeField;
  readonly code: IntakeIssueCode;
  readonly vars: IssueVars;
}

/** Issues in reading order: by file (in the order given), row, then column. */
export function sortIssues(issues: readonly IntakeIssue[], fileOrder: readonly string[] = []): IntakeIssue[] {
  const rank = new Map(fileOrder.map((f, i) => [f, i]));
  return [...issues].sort(
    (a, b) =>
      (rank.get(a.file) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.file) ?? Number.MAX_SAFE_INTEGER) ||
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.row - b.row ||
      (a.column < b.column ? -1 : a.column > b.column ? 1 : 0),
  );
}

/** Like sortIssues, sorting the given array in place (a plan may hold 100,000 issues). */
export function sortIssuesInPlace(issues: IntakeIssue[], fileOrder: readonly string[]): IntakeIssue[] {
  const rank = new Map(fileOrder.map((f, i) => [f, i]));
  return issues.sort(
    (a, b) =>
      (rank.get(a.file) ?? 1e9) - (rank.get(b.file) ?? 1e9) ||
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.row - b.row ||
      (a.column < b.column ? -1 : a.column > b.column ? 1 : 0),
  );
}
