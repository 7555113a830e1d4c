/**
 * Column mapping: which intake field each column of a file holds. Recognised from the headers
 * (fields.ts), changed by the operator, checked here, and remembered per client and header set
 * as a catalog document of kind `import-mapping` (synced like every catalog document).
 */
import type { ImportMapping } from '../entities/reference';
import { columnLetter, INTAKE_FIELDS, isIntakeField, normaliseHeader, recogniseHeaders, type IntakeField } from './fields';
import { hash64, importMappingId } from './ids';
import type { IntakeIssue } from './issues';
import { isBlank, type Cell } from './values';

/** A table read from a file: its header row and the rows under it, with their row numbers. */
export interface IntakeTable {
  readonly file: string;
  /** Row number of the header (1 unless the file starts with empty rows). */
  readonly headerRow: number;
  readonly headers: readonly string[];
  readonly rows: readonly IntakeTableRow[];
  /**
   * `xlsx`: cells are typed and a formula is stored apart from its value, so a text that starts
   * with `=` is only text. Otherwise (CSV) such a cell is a formula exported as text, refused.
   */
  readonly format?: 'csv' | 'xlsx';
}

export interface IntakeTableRow {
  /** Row number as the user sees it in the file. */
  readonly row: number;
  readonly cells: readonly Cell[];
}

/** The field of each column of a file, aligned with its headers; null = the column is not used. */
export interface ColumnMapping {
  readonly fields: readonly (IntakeField | null)[];
}

/** What the recognition proposes for these headers. */
export function recogniseMapping(headers: readonly string[]): ColumnMapping {
  return { fields: recogniseHeaders(headers) };
}

/** How a column is named in messages: its header, or its letter when the header is empty. */
export function columnLabel(headers: readonly string[], index: number): string {
  const h = (headers[index] ?? '').trim();
  return h === '' ? columnLetter(index) : h;
}

export interface MappingCheckOptions {
  /** The operator chose the client of the whole file: a client column is then optional. */
  readonly hasDefaultClient: boolean;
}

/**
 * Problems of a mapping (reported on the header row): a field in two columns, a required field
 * in none. Required: external reference, date, product, quantity; the delivery point by its
 * reference or by name, address, postal code and city; the client unless chosen for the file;
 * a window in one column or in two (start and end), or none (the point's receiving hours apply).
 */
export function checkMapping(table: Pick<IntakeTable, 'file' | 'headerRow' | 'headers'>, mapping: ColumnMapping, opts: MappingCheckOptions): IntakeIssue[] {
  const issues: IntakeIssue[] = [];
  const at = (column: string, field: IntakeField | undefined, code: IntakeIssue['code'], vars: IntakeIssue['vars'] = {}): void => {
    issues.push({ file: table.file, row: table.headerRow, column, ...(field ? { field } : {}), code, vars });
  };
  const columnsOf = new Map<IntakeField, number[]>();
  mapping.fields.forEach((f, i) => {
    if (f !== null) columnsOf.set(f, [...(columnsOf.get(f) ?? []), i]);
  });
  for (const [field, cols] of columnsOf) {
    if (cols.length > 1) {
      const [first, ...rest] = cols as [number, ...number[]];
      for (const c of rest) {
        at(columnLabel(table.headers, c), field, 'duplicate_column', {
          field,
          letter: columnLetter(c),
          first: columnLabel(table.headers, first),
          firstLetter: columnLetter(first),
        });
      }
    }
  }
  const has = (f: IntakeField): boolean => columnsOf.has(f);
  for (const f of ['external_ref', 'date', 'product', 'quantity'] as const) if (!has(f)) at('', f, 'missing_column', { field: f });
  if (!has('client') && !opts.hasDefaultClient) at('', 'client', 'missing_client');
  if (has('window_start') !== has('window_end')) {
    const missing = has('window_start') ? 'window_end' : 'window_start';
    at('', missing, 'missing_column', { field: missing });
  }
  if (!has('point_ref') && !(has('point_name') && has('address') && has('postal_code') && has('city'))) at('', 'point_ref', 'missing_point_columns');
  return issues;
}

/** One row of input in intake fields, from a file row or an API request line. */
export interface IntakeRecord {
  readonly file: string;
  /** Row number as the user sees it (file) or the line's position from 1 (API). */
  readonly row: number;
  readonly values: Partial<Record<IntakeField, Cell>>;
  /** How each field's column is named in messages (header, or a JSON path for the API). */
  readonly columns: Partial<Record<IntakeField, string>>;
  /** Refuse text cells that look like spreadsheet formulas (default true; false for XLSX). */
  readonly checkFormulas?: boolean;
}

/**
 * The records of a table under a mapping, one at a time (so a 50,000-row import never holds
 * them all). Rows whose used cells are all empty are skipped; a row with more non-empty cells
 * than headers (a stray delimiter, a broken quote) is refused whole into `issues`, since its
 * cells no longer line up with the headers.
 */
export function* eachRecord(table: IntakeTable, mapping: ColumnMapping, issues: IntakeIssue[], skipped?: IntakeIssue[]): Generator<IntakeRecord> {
  const used: [number, IntakeField][] = [];
  const seen = new Set<IntakeField>();
  mapping.fields.forEach((f, i) => {
    // A duplicated field: the first column counts (checkMapping reports it).
    if (f !== null && i < table.headers.length && !seen.has(f)) {
      seen.add(f);
      used.push([i, f]);
    }
  });
  const columns: Partial<Record<IntakeField, string>> = {};
  for (const [i, f] of used) columns[f] = columnLabel(table.headers, i);
  const width = table.headers.length;
  const checkFormulas = table.format !== 'xlsx';
  const total = totalRow(table, mapping);
  if (total) skipped?.push({ file: table.file, row: total.row, column: '', code: 'total_row', vars: {} });
  for (const r of table.rows) {
    if (r === total) continue;
    let extra = false;
    for (let i = width; i < r.cells.length; i += 1) {
      if (!isBlank(r.cells[i] ?? null)) {
        extra = true;
        break;
      }
    }
    if (extra) {
      issues.push({ file: table.file, row: r.row, column: '', code: 'csv_row_length', vars: { expected: width, found: r.cells.length } });
      continue;
    }
    const values: Partial<Record<IntakeField, Cell>> = {};
    let any = false;
    for (const [i, f] of used) {
      const cell = r.cells[i] ?? null;
      values[f] = cell;
      if (!any && !isBlank(cell)) any = true;
    }
    if (any) yield checkFormulas ? { file: table.file, row: r.row, values, columns } : { file: table.file, row: r.row, values, columns, checkFormulas: false };
  }
}

const TOTAL_WORDS = /^(total|totales|suma|suma total|total general|importe total|grand total|sum)( |$)/;

/**
 * The table's last non-empty row when it is a total line («TOTAL;;;123»): a cell starts with
 * «Total» (or «Suma») and the row has no order reference or no product. It is skipped, and
 * said once, rather than reported as an order line with missing fields.
 */
export function totalRow(table: Pick<IntakeTable, 'rows'>, mapping: ColumnMapping): IntakeTableRow | null {
  let last: IntakeTableRow | undefined;
  for (let i = table.rows.length - 1; i >= 0 && !last; i -= 1) {
    const r = table.rows[i];
    if (r && r.cells.some((c) => !isBlank(c))) last = r;
  }
  if (!last) return null;
  const worded = last.cells.some((c) => typeof c === 'string' && TOTAL_WORDS.test(normaliseHeader(c)));
  if (!worded) return null;
  const cellOf = (f: IntakeField): Cell => {
    const i = mapping.fields.indexOf(f);
    return i < 0 ? null : (last.cells[i] ?? null);
  };
  const refCell = cellOf('external_ref');
  const refIsWord = typeof refCell === 'string' && TOTAL_WORDS.test(normaliseHeader(refCell));
  return isBlank(refCell) || refIsWord || isBlank(cellOf('product')) ? last : null;
}

/** All the records of a table (see eachRecord). */
export function recordsFromTable(table: IntakeTable, mapping: ColumnMapping): { records: IntakeRecord[]; issues: IntakeIssue[] } {
  const issues: IntakeIssue[] = [];
  const records = [...eachRecord(table, mapping, issues)];
  return { records, issues };
}

/**
 * Records from objects already keyed by intake field — the order API's entry: each client's
 * JSON shape is mapped onto intake fields (one object per order line), and `columnOf` names
 * where a field came from in the request (`lines[3].quantity`), so its problems point there.
 * `file` is what messages call the source (`request`).
 */
export function recordsFromObjects(
  file: string,
  lines: readonly Partial<Record<IntakeField, Cell>>[],
  columnOf: (line: number, field: IntakeField) => string,
): IntakeRecord[] {
  return lines.map((values, i) => {
    const columns: Partial<Record<IntakeField, string>> = {};
    for (const f of Object.keys(values) as IntakeField[]) columns[f] = columnOf(i, f);
    for (const f of ['client', 'external_ref', 'date', 'product', 'quantity', 'point_ref'] as const) columns[f] ??= columnOf(i, f);
    return { file, row: i + 1, values: { ...values }, columns };
  });
}

// ── Remembering a mapping ─────────────────────────────────────────────────────────────────────

/** Key of a header set: the same headers in any order give the same key. */
export function headerKey(headers: readonly string[]): string {
  const names = headers.map(normaliseHeader).filter((h) => h !== '');
  return hash64([...new Set(names)].sort().join('\u0001'));
}

/** The catalog document that remembers `mapping` for `clientId` ('' when the file names its clients) and these headers. */
export function mappingDoc(clientId: string, headers: readonly string[], mapping: ColumnMapping, name: string, now: number): ImportMapping {
  const key = headerKey(headers);
  return {
    id: importMappingId(clientId, key),
    kind: 'import-mapping',
    name: name.trim().slice(0, 120) || `Importación (${headers.length} columnas)`,
    active: true,
    updated_at: now,
    client_id: clientId,
    header_key: key,
    headers: headers.map((h) => h.slice(0, 200)),
    fields: headers.map((_, i) => mapping.fields[i] ?? ''),
  };
}

/** The remembered mapping for these headers (matched by header name, so the column order may change); null when it is for another header set. */
export function mappingFromDoc(doc: Pick<ImportMapping, 'header_key' | 'headers' | 'fields'>, headers: readonly string[]): ColumnMapping | null {
  if (doc.header_key !== headerKey(headers)) return null;
  const byName = new Map<string, IntakeField | null>();
  doc.headers.forEach((h, i) => {
    const f = doc.fields[i];
    const key = normaliseHeader(h);
    if (!byName.has(key)) byName.set(key, isIntakeField(f) ? f : null);
  });
  return { fields: headers.map((h) => byName.get(normaliseHeader(h)) ?? null) };
}

/** Every field in order, for selectors. */
export const MAPPABLE_FIELDS: readonly IntakeField[] = INTAKE_FIELDS;
