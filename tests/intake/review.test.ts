/**
 * Issue 28's import rules in the domain: a value-based mapping proposal that says why, an order
 * imported without its bad rows (flagged) or held, and a trailing total line skipped once (the
 * order fields table: orderFields.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { indexIntakeContext, planImport, recogniseMapping, TEMPLATE_FIELDS, type Cell, type IntakeTable, type PlanOptions } from '../../src/domain/intake';
import { orderSchema } from '../../src/domain/entities/operation';
import { proposeMapping } from '../../src/domain/intake/proposal';
import { totalRow } from '../../src/domain/intake/mapping';
import { columnReasonText, errorReportCsv, formatIntakeIssue, templateHeaders } from '../../src/i18n/intake';
import { contextOf, demo, NOW, TODAY } from './helpers';

const data = demo();
const ctx = contextOf(data);
const index = indexIntakeContext(ctx);
const opts: PlanOptions = { today: TODAY, now: NOW, mode: 'valid-only' };
const headers = templateHeaders();
const col = (f: (typeof TEMPLATE_FIELDS)[number]): number => TEMPLATE_FIELDS.indexOf(f);

function table(rows: Cell[][], file = 'pedidos.csv', hs: readonly string[] = headers): IntakeTable {
  return { file, headerRow: 1, headers: hs, rows: rows.map((cells, i) => ({ row: i + 2, cells })) };
}

const row = (ref: string, product: string, qty: Cell = 2): Cell[] => ['pascual', ref, '23/11/2026', '09:00-13:00', 'NUEVO-88', 'Bar Revisión', 'Calle de Atocha, 12', '28012', 'Madrid', '600 111 222', product, qty, 'efectivo', ''];
const plan = (t: IntakeTable, o: Partial<PlanOptions> = {}) => planImport([{ table: t, mapping: recogniseMapping(t.headers) }], index, { ...opts, ...o });

describe('one bad line of an order', () => {
  const t = table([row('REV-1', 'PAS-0001'), row('REV-1', 'PAS-0999'), row('REV-1', 'PAS-0002', 3), row('REV-2', 'PAS-0001')]);

  it('holds the order by default, and says it could go without that row', () => {
    const p = plan(t);
    const o = p.orders.find((x) => x.external_ref === 'REV-1');
    expect(o?.action).toBe('refused');
    expect(o?.droppable_rows).toEqual([3]);
    expect(p.summary).toMatchObject({ create: 1, refused: 1, refusedRows: 3 });
  });

  it('imports it without the bad row when the operator chooses so, flagged in its notes', () => {
    const key = p0Key();
    const p = plan(t, { withoutBadLines: { keys: new Set([key]), note: (rows) => `sin filas ${rows.join(',')}` } });
    const o = p.orders.find((x) => x.key === key);
    expect(o?.action).toBe('create');
    expect(o?.dropped_rows).toEqual([3]);
    expect(o?.order?.lines.map((l) => l.quantity)).toEqual([2, 3]);
    expect(o?.order?.notes).toBe('sin filas 3');
    expect(orderSchema.safeParse(o?.order).success).toBe(true);
    expect(p.summary).toMatchObject({ create: 2, refused: 0, refusedRows: 1, validRows: 3 });
    // The bad row is still reported (it is not imported), the others are not «order_has_errors».
    expect(p.issues.map((i) => `${i.row}:${i.code}`)).toEqual(['3:unknown_product']);
    expect(p.writes.create.map((x) => x.external_ref).sort()).toEqual(['REV-1', 'REV-2']);
  });

  it('never offers it when no row of the order is good, or when the order itself is wrong', () => {
    const allBad = plan(table([row('REV-3', 'PAS-0999'), row('REV-3', 'NO-1')]));
    expect(allBad.orders[0]?.droppable_rows).toBeUndefined();
    const conflict = table([row('REV-4', 'PAS-0001'), row('REV-4', 'PAS-0999').map((c, i) => (i === col('date') ? '24/11/2026' : c))]);
    const p = plan(conflict);
    // Without the bad row the rest is one valid order: offered (the conflict goes with the row).
    expect(p.orders[0]?.droppable_rows).toEqual([3]);
  });

  function p0Key(): string {
    const o = plan(t).orders.find((x) => x.external_ref === 'REV-1');
    return o?.key ?? '';
  }
});

describe('a trailing total line', () => {
  it('is skipped and said once, not reported as a line with missing fields', () => {
    const total: Cell[] = headers.map((_, i) => (i === 0 ? 'TOTAL' : i === col('quantity') ? 123 : ''));
    const t = table([row('TOT-1', 'PAS-0001'), row('TOT-1', 'PAS-0002'), total]);
    const p = plan(t);
    expect(p.issues).toEqual([]);
    expect(p.skipped.map((i) => formatIntakeIssue(i))).toEqual(['Fila 4: es una línea de total: no se importa']);
    expect(p.summary.rows).toBe(2);
  });

  it('is only the last non-empty row, and only when it names no order or product', () => {
    const mapping = recogniseMapping(headers);
    const total: Cell[] = headers.map((_, i) => (i === col('external_ref') ? 'Total general' : i === col('quantity') ? 9 : ''));
    expect(totalRow(table([row('A', 'PAS-0001'), total, headers.map(() => '')]), mapping)?.row).toBe(3);
    expect(totalRow(table([total, row('A', 'PAS-0001')]), mapping)).toBeNull();
    // A real order whose client is called «Total…» is not a total line.
    expect(totalRow(table([row('A', 'PAS-0001').map((c, i) => (i === col('point_name') ? 'Total Bar' : c))]), mapping)).toBeNull();
  });
});

describe('the mapping proposal looks at the values', () => {
  const refs = ctx.points.flatMap((p) => p.client_providers.filter((c) => c.startsWith('pascual-')).map((c) => c.slice('pascual-'.length))).slice(0, 5);

  it('proposes a «Cliente» column holding delivery point codes as the point, and says why', () => {
    expect(refs.length).toBeGreaterThan(2);
    const hs = ['Cliente', 'Pedido', 'Fecha', 'Producto', 'Cantidad'];
    const t = table(refs.map((r, i) => [r, `P-${i}`, '23/11/2026', 'PAS-0001', 1]), 'tienda.csv', hs);
    const byHeader = recogniseMapping(hs);
    expect(byHeader.fields[0]).toBe('client');
    const p = proposeMapping(t, byHeader, index);
    expect(p.mapping.fields).toEqual(['point_ref', 'external_ref', 'date', 'product', 'quantity']);
    expect(p.reasons[0]).toEqual({ code: 'values_points', matched: refs.length, sampled: refs.length, example: refs[0] });
    expect(p.reasons[1]).toEqual({ code: 'header' });
    expect(columnReasonText({ code: 'values_points', matched: 3, sampled: 4, example: 'CLI1' })).toBe('3 de sus 4 valores son códigos de punto de entrega (p. ej. «CLI1»), no un cliente');
    expect(columnReasonText({ code: 'header' })).toBe('por el nombre de la columna');
  });

  it('keeps a «Cliente» column of clients as the client, and finds an unnamed column of clients', () => {
    const hs = ['Cliente', 'Pedido', 'X'];
    const t = table([['pascual', 'A', 'bimbo'], ['Pascual', 'B', 'pascual']], 'a.csv', hs);
    const p = proposeMapping(t, recogniseMapping(hs), index);
    expect(p.mapping.fields).toEqual(['client', 'external_ref', null]);
    const hs2 = ['Quién', 'Pedido'];
    const p2 = proposeMapping(table([['pascual', 'A']], 'b.csv', hs2), recogniseMapping(hs2), index);
    expect(p2.mapping.fields[0]).toBe('client');
    expect(p2.reasons[0]).toMatchObject({ code: 'values_clients', matched: 1 });
  });
});

describe('the error report', () => {
  it('has no internal codes: every column is words a person reads', () => {
    const p = plan(table([row('REP-1', 'PAS-0001'), row('REP-1', 'PAS-0999')]));
    const csv = errorReportCsv(p.issues);
    expect(csv).toContain('no se importa porque tiene errores');
    expect(csv).not.toMatch(/order_has_errors|unknown_product|\bCódigo\b/);
  });
});
