/**
 * The rows of an intake checked one by one (plan.ts groups them into orders): each record's
 * cells parsed into a `Line` with its problems, each distinct cell value parsed once.
 */
import type { Client } from '../entities/reference';
import type { IntakeIndex } from './context';
import { normaliseText, type IntakeField } from './fields';
import type { IntakeIssue, IntakeIssueCode, IssueVars } from './issues';
import type { IntakeRecord } from './mapping';
import { READ_ROWS, type ImportedOrderField, type ReadAs } from './orderFields';
import {
  cellText,
  isBlank,
  isFormula,
  parseDate,
  parsePaymentMethod,
  parsePhone,
  parsePostalCode,
  parseProductCode,
  parseQuantity,
  parseRef,
  parseText,
  parseTime,
  parseWindow,
  quote,
  type Cell,
  type Parsed,
  type ProductCode,
  type Window,
} from './values';

// ── Lines ──────────────────────────────────────────────────────────────────────────────────────

export interface PointInput {
  readonly ref: string;
  readonly name: string;
  readonly address: string;
  readonly postal_code: string;
  readonly city: string;
  readonly phone: string;
  readonly contact: string;
}

/** Where a record is (what an issue needs), without its cells. */
export interface Place {
  readonly file: string;
  readonly row: number;
  readonly columns: IntakeRecord['columns'];
}

export interface Line {
  /** The record's place: a line keeps no cells, so records die young on big files. */
  readonly rec: Place;
  /** Problems of the row (NO_ISSUES, shared, until the first one: most rows have none). */
  issues: IntakeIssue[];
  client: Client | null;
  ref: string;
  /** The value of each row of the order fields table read from this row's cells (READ_ROWS), by field; absent: not given. */
  values: Partial<Record<ImportedOrderField, unknown>>;
  point: PointInput;
  product?: ProductCode;
  quantity?: number;
}

/** The row's window (the order fields table reads it for `window_start`). */
export function lineWindow(line: Line): Window | undefined {
  return line.values.window_start as Window | undefined;
}

const NO_ISSUES: IntakeIssue[] = [];

export function addIssue(line: Line, issue: IntakeIssue): void {
  if (line.issues === NO_ISSUES) line.issues = [issue];
  else line.issues.push(issue);
}

const MAX_REF = 64;
const MAX_POINT_REF = 40;

export function issueAt(rec: Place, field: IntakeField | null, code: IntakeIssueCode, vars: IssueVars = {}): IntakeIssue {
  return {
    file: rec.file,
    row: rec.row,
    column: field === null ? '' : (rec.columns[field] ?? ''),
    ...(field === null ? {} : { field }),
    code,
    vars,
  };
}

/** Parse results by cell value: a file repeats its dates, windows, products, points… on thousands of rows; each is parsed once. */
class Memo<T> {
  private readonly map = new Map<Cell, T>();

  constructor(private readonly parse: (c: Cell) => T) {}

  get(cell: Cell): T {
    let v = this.map.get(cell);
    if (v === undefined && !this.map.has(cell)) {
      v = this.parse(cell);
      if (this.map.size < 200_000) this.map.set(cell, v);
    }
    return v as T;
  }
}

const EMPTY_POINT: PointInput = { ref: '', name: '', address: '', postal_code: '', city: '', phone: '', contact: '' };

/** What checking a row needs of the plan's options (PlanOptions has them). */
export interface CheckOptions {
  readonly today: string;
  readonly defaultClientId?: string;
}

/** Checks the cells of each record (one instance per plan, with its memos). */
export class LineChecker {
  private readonly client: Memo<Client | null>;
  private readonly date: Memo<Parsed<string>>;
  private readonly window = new Memo(parseWindow);
  private readonly time = new Memo(parseTime);
  private readonly postal = new Memo((c) => parsePostalCode(c, false));
  private readonly phone = new Memo(parsePhone);
  private readonly product = new Memo(parseProductCode);
  private readonly quantity = new Memo(parseQuantity);
  private readonly payment = new Memo(parsePaymentMethod);
  private readonly ref = new Memo((c) => parseRef(c, MAX_REF, true));
  private readonly pointRef = new Memo((c) => parseRef(c, MAX_POINT_REF, false));
  private readonly text120 = new Memo((c) => parseText(c, 120, false));
  private readonly text200 = new Memo((c) => parseText(c, 200, false));
  private readonly text60 = new Memo((c) => parseText(c, 60, false));
  private readonly texts = new Map<number, Memo<Parsed<string>>>();

  constructor(
    private readonly index: IntakeIndex,
    private readonly opts: CheckOptions,
  ) {
    this.client = new Memo((c) => {
      const name = cellText(c);
      return index.clientByAlias.get(normaliseText(name)) ?? index.clients.get(name) ?? null;
    });
    this.date = new Memo((c) => parseDate(c, opts.today));
  }

  /** The value of a parse, or undefined after recording its problem. */
  private take<T>(line: Line, field: IntakeField, parsed: Parsed<T>): T | undefined {
    if (parsed.ok) return parsed.value;
    addIssue(line, issueAt(line.rec, field, parsed.code, parsed.vars ?? {}));
    return undefined;
  }

  check(rec: IntakeRecord): Line {
    const v = rec.values;
    const line: Line = { rec: { file: rec.file, row: rec.row, columns: rec.columns }, issues: NO_ISSUES, client: null, ref: '', values: {}, point: EMPTY_POINT };
    // A formula exported as text is refused wherever it is.
    let formula: Set<IntakeField> | null = null;
    if (rec.checkFormulas !== false) {
      for (const f in v) {
        const c = v[f as IntakeField];
        if (typeof c === 'string' && isFormula(c.trim())) {
          (formula ??= new Set()).add(f as IntakeField);
          addIssue(line, issueAt(rec, f as IntakeField, 'formula', { value: quote(c.trim()) }));
        }
      }
    }
    /** The cell of a field, or undefined when the record has no such column or its cell is a formula. */
    const cellOf = (f: IntakeField): Cell | undefined => (formula?.has(f) ? undefined : f in v ? (v[f] ?? null) : undefined);

    // Client: the row's, else the file's.
    const clientCell = cellOf('client');
    if (clientCell !== undefined && !isBlank(clientCell)) {
      line.client = this.client.get(clientCell);
      if (!line.client) addIssue(line, issueAt(rec, 'client', 'unknown_client', { value: quote(clientCell) }));
    } else if (!formula?.has('client')) {
      if (this.opts.defaultClientId) {
        line.client = this.index.clients.get(this.opts.defaultClientId) ?? null;
        if (!line.client) addIssue(line, issueAt(rec, 'client', 'unknown_client', { value: this.opts.defaultClientId }));
      } else addIssue(line, issueAt(rec, 'client', 'required'));
    }
    const ref = cellOf('external_ref');
    if (ref !== undefined) line.ref = this.take(line, 'external_ref', this.ref.get(ref)) ?? '';
    else if (!formula?.has('external_ref')) addIssue(line, issueAt(rec, 'external_ref', 'required'));
    // The order's fields, as the order fields table reads them.
    for (const row of READ_ROWS) {
      const columns = Object.keys(row.columns) as IntakeField[];
      const value = this.read(line, row.read as ReadAs, columns, cellOf);
      if (value !== undefined) line.values[row.field] = value;
      else if (row.required && columns.every((c) => cellOf(c) === undefined && !formula?.has(c))) addIssue(line, issueAt(rec, columns[0] ?? null, 'required'));
    }

    const text = (f: IntakeField, memo: Memo<Parsed<string>>): string => {
      const c = cellOf(f);
      return c === undefined ? '' : (this.take(line, f, memo.get(c)) ?? '');
    };
    const pointRef = cellOf('point_ref');
    const postal = cellOf('postal_code');
    const phone = cellOf('phone');
    line.point = {
      ref: pointRef === undefined ? '' : (this.take(line, 'point_ref', this.pointRef.get(pointRef)) ?? ''),
      name: text('point_name', this.text120),
      address: text('address', this.text200),
      postal_code: postal === undefined ? '' : (this.take(line, 'postal_code', this.postal.get(postal)) ?? ''),
      city: text('city', this.text60),
      phone: phone === undefined ? '' : (this.take(line, 'phone', this.phone.get(phone)) ?? ''),
      contact: text('contact', this.text120),
    };
    const product = cellOf('product');
    if (product !== undefined) line.product = this.take(line, 'product', this.product.get(product));
    else if (!formula?.has('product')) addIssue(line, issueAt(rec, 'product', 'required'));
    const quantity = cellOf('quantity');
    if (quantity !== undefined) line.quantity = this.take(line, 'quantity', this.quantity.get(quantity));
    else if (!formula?.has('quantity')) addIssue(line, issueAt(rec, 'quantity', 'required'));
    return line;
  }

  /** A row's value of one field of the order fields table (undefined: not given, or refused with its problem). */
  private read(line: Line, how: ReadAs, columns: readonly IntakeField[], cellOf: (f: IntakeField) => Cell | undefined): unknown {
    const [first = null, second = null, third = null] = columns;
    const cell = first === null ? undefined : cellOf(first);
    switch (how.kind) {
      case 'date':
        return cell === undefined || first === null ? undefined : this.take(line, first, this.date.get(cell));
      case 'payment':
        return cell === undefined || first === null ? undefined : this.take(line, first, this.payment.get(cell));
      case 'text':
        return cell === undefined || first === null ? undefined : this.take(line, first, this.text(how.max).get(cell));
      case 'window': {
        // One column (`09:00-13:00`), or two (start and end).
        if (cell !== undefined && first !== null && !isBlank(cell)) return this.take(line, first, this.window.get(cell));
        if (second === null || third === null) return undefined;
        const start = cellOf(second);
        const end = cellOf(third);
        if ((start === undefined || isBlank(start)) && (end === undefined || isBlank(end))) return undefined;
        const s = this.take(line, second, this.time.get(start ?? null));
        const e = this.take(line, third, this.time.get(end ?? null));
        if (s === undefined || e === undefined) return undefined;
        if (e <= s) {
          addIssue(line, issueAt(line.rec, third, 'window_order', { start: s, end: e }));
          return undefined;
        }
        return { start: s, end: e } satisfies Window;
      }
      case 'point':
      case 'lines':
        return undefined;
    }
  }

  /** The memo of a text parse of `max` characters. */
  private text(max: number): Memo<Parsed<string>> {
    let memo = this.texts.get(max);
    if (!memo) this.texts.set(max, (memo = new Memo((c) => parseText(c, max, false))));
    return memo;
  }
}

