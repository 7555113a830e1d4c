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
 * - One refused row refuses its whole order, and the order's other rows say why
 *   (`order_has_errors`), unless the operator chose to import that order without its bad rows
 *   (`withoutBadLines`): the order is then written from its good rows and flagged in its notes.
 * - The order fields an intake writes, and how, are one table (orderFields.ts).
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
import type { DeliveryPoint, Order } from '../entities/operation';
import { orderSchema } from '../entities/operation';
import type { Client } from '../entities/reference';
import { lineFromProduct, newOrderCode } from '../orderForm';
import { orderRefKey, type IntakeIndex } from './context';
import { normaliseText } from './fields';
import { intakeOrderId } from './ids';
import { sortIssuesInPlace, type IntakeIssue, type IntakeIssueCode, type IssueVars } from './issues';
import { LineChecker, addIssue, issueAt, type Line, type PointInput } from './lines';
import { PointChooser } from './points';
import type { IntakeWrites } from './batches';
import type { IntakeRecord } from './mapping';
import { changedFields, createdFields, READ_ROWS, updatedFields, type CreatedFixed, type MergedOrder } from './orderFields';
import { conflictAt, joinValues, mergeRows, NOTES_MAX } from './merge';
import type { ProductCode, Window } from './values';
import { fieldErrorText } from '../validation';

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
  /**
   * Orders (by key) the operator imports without their bad rows, and the note that flags such
   * an order («Importado sin las filas 4, 7»: the caller words it). Other orders with a bad row
   * are refused whole («retener»).
   */
  readonly withoutBadLines?: { readonly keys: ReadonlySet<string>; readonly note: (rows: readonly number[]) => string };
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
  /** Refused only because of these rows: without them the order is valid (the operator may import it without them). */
  readonly droppable_rows?: readonly number[];
  /** Rows left out of the order at the operator's choice (the order is written without them, flagged in its notes). */
  readonly dropped_rows?: readonly number[];
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


export interface IntakePlan {
  readonly mode: IntakeMode;
  readonly orders: readonly PlannedOrder[];
  /** Every problem, in reading order (files in input order, then row, then column). */
  readonly issues: readonly IntakeIssue[];
  readonly summary: IntakeSummary;
  /** True when the mode is all-or-nothing and something was refused: `writes` is then empty. */
  readonly blocked: boolean;
  readonly writes: IntakeWrites;
  /** Rows left out that are not problems (a trailing total line), said once. */
  readonly skipped: readonly IntakeIssue[];
}

// ── Orders ─────────────────────────────────────────────────────────────────────────────────────

interface Group {
  readonly key: string;
  readonly client: Client;
  readonly ref: string;
  readonly lines: Line[];
}

function pointIdentity(p: PointInput): string {
  if (p.ref !== '') return `ref:${p.ref.toLowerCase()}`;
  if (p.address === '' && p.name === '') return '';
  return `addr:${p.postal_code}|${normaliseText(p.address)}`;
}

class Planner {
  private readonly points: PointChooser;

  constructor(
    private readonly index: IntakeIndex,
    private readonly opts: PlanOptions,
  ) {
    this.points = new PointChooser(index, opts);
  }

  newPoint(id: string): DeliveryPoint | undefined {
    return this.points.newPoint(id);
  }

  /**
   * The order of a group, the action on it and its problems. When rows of the order are bad
   * and its other rows make a valid order, the refusal says so (`droppable_rows`); with the
   * operator's choice (`withoutBadLines`) the order is planned from its good rows, flagged in
   * its notes, and the bad rows stay refused.
   */
  planGroup(g: Group): PlannedOrder {
    const whole = this.planLines(g, g.lines, null);
    if (whole.action !== 'refused') return whole;
    const bad = g.lines.filter((l) => l.issues.length > 0);
    const good = g.lines.filter((l) => l.issues.length === 0);
    if (bad.length === 0 || good.length === 0) return whole;
    const droppable = bad.map((l) => l.rec.row);
    const choice = this.opts.withoutBadLines;
    const partial = this.planLines({ ...g, lines: good }, good, choice?.keys.has(g.key) ? { rows: droppable, note: choice.note(droppable) } : null);
    if (partial.action === 'refused') return whole;
    if (!choice?.keys.has(g.key)) return { ...whole, droppable_rows: droppable };
    const badIssues = bad.flatMap((l) => l.issues);
    return { ...partial, rows: g.lines.map((l) => l.rec.row), issues: badIssues, dropped_rows: droppable, droppable_rows: droppable };
  }

  private planLines(g: Group, groupLines: readonly Line[], dropped: { rows: readonly number[]; note: string } | null): PlannedOrder {
    const rows = groupLines.map((l) => l.rec.row);
    const file = groupLines[0]?.rec.file ?? '';
    const issues: IntakeIssue[] = [];
    const base = { key: g.key, file, rows, client_id: g.client.id, external_ref: g.ref };
    const first = groupLines[0] as Line;

    // The order's fields (the order fields table): merged across its rows, conflicts reported.
    const merged = mergeRows(groupLines, g.ref, issues);
    let pointLine: Line | undefined;
    for (const l of groupLines) {
      const a = l.point;
      if (a.ref !== '' || a.address !== '' || a.name !== '') {
        if (pointLine === undefined) pointLine = l;
        else {
          const b = pointLine.point;
          // Rows name the same point when their references agree, or (without references) their addresses.
          if (a.ref !== '' && b.ref !== '') {
            if (a.ref !== b.ref && a.ref.toLowerCase() !== b.ref.toLowerCase()) conflictAt(issues, l, first, g.ref, 'point_ref', a.ref, b.ref);
          } else if (a.ref === '' && b.ref === '' && (a.address !== b.address || a.postal_code !== b.postal_code) && pointIdentity(a) !== pointIdentity(b)) {
            conflictAt(issues, l, first, g.ref, 'address', a.address, b.address);
          }
        }
      }
    }
    if (groupLines.length > 200) issues.push(issueAt(first.rec, null, 'order_too_many_lines', { ref: g.ref, count: groupLines.length, max: 200 }));

    let point: DeliveryPoint | undefined;
    let isNewPoint = false;
    if (pointLine === undefined) {
      issues.push(issueAt(first.rec, 'point_ref', 'required'));
    } else {
      const choice = this.points.choosePoint(g.client, pointLine);
      if (choice.ok) {
        point = choice.point;
        isNewPoint = choice.isNew;
      } else issues.push(choice.issue);
    }

    // Lines: product of the client, price and tax from the catalogue.
    const lines: Order['lines'] = [];
    groupLines.forEach((l, i) => {
      if (l.product === undefined || l.quantity === undefined) return;
      const product = this.findProduct(g.client, l);
      if (!product) return;
      lines.push(lineFromProduct(product, this.index.taxes, `l${i + 1}`, l.quantity));
    });

    const rowIssues = groupLines.some((l) => l.issues.length > 0);
    const missing = READ_ROWS.some((r) => r.required && merged.values[r.field] === undefined);
    if (issues.length > 0 || rowIssues || !point || missing || lines.length !== groupLines.length) {
      return this.refuse(base, groupLines, g.ref, issues, null);
    }

    // A flagged order (rows left out) says so in its notes, after the file's own.
    const notes = dropped ? joinValues([...merged.notes, dropped.note], NOTES_MAX) : merged.values.notes;
    const order: MergedOrder = { client: g.client, point, lines, values: { ...merged.values, ...(notes === undefined ? {} : { notes }) } };
    const existing = this.index.orderByRef.get(orderRefKey(g.client.id, g.ref));
    const newPointId = isNewPoint ? point.id : '';
    const extra = dropped ? { dropped_rows: dropped.rows } : {};
    if (!existing) {
      const id = intakeOrderId(g.client.id, g.ref);
      const fixed: CreatedFixed = {
        id,
        code: newOrderCode(order.values.date as string, id.slice(-8)),
        client_id: g.client.id,
        status: 'pending',
        picking_status: 'pending',
        status_id: '',
        route_id: '',
        external_ref: g.ref,
        created_at: this.opts.now,
        updated_at: this.opts.now,
      };
      return { ...this.finish(base, groupLines, g.ref, 'create', { ...fixed, ...createdFields(order) }, newPointId), ...extra };
    }
    const next: Order = { ...existing, ...updatedFields(order, existing) };
    if (changedFields(existing, next).length === 0) return { ...this.finish(base, groupLines, g.ref, 'unchanged', existing, ''), ...extra };
    if (existing.status !== 'pending' || existing.route_id !== '') {
      const refusal = groupLines.map((l) =>
        issueAt(l.rec, null, 'order_planned', { ref: g.ref, code: existing.code, status: existing.status, route: existing.route_id }),
      );
      return this.refuse(base, groupLines, g.ref, refusal, next);
    }
    return { ...this.finish(base, groupLines, g.ref, 'update', { ...next, updated_at: this.opts.now }, newPointId), ...extra };
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

  private finish(base: OrderBase, lines: readonly Line[], ref: string, action: OrderAction, order: Order, newPointId: string): PlannedOrder {
    if ((action === 'create' || action === 'update') && this.opts.verify !== false) {
      const check = orderSchema.safeParse(order);
      if (!check.success) {
        const first = check.error.issues[0];
        return this.refuse(base, lines, ref, [issueAt((lines[0] as Line).rec, null, 'order_invalid', { ref, message: first ? fieldErrorText({ path: first.path.join('.'), message: first.message }) : '' })], order);
      }
    }
    return { ...base, action, order, new_point_id: newPointId, issues: [] };
  }

  private refuse(base: OrderBase, lines: readonly Line[], ref: string, orderIssues: IntakeIssue[], order: Order | null): PlannedOrder {
    const all = [...lines.flatMap((l) => l.issues), ...orderIssues];
    const badRows = new Set(all.map((i) => i.row));
    const listed = [...badRows].sort((a, b) => a - b).slice(0, 10).join(', ');
    for (const l of lines) {
      if (!badRows.has(l.rec.row)) all.push(issueAt(l.rec, null, 'order_has_errors', { ref, rows: listed }));
    }
    return { ...base, action: 'refused', order, new_point_id: '', issues: all };
  }
}

type OrderBase = Pick<PlannedOrder, 'key' | 'file' | 'rows' | 'client_id' | 'external_ref'>;

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
  const issues = sortIssuesInPlace([...preIssues, ...loose, ...orders.flatMap((o) => o.issues)], fileOrder);
  const count = (a: OrderAction): number => orders.reduce((n, o) => n + (o.action === a ? 1 : 0), 0);
  const refusedRows = looseRows + orders.reduce((n, o) => n + (o.action === 'refused' ? o.rows.length : (o.dropped_rows?.length ?? 0)), 0);
  const blocked = opts.mode === 'all-or-nothing' && issues.length > 0;
  const written = blocked ? [] : orders.filter((o) => o.action === 'create' || o.action === 'update');
  const pointIds = new Set(written.map((o) => o.new_point_id).filter((id) => id !== ''));
  const points = [...pointIds].map((id) => planner.newPoint(id)).filter((p): p is DeliveryPoint => p !== undefined);
  return {
    mode: opts.mode,
    orders,
    issues,
    blocked,
    skipped: [],
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


export { writeBatches, writeCount, type IntakeBatch, type IntakeWrites } from './batches';
