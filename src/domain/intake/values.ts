/**
 * Parsers of one cell, each answering a value or the code of what is wrong (plus variables for
 * the message). Cells come from CSV (always text), XLSX (text, numbers, booleans) or JSON.
 * Written by hand rather than with zod because they run on every cell of 50,000-row files in
 * a few hundred milliseconds; the documents built from them are checked with the entity
 * schemas before anything is written (plan.ts).
 */
import type { PaymentMethod } from '../entities/operation';
import { isValidEan13 } from '../barcode';
import type { IntakeIssueCode, IssueVars } from './issues';
import { normaliseText } from './fields';
import type { Window } from './orderFields';

export type { Window } from './orderFields';

/** One cell as read: text (CSV, XLSX strings), a number or a boolean (XLSX, JSON), or empty. */
export type Cell = string | number | boolean | null;

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly code: IntakeIssueCode; readonly vars?: IssueVars };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(code: IntakeIssueCode, vars?: IssueVars): Parsed<T> => ({ ok: false, code, ...(vars ? { vars } : {}) });

/** A short quotation of a cell for messages (long values cut). */
export function quote(cell: Cell): string {
  const s = cell === null ? '' : String(cell);
  return s.length > 40 ? `${s.slice(0, 37)}…` : s;
}

/**
 * A cell that holds a spreadsheet formula exported as text (`=SUMA(A1)`, `@HYPERLINK(…)`,
 * `+cmd|…`): refused, so nothing of it reaches an order or a later export. A number with its
 * sign (`-3`, `+34 600…`) is not a formula.
 */
export function isFormula(text: string): boolean {
  const c = text.charCodeAt(0);
  if (c === 61 /* = */ || c === 64 /* @ */) return text.length > 1;
  if (c === 43 /* + */ || c === 45 /* - */) return /^[+-]\s*[A-Za-z(]/.test(text);
  return false;
}

/** The text of a cell, trimmed; a leading apostrophe that protects a formula character is removed (see csv.ts). */
export function cellText(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'sí' : 'no';
  const s = cell.trim();
  return s.length > 1 && s.charCodeAt(0) === 39 /* ' */ && /^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s;
}

export function isBlank(cell: Cell): boolean {
  return cell === null || (typeof cell === 'string' && cell.trim() === '');
}

// ── Text ───────────────────────────────────────────────────────────────────────────────────────

export function parseText(cell: Cell, max: number, required: boolean): Parsed<string> {
  const s = cellText(cell).replace(/\s+/g, ' ');
  if (s === '') return required ? fail('required') : ok('');
  if (s.length > max) return fail('too_long', { max, length: s.length });
  return ok(s);
}

/** A reference (order, point): text without control characters, up to `max` characters. */
export function parseRef(cell: Cell, max: number, required: boolean): Parsed<string> {
  const r = parseText(cell, max, required);
  if (!r.ok) return r;
  // Excel turns long numeric references into 1.23E+12; the reference is then lost.
  if (/^\d+([.,]\d+)?E\+\d+$/i.test(r.value)) return fail('ean_scientific', { value: r.value });
  return r;
}

// ── Dates ──────────────────────────────────────────────────────────────────────────────────────

const DAY_MS = 86_400_000;
/** Excel's day 0 is 1899-12-30 (so that its fictitious 29 Feb 1900 falls out for every real date after it). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

function isoOf(y: number, m: number, d: number): string | null {
  if (y < 1900 || y > 9999 || m < 1 || m > 12 || d < 1 || d > 31) return null;
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** `YYYY-MM-DD` plus `days`. */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` of an Excel serial day number (1 = 1900-01-01; the time of day is ignored). */
export function excelSerialToIso(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 61 || serial > 2_958_465) return null; // 1900-03-01 … 9999-12-31
  return new Date(EXCEL_EPOCH_MS + Math.floor(serial) * DAY_MS).toISOString().slice(0, 10);
}

/** The Excel serial day number of `YYYY-MM-DD`. */
export function isoToExcelSerial(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return Math.round((Date.UTC(y, m - 1, d) - EXCEL_EPOCH_MS) / DAY_MS);
}

/** How far ahead an order may be dated. */
export const MAX_DAYS_AHEAD = 366;

/**
 * A delivery date as a Spanish operator writes it: `dd/mm/aaaa`, `d/m/aaaa`, `dd-mm-aaaa`,
 * `dd.mm.aaaa`, `aaaa-mm-dd`, or an Excel date (a number, XLSX only). Anything else — American
 * `mm/dd/aaaa` that is not a real day, two-digit years, month names, text in a date column — is
 * refused saying which formats are accepted. Days before `today` are refused, and so are days
 * more than MAX_DAYS_AHEAD ahead (almost always a typo in the year).
 */
export function parseDate(cell: Cell, today: string): Parsed<string> {
  if (isBlank(cell)) return fail('required');
  let iso: string | null;
  if (typeof cell === 'number') {
    iso = excelSerialToIso(cell);
    if (iso === null) return fail('date_format', { value: quote(cell) });
  } else if (typeof cell === 'boolean') {
    return fail('date_format', { value: quote(cell) });
  } else {
    const s = cellText(cell);
    let m = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/.exec(s);
    if (m) iso = isoOf(Number(m[4]), Number(m[3]), Number(m[1]));
    else if ((m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]00:00(?::00(?:\.0+)?)?Z?)?$/.exec(s))) iso = isoOf(Number(m[1]), Number(m[2]), Number(m[3]));
    else return fail('date_format', { value: quote(s) });
    if (iso === null) return fail('date_invalid', { value: quote(s) });
  }
  if (iso < today) return fail('date_past', { value: iso, today });
  const limit = addDays(today, MAX_DAYS_AHEAD);
  if (iso > limit) return fail('date_too_far', { value: iso, limit });
  return ok(iso);
}

// ── Times and windows ──────────────────────────────────────────────────────────────────────────

const TIME = String.raw`(\d{1,2})[:.h](\d{2})(?::(\d{2}))?`;
const TIME_RE = new RegExp(`^${TIME}$`, 'i');
const WINDOW_RE = new RegExp(`^(?:de\\s+)?${TIME}\\s*(?:-|–|—|a|hasta|to)\\s*${TIME}$`, 'i');

function hhmm(h: number, m: number): string | null {
  if (h > 23 || m > 59) return null;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** `HH:mm` from `9:00`, `09:00`, `09.00`, `9h00`, `09:00:00`, or a fraction of a day (XLSX time). */
export function parseTime(cell: Cell): Parsed<string> {
  if (isBlank(cell)) return fail('required');
  if (typeof cell === 'number') {
    if (!(cell >= 0 && cell < 1)) return fail('time_format', { value: quote(cell) });
    const minutes = Math.round(cell * 1440);
    return ok(hhmm(Math.floor(minutes / 60), minutes % 60) ?? '23:59');
  }
  const s = cellText(cell);
  const m = TIME_RE.exec(s);
  const t = m ? hhmm(Number(m[1]), Number(m[2])) : null;
  return t === null ? fail('time_format', { value: quote(s) }) : ok(t);
}

/** A window in one cell: `09:00-13:00`, `9:00 - 13:00`, `de 9:00 a 13:00`, `09:00–13:00`. */
export function parseWindow(cell: Cell): Parsed<Window> {
  if (isBlank(cell)) return fail('required');
  const s = cellText(cell);
  const m = WINDOW_RE.exec(s);
  const start = m ? hhmm(Number(m[1]), Number(m[2])) : null;
  const end = m ? hhmm(Number(m[4]), Number(m[5])) : null;
  if (start === null || end === null) return fail('window_format', { value: quote(s) });
  if (end <= start) return fail('window_order', { start, end });
  return ok({ start, end });
}

// ── Numbers and codes ──────────────────────────────────────────────────────────────────────────

export const MAX_QUANTITY = 100_000;

/** A whole number of units, 1…MAX_QUANTITY. `3,0`, `2.5`, `-1`, `0`, `tres` are refused. */
export function parseQuantity(cell: Cell): Parsed<number> {
  if (isBlank(cell)) return fail('required');
  let n: number;
  if (typeof cell === 'number') n = cell;
  else {
    const s = cellText(cell);
    if (!/^\d{1,9}$/.test(s)) return fail('quantity', { value: quote(s) });
    n = Number(s);
  }
  if (!Number.isInteger(n) || n <= 0) return fail('quantity', { value: quote(cell) });
  if (n > MAX_QUANTITY) return fail('quantity_too_big', { value: n, max: MAX_QUANTITY });
  return ok(n);
}

/** A Spanish postal code: five digits; four digits get back the leading zero a spreadsheet dropped (8005 → 08005). */
export function parsePostalCode(cell: Cell, required: boolean): Parsed<string> {
  if (isBlank(cell)) return required ? fail('required') : ok('');
  const s = typeof cell === 'number' && Number.isInteger(cell) ? String(cell) : cellText(cell);
  if (!/^\d{4,5}$/.test(s)) return fail('postal_code', { value: quote(s) });
  const code = s.padStart(5, '0');
  const province = Number(code.slice(0, 2));
  if (province < 1 || province > 52) return fail('postal_code', { value: quote(s) });
  return ok(code);
}

/** A phone as the entity keeps it: digits, spaces and a leading +; dashes, dots and brackets become spaces. */
export function parsePhone(cell: Cell): Parsed<string> {
  if (isBlank(cell)) return ok('');
  const raw = typeof cell === 'number' && Number.isInteger(cell) ? String(cell) : cellText(cell);
  const s = raw.replace(/[-.()/]/g, ' ').replace(/\s+/g, ' ').trim();
  if (!/^\+?[0-9 ]{6,19}$/.test(s)) return fail('phone', { value: quote(raw) });
  return ok(s);
}

/** A product code as typed: an SKU, an EAN-13 (a 12-digit UPC-A gets its leading 0), or the product's id. */
export type ProductCode = { readonly kind: 'ean'; readonly ean: string } | { readonly kind: 'code'; readonly code: string };

export function parseProductCode(cell: Cell): Parsed<ProductCode> {
  if (isBlank(cell)) return fail('required');
  const s = typeof cell === 'number' && Number.isInteger(cell) ? String(cell) : cellText(cell);
  if (/^\d+([.,]\d+)?E\+\d+$/i.test(s)) return fail('ean_scientific', { value: s });
  if (/^\d{12,13}$/.test(s)) {
    const ean = s.padStart(13, '0');
    return isValidEan13(ean) ? ok({ kind: 'ean', ean }) : fail('ean_invalid', { value: s });
  }
  if (s.length > 64) return fail('too_long', { max: 64, length: s.length });
  return ok({ kind: 'code', code: s });
}

const PAYMENT_NAMES: ReadonlyMap<string, PaymentMethod> = new Map(
  (
    [
      ['cash', ['efectivo', 'contado', 'metalico', 'en efectivo', 'cash', 'contra reembolso', 'reembolso']],
      ['card', ['tarjeta', 'tpv', 'datafono', 'card', 'credit card', 'tarjeta credito', 'tarjeta debito']],
      ['transfer', ['transferencia', 'transferencia bancaria', 'transfer', 'bank transfer', 'bizum']],
      ['on_account', ['a cuenta', 'cuenta', 'credito', 'a credito', 'on account', 'on_account', 'account', 'factura', 'domiciliacion', 'recibo']],
    ] as const
  ).flatMap(([method, names]) => names.map((n) => [normaliseText(n), method] as const)),
);

/** A payment method by its Spanish or English name; blank = not given (the client's default applies). */
export function parsePaymentMethod(cell: Cell): Parsed<PaymentMethod | undefined> {
  if (isBlank(cell)) return ok(undefined);
  const s = cellText(cell);
  const method = PAYMENT_NAMES.get(normaliseText(s));
  return method ? ok(method) : fail('payment_method', { value: quote(s) });
}
