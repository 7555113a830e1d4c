/**
 * Card and transfer payments settled in bulk from a statement (issue 13): the CSV of the card
 * payment provider or of the bank, one line per payment received (reference, amount, date). A
 * line is matched to an order's payment by the order code found in its reference; the operator
 * sees what each line does before anything is written, and only exact matches are settled
 * (the payment goes to «Conciliado», with who, when and the statement line in its note).
 *
 * Decided where the issue is silent (docs/money.md, «Settling card and transfer payments»):
 * - A reference matches when it is an order code or holds one as a whole word («Pedido
 *   PED-0001 Bar Sol»); case and spaces around do not matter. Two codes in one reference, or
 *   none, leave the line unmatched.
 * - The amount must equal what the rider recorded as collected, to the cent: a different amount
 *   is listed and not settled (the operator looks into it, disputes it by hand if needed).
 * - Only card and transfer payments recorded by the rider («Cobrado por el rider»), marked
 *   «Entregado en el hub» (the card slips of a finished round) or disputed are settled. Cash is reconciled at the hub with its count (src/domain/payments/handover.ts);
 *   «A cuenta» is invoiced. An already reconciled payment is reported as such and left alone,
 *   so the same statement can be loaded twice without a change.
 * - The same order twice in one statement: the first line counts, the next are listed.
 * Pure: no RxDB, no React, no file reading (the screen hands the rows in).
 */
import type { Payment } from '../entities/operation';
import { normaliseText } from '../intake/fields';

/** The statement's columns, by a header's name (accents, case and punctuation ignored). */
export const SETTLEMENT_HEADERS = {
  reference: ['referencia', 'reference', 'ref', 'concepto', 'pedido', 'order', 'codigo', 'code', 'descripcion', 'description'],
  amount: ['importe', 'amount', 'cantidad', 'total', 'importe eur', 'amount eur'],
  date: ['fecha', 'date', 'fecha valor', 'fecha operacion', 'value date'],
} as const;

export type SettlementColumn = keyof typeof SETTLEMENT_HEADERS;
export const SETTLEMENT_COLUMNS: readonly SettlementColumn[] = ['reference', 'amount', 'date'];

/** Lines of one statement at most (a day of a provider is far below). */
export const MAX_SETTLEMENT_LINES = 20_000;

export type SettlementProblemCode = 'missing_column' | 'empty' | 'too_many' | 'required' | 'amount_format' | 'amount_not_positive' | 'date_format';

/** A line of the statement that cannot be read; `column` is the header as the file wrote it. */
export interface SettlementProblem {
  readonly row: number;
  readonly column: string;
  readonly code: SettlementProblemCode;
  readonly value: string;
}

export interface SettlementLine {
  /** The row number a spreadsheet shows (the header is row `headerRow`). */
  readonly row: number;
  readonly reference: string;
  readonly amount_cents: number;
  /** `yyyy-mm-dd`. */
  readonly date: string;
}

export interface StatementTable {
  readonly headerRow: number;
  readonly headers: readonly string[];
  readonly rows: readonly { readonly row: number; readonly cells: readonly (string | null | undefined)[] }[];
}

/** The column index of each statement column, or null when the header is not there. */
export function recogniseStatementHeaders(headers: readonly string[]): Record<SettlementColumn, number | null> {
  const found: Record<SettlementColumn, number | null> = { reference: null, amount: null, date: null };
  headers.forEach((h, i) => {
    const key = normaliseText(h);
    for (const col of SETTLEMENT_COLUMNS) {
      if (found[col] === null && (SETTLEMENT_HEADERS[col] as readonly string[]).includes(key)) found[col] = i;
    }
  });
  return found;
}

/**
 * An amount as a bank or a provider writes it: `12,50`, `12.50`, `1.234,56`, `1,234.56`, `12`,
 * with or without `€`/`EUR`. Returns cents, or null when it is not an amount.
 */
export function parseStatementAmount(text: string): number | null {
  let s = text.replace(/\s|€|eur/gi, '');
  if (!/^-?\d{1,3}(?:[.,]?\d{3})*(?:[.,]\d{1,2})?$/.test(s) && !/^-?\d+(?:[.,]\d{1,2})?$/.test(s)) return null;
  const lastSep = Math.max(s.lastIndexOf(','), s.lastIndexOf('.'));
  const decimals = lastSep >= 0 && s.length - lastSep - 1 <= 2 ? s.slice(lastSep + 1) : '';
  const whole = (decimals === '' ? s : s.slice(0, lastSep)).replace(/[.,]/g, '');
  s = `${whole}.${decimals.padEnd(2, '0')}`;
  const cents = Math.round(Number(s) * 100);
  return Number.isSafeInteger(cents) ? cents : null;
}

/** A statement's date: `dd/mm/aaaa` (also with `-` or `.`) or `aaaa-mm-dd`; null otherwise. */
export function parseStatementDate(text: string): string | null {
  const s = text.trim();
  let y: number;
  let m: number;
  let d: number;
  let match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (match) [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(s))) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The lines of a statement, and every cell that could not be read (those lines are left out). */
export function readStatement(table: StatementTable): { lines: SettlementLine[]; problems: SettlementProblem[] } {
  const cols = recogniseStatementHeaders(table.headers);
  const missing = SETTLEMENT_COLUMNS.filter((c) => cols[c] === null);
  if (missing.length > 0) return { lines: [], problems: missing.map((c) => ({ row: table.headerRow, column: c, code: 'missing_column', value: '' })) };
  if (table.rows.length === 0) return { lines: [], problems: [{ row: table.headerRow, column: '', code: 'empty', value: '' }] };
  if (table.rows.length > MAX_SETTLEMENT_LINES) return { lines: [], problems: [{ row: table.headerRow, column: '', code: 'too_many', value: String(table.rows.length) }] };
  const lines: SettlementLine[] = [];
  const problems: SettlementProblem[] = [];
  for (const r of table.rows) {
    const cell = (c: SettlementColumn) => String(r.cells[cols[c] as number] ?? '').trim();
    if (SETTLEMENT_COLUMNS.every((c) => cell(c) === '')) continue; // an empty line
    const header = (c: SettlementColumn) => table.headers[cols[c] as number] ?? c;
    const before = problems.length;
    for (const c of SETTLEMENT_COLUMNS) if (cell(c) === '') problems.push({ row: r.row, column: header(c), code: 'required', value: '' });
    const amount = cell('amount') === '' ? null : parseStatementAmount(cell('amount'));
    if (cell('amount') !== '' && amount === null) problems.push({ row: r.row, column: header('amount'), code: 'amount_format', value: cell('amount') });
    else if (amount !== null && amount <= 0) problems.push({ row: r.row, column: header('amount'), code: 'amount_not_positive', value: cell('amount') });
    const date = cell('date') === '' ? null : parseStatementDate(cell('date'));
    if (cell('date') !== '' && date === null) problems.push({ row: r.row, column: header('date'), code: 'date_format', value: cell('date') });
    if (problems.length === before && amount !== null && date !== null) lines.push({ row: r.row, reference: cell('reference'), amount_cents: amount, date });
  }
  return { lines, problems };
}

export type SettlementOutcome =
  /** Will be settled: a card or transfer payment, collected (handed over, disputed), same amount. */
  | { readonly kind: 'settle'; readonly line: SettlementLine; readonly payment: Payment; readonly order_code: string }
  /** Already «Conciliado»: left alone. */
  | { readonly kind: 'already'; readonly line: SettlementLine; readonly payment: Payment; readonly order_code: string }
  /** The amount differs from what was collected. */
  | { readonly kind: 'amount'; readonly line: SettlementLine; readonly payment: Payment; readonly order_code: string }
  /** The order is paid in cash or on account, or its payment is not recorded as collected yet. */
  | { readonly kind: 'not_settleable'; readonly line: SettlementLine; readonly payment: Payment; readonly order_code: string }
  /** The order is settled by an earlier line of the same statement. */
  | { readonly kind: 'duplicate'; readonly line: SettlementLine; readonly payment: Payment; readonly order_code: string }
  /** No order code in the reference, several, or an order without a payment. */
  | { readonly kind: 'unmatched'; readonly line: SettlementLine; readonly order_code: string };

export type SettlementKind = SettlementOutcome['kind'];
export const SETTLEMENT_KINDS: readonly SettlementKind[] = ['settle', 'already', 'amount', 'not_settleable', 'duplicate', 'unmatched'];

/** The payments a statement may settle. */
export const SETTLEABLE_METHODS: readonly Payment['method'][] = ['card', 'transfer'];
const SETTLEABLE_STATUSES: readonly Payment['status'][] = ['collected', 'handed_over', 'disputed'];

/** The order codes named in a reference (whole words, case ignored), in `codes`' spelling. */
function codesIn(reference: string, codes: ReadonlyMap<string, string>): string[] {
  const exact = codes.get(reference.trim().toUpperCase());
  if (exact !== undefined) return [exact];
  const found = new Set<string>();
  for (const token of reference.toUpperCase().split(/[^A-Z0-9_-]+/)) {
    const t = token.replace(/^[-_]+|[-_]+$/g, '');
    const code = codes.get(t);
    if (code !== undefined) found.add(code);
  }
  return [...found];
}

/**
 * What each line of a statement does. `orders` are (id, code) of the orders the operator may
 * see; `payments` their payments (order payments only are looked at).
 */
export function matchStatement(
  lines: readonly SettlementLine[],
  orders: readonly { readonly id: string; readonly code: string }[],
  payments: readonly { readonly kind: string }[],
): SettlementOutcome[] {
  const codeToId = new Map<string, string>();
  const upper = new Map<string, string>();
  for (const o of orders) {
    codeToId.set(o.code, o.id);
    upper.set(o.code.toUpperCase(), o.code);
  }
  const paymentOf = new Map<string, Payment>();
  for (const p of payments) if (p.kind === 'order') paymentOf.set((p as Payment).order_id, p as Payment);
  const settledInFile = new Set<string>();
  return lines.map((line): SettlementOutcome => {
    const codes = codesIn(line.reference, upper);
    if (codes.length !== 1) return { kind: 'unmatched', line, order_code: '' };
    const order_code = codes[0] as string;
    const payment = paymentOf.get(codeToId.get(order_code) ?? '');
    if (!payment) return { kind: 'unmatched', line, order_code };
    if (settledInFile.has(payment.id)) return { kind: 'duplicate', line, payment, order_code };
    settledInFile.add(payment.id);
    if (payment.status === 'reconciled') return { kind: 'already', line, payment, order_code };
    if (!SETTLEABLE_METHODS.includes(payment.method) || !SETTLEABLE_STATUSES.includes(payment.status)) return { kind: 'not_settleable', line, payment, order_code };
    if (payment.amount_collected_cents !== line.amount_cents) return { kind: 'amount', line, payment, order_code };
    return { kind: 'settle', line, payment, order_code };
  });
}

/** How many lines of each kind. */
export function settlementSummary(outcomes: readonly SettlementOutcome[]): Record<SettlementKind, number> {
  const sum = Object.fromEntries(SETTLEMENT_KINDS.map((k) => [k, 0])) as Record<SettlementKind, number>;
  for (const o of outcomes) sum[o.kind] += 1;
  return sum;
}

/**
 * The note a settled payment keeps: `entry` (the statement's line, worded by the caller from the
 * catalogue) after the note it had; the oldest text goes first when it grows beyond `max`.
 */
export function settlementNote(previous: string, entry: string, max = 500): string {
  const note = previous.trim() === '' ? entry : `${previous.trim()}\n${entry}`;
  return note.length <= max ? note : note.slice(note.length - max);
}

/** The change settling makes to a payment; `entry` is the statement line for its note. */
export function settledPaymentPatch(p: Pick<Payment, 'note'>, entry: string, reviewerId: string): Pick<Payment, 'status' | 'reviewed_by' | 'note'> {
  return { status: 'reconciled', reviewed_by: reviewerId, note: settlementNote(p.note, entry) };
}
