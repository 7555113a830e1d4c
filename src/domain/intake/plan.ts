/**
 * The intake itself: records (from a file under a column mapping, or from an API request) →
 * checked lines → orders grouped by (client, external reference) → delivery points matched or
 * made «sin ubicación» → prices and taxes from the product catalogue (as the order form does) →
 * a diff against the existing orders → a write plan. Pure: the data layer applies the plan in
 * batches (cb_localDB), the server in one SQLite transaction.
 *
 * Rules:
 * - A row is one order line. Rows with the same client and external reference are one order;
 *   their date, window, delivery point and payment method must agree (else `order_conflict`).
 * - An order is written whole or not at all: one refused row refuses its whole order, and the
 *   order's other rows say why (`order_has_errors`).
 * - An existing order (same client and reference) is left alone when nothing changed
 *   (`unchanged`: re-importing a file changes nothing), updated while it is still pending and on
 *   no route, and refused with the reason once planned (`order_planned`).
 * - A field the input does not carry (no window, payment or notes column) keeps the existing
 *   order's value; a new order takes the point's receiving hours, the client's payment terms and
 *   no notes.
 * - Lines with the same products and quantities keep their stored prices; changed lines take
 *   the catalogue's current price and tax rate.
 * - Mode `valid-only` («Importar las filas válidas») writes every order without problems;
 *   `all-or-nothing` («Todo o nada») writes nothing when anything at all is refused.
 */
import type { DeliveryPoint, Order, OrderLine, PaymentMethod } from '../entities/operation';
import { deliveryPointSchema, orderSchema } from '../entities/operation';
import type { Client } from '../entities/reference';
import { lineFromProduct, newOrderCode } from '../orderForm';
import { addressKey, orderRefKey, refKey, type IntakeIndex } from './context';
import { normaliseText, type IntakeField } from './fields';
import { intakeOrderId, intakePointId } from './ids';
import type { IntakeIssue, IntakeIssueCode, IssueVars } from './issues';
import type { IntakeRecord } from './mapping';
import { DomainError, msg } from '../messages';
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

export type IntakeMode = 'valid-only' | 'all-or-nothing';

export interface PlanOptions {
  /** The operation's calendar day (Madrid), `YYYY-MM-DD`: earlier dates are refused. */
  readonly today: string;
  /** Epoch ms stamped as `created_at` / `updated_at`. */
  readonly now: number;
  readonly mode: IntakeMode;
  /** Client of rows that name none (the operator's choice for the file, or the API key's client). */
  readonly defaultClientId?: string;
  /** Receiving hours of a new point when the input has no window (default 09:00–14:00). */
  readonly defaultHours?: Window;
  /**
   * Check each order and point built against its entity schema (zod) before planning to write
   * it (default true). The import worker turns it off to stay within its time budget on 50,000
   * rows: the documents are built from checked values only, and the data layer validates every
   * document again before storing it (src/data/writes.ts), as the server does on push.
   */
  readonly verify?: boolean;
}

export type OrderAction = 'create' | 'update' | 'unchanged' | 'refused';

export interface PlannedOrder {
  /** `${client_id}|${external reference, lower case}`. */
  readonly key: string;
  readonly file: string;
  /** Rows of the input that make this order, in order. */
  readonly rows: readonly number[];
  readonly client_id: string;
  readonly external_ref: string;
  readonly action: OrderAction;
  /** The order to store (create, update), as stored (unchanged), or as far as it was built (refused; null when it could not be). */
  readonly order: Order | null;
  /** Id of the new point this order needs ('' when none). */
  readonly new_point_id: string;
  readonly issues: readonly IntakeIssue[];
}

export interface IntakeSummary {
  /** Rows read (not counting empty rows). */
  readonly rows: number;
  readonly validRows: number;
  readonly refusedRows: number;
  readonly create: number;
  readonly update: number;
  readonly unchanged: number;
  readonly refused: number;
  /** New points «sin ubicación» the plan writes. */
  readonly newPoints: number;
  readonly issues: number;
}

export interface IntakeWrites {
  /** New delivery points «sin ubicación» (written first: orders refer to them). */
  readonly points: readonly DeliveryPoint[];
  readonly create: readonly Order[];
  readonly update: readonly Order[];
}

export interface IntakePlan {
  readonly mode: IntakeMode;
  readonly orders: readonly PlannedOrder[];
  /** Every problem, in reading order (files in input order, then row, then column). */
  readonly issues: readonly IntakeIssue[];
  readonly summary: IntakeSummary;
  /** True when the mode is all-or-nothing and something was refused: `writes` is then empty. */
  readonly blocked: boolean;
  readonly writes: IntakeWrites;
}

// ── Lines ──────────────────────────────────────────────────────────────────────────────────────

interface PointInput {
  readonly ref: string;
  readonly name: string;
  readonly address: string;
  readonly postal_code: string;
  readonly city: string;
  readonly phone: string;
  readonly contact: string;
}

/** Where a record is (what an issue needs), without its cells. */
interface Place {
  readonly file: string;
  readonly row: number;
  readonly columns: IntakeRecord['columns'];
}

interface Line {
  /** The record's place: a line keeps no cells, so records die young on big files. */
  readonly rec: Place;
  /** Problems of the row (NO_ISSUES, shared, until the first one: most rows have none). */
  issues: IntakeIssue[];
  client: Client | null;
  ref: string;
  date?: string;
  window?: Window;
  point: PointInput;
  product?: ProductCode;
  quantity?: number;
  payment?: PaymentMethod;
  /** undefined: the input has no notes. */
  notes?: string;
}

const NO_ISSUES: IntakeIssue[] = [];

function addIssue(line: Line, issue: IntakeIssue): void {
  if (line.issues === NO_ISSUES) line.issues = [issue];
  else line.issues.push(issue);
}

const MAX_REF = 64;
const MAX_POINT_REF = 40;

function issueAt(rec: Place, field: IntakeField | null, code: IntakeIssueCode, vars: IssueVars = {}): IntakeIssue {
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

/** Checks the cells of each record (one instance per plan, with its memos). */
class LineChecker {
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
  private readonly text500 = new Memo((c) => parseText(c, 500, false));

  constructor(
    private readonly index: IntakeIndex,
    private readonly opts: PlanOptions,
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
    const line: Line = { rec: { file: rec.file, row: rec.row, columns: rec.columns }, issues: NO_ISSUES, client: null, ref: '', point: EMPTY_POINT };
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
    const date = cellOf('date');
    if (date !== undefined) line.date = this.take(line, 'date', this.date.get(date));
    else if (!formula?.has('date')) addIssue(line, issueAt(rec, 'date', 'required'));

    const window = cellOf('window');
    const start = cellOf('window_start');
    const end = cellOf('window_end');
    if (window !== undefined && !isBlank(window)) {
      line.window = this.take(line, 'window', this.window.get(window));
    } else if ((start !== undefined && !isBlank(start)) || (end !== undefined && !isBlank(end))) {
      const s = this.take(line, 'window_start', this.time.get(start ?? null));
      const e = this.take(line, 'window_end', this.time.get(end ?? null));
      if (s !== undefined && e !== undefined) {
        if (e <= s) addIssue(line, issueAt(rec, 'window_end', 'window_order', { start: s, end: e }));
        else line.window = { start: s, end: e };
      }
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
    const payment = cellOf('payment_method');
    if (payment !== undefined) line.payment = this.take(line, 'payment_method', this.payment.get(payment));
    const notes = cellOf('notes');
    if (notes !== undefined) line.notes = this.take(line, 'notes', this.text500.get(notes));
    return line;
  }
}

// ── Orders ─────────────────────────────────────────────────────────────────────────────────────

interface Group {
  readonly key: string;
  readonly client: Client;
  readonly ref: string;
  readonly lines: Line[];
}

const sameWindow = (a: Window | undefined, b: Window | undefined): boolean => a?.start === b?.start && a?.end === b?.end;

function pointIdentity(p: PointInput): string {
  if (p.ref !== '') return `ref:${p.ref.toLowerCase()}`;
  if (p.address === '' && p.name === '') return '';
  return `addr:${p.postal_code}|${normaliseText(p.address)}`;
}

type PointChoice = { readonly ok: true; readonly point: DeliveryPoint; readonly isNew: boolean } | { readonly ok: false; readonly issue: IntakeIssue };

const DEFAULT_HOURS: Window = { start: '09:00', end: '14:00' };

class Planner {
  private readonly newPoints = new Map<string, DeliveryPoint>();

  constructor(
    private readonly index: IntakeIndex,
    private readonly opts: PlanOptions,
  ) {}

  private hubFor(p: PointInput): number | null {
    const byPostal = this.index.hubByPostalCode.get(p.postal_code);
    if (byPostal !== undefined && this.index.hubs.has(byPostal)) return byPostal;
    const city = normaliseText(p.city);
    const sameCity = [...this.index.hubs.values()].filter((h) => normaliseText(h.city) === city).sort((a, b) => a.number - b.number)[0];
    if (sameCity) return sameCity.number;
    const byProvince = this.index.hubByProvince.get(p.postal_code.slice(0, 2));
    if (byProvince !== undefined && this.index.hubs.has(byProvince)) return byProvince;
    return null;
  }

  /** The existing point the line names, or a new one «sin ubicación» made from its address. */
  choosePoint(client: Client, line: Line): PointChoice {
    const p = line.point;
    const rec = line.rec;
    if (p.ref !== '') {
      const prefix = `${client.key.toLowerCase()}-`;
      const bare = p.ref.toLowerCase().startsWith(prefix) ? p.ref.slice(prefix.length) : p.ref;
      const found = this.index.pointsByRef.get(refKey(client.key, bare)) ?? this.index.pointsByRef.get(refKey(client.key, p.ref)) ?? [];
      const distinct = [...new Map(found.map((d) => [d.id, d])).values()];
      if (distinct.length > 1) return { ok: false, issue: issueAt(rec, 'point_ref', 'point_ambiguous', { ref: p.ref, count: distinct.length }) };
      const one = distinct[0];
      if (one) {
        if (!one.active) return { ok: false, issue: issueAt(rec, 'point_ref', 'point_inactive', { ref: p.ref, name: one.name }) };
        return { ok: true, point: one, isNew: false };
      }
    } else if (p.address !== '' && p.postal_code !== '') {
      const found = (this.index.pointsByAddress.get(addressKey(p.postal_code, p.address)) ?? []).filter((d) => d.active);
      const mine = found.find((d) => d.client_providers.some((c) => c.toLowerCase().startsWith(`${client.key.toLowerCase()}-`)));
      const one = mine ?? found[0];
      if (one) return { ok: true, point: one, isNew: false };
    }
    // A new point: it needs a full address.
    const missing = (['point_name', 'address', 'postal_code', 'city'] as const).filter((f) => (f === 'point_name' ? p.name : p[f]) === '');
    if (missing.length > 0) {
      const field: IntakeField = p.ref !== '' ? 'point_ref' : (missing[0] ?? 'address');
      return { ok: false, issue: issueAt(rec, field, 'point_incomplete', { ref: p.ref, missing: missing.join(',') }) };
    }
    const id = intakePointId(client.id, p.ref !== '' ? `ref:${p.ref.toLowerCase()}` : `addr:${p.postal_code}|${normaliseText(p.address)}`);
    const made = this.newPoints.get(id);
    if (made) return { ok: true, point: made, isNew: true };
    const hub = this.hubFor(p);
    const hubDoc = hub === null ? undefined : this.index.hubs.get(hub);
    if (hub === null || !hubDoc) return { ok: false, issue: issueAt(rec, 'postal_code', 'no_hub', { postal_code: p.postal_code, city: p.city }) };
    const hours = line.window ?? this.opts.defaultHours ?? DEFAULT_HOURS;
    const point: DeliveryPoint = {
      id,
      name: p.name,
      hub,
      ref_providers: p.ref !== '' ? [`${client.key.toUpperCase()}-${p.ref}`] : [],
      client_providers: p.ref !== '' ? [`${client.key}-${p.ref}`] : [],
      kind: 'shop',
      address: p.address,
      postal_code: p.postal_code,
      city: p.city,
      lat: hubDoc.lat,
      lng: hubDoc.lng,
      contact_name: p.contact,
      phone: p.phone,
      opens: hours.start,
      closes: hours.end,
      notes: '',
      active: true,
      located: false,
      updated_at: this.opts.now,
    };
    const check = deliveryPointSchema.safeParse(point);
    if (!check.success) {
      const first = check.error.issues[0];
      return { ok: false, issue: issueAt(rec, 'address', 'order_invalid', { message: first ? `${first.path.join('.')}: ${first.message}` : '' }) };
    }
    this.newPoints.set(id, point);
    return { ok: true, point, isNew: true };
  }

  newPoint(id: string): DeliveryPoint | undefined {
    return this.newPoints.get(id);
  }

  /** The order of a group, the action on it and its problems. */
  planGroup(g: Group): PlannedOrder {
    const rows = g.lines.map((l) => l.rec.row);
    const file = g.lines[0]?.rec.file ?? '';
    const issues: IntakeIssue[] = [];
    const base = { key: g.key, file, rows, client_id: g.client.id, external_ref: g.ref };
    const first = g.lines[0] as Line;

    // Order-level fields: the first row that carries each one; later rows must agree.
    let date: string | undefined;
    let window: Window | undefined;
    let payment: PaymentMethod | undefined;
    let pointLine: Line | undefined;
    const notes: string[] = [];
    let anyNotes = false;
    const conflict = (l: Line, field: IntakeField, value: string, other: string): void => {
      issues.push(issueAt(l.rec, field, 'order_conflict', { ref: g.ref, value, other, otherRow: first.rec.row }));
    };
    for (const l of g.lines) {
      if (l.date !== undefined) {
        if (date === undefined) date = l.date;
        else if (l.date !== date) conflict(l, 'date', l.date, date);
      }
      if (l.window !== undefined) {
        if (window === undefined) window = l.window;
        else if (!sameWindow(l.window, window)) conflict(l, l.rec.columns.window ? 'window' : 'window_start', `${l.window.start}-${l.window.end}`, `${window.start}-${window.end}`);
      }
      if (l.payment !== undefined) {
        if (payment === undefined) payment = l.payment;
        else if (l.payment !== payment) conflict(l, 'payment_method', l.payment, payment);
      }
      const a = l.point;
      if (a.ref !== '' || a.address !== '' || a.name !== '') {
        if (pointLine === undefined) pointLine = l;
        else {
          const b = pointLine.point;
          // Rows name the same point when their references agree, or (without references) their addresses.
          if (a.ref !== '' && b.ref !== '') {
            if (a.ref !== b.ref && a.ref.toLowerCase() !== b.ref.toLowerCase()) conflict(l, 'point_ref', a.ref, b.ref);
          } else if (a.ref === '' && b.ref === '' && (a.address !== b.address || a.postal_code !== b.postal_code) && pointIdentity(a) !== pointIdentity(b)) {
            conflict(l, 'address', a.address, b.address);
          }
        }
      }
      if (l.notes !== undefined) {
        anyNotes = true;
        if (l.notes !== '' && !notes.includes(l.notes)) notes.push(l.notes);
      }
    }
    if (g.lines.length > 200) issues.push(issueAt(first.rec, null, 'order_too_many_lines', { ref: g.ref, count: g.lines.length, max: 200 }));

    let point: DeliveryPoint | undefined;
    let isNewPoint = false;
    if (pointLine === undefined) {
      issues.push(issueAt(first.rec, 'point_ref', 'required'));
    } else {
      const choice = this.choosePoint(g.client, pointLine);
      if (choice.ok) {
        point = choice.point;
        isNewPoint = choice.isNew;
      } else issues.push(choice.issue);
    }

    // Lines: product of the client, price and tax from the catalogue.
    const lines: { product_id: string; quantity: number; line: OrderLine }[] = [];
    g.lines.forEach((l, i) => {
      if (l.product === undefined || l.quantity === undefined) return;
      const product = this.findProduct(g.client, l);
      if (!product) return;
      lines.push({ product_id: product.id, quantity: l.quantity, line: lineFromProduct(product, this.index.taxes, `l${i + 1}`, l.quantity) });
    });

    const rowIssues = g.lines.some((l) => l.issues.length > 0);
    if (issues.length > 0 || rowIssues || !point || date === undefined || lines.length !== g.lines.length) {
      return this.refuse(base, g, issues, null);
    }

    const existing = this.index.orderByRef.get(orderRefKey(g.client.id, g.ref));
    const noteText = notes.join(' · ').slice(0, 500);
    const hours: Window = window ?? { start: point.opens, end: point.closes };
    if (!existing) {
      const id = intakeOrderId(g.client.id, g.ref);
      const order: Order = {
        id,
        code: newOrderCode(date, id.slice(-8)),
        client_id: g.client.id,
        delivery_point_id: point.id,
        hub: point.hub,
        date,
        window_start: hours.start,
        window_end: hours.end,
        status: 'pending',
        picking_status: 'pending',
        status_id: '',
        route_id: '',
        lines: lines.map((l) => l.line),
        payment_method: payment ?? g.client.payment_terms,
        external_ref: g.ref,
        notes: anyNotes ? noteText : '',
        created_at: this.opts.now,
        updated_at: this.opts.now,
      };
      return this.finish(base, g, 'create', order, isNewPoint ? point.id : '');
    }
    const sameLines =
      existing.lines.length === lines.length && existing.lines.every((l, i) => l.product_id === lines[i]?.product_id && l.quantity === lines[i]?.quantity);
    const next: Order = {
      ...existing,
      delivery_point_id: point.id,
      hub: point.hub,
      date,
      window_start: window ? window.start : existing.window_start,
      window_end: window ? window.end : existing.window_end,
      payment_method: payment ?? existing.payment_method,
      notes: anyNotes ? noteText : existing.notes,
      lines: sameLines ? existing.lines : lines.map((l) => l.line),
    };
    const changed =
      !sameLines ||
      next.delivery_point_id !== existing.delivery_point_id ||
      next.date !== existing.date ||
      next.window_start !== existing.window_start ||
      next.window_end !== existing.window_end ||
      next.payment_method !== existing.payment_method ||
      next.notes !== existing.notes;
    if (!changed) return this.finish(base, g, 'unchanged', existing, '');
    if (existing.status !== 'pending' || existing.route_id !== '') {
      const refusal = g.lines.map((l) =>
        issueAt(l.rec, null, 'order_planned', { ref: g.ref, code: existing.code, status: existing.status, route: existing.route_id }),
      );
      return this.refuse(base, g, refusal, next);
    }
    return this.finish(base, g, 'update', { ...next, updated_at: this.opts.now }, isNewPoint ? point.id : '');
  }

  private findProduct(client: Client, l: Line): ReturnType<IntakeIndex['productByCode']['get']> {
    const code = l.product as ProductCode;
    const at = (c: IntakeIssueCode, vars: IssueVars): undefined => {
      addIssue(l, issueAt(l.rec, 'product', c, vars));
      return undefined;
    };
    let product;
    if (code.kind === 'ean') {
      const all = this.index.productsByEan.get(code.ean) ?? [];
      product = all.find((p) => p.client_id === client.id);
      if (!product) return all[0] ? at('product_other_client', { value: code.ean, client: client.name }) : at('unknown_product', { value: code.ean, client: client.name });
    } else {
      const k = code.code.toLowerCase();
      product = this.index.productByCode.get(`${client.id}|${k}`);
      if (!product) return this.index.productAnyClient.has(k) ? at('product_other_client', { value: code.code, client: client.name }) : at('unknown_product', { value: code.code, client: client.name });
    }
    if (!product.active) return at('product_inactive', { value: code.kind === 'ean' ? code.ean : code.code, name: product.name });
    return product;
  }

  private finish(base: Omit<PlannedOrder, 'action' | 'order' | 'new_point_id' | 'issues'>, g: Group, action: OrderAction, order: Order, newPointId: string): PlannedOrder {
    if ((action === 'create' || action === 'update') && this.opts.verify !== false) {
      const check = orderSchema.safeParse(order);
      if (!check.success) {
        const first = check.error.issues[0];
        return this.refuse(base, g, [issueAt((g.lines[0] as Line).rec, null, 'order_invalid', { ref: g.ref, message: first ? `${first.path.join('.')}: ${first.message}` : '' })], order);
      }
    }
    return { ...base, action, order, new_point_id: newPointId, issues: [] };
  }

  private refuse(base: Omit<PlannedOrder, 'action' | 'order' | 'new_point_id' | 'issues'>, g: Group, orderIssues: IntakeIssue[], order: Order | null): PlannedOrder {
    const all = [...g.lines.flatMap((l) => l.issues), ...orderIssues];
    const badRows = new Set(all.map((i) => i.row));
    const listed = [...badRows].sort((a, b) => a - b).slice(0, 10).join(', ');
    for (const l of g.lines) {
      if (!badRows.has(l.rec.row)) all.push(issueAt(l.rec, null, 'order_has_errors', { ref: g.ref, rows: listed }));
    }
    return { ...base, action: 'refused', order, new_point_id: '', issues: all };
  }
}

/**
 * Plans an intake. `records` come from `recordsFromTable` (files) or from the order API's
 * mapping of a request (an iterable: they may be made as they are read); `preIssues` are problems found before or while making them (unreadable files, mapping,
 * misaligned rows): they count as refusals (all-or-nothing writes nothing), and `fileOrder`
 * sorts the issues as the files were given.
 */
export function planIntake(
  records: Iterable<IntakeRecord>,
  index: IntakeIndex,
  opts: PlanOptions,
  preIssues: readonly IntakeIssue[] = [],
  fileOrder: readonly string[] = [],
): IntakePlan {
  const planner = new Planner(index, opts);
  const checker = new LineChecker(index, opts);
  const groups = new Map<string, Group>();
  const loose: IntakeIssue[] = [];
  let looseRows = 0;
  let rowCount = 0;
  for (const rec of records) {
    rowCount += 1;
    const line = checker.check(rec);
    if (!line.client || line.ref === '') {
      loose.push(...line.issues);
      if (line.issues.length === 0) loose.push(issueAt(rec, 'external_ref', 'required'));
      looseRows += 1;
      continue;
    }
    const key = orderRefKey(line.client.id, line.ref);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { key, client: line.client, ref: line.ref, lines: [] }));
    g.lines.push(line);
  }
  const orders = [...groups.values()].map((g) => planner.planGroup(g));
  const issues = sortIssuesFast([...preIssues, ...loose, ...orders.flatMap((o) => o.issues)], fileOrder);
  const count = (a: OrderAction): number => orders.reduce((n, o) => n + (o.action === a ? 1 : 0), 0);
  const refusedRows = looseRows + orders.reduce((n, o) => n + (o.action === 'refused' ? o.rows.length : 0), 0);
  const blocked = opts.mode === 'all-or-nothing' && issues.length > 0;
  const written = blocked ? [] : orders.filter((o) => o.action === 'create' || o.action === 'update');
  const pointIds = new Set(written.map((o) => o.new_point_id).filter((id) => id !== ''));
  const points = [...pointIds].map((id) => planner.newPoint(id)).filter((p): p is DeliveryPoint => p !== undefined);
  return {
    mode: opts.mode,
    orders,
    issues,
    blocked,
    summary: {
      rows: rowCount,
      validRows: rowCount - refusedRows,
      refusedRows,
      create: count('create'),
      update: count('update'),
      unchanged: count('unchanged'),
      refused: count('refused'),
      newPoints: points.length,
      issues: issues.length,
    },
    writes: {
      points,
      create: written.filter((o) => o.action === 'create').map((o) => o.order as Order),
      update: written.filter((o) => o.action === 'update').map((o) => o.order as Order),
    },
  };
}

function sortIssuesFast(issues: IntakeIssue[], fileOrder: readonly string[]): IntakeIssue[] {
  const rank = new Map(fileOrder.map((f, i) => [f, i]));
  return issues.sort(
    (a, b) =>
      (rank.get(a.file) ?? 1e9) - (rank.get(b.file) ?? 1e9) ||
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.row - b.row ||
      (a.column < b.column ? -1 : a.column > b.column ? 1 : 0),
  );
}

// ── Applying ───────────────────────────────────────────────────────────────────────────────────

export type IntakeBatch =
  | { readonly collection: 'delivery_points'; readonly op: 'insert'; readonly docs: readonly DeliveryPoint[] }
  | { readonly collection: 'orders'; readonly op: 'insert' | 'update'; readonly docs: readonly Order[] };

/**
 * The writes of a plan in batches of at most `size` documents, in the order they must be
 * applied: new points, then new orders, then updated orders. Applying every batch gives the
 * plan's result; a batch is independent of the next (an interrupted import leaves whole orders).
 */
export function writeBatches(writes: IntakeWrites, size = 500): IntakeBatch[] {
  if (!Number.isInteger(size) || size < 1) throw new DomainError(msg('domain.intake.batchSize', { value: String(size) }));
  const out: IntakeBatch[] = [];
  for (let i = 0; i < writes.points.length; i += size) out.push({ collection: 'delivery_points', op: 'insert', docs: writes.points.slice(i, i + size) });
  for (let i = 0; i < writes.create.length; i += size) out.push({ collection: 'orders', op: 'insert', docs: writes.create.slice(i, i + size) });
  for (let i = 0; i < writes.update.length; i += size) out.push({ collection: 'orders', op: 'update', docs: writes.update.slice(i, i + size) });
  return out;
}

/** Number of documents a plan writes. */
export function writeCount(writes: IntakeWrites): number {
  return writes.points.length + writes.create.length + writes.update.length;
}
