import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { Payment } from '../../src/domain/entities/operation';
import {
  matchStatement,
  parseStatementAmount,
  parseStatementDate,
  readStatement,
  settlementNote,
  settlementSummary,
  type SettlementLine,
} from '../../src/domain/payments/settlement';
import { openLocalDatabase, type CbDatabase } from '../../src/data/database';
import { AppStore } from '../../src/data/appStore';
import { Outbox } from '../../src/data/outbox';
import { Writer } from '../../src/data/writes';
import { previewStatement, settleStatement } from '../../src/data/settlement';
import { paymentDocSchema } from '../../src/domain/entities/operation';
import { order } from '../helpers/fixtures';

function pay(order: string, over: Partial<Payment> = {}): Payment {
  return {
    id: `pay-${order}`,
    kind: 'order',
    order_id: order,
    route_id: 'r1',
    rider_id: 'u-rider1',
    method: 'card',
    amount_due_cents: 20_00,
    amount_collected_cents: 20_00,
    status: 'collected',
    status_id: '',
    collected_at: 1_000,
    reviewed_by: '',
    note: '',
    updated_at: 1_000,
    ...over,
  };
}
const line = (row: number, reference: string, amount_cents = 20_00): SettlementLine => ({ row, reference, amount_cents, date: '2026-11-23' });
const ORDERS = [
  { id: 'o1', code: 'PED-0001' },
  { id: 'o2', code: 'PED-0002' },
  { id: 'o3', code: 'PED-0003' },
  { id: 'o4', code: 'PED-0004' },
  { id: 'o5', code: 'PED-0005' },
];

describe('reading a statement', () => {
  it('recognises the columns by name, in any order and spelling', () => {
    const { lines, problems } = readStatement({
      headerRow: 1,
      headers: ['Fecha valor', 'Concepto', 'Importe (EUR)', 'Saldo'],
      rows: [
        { row: 2, cells: ['23/11/2026', 'Pago PED-0001', '20,00', '100'] },
        { row: 3, cells: ['', '', '', ''] },
        { row: 4, cells: ['2026-11-23', 'PED-0002', '1.234,56', '0'] },
      ],
    });
    expect(problems).toEqual([]);
    expect(lines).toEqual([
      { row: 2, reference: 'Pago PED-0001', amount_cents: 20_00, date: '2026-11-23' },
      { row: 4, reference: 'PED-0002', amount_cents: 1234_56, date: '2026-11-23' },
    ]);
  });

  it('names the row, the column and what is wrong; a bad line is left out', () => {
    const { lines, problems } = readStatement({
      headerRow: 1,
      headers: ['Referencia', 'Importe', 'Fecha'],
      rows: [
        { row: 2, cells: ['PED-0001', 'doce', '23/11/2026'] },
        { row: 3, cells: ['PED-0002', '-5,00', '31/02/2026'] },
        { row: 4, cells: ['', '3', '23/11/2026'] },
        { row: 5, cells: ['PED-0003', '3', '23/11/2026'] },
      ],
    });
    expect(lines.map((l) => l.row)).toEqual([5]);
    expect(problems).toEqual([
      { row: 2, column: 'Importe', code: 'amount_format', value: 'doce' },
      { row: 3, column: 'Importe', code: 'amount_not_positive', value: '-5,00' },
      { row: 3, column: 'Fecha', code: 'date_format', value: '31/02/2026' },
      { row: 4, column: 'Referencia', code: 'required', value: '' },
    ]);
  });

  it('refuses a file without the three columns, or without lines', () => {
    expect(readStatement({ headerRow: 1, headers: ['Referencia', 'Fecha'], rows: [] }).problems).toEqual([{ row: 1, column: 'amount', code: 'missing_column', value: '' }]);
    expect(readStatement({ headerRow: 1, headers: ['Referencia', 'Importe', 'Fecha'], rows: [] }).problems[0]?.code).toBe('empty');
  });

  it('reads amounts and dates as banks write them', () => {
    expect(parseStatementAmount('12,5')).toBe(12_50);
    expect(parseStatementAmount('12.50 €')).toBe(12_50);
    expect(parseStatementAmount('1,234.56')).toBe(1234_56);
    expect(parseStatementAmount('1234')).toBe(1234_00);
    expect(parseStatementAmount('12,345')).toBe(12345_00); // a thousands separator, not 3 decimals
    expect(parseStatementAmount('1.2.3')).toBeNull();
    expect(parseStatementAmount('=SUMA(A1)')).toBeNull();
    expect(parseStatementDate('1/2/2026')).toBe('2026-02-01');
    expect(parseStatementDate('29/02/2025')).toBeNull();
    expect(parseStatementDate('02/30/2026')).toBeNull();
  });

  it('any amount written with two decimals reads back to its cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), fc.boolean(), (cents, comma) => {
        const text = (cents / 100).toFixed(2).replace('.', comma ? ',' : '.');
        expect(parseStatementAmount(text)).toBe(cents);
      }),
    );
  });
});

describe('matching a statement', () => {
  const payments = [
    pay('o1'),
    pay('o2', { method: 'transfer', status: 'reconciled' }),
    pay('o3', { amount_collected_cents: 19_00 }),
    pay('o4', { method: 'cash' }),
    pay('o5', { status: 'pending' }),
  ];

  it('settles only card and transfer payments collected for the same amount', () => {
    const out = matchStatement(
      [line(2, 'Cobro tarjeta ped-0001 Bar Sol'), line(3, 'PED-0002'), line(4, 'PED-0003'), line(5, 'PED-0004'), line(6, 'PED-0005'), line(7, 'PED-0001'), line(8, 'sin código'), line(9, 'PED-0001 y PED-0003'), line(10, 'PED-9999')],
      ORDERS,
      payments,
    );
    expect(out.map((o) => [o.line.row, o.kind, o.order_code])).toEqual([
      [2, 'settle', 'PED-0001'],
      [3, 'already', 'PED-0002'],
      [4, 'amount', 'PED-0003'],
      [5, 'not_settleable', 'PED-0004'],
      [6, 'not_settleable', 'PED-0005'],
      [7, 'duplicate', 'PED-0001'],
      [8, 'unmatched', ''],
      [9, 'unmatched', ''],
      [10, 'unmatched', ''],
    ]);
    expect(settlementSummary(out)).toEqual({ settle: 1, already: 1, amount: 1, not_settleable: 2, duplicate: 1, unmatched: 3 });
  });

  it('a disputed or handed-over card payment is settled; a code that is part of a longer word is not a match', () => {
    const out = matchStatement([line(2, 'PED-00010'), line(3, 'XPED-0001'), line(4, ' ped-0001 '), line(5, 'PED-0002')], ORDERS, [pay('o1', { status: 'disputed' }), pay('o2', { status: 'handed_over' })]);
    expect(out.map((o) => o.kind)).toEqual(['unmatched', 'unmatched', 'settle', 'settle']);
  });

  it('keeps the note it had, and never grows past its limit', () => {
    expect(settlementNote('', 'Liquidado')).toBe('Liquidado');
    expect(settlementNote('Revisado', 'Liquidado')).toBe('Revisado\nLiquidado');
    expect(settlementNote('x'.repeat(500), 'Liquidado')).toHaveLength(500);
    expect(settlementNote('x'.repeat(500), 'Liquidado').endsWith('Liquidado')).toBe(true);
  });
});

describe('settling on the device (src/data/settlement.ts)', () => {
  let db: CbDatabase | null = null;
  let store: AppStore | null = null;
  afterEach(async () => {
    await db?.remove();
    await store?.close();
    db = null;
    store = null;
  });

  function csvFile(name: string, text: string) {
    const bytes = new TextEncoder().encode(text);
    return { name, size: bytes.length, arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer };
  }

  it('previews without writing, settles the exact matches once, and a second load changes nothing', async () => {
    db = await openLocalDatabase({ name: `settle${Date.now()}${Math.random().toString(36).slice(2)}`, storage: { kind: 'memory' }, collections: ['orders', 'payments'] });
    store = new AppStore(`app-${Math.random().toString(36).slice(2)}`);
    const engine = { db, writer: new Writer(db, new Outbox(store)) };
    for (const o of ORDERS) await db.orders.insert({ ...order(o.id, 'pe1', 'r1'), code: o.code } as never);
    await db.payments.bulkInsert([pay('o1'), pay('o3', { amount_collected_cents: 19_00 }), pay('o4', { method: 'cash' })].map((p) => paymentDocSchema.parse(p)) as never);
    const file = csvFile('extracto.csv', 'Fecha;Referencia;Importe\n23/11/2026;Pago PED-0001;20,00\n23/11/2026;PED-0003;20,00\n23/11/2026;PED-0004;20,00\n23/11/2026;PED-0002;abc\n');

    const preview = await previewStatement(engine, file);
    expect(preview.outcomes.map((o) => o.kind)).toEqual(['settle', 'amount', 'not_settleable']);
    expect(preview.problems).toEqual([{ row: 5, column: 'Importe', code: 'amount_format', value: 'abc' }]);
    expect((await db.payments.findOne('pay-o1').exec())?.status).toBe('collected');

    await expect(settleStatement(engine, { preview }, { userId: 'u-rider1', role: 'rider' })).rejects.toThrow(/Solo un operador/);
    expect(await settleStatement(engine, { preview }, { userId: 'u-operador', role: 'operator' })).toEqual({ settled: 1, skipped: 0 });
    const settled = (await db.payments.findOne('pay-o1').exec())?.toJSON() as unknown as Payment;
    expect(settled).toMatchObject({ status: 'reconciled', reviewed_by: 'u-operador' });
    expect(settled.note).toContain('extracto.csv, fila 2 · Pago PED-0001');
    expect((await db.payments.findOne('pay-o3').exec())?.status).toBe('collected');

    // The same preview again (a double click) and the same file again: nothing more is written.
    expect(await settleStatement(engine, { preview }, { userId: 'u-operador', role: 'operator' })).toEqual({ settled: 0, skipped: 1 });
    expect((await previewStatement(engine, file)).outcomes.map((o) => o.kind)).toEqual(['already', 'amount', 'not_settleable']);
  });

  it('refuses a file that is not a CSV, in Spanish', async () => {
    db = await openLocalDatabase({ name: `settle${Date.now()}${Math.random().toString(36).slice(2)}`, storage: { kind: 'memory' }, collections: ['orders', 'payments'] });
    await expect(previewStatement({ db }, csvFile('extracto.pdf', '%PDF'))).rejects.toThrow(/no es un CSV/);
  });
});
