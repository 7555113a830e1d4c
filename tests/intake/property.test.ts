/**
 * Properties of the intake (fast-check): random valid orders exported to a file (CSV or XLSX,
 * through the real readers) import as the same orders; importing the file again changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  TEMPLATE_FIELDS,
  addDays,
  indexIntakeContext,
  orderRows,
  planImport,
  recogniseMapping,
  toCsv,
  type Cell,
  type IntakeContext,
} from '../../src/domain/intake';
import type { Order, PaymentMethod } from '../../src/domain/entities/operation';
import { pointRefFor } from '../../src/domain/intake/csv';
import { templateHeaders } from '../../src/i18n/intake';
import { parseCsv } from '../../src/workers/import/csv';
import { decodeText } from '../../src/workers/import/sniff';
import { readXlsx } from '../../src/workers/xlsx/read';
import { writeXlsx } from '../../src/workers/xlsx/write';
import { contextOf, demo, NOW, TODAY } from './helpers';

const base = contextOf(demo());
const PAYMENTS: readonly PaymentMethod[] = ['cash', 'card', 'transfer', 'on_account'];
const PAY_LABELS = { cash: 'efectivo', card: 'tarjeta', transfer: 'transferencia', on_account: 'a cuenta' } as const;
const WORDS = ['Llamar', 'antes', 'portal', '2.º', 'izda.', 'Muñoz', '«urgente»', 'a;b', '"comillas"', 'frío', '=HOY()', '+34', '-', '@tienda', 'ñandú'];

const clients = base.clients.filter((c) => base.products.some((p) => p.client_id === c.id && p.active) && base.points.some((p) => p.active && pointRefFor(p, c.key) !== ''));

const orderArb = (ref: string) =>
  fc
    .record({
      client: fc.constantFrom(...clients),
      day: fc.integer({ min: 0, max: 60 }),
      start: fc.integer({ min: 6 * 4, max: 16 * 4 }),
      length: fc.integer({ min: 2, max: 24 }),
      pointPick: fc.nat(),
      lines: fc.array(fc.record({ productPick: fc.nat(), quantity: fc.integer({ min: 1, max: 5000 }) }), { minLength: 1, maxLength: 6 }),
      payment: fc.constantFrom(...PAYMENTS),
      notes: fc.array(fc.constantFrom(...WORDS), { maxLength: 5 }).map((w) => w.join(' ')),
    })
    .map((r): Order => {
      const points = base.points.filter((p) => p.active && pointRefFor(p, r.client.key) !== '');
      const products = base.products.filter((p) => p.client_id === r.client.id && p.active);
      const point = points[r.pointPick % points.length] as (typeof points)[number];
      const hhmm = (q: number) => `${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}`;
      return {
        id: '',
        code: '',
        client_id: r.client.id,
        delivery_point_id: point.id,
        hub: point.hub,
        date: addDays(TODAY, r.day),
        window_start: hhmm(r.start),
        window_end: hhmm(Math.min(r.start + r.length, 23 * 4 + 3)),
        status: 'pending',
        picking_status: 'pending',
        status_id: '',
        route_id: '',
        lines: r.lines.map((l, i) => {
          const p = products[l.productPick % products.length] as (typeof products)[number];
          return { line_id: `l${i + 1}`, product_id: p.id, name: p.name, quantity: l.quantity, unit_price_cents: p.price_cents, tax_id: p.tax_id, tax_rate_bp: 0, picked_quantity: 0 };
        }),
        payment_method: r.payment,
        external_ref: ref,
        notes: r.notes,
        created_at: 0,
        updated_at: 0,
      };
    });

const ordersArb = fc
  .uniqueArray(fc.stringMatching(/^[A-Z][A-Z0-9-]{0,15}$/), { minLength: 1, maxLength: 6, selector: (s) => s.toLowerCase() })
  .chain((refs) => fc.tuple(...refs.map(orderArb)));

/** The orders as a file of the given format, read back by the real reader. */
async function asTable(orders: readonly Order[], format: 'csv' | 'xlsx', file: string) {
  const rows: Cell[][] = orderRows(orders, base, PAY_LABELS);
  if (format === 'csv') {
    const bytes = new TextEncoder().encode(toCsv([templateHeaders(), ...rows]));
    return parseCsv(file, decodeText(bytes).text).table;
  }
  const book = readXlsx(writeXlsx([{ name: 'Pedidos', rows: [templateHeaders(), ...rows] }]));
  const [head, ...rest] = book.rows;
  return { file, headerRow: head?.row ?? 1, headers: (head?.cells ?? []).map((c) => String(c ?? '')), rows: rest, format: 'xlsx' as const };
}

function plan(ctx: IntakeContext, table: Awaited<ReturnType<typeof asTable>>) {
  return planImport([{ table, mapping: recogniseMapping(table.headers) }], indexIntakeContext(ctx), { today: TODAY, now: NOW, mode: 'all-or-nothing' });
}

const significant = (o: Order) => ({
  client_id: o.client_id,
  external_ref: o.external_ref,
  delivery_point_id: o.delivery_point_id,
  date: o.date,
  window: `${o.window_start}-${o.window_end}`,
  payment_method: o.payment_method,
  notes: o.notes.trim(),
  lines: o.lines.map((l) => [l.product_id, l.quantity]),
});

describe('intake properties', () => {
  it('export → import gives the same orders; importing again changes nothing', async () => {
    expect(TEMPLATE_FIELDS.length).toBe(templateHeaders().length);
    await fc.assert(
      fc.asyncProperty(ordersArb, fc.constantFrom<'csv' | 'xlsx'>('csv', 'xlsx'), async (orders, format) => {
        const table = await asTable(orders, format, `pedidos.${format}`);
        const first = plan({ ...base, orders: [] }, table);
        expect(first.issues).toEqual([]);
        expect(first.summary).toMatchObject({ create: orders.length, update: 0, unchanged: 0, refused: 0 });
        expect(first.writes.create.map(significant)).toEqual(orders.map(significant));

        const again = plan({ ...base, orders: first.writes.create }, await asTable(orders, format, `otra-vez.${format}`));
        expect(again.summary).toMatchObject({ create: 0, update: 0, unchanged: orders.length, refused: 0 });
        expect(again.writes).toEqual({ points: [], create: [], update: [] });

        // What was stored, exported and imported once more, is still the same.
        const roundTrip = plan({ ...base, orders: first.writes.create }, await asTable(first.writes.create, format, `exportado.${format}`));
        expect(roundTrip.summary.unchanged).toBe(orders.length);
      }),
      { numRuns: 60 },
    );
  });
});
