/**
 * Writing intake files: formula-safe CSV (error reports, templates, exports) and the rows of a
 * template or of existing orders in the intake's own columns, so that what we export imports
 * back to the same orders.
 *
 * Formula safety (CSV injection): a text cell that starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return gets a leading apostrophe, so a spreadsheet shows it as text instead of
 * running it. The importer removes that apostrophe again (values.ts `cellText`).
 */
import type { DeliveryPoint, Order, PaymentMethod, Product } from '../entities/operation';
import { clientIdOf } from '../deliveryPoints';
import type { IntakeContext } from './context';
import type { IntakeField } from './fields';
import { addDays } from './values';
import type { Cell } from './values';

/** One cell of a CSV file: formula-safe, quoted when it holds the delimiter, a quote or a line break. */
export function csvCell(value: Cell, delimiter = ';'): string {
  if (value === null) return '';
  let s = typeof value === 'string' ? value : typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value ? 'sí' : 'no';
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  if (s.includes(delimiter) || s.includes('"') || s.includes('\n') || s.includes('\r')) s = `"${s.replace(/"/g, '""')}"`;
  return s;
}

export interface CsvOptions {
  /** Default `;`: what a Spanish Excel opens without asking (the comma is the decimal separator). */
  readonly delimiter?: string;
  /** Start with a UTF-8 byte order mark so Excel reads accents right (default true). */
  readonly bom?: boolean;
}

/** Rows as a CSV text with CRLF line ends. */
export function toCsv(rows: readonly (readonly Cell[])[], opts: CsvOptions = {}): string {
  const d = opts.delimiter ?? ';';
  const body = rows.map((r) => r.map((c) => csvCell(c, d)).join(d)).join('\r\n');
  return `${opts.bom === false ? '' : '\ufeff'}${body}\r\n`;
}

/** The columns of a template and of an export, in this order. */
export const TEMPLATE_FIELDS: readonly IntakeField[] = [
  'client',
  'external_ref',
  'date',
  'window',
  'point_ref',
  'point_name',
  'address',
  'postal_code',
  'city',
  'phone',
  'product',
  'quantity',
  'payment_method',
  'notes',
];

/** `YYYY-MM-DD` → `dd/mm/aaaa`. */
export function spanishDate(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** The reference a client gives a point (its `client_providers` entry), '' when it has none. */
export function pointRefFor(point: Pick<DeliveryPoint, 'client_providers'>, clientKey: string): string {
  const prefix = `${clientKey.toLowerCase()}-`;
  const entry = point.client_providers.find((e) => e.toLowerCase().startsWith(prefix));
  return entry ? clientIdOf(entry) : '';
}

export type PaymentLabels = Readonly<Record<PaymentMethod, string>>;

/**
 * Rows (one per order line, cells in TEMPLATE_FIELDS order) that import back to `orders`:
 * client key, reference, date, window, the point (by the client's reference, plus its
 * address), product SKU, quantity, payment method (its label when `payment` is given) and notes.
 */
export function orderRows(orders: readonly Order[], ctx: Pick<IntakeContext, 'clients' | 'products' | 'points'>, payment?: PaymentLabels): Cell[][] {
  const clients = new Map(ctx.clients.map((c) => [c.id, c]));
  const products = new Map(ctx.products.map((p) => [p.id, p]));
  const points = new Map(ctx.points.map((p) => [p.id, p]));
  const rows: Cell[][] = [];
  for (const o of orders) {
    const client = clients.get(o.client_id);
    const point = points.get(o.delivery_point_id);
    for (const l of o.lines) {
      const product = products.get(l.product_id);
      rows.push([
        client?.key ?? o.client_id,
        o.external_ref,
        spanishDate(o.date),
        `${o.window_start}-${o.window_end}`,
        point && client ? pointRefFor(point, client.key) : '',
        point?.name ?? '',
        point?.address ?? '',
        point?.postal_code ?? '',
        point?.city ?? '',
        point?.phone ?? '',
        product?.sku ?? l.product_id,
        l.quantity,
        payment ? payment[o.payment_method] : o.payment_method,
        o.notes,
      ]);
    }
  }
  return rows;
}

/**
 * Two example rows that import as one valid order into the given data whatever today is: the
 * first client with two active products and an active point it names, delivered tomorrow in
 * the point's receiving hours. Null when the data has no such client.
 */
export function templateOrder(ctx: Pick<IntakeContext, 'clients' | 'products' | 'points'>, today: string): Order | null {
  for (const client of ctx.clients) {
    if (!client.active) continue;
    const products: Product[] = ctx.products.filter((p) => p.client_id === client.id && p.active).slice(0, 2);
    if (products.length < 2) continue;
    const point = ctx.points.find((p) => p.active && p.located !== false && pointRefFor(p, client.key) !== '');
    if (!point) continue;
    const date = addDays(today, 1);
    return {
      id: 'template',
      code: 'template',
      client_id: client.id,
      delivery_point_id: point.id,
      hub: point.hub,
      date,
      window_start: point.opens,
      window_end: point.closes,
      status: 'pending',
      picking_status: 'pending',
      status_id: '',
      route_id: '',
      lines: products.map((p, i) => ({
        line_id: `l${i + 1}`,
        product_id: p.id,
        name: p.name,
        quantity: i === 0 ? 2 : 1,
        unit_price_cents: p.price_cents,
        tax_id: p.tax_id,
        tax_rate_bp: 0,
        picked_quantity: 0,
      })),
      payment_method: client.payment_terms,
      external_ref: `EJEMPLO-${date.replace(/-/g, '')}`,
      notes: '',
      created_at: 0,
      updated_at: 0,
    };
  }
  return null;
}
