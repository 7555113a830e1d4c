/**
 * Writes the order-intake corpus under tests/fixtures/import/ from the demo data (seed and day of
 * tests/intake/helpers.ts): valid files in every accepted shape, and malformed files, each with
 * the problem it must be refused for in manifest.json. `npx tsx scripts/make-import-fixtures.ts`
 * regenerates them byte for byte (no clock, no randomness).
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { orderRows, TEMPLATE_FIELDS, toCsv, type Cell, type IntakeField } from '../src/domain/intake';
import { makeEan13 } from '../src/domain/barcode';
import type { IntakeIssueCode } from '../src/domain/intake/issues';
import type { Order } from '../src/domain/entities/operation';
import { templateCsv, templateHeaders } from '../src/i18n/intake';
import { writeXlsx, type XlsxCell } from '../src/workers/xlsx/write';
import { contextOf, demo, TODAY } from '../tests/intake/helpers';

const dir = join(import.meta.dirname, '..', 'tests', 'fixtures', 'import');
mkdirSync(dir, { recursive: true });
for (const f of readdirSync(dir)) rmSync(join(dir, f));

const data = demo();
const ctx = contextOf(data);
const pascual = ctx.clients.find((c) => c.key === 'pascual');
const bimbo = ctx.clients.find((c) => c.key === 'bimbo');
if (!pascual || !bimbo) throw new Error('demo sin clientes');
const active = ctx.products.filter((p) => p.client_id === pascual.id && p.active);
const inactive = ctx.products.find((p) => p.client_id === pascual.id && !p.active);
const bimboProduct = ctx.products.find((p) => p.client_id === bimbo.id && p.active);
const point = ctx.points.find((p) => p.active && p.client_providers.some((c) => c.startsWith('pascual-')));
const plannedOrder = data.orders.find((o) => o.status === 'planned' && o.client_id === pascual.id);
if (active.length < 3 || !inactive || !bimboProduct || !point || !plannedOrder) throw new Error('demo sin los datos que pide el corpus');
const knownPoint = point;
const client = pascual;
const TOMORROW = '2026-11-23';
/** Zip entries stamped with a fixed time, so the files are the same on every run. */
const FIXED = { mtime: new Date(Date.UTC(2026, 0, 1)) };

/** A new order of pascual for tomorrow at a known point, with `lines` lines. */
function order(ref: string, lines = 2): Order {
  return {
    id: ref,
    code: ref,
    client_id: client.id,
    delivery_point_id: knownPoint.id,
    hub: knownPoint.hub,
    date: TOMORROW,
    window_start: '09:00',
    window_end: '13:00',
    status: 'pending',
    picking_status: 'pending',
    status_id: '',
    route_id: '',
    lines: active.slice(0, lines).map((p, i) => ({ line_id: `l${i + 1}`, product_id: p.id, name: p.name, quantity: i + 2, unit_price_cents: p.price_cents, tax_id: p.tax_id, tax_rate_bp: 0, picked_quantity: 0 })),
    payment_method: 'cash',
    external_ref: ref,
    notes: 'Entrada por la puerta lateral',
    created_at: 0,
    updated_at: 0,
  };
}

const PAY = { cash: 'efectivo', card: 'tarjeta', transfer: 'transferencia', on_account: 'a cuenta' } as const;
const headers = templateHeaders();
const rowsOf = (orders: Order[]): Cell[][] => orderRows(orders, ctx, PAY);
const col = (f: IntakeField): number => TEMPLATE_FIELDS.indexOf(f);
const set = (rows: Cell[][], row: number, f: IntakeField, v: Cell): Cell[][] => rows.map((r, i) => (i === row ? r.map((c, j) => (j === col(f) ? v : c)) : r));

const manifest: Record<string, { expect: 'valid' | IntakeIssueCode; creates?: number; sheet?: string; defaultClient?: string }> = {};
const csv = (_name: string, rows: Cell[][], opts: { delimiter?: string; bom?: boolean; head?: string[] } = {}): Buffer =>
  Buffer.from(toCsv([opts.head ?? headers, ...rows], { delimiter: opts.delimiter ?? ';', bom: opts.bom ?? true }), 'utf8');
const put = (name: string, bytes: Uint8Array | string, expect: 'valid' | IntakeIssueCode, extra: { creates?: number; sheet?: string; defaultClient?: string } = {}): void => {
  writeFileSync(join(dir, name), bytes);
  manifest[name] = { expect, ...extra };
};
const bad = (name: string, rows: Cell[][], code: IntakeIssueCode): void => put(name, csv(name, rows), code);
/** A CSV as a naive exporter writes it: quoted where needed, but formulas left as they are. */
const rawCsv = (rows: Cell[][]): string =>
  [headers, ...rows].map((r) => r.map((c) => { const s = c === null ? '' : String(c); return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s; }).join(';')).join('\r\n') + '\r\n';
const formula = (name: string, rows: Cell[][]): void => put(name, rawCsv(rows), 'formula');
const xlsxRows = (rows: Cell[][]): XlsxCell[][] => rows.map((r) => r.map((c, j) => (j === col('date') && typeof c === 'string' && /^\d\d\/\d\d\/\d{4}$/.test(c) ? { date: `${c.slice(6)}-${c.slice(3, 5)}-${c.slice(0, 2)}` } : c)));
const xlsx = (rows: Cell[][], head: string[] = headers): Uint8Array => writeXlsx([{ name: 'Pedidos', rows: [head, ...xlsxRows(rows)] }], FIXED);

// ── Valid files ──────────────────────────────────────────────────────────────────────────────
const base = rowsOf([order('FX-1')]);
put('valid-template.csv', templateCsv(ctx, TODAY), 'valid', { creates: 1 });
put('valid-semicolon-bom.csv', csv('', rowsOf([order('FX-2'), order('FX-3', 3)])), 'valid', { creates: 2 });
put('valid-comma-no-bom.csv', csv('', rowsOf([order('FX-4')]), { delimiter: ',', bom: false }), 'valid', { creates: 1 });
put('valid-tab.tsv', csv('', rowsOf([order('FX-5')]), { delimiter: '\t' }), 'valid', { creates: 1 });
put('valid-pipe.csv', csv('', rowsOf([order('FX-6')]), { delimiter: '|' }), 'valid', { creates: 1 });
{
  // Windows-1252, as Excel for Windows saves «CSV (delimitado por comas)»: ñ, accents and €.
  const rows = set(set(rowsOf([order('FX-7')]), 0, 'notes', 'Señora Muñoz, 2.º izda. — pagar 12 €'), 1, 'notes', 'Señora Muñoz, 2.º izda. — pagar 12 €');
  const text = toCsv([headers, ...rows], { bom: false });
  const bytes = Buffer.from([...text].map((ch) => ({ '€': 0x80, '—': 0x97, 'º': 0xba }[ch] ?? ch.charCodeAt(0))));
  put('valid-windows-1252.csv', bytes, 'valid', { creates: 1 });
}
put('valid.xlsx', xlsx(rowsOf([order('FX-8'), order('FX-9', 1)])), 'valid', { creates: 2 });
put('valid-second-sheet.xlsx', writeXlsx([{ name: 'Instrucciones', rows: [['Rellena la hoja «Pedidos»']] }, { name: 'Pedidos', rows: [headers, ...xlsxRows(rowsOf([order('FX-10')]))] }], FIXED), 'valid', { creates: 1, sheet: 'Pedidos' });
{
  const head = ['Order number', 'Delivery date', 'Start time', 'End time', 'Store code', 'SKU', 'Qty', 'Comments'];
  const rows = order('FX-11').lines.map((l) => ['FX-11', '2026-11-23', '8:30', '12:00', point.client_providers.find((c) => c.startsWith('pascual-'))?.slice('pascual-'.length) ?? '', ctx.products.find((p) => p.id === l.product_id)?.sku ?? '', String(l.quantity), 'Ring twice']);
  put('valid-english-no-client-column.csv', csv('', rows, { head, delimiter: ',' }), 'valid', { creates: 1, defaultClient: pascual.id });
}
{
  const rows = set(set(set(rowsOf([order('FX-12')]), 0, 'point_ref', 'NUEVO-1'), 1, 'point_ref', 'NUEVO-1'), 0, 'point_name', 'Cafetería Nueva');
  put('valid-new-point.csv', csv('', set(set(rows, 0, 'address', 'Calle de Atocha, 12'), 1, 'address', 'Calle de Atocha, 12')), 'valid', { creates: 1 });
}

// ── Malformed files: the whole file ──────────────────────────────────────────────────────────
put('empty.csv', '', 'file_empty');
put('whitespace-only.csv', '  \r\n\r\n \t \r\n', 'file_empty');
put('bom-only.csv', '\ufeff', 'file_empty');
put('only-headers.csv', csv('', []), 'no_rows');
put('only-headers.xlsx', xlsx([]), 'no_rows');
put('empty-sheet.xlsx', writeXlsx([{ name: 'Hoja1', rows: [] }], FIXED), 'sheet_empty');
const pdf = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
put('renamed-pdf.csv', pdf, 'file_pdf');
put('renamed-pdf.xlsx', pdf, 'file_pdf');
{
  // An OOXML workbook saved with a password is an OLE2 compound file holding an «EncryptedPackage» stream.
  const ole = Buffer.alloc(2048);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(ole, 0);
  Buffer.from('EncryptionInfo', 'utf16le').copy(ole, 1024);
  Buffer.from('EncryptedPackage', 'utf16le').copy(ole, 1152);
  put('password-protected.xlsx', ole, 'file_encrypted');
  const xls = Buffer.alloc(2048);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(xls, 0);
  Buffer.from('Workbook', 'utf16le').copy(xls, 1024);
  put('old-excel-renamed.xlsx', xls, 'file_old_excel');
}
{
  const full = xlsx(base);
  put('truncated-half.xlsx', full.subarray(0, Math.floor(full.length / 2)), 'file_corrupt');
  put('truncated-tail.xlsx', full.subarray(0, full.length - 30), 'file_corrupt');
}
{
  const { zipSync, strToU8 } = await import('fflate');
  put('zip-not-workbook.xlsx', zipSync({ 'readme.txt': strToU8('no soy un libro') }, { mtime: FIXED.mtime }), 'file_corrupt');
}
put('binary-garbage.csv', Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37 + 11) % 256)), 'file_not_table');
put('png-renamed.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1]), 'file_not_table');
put('utf16le-without-bom.csv', Buffer.from(toCsv([headers, ...base], { bom: false }), 'utf16le'), 'file_not_table');

// ── Malformed files: structure ───────────────────────────────────────────────────────────────
{
  const text = toCsv([headers, ...base], { bom: false }).replace('Entrada por la puerta lateral', '"Entrada por la puerta lateral');
  put('broken-quotes-unclosed.csv', text, 'csv_quotes');
  const lines = toCsv([headers, ...base], { bom: false }).split('\r\n');
  put('broken-quotes-mid-field.csv', [lines[0], lines[1]?.replace('pascual;', '"pas"cual";'), lines[2], ''].join('\r\n'), 'csv_quotes');
  put('mixed-delimiters.csv', [lines[0], ...lines.slice(1).map((l) => l.replace(/;/g, ','))].join('\r\n'), 'required');
  put('too-many-cells.csv', [lines[0], `${lines[1]};sobra;y esto`, `${lines[2]};sobra`, ''].join('\r\n'), 'csv_row_length');
}
put('duplicated-columns.csv', csv('', base.map((r) => [...r, 5]), { head: [...headers, 'Cantidad'] }), 'duplicate_column');
const without = (f: IntakeField): { head: string[]; rows: Cell[][] } => ({ head: headers.filter((_, i) => i !== col(f)), rows: base.map((r) => r.filter((_, i) => i !== col(f))) });
for (const f of ['quantity', 'date', 'external_ref', 'product'] as const) {
  const w = without(f);
  put(`missing-column-${f}.csv`, csv('', w.rows, { head: w.head }), 'missing_column');
}
{
  const keep = new Set<IntakeField>(['client', 'external_ref', 'date', 'product', 'quantity']);
  const idx = TEMPLATE_FIELDS.map((f, i) => (keep.has(f) ? i : -1)).filter((i) => i >= 0);
  put('missing-point-columns.csv', csv('', base.map((r) => idx.map((i) => r[i] ?? null)), { head: idx.map((i) => headers[i] ?? '') }), 'missing_point_columns');
  const w = without('client');
  put('missing-client-column.csv', csv('', w.rows, { head: w.head }), 'missing_client');
  put('unknown-headers.csv', csv('', base, { head: headers.map((_, i) => `Columna ${i + 1}`) }), 'missing_column');
}

// ── Malformed files: cells (one order, so a refused row refuses everything) ──────────────────
formula('formula-quantity.csv', set(base, 0, 'quantity', '=2*3'));
formula('formula-notes-hyperlink.csv', set(base, 0, 'notes', '=HYPERLINK("http://example.invalid","x")'));
formula('formula-at-sum.csv', set(base, 1, 'point_name', '@SUM(A1:A9)'));
formula('formula-plus-cmd.csv', set(base, 0, 'notes', "+cmd|' /C calc'!A0"));
formula('formula-minus-cmd.csv', set(base, 1, 'product', "-cmd|' /C calc'!A0"));
bad('huge-cell-notes.csv', set(base, 0, 'notes', 'muy largo '.repeat(20_000)), 'too_long');
bad('huge-cell-point-name.csv', set(base, 1, 'point_name', 'N'.repeat(5000)), 'too_long');
bad('huge-cell-reference.csv', base.map((r) => r.map((c, j) => (j === col('external_ref') ? 'R'.repeat(300) : c))), 'too_long');
const dates: [string, Cell, IntakeIssueCode][] = [
  ['date-us-format.csv', '11/23/2026', 'date_invalid'],
  ['date-two-digit-year.csv', '23/11/26', 'date_format'],
  ['date-month-name.csv', '23 nov 2026', 'date_format'],
  ['date-spanish-words.csv', '23 de noviembre de 2026', 'date_format'],
  ['date-text.csv', 'mañana', 'date_format'],
  ['date-past.csv', '21/11/2026', 'date_past'],
  ['date-far-future.csv', '23/11/2029', 'date_too_far'],
  ['date-invalid-day.csv', '31/02/2027', 'date_invalid'],
  ['date-invalid-month.csv', '12/13/2026', 'date_invalid'],
  ['date-serial-in-csv.csv', '46349', 'date_format'],
  ['date-iso-with-time.csv', '2026-11-23T10:30', 'date_format'],
  ['date-iso-slashes.csv', '2026/11/23', 'date_format'],
  ['date-compact.csv', '20261123', 'date_format'],
  ['date-empty.csv', '', 'required'],
];
for (const [name, v, code] of dates) bad(name, set(base, 0, 'date', v), code);
put('date-as-text.xlsx', xlsx(set(base, 0, 'date', '23 de noviembre')), 'date_format');
put('date-past.xlsx', xlsx(set(base, 0, 'date', '01/11/2026')), 'date_past');
put('date-serial-too-small.xlsx', writeXlsx([{ name: 'Pedidos', rows: [headers, ...base.map((r) => r.map((c, j) => (j === col('date') ? 12 : c)))] }], FIXED), 'date_format');
const quantities: [string, Cell, IntakeIssueCode][] = [
  ['quantity-negative.csv', '-3', 'quantity'],
  ['quantity-zero.csv', '0', 'quantity'],
  ['quantity-decimal-comma.csv', '2,5', 'quantity'],
  ['quantity-decimal-dot.csv', '2.5', 'quantity'],
  ['quantity-text.csv', 'dos', 'quantity'],
  ['quantity-huge.csv', '1000000', 'quantity_too_big'],
  ['quantity-empty.csv', '', 'required'],
];
for (const [name, v, code] of quantities) bad(name, set(base, 1, 'quantity', v), code);
put('quantity-decimal.xlsx', xlsx(set(base, 0, 'quantity', 2.5)), 'quantity');
put('quantity-negative.xlsx', xlsx(set(base, 1, 'quantity', -1)), 'quantity');
bad('unknown-client.csv', set(set(base, 0, 'client', 'Mercadona'), 1, 'client', 'Mercadona'), 'unknown_client');
bad('unknown-product.csv', set(base, 1, 'product', 'PAS-9999'), 'unknown_product');
bad('unknown-product-ean.csv', set(base, 0, 'product', makeEan13('840000000000')), 'unknown_product');
bad('product-of-other-client.csv', set(base, 0, 'product', bimboProduct.sku), 'product_other_client');
bad('product-inactive.csv', set(base, 0, 'product', inactive.sku), 'product_inactive');
bad('ean-bad-check-digit.csv', set(base, 0, 'product', `${active[0]?.barcode.slice(0, 12)}${(Number(active[0]?.barcode[12]) + 1) % 10}`), 'ean_invalid');
bad('ean-scientific-notation.csv', set(base, 0, 'product', '8,41235E+12'), 'ean_scientific');
bad('unknown-point-no-address.csv', set(set(base, 0, 'point_ref', 'NO-EXISTE'), 0, 'address', ''), 'point_incomplete');
bad('new-point-bad-postal-code.csv', set(set(base, 0, 'point_ref', 'NUEVO-2'), 0, 'postal_code', 'ABCDE'), 'postal_code');
bad('new-point-no-hub.csv', set(set(set(set(base, 0, 'point_ref', 'NUEVO-3'), 1, 'point_ref', 'NUEVO-3'), 0, 'postal_code', '41001'), 0, 'city', 'Sevilla'), 'no_hub');
bad('window-text.csv', set(base, 0, 'window', 'por la mañana'), 'window_format');
bad('window-reversed.csv', set(set(base, 0, 'window', '13:00-09:00'), 1, 'window', '13:00-09:00'), 'window_order');
bad('window-bad-hour.csv', set(base, 0, 'window', '09:00-25:00'), 'window_format');
bad('payment-unknown.csv', set(base, 0, 'payment_method', 'cheque'), 'payment_method');
bad('phone-text.csv', set(base, 0, 'phone', 'llamar al encargado'), 'phone');
bad('reference-empty.csv', base.map((r) => r.map((c, j) => (j === col('external_ref') ? '' : c))), 'required');
bad('order-rows-disagree-date.csv', set(base, 1, 'date', '24/11/2026'), 'order_conflict');
bad('order-rows-disagree-point.csv', set(base, 1, 'point_ref', 'OTRO-PUNTO'), 'order_conflict');
{
  const planned = rowsOf([plannedOrder]).map((r) => [...r]);
  (planned[0] as Cell[])[col('quantity')] = 99;
  bad('planned-order-changed.csv', planned, 'order_planned');
}

writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
const counts = Object.values(manifest).reduce((n, m) => (m.expect === 'valid' ? n : n + 1), 0);
console.log(`tests/fixtures/import: ${Object.keys(manifest).length} archivos (${counts} mal formados)`);
