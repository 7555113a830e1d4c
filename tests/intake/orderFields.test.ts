/**
 * The order fields table (issue 30 §1, src/domain/intake/orderFields.ts): one row per field of an
 * order says how the import reads it (its columns and their header names), merges the rows of one
 * order, and writes it to a new or an existing order. These checks loop over the rows, so a new
 * row is checked by them as it is; a field of `Order` the table forgets fails here, by name.
 */
import { describe, expect, it } from 'vitest';
import { indexIntakeContext, planImport, recogniseHeader, recogniseMapping, type Cell, type IntakeTable, type PlanOptions } from '../../src/domain/intake';
import { orderSchema, type Order } from '../../src/domain/entities/operation';
import { ORDER_FIELDS, READ_ROWS, changedFields, createdFields, updatedFields, type MergedOrder, type OrderFieldRow, type ReadAs } from '../../src/domain/intake/orderFields';
import { contextOf, demo, NOW, TODAY } from './helpers';

const TABLE_FILE = 'src/domain/intake/orderFields.ts';

/** The fields a new order takes from plan.ts (`CreatedFixed`), not from the input. */
const FIXED = ['id', 'code', 'client_id', 'status', 'picking_status', 'status_id', 'route_id', 'external_ref', 'created_at', 'updated_at'];

const data = demo();
const ctx = contextOf(data);
const opts: PlanOptions = { today: TODAY, now: NOW, mode: 'valid-only' };

/** Two cells a row may carry, and the value each reads as. */
const SAMPLES: Record<ReadAs['kind'], readonly [Cell, Cell]> = {
  date: ['24/11/2026', '25/11/2026'],
  window: ['10:00-12:00', '11:00-13:00'],
  payment: ['tarjeta', 'transferencia'],
  text: ['A1', 'B2'],
  point: ['', ''],
  lines: ['', ''],
};

/** A valid order line with only the columns it needs (headers are the columns' own names). */
function baseRow(ref: string): Record<string, Cell> {
  return {
    client: 'pascual',
    external_ref: ref,
    date: '23/11/2026',
    point_ref: 'NUEVO-88',
    point_name: 'Bar Revisión',
    address: 'Calle de Atocha, 12',
    postal_code: '28012',
    city: 'Madrid',
    product: 'PAS-0001',
    quantity: 2,
  };
}

function tableOf(rows: readonly Record<string, Cell>[]): IntakeTable {
  const headers = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return { file: 'pedidos.csv', headerRow: 1, headers, rows: rows.map((r, i) => ({ row: i + 2, cells: headers.map((h) => r[h] ?? '') })) };
}

function planOf(rows: readonly Record<string, Cell>[], orders: readonly Order[] = []) {
  const t = tableOf(rows);
  return planImport([{ table: t, mapping: recogniseMapping(t.headers) }], indexIntakeContext({ ...ctx, orders: [...orders] }), opts);
}

/** The column a row's sample goes in (a window in one column). */
const columnOf = (r: OrderFieldRow): string => Object.keys(r.columns)[0] ?? '';

describe('the order fields table', () => {
  it('has a row for every field of an order that the import does not set itself', () => {
    const rows = new Set<string>(ORDER_FIELDS.map((r) => r.field));
    const problems = Object.keys(orderSchema.shape)
      .filter((k) => !rows.has(k) && !FIXED.includes(k))
      .map((k) => `orders.${k}: give it a row in ORDER_FIELDS of ${TABLE_FILE} (its columns and header names, how it is read, merged, created and updated), or set it for a new order in CreatedFixed (src/domain/intake/plan.ts) and list it in FIXED here`);
    expect(problems).toEqual([]);
    expect([...rows].filter((k) => FIXED.includes(k) || !(k in orderSchema.shape))).toEqual([]);
    expect(rows.size, `a field with two rows in ${TABLE_FILE}`).toBe(ORDER_FIELDS.length);
  });

  it('recognises every column by its own name and by each of its header names', () => {
    const problems = ORDER_FIELDS.flatMap((r) =>
      Object.entries(r.columns as Record<string, readonly string[]>).flatMap(([column, names]) =>
        [column, ...names].filter((n) => recogniseHeader(n) !== column).map((n) => `${r.field}: the header «${n}» does not read as the column ${column} (${TABLE_FILE}; a name two columns share?)`),
      ),
    );
    expect(problems).toEqual([]);
  });

  it.each(READ_ROWS.map((r) => [r.field, r] as const))('%s: a file carrying it creates, updates and re-imports an order with it', (field, r) => {
    const column = columnOf(r);
    const [a, b] = SAMPLES[(r.read as ReadAs).kind];
    const created = planOf([{ ...baseRow('TAB-1'), [column]: a }]).orders[0];
    expect(created?.action, `${field}: ${JSON.stringify(created?.issues)}`).toBe('create');
    const order = created?.order as Order;
    // The same file again changes nothing; another value is an update of this field.
    expect(planOf([{ ...baseRow('TAB-1'), [column]: a }], [order]).orders[0]?.action).toBe('unchanged');
    const updated = planOf([{ ...baseRow('TAB-1'), [column]: b }], [order]).orders[0];
    expect(updated?.action).toBe('update');
    expect(changedFields(order, updated?.order as Order)).toContain(field);
    if (!r.required) {
      // A file without its column keeps what the order has.
      const { [column]: _dropped, ...without } = { ...baseRow('TAB-1'), [column]: a };
      expect(planOf([without], [order]).orders[0]?.action).toBe('unchanged');
    }
  });

  it.each(READ_ROWS.map((r) => [r.field, r] as const))('%s: the rows of one order agree on it, or are joined', (field, r) => {
    const column = columnOf(r);
    const [a, b] = SAMPLES[(r.read as ReadAs).kind];
    const p = planOf([
      { ...baseRow('TAB-2'), [column]: a },
      { ...baseRow('TAB-2'), product: 'PAS-0002', [column]: b },
    ]);
    const o = p.orders[0];
    if (r.merge === 'agree') {
      expect(o?.action).toBe('refused');
      expect(p.issues.filter((i) => i.code === 'order_conflict').map((i) => `${i.row}:${i.field ?? ''}`)).toEqual([`3:${column}`]);
    } else {
      expect(o?.action).toBe('create');
      expect(String(o?.order?.[field])).toBe(`${String(a)} · ${String(b)}`);
    }
  });

  it('create, update and «changed» agree: an update from what the order already is changes nothing', () => {
    const example = planOf([baseRow('TAB-3')]).orders[0]?.order as Order;
    const point = ctx.points[0];
    const client = ctx.clients.find((c) => c.id === example.client_id);
    if (!point || !client) throw new Error('no example');
    const merged: MergedOrder = { client, point, lines: example.lines, values: { date: '2026-11-24', window_start: { start: '10:00', end: '12:00' }, payment_method: 'card', notes: 'n' } };
    const created = { ...example, ...createdFields(merged) };
    expect(changedFields(created, { ...created, ...updatedFields(merged, created) })).toEqual([]);
    const moved = updatedFields({ ...merged, values: { ...merged.values, date: '2026-11-25' } }, created);
    expect(changedFields(created, { ...created, ...moved })).toEqual(['date']);
    const noWindow = updatedFields({ ...merged, values: { date: merged.values.date } }, created);
    expect(noWindow.window_start).toBe('10:00');
    expect(noWindow.notes).toBe('n');
  });
});
