import { describe, expect, it } from 'vitest';
import {
  checkMapping,
  headerKey,
  indexIntakeContext,
  intakeOrderId,
  mappingDoc,
  mappingFromDoc,
  parseDate,
  parsePostalCode,
  parseProductCode,
  parseQuantity,
  parseTime,
  parseWindow,
  planIntake,
  recogniseHeader,
  recogniseMapping,
  recordsFromTable,
  TEMPLATE_FIELDS,
  orderRows,
  writeBatches,
  csvCell,
  type IntakeTable,
  type Cell,
  type PlanOptions,
} from '../../src/domain/intake';
import { importMappingSchema } from '../../src/domain/entities/reference';
import { formatIntakeIssue, templateHeaders } from '../../src/i18n/intake';
import { contextOf, demo, NOW, TODAY } from './helpers';

const opts: PlanOptions = { today: TODAY, now: NOW, mode: 'valid-only' };

function table(rows: Cell[][], headers: string[] = templateHeaders(), file = 'pedidos.csv'): IntakeTable {
  return { file, headerRow: 1, headers, rows: rows.map((cells, i) => ({ row: i + 2, cells })) };
}

describe('header recognition', () => {
  it('recognises Spanish and English names, ignoring accents, case and punctuation', () => {
    expect(recogniseHeader('FECHA_DE_ENTREGA')).toBe('date');
    expect(recogniseHeader('Delivery date')).toBe('date');
    expect(recogniseHeader('Código Postal')).toBe('postal_code');
    expect(recogniseHeader('codigo postal')).toBe('postal_code');
    expect(recogniseHeader('C.P.')).toBe('postal_code');
    expect(recogniseHeader('Nº pedido')).toBe('external_ref');
    expect(recogniseHeader('Qty')).toBe('quantity');
    expect(recogniseHeader('EAN 13')).toBe('product');
    expect(recogniseHeader('Franja horaria')).toBe('window');
    expect(recogniseHeader('Hora inicio')).toBe('window_start');
    expect(recogniseHeader('Observaciones')).toBe('notes');
    expect(recogniseHeader('Forma de pago')).toBe('payment_method');
    expect(recogniseHeader('Color favorito')).toBeNull();
    expect(recogniseHeader('')).toBeNull();
  });

  it('recognises every column name of the template (the catalogue’s words)', () => {
    expect(templateHeaders().map(recogniseHeader)).toEqual(TEMPLATE_FIELDS);
  });

  it('reports a field in two columns and the required columns that are missing', () => {
    const headers = ['Cantidad', 'Fecha', 'Producto', 'Qty'];
    const issues = checkMapping({ file: 'a.csv', headerRow: 1, headers }, recogniseMapping(headers), { hasDefaultClient: false });
    const codes = issues.map((i) => `${i.code}:${i.field ?? ''}:${i.column}`);
    expect(codes).toContain('duplicate_column:quantity:Qty');
    expect(codes).toContain('missing_column:external_ref:');
    expect(codes).toContain('missing_client:client:');
    expect(codes).toContain('missing_point_columns:point_ref:');
    expect(issues.every((i) => i.row === 1 && i.file === 'a.csv')).toBe(true);
  });

  it('remembers a mapping per client and header set, whatever the column order', () => {
    const headers = ['Pedido', 'Fecha', 'Artículo', 'Uds', 'Tienda cód.', 'Otra'];
    const mapping = { fields: ['external_ref', 'date', 'product', 'quantity', 'point_ref', null] as const };
    const doc = mappingDoc('client-bimbo', headers, { fields: [...mapping.fields] }, 'Bimbo diario', NOW);
    expect(importMappingSchema.safeParse(doc).success).toBe(true);
    expect(doc.id).toBe(mappingDoc('client-bimbo', [...headers].reverse(), { fields: [] }, 'x', 1).id);
    expect(doc.id).not.toBe(mappingDoc('client-pascual', headers, { fields: [] }, 'x', 1).id);
    const reordered = ['Otra', 'Uds', 'Pedido', 'Fecha', 'Tienda cód.', 'Artículo'];
    expect(mappingFromDoc(doc, reordered)?.fields).toEqual([null, 'quantity', 'external_ref', 'date', 'point_ref', 'product']);
    expect(mappingFromDoc(doc, ['Pedido'])).toBeNull();
    expect(headerKey(['A', 'b'])).toBe(headerKey(['B', 'a']));
  });
});

describe('cell values', () => {
  it('accepts the dates a Spanish operator writes and refuses the rest', () => {
    expect(parseDate('23/11/2026', TODAY)).toEqual({ ok: true, value: '2026-11-23' });
    expect(parseDate('3/1/2027', TODAY)).toEqual({ ok: true, value: '2027-01-03' });
    expect(parseDate('23-11-2026', TODAY)).toEqual({ ok: true, value: '2026-11-23' });
    expect(parseDate('23.11.2026', TODAY)).toEqual({ ok: true, value: '2026-11-23' });
    expect(parseDate('2026-11-22', TODAY)).toEqual({ ok: true, value: '2026-11-22' });
    expect(parseDate(46349, TODAY)).toEqual({ ok: true, value: '2026-11-23' }); // Excel serial
    expect(parseDate('11/23/2026', TODAY)).toMatchObject({ ok: false, code: 'date_invalid' });
    expect(parseDate('31/02/2027', TODAY)).toMatchObject({ ok: false, code: 'date_invalid' });
    expect(parseDate('23/11/26', TODAY)).toMatchObject({ ok: false, code: 'date_format' });
    expect(parseDate('23 nov 2026', TODAY)).toMatchObject({ ok: false, code: 'date_format' });
    expect(parseDate('46349', TODAY)).toMatchObject({ ok: false, code: 'date_format' });
    expect(parseDate('21/11/2026', TODAY)).toMatchObject({ ok: false, code: 'date_past' });
    const past = parseDate('21/11/2026', TODAY);
    if (past.ok) throw new Error('a past date was accepted');
    expect(formatIntakeIssue({ file: 'a.csv', row: 7, column: 'Fecha de entrega', code: past.code, vars: past.vars } as never)).toBe(
      `Fila 7, columna «Fecha de entrega»: la fecha 21/11/2026 ya ha pasado (hoy es ${TODAY.split('-').reverse().join('/')})`,
    );
    expect(parseDate('23/11/2028', TODAY)).toMatchObject({ ok: false, code: 'date_too_far' });
    expect(parseDate('', TODAY)).toMatchObject({ ok: false, code: 'required' });
  });

  it('reads times, windows, quantities, postal codes and product codes', () => {
    expect(parseTime('9:05')).toEqual({ ok: true, value: '09:05' });
    expect(parseTime(0.375)).toEqual({ ok: true, value: '09:00' });
    expect(parseTime('25:00')).toMatchObject({ ok: false, code: 'time_format' });
    expect(parseWindow('de 9:00 a 13:30')).toEqual({ ok: true, value: { start: '09:00', end: '13:30' } });
    expect(parseWindow('09:00–13:00')).toEqual({ ok: true, value: { start: '09:00', end: '13:00' } });
    expect(parseWindow('13:00-09:00')).toMatchObject({ ok: false, code: 'window_order' });
    expect(parseQuantity('12')).toEqual({ ok: true, value: 12 });
    for (const bad of ['0', '-3', '2,5', '2.5', 'tres', 2.5]) expect(parseQuantity(bad)).toMatchObject({ ok: false, code: 'quantity' });
    expect(parseQuantity('100001')).toMatchObject({ ok: false, code: 'quantity_too_big' });
    expect(parsePostalCode(8005, true)).toEqual({ ok: true, value: '08005' });
    expect(parsePostalCode('99001', true)).toMatchObject({ ok: false, code: 'postal_code' });
    expect(parseProductCode('8.41E+12')).toMatchObject({ ok: false, code: 'ean_scientific' });
    expect(parseProductCode('8412345678901')).toMatchObject({ ok: false, code: 'ean_invalid' });
    expect(parseProductCode('PAS-0001')).toEqual({ ok: true, value: { kind: 'code', code: 'PAS-0001' } });
  });

  it('writes formula-safe CSV cells', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const c of ['+1', '-1', '@a', '\tx', '\rx']) expect(csvCell(c).replace(/^"|"$/g, '').startsWith("'")).toBe(true);
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell(3)).toBe('3');
  });
});

describe('planIntake on the demo data', () => {
  const data = demo();
  const ctx = contextOf(data);
  const index = indexIntakeContext(ctx);
  const pending = data.orders.filter((o) => o.status === 'pending' && o.route_id === '' && o.date >= TODAY);
  const planned = data.orders.find((o) => o.status !== 'pending' && o.date === TODAY);
  if (!planned || pending.length < 2) throw new Error('demo data without pending and planned orders');

  it('re-importing exported orders changes nothing; a changed pending order is updated; a planned one is refused', () => {
    const rows = orderRows([...pending, planned], ctx);
    const same = planIntake(recordsFromTable(table(rows), recogniseMapping(templateHeaders())).records, index, opts);
    expect(same.issues).toEqual([]);
    expect(same.summary).toMatchObject({ create: 0, update: 0, unchanged: pending.length + 1, refused: 0 });
    expect(writeBatches(same.writes)).toEqual([]);

    const qtyCol = TEMPLATE_FIELDS.indexOf('quantity');
    const changed = rows.map((r) => [...r]);
    const firstOfPending = changed.findIndex((r) => r[1] === pending[0]?.external_ref);
    const firstOfPlanned = changed.findIndex((r) => r[1] === planned.external_ref);
    (changed[firstOfPending] as Cell[])[qtyCol] = 77;
    (changed[firstOfPlanned] as Cell[])[qtyCol] = 77;
    const plan = planIntake(recordsFromTable(table(changed), recogniseMapping(templateHeaders())).records, index, opts);
    expect(plan.summary).toMatchObject({ update: 1, refused: 1, unchanged: pending.length - 1 });
    expect(plan.writes.update[0]?.id).toBe(pending[0]?.id);
    expect(plan.writes.update[0]?.lines.find((l) => l.quantity === 77)).toBeTruthy();
    const refusal = plan.issues.find((i) => i.code === 'order_planned');
    expect(refusal?.row).toBe(firstOfPlanned + 2);
    expect(formatIntakeIssue(refusal as never)).toMatch(/^Fila \d+: el pedido «.+» \(P-.+\) ya está en estado «.+»( en la ruta .+)?: no se puede cambiar desde una importación$/);
  });

  it('creates new orders with catalogue prices, a new point «sin ubicación», and deterministic ids', () => {
    const client = ctx.clients.find((c) => c.key === 'pascual');
    const products = ctx.products.filter((p) => p.client_id === client?.id && p.active);
    const [p1, p2] = products;
    if (!client || !p1 || !p2) throw new Error('no pascual products');
    const headers = templateHeaders();
    const row = (product: string, qty: Cell): Cell[] => ['pascual', 'QLZ-TEST-1', '23/11/2026', '09:00-13:00', 'NUEVO-77', 'Bar Nuevo', 'Calle de Atocha, 12', '28012', 'Madrid', '600 111 222', product, qty, 'efectivo', 'Llamar antes'];
    const plan = planIntake(recordsFromTable(table([row(p1.sku, 3), row(p2.barcode, '2')], headers), recogniseMapping(headers)).records, index, opts);
    expect(plan.issues).toEqual([]);
    expect(plan.summary).toMatchObject({ create: 1, newPoints: 1 });
    const order = plan.writes.create[0];
    const point = plan.writes.points[0];
    expect(order?.id).toBe(intakeOrderId(client.id, 'QLZ-TEST-1'));
    expect(order?.lines.map((l) => [l.product_id, l.quantity, l.unit_price_cents, l.tax_id])).toEqual([
      [p1.id, 3, p1.price_cents, p1.tax_id],
      [p2.id, 2, p2.price_cents, p2.tax_id],
    ]);
    expect(order?.lines[0]?.tax_rate_bp).toBe(ctx.taxes.find((t) => t.id === p1.tax_id)?.rate_bp);
    expect(point).toMatchObject({ located: false, postal_code: '28012', client_providers: ['pascual-NUEVO-77'] });
    expect(order?.delivery_point_id).toBe(point?.id);
    expect([1, 2]).toContain(point?.hub); // a Madrid hub
    expect(writeBatches(plan.writes, 1).map((b) => `${b.collection}:${b.op}`)).toEqual(['delivery_points:insert', 'orders:insert']);
  });

  it('refuses a whole order when one of its rows is wrong, and says so on every row; all-or-nothing writes nothing', () => {
    const headers = templateHeaders();
    const [a, b] = pending;
    const rows = orderRows([a, b] as never, ctx).map((r) => [...r]);
    const qtyCol = TEMPLATE_FIELDS.indexOf('quantity');
    const bRows = rows.map((r, i) => (r[1] === b?.external_ref ? i : -1)).filter((i) => i >= 0);
    for (const r of rows) if (r[1] === a?.external_ref) r[qtyCol] = Number(r[qtyCol]) + 1;
    (rows[bRows[0] as number] as Cell[])[qtyCol] = '2,5';
    const records = recordsFromTable(table(rows, headers), recogniseMapping(headers)).records;
    const plan = planIntake(records, index, opts);
    expect(plan.summary).toMatchObject({ update: 1, refused: 1 });
    const bad = plan.issues.find((i) => i.code === 'quantity');
    expect(bad && formatIntakeIssue(bad)).toBe(`Fila ${(bRows[0] as number) + 2}, columna «Cantidad»: debe ser un número entero mayor que 0`);
    if (bRows.length > 1) expect(plan.issues.filter((i) => i.code === 'order_has_errors')).toHaveLength(bRows.length - 1);
    const strict = planIntake(records, index, { ...opts, mode: 'all-or-nothing' });
    expect(strict.blocked).toBe(true);
    expect(strict.writes).toEqual({ points: [], create: [], update: [] });
  });

  it('refuses unknown clients and products, conflicting rows and unknown points without an address', () => {
    const headers = templateHeaders();
    const known = orderRows([pending[0]] as never, ctx)[0] as Cell[];
    const col = (f: (typeof TEMPLATE_FIELDS)[number]) => TEMPLATE_FIELDS.indexOf(f);
    const set = (r: Cell[], f: (typeof TEMPLATE_FIELDS)[number], v: Cell): Cell[] => r.map((c, i) => (i === col(f) ? v : c));
    const rows = [
      set(known, 'client', 'Mercadona'),
      set(set(known, 'external_ref', 'X-1'), 'product', 'NO-EXISTE'),
      set(known, 'external_ref', 'X-2'),
      set(set(known, 'external_ref', 'X-2'), 'date', '24/11/2026'),
      set(set(set(known, 'external_ref', 'X-3'), 'point_ref', 'ZZZ'), 'address', ''),
    ];
    const plan = planIntake(recordsFromTable(table(rows, headers), recogniseMapping(headers)).records, index, opts);
    const at = (row: number) => plan.issues.filter((i) => i.row === row).map((i) => i.code);
    expect(at(2)).toContain('unknown_client');
    expect(at(3)).toContain('unknown_product');
    expect(at(5)).toContain('order_conflict');
    expect(at(4)).toContain('order_has_errors');
    expect(at(6)).toContain('point_incomplete');
    expect(plan.summary.create).toBe(0);
    for (const i of plan.issues) expect(formatIntakeIssue(i)).not.toMatch(/\{|intake\./);
  });
});

describe('the order API entry (recordsFromObjects)', () => {
  it('plans a JSON request exactly as the same order from a file, with JSON paths in its problems', async () => {
    const { recordsFromObjects } = await import('../../src/domain/intake');
    const data = demo();
    const ctx = contextOf(data);
    const index = indexIntakeContext(ctx);
    const headers = templateHeaders();
    const file: Cell[][] = [
      ['pascual', 'API-1', '23/11/2026', '09:00-13:00', '', 'Bar API', 'Calle Mayor, 5', '28013', 'Madrid', '', 'PAS-0001', 4, 'efectivo', ''],
      ['pascual', 'API-1', '23/11/2026', '09:00-13:00', '', 'Bar API', 'Calle Mayor, 5', '28013', 'Madrid', '', 'PAS-0002', 1, 'efectivo', ''],
    ];
    const fromFile = planIntake(recordsFromTable(table(file, headers), recogniseMapping(headers)).records, index, opts);
    const body = { reference: 'API-1', date: '2026-11-23', window: '09:00-13:00', shop: { name: 'Bar API', address: 'Calle Mayor, 5', postalCode: '28013', city: 'Madrid' }, lines: [{ sku: 'PAS-0001', qty: 4 }, { sku: 'PAS-0002', qty: 1 }] };
    const path: Partial<Record<string, string>> = { external_ref: 'reference', date: 'date', window: 'window', point_name: 'shop.name', address: 'shop.address', postal_code: 'shop.postalCode', city: 'shop.city' };
    const records = recordsFromObjects(
      'request',
      body.lines.map((l) => ({ external_ref: body.reference, date: body.date, window: body.window, point_name: body.shop.name, address: body.shop.address, postal_code: body.shop.postalCode, city: body.shop.city, product: l.sku, quantity: l.qty, payment_method: 'cash' })),
      (i, f) => (f === 'product' ? `lines[${i}].sku` : f === 'quantity' ? `lines[${i}].qty` : (path[f] ?? f)),
    );
    const fromApi = planIntake(records, index, { ...opts, defaultClientId: 'client-pascual' });
    expect(fromApi.issues).toEqual([]);
    expect(fromApi.writes).toEqual(fromFile.writes);

    const bad = planIntake(
      recordsFromObjects('request', [{ external_ref: 'API-2', date: '2020-01-01', point_ref: 'X', product: 'PAS-0001', quantity: -1 }], (i, f) => (f === 'quantity' ? `lines[${i}].qty` : f)),
      index,
      { ...opts, defaultClientId: 'client-pascual' },
    );
    expect(bad.issues.map((i) => `${i.column}:${i.code}`)).toEqual(expect.arrayContaining(['date:date_past', 'lines[0].qty:quantity']));
  });
});
