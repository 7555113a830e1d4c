/**
 * The import worker's service, called directly: several files at once, remembered mappings,
 * the operator's mapping, preview pages, write batches, templates in CSV and XLSX.
 */
import { describe, expect, it } from 'vitest';
import { mappingDoc, orderRows, toCsv, type Cell } from '../../src/domain/intake';
import { templateHeaders } from '../../src/i18n/intake';
import { ImportService } from '../../src/workers/import/service';
import { readXlsx } from '../../src/workers/xlsx/read';
import { contextOf, demo, NOW, TODAY } from './helpers';

const data = demo();
const ctx = contextOf(data);
const enc = (s: string) => new TextEncoder().encode(s);
const pending = data.orders.filter((o) => o.status === 'pending' && o.route_id === '');

describe('ImportService', () => {
  it('reads several files, plans them together and pages the preview and the batches', async () => {
    const s = new ImportService();
    s.setContext({ ...ctx, orders: [] });
    const a = orderRows(pending.slice(0, 3), ctx);
    const b = orderRows(pending.slice(3, 6), ctx);
    const progress: string[] = [];
    const reports = await s.readFiles(
      [
        { name: 'a.csv', data: enc(toCsv([templateHeaders(), ...a])) },
        { name: 'b.csv', data: enc(toCsv([templateHeaders(), ...b], { delimiter: ',' })) },
        { name: 'c.pdf', data: enc('%PDF-1.7 ...') },
      ],
      (p) => progress.push(`${p.file}:${p.rows}/${p.total}`),
    );
    expect(reports.map((r) => [r.file, r.format, r.rows])).toEqual([
      ['a.csv', 'csv', a.length],
      ['b.csv', 'csv', b.length],
      ['c.pdf', 'refused', 0],
    ]);
    expect(progress.some((p) => /^a\.csv:(\d+)\/\1$/.test(p))).toBe(true);
    const report = s.plan({ mode: 'valid-only', today: TODAY, now: NOW });
    expect(report.summary).toMatchObject({ create: 6, refused: 0, issues: 1 });
    expect(s.issues(0, 5).issues.map((i) => i.message)).toEqual(['Archivo «c.pdf»: es un PDF, no una hoja de cálculo: exporta los pedidos a CSV o XLSX']);
    const page = s.preview(2, 2);
    expect(page.total).toBe(6);
    expect(page.rows.map((r) => r.external_ref)).toEqual([pending[2]?.external_ref, pending[3]?.external_ref]);
    expect(s.preview(0, 10, 'errors').total).toBe(0);
    expect(s.batchCount(4)).toBe(2);
    expect(s.batch(0, 4)).toMatchObject({ collection: 'orders', op: 'insert' });
    expect(s.batch(5, 4)).toBeNull();
    // All or nothing: the PDF blocks everything.
    expect(s.plan({ mode: 'all-or-nothing', today: TODAY, now: NOW }).blocked).toBe(true);
    expect(s.batchCount()).toBe(0);
  });

  it('uses a remembered mapping for the client and header set, and the operator’s mapping over it', async () => {
    const headers = ['Pedido', 'Entrega', 'Código tienda', 'Artículo', 'Uds', 'Color'];
    const client = ctx.clients.find((c) => c.id === pending[0]?.client_id);
    if (!client) throw new Error('sin cliente');
    const full = orderRows([pending[0]] as never, ctx);
    const rows: Cell[][] = full.map((r) => [r[1] ?? null, r[2] ?? null, r[4] ?? null, r[10] ?? null, r[11] ?? null, 'rojo']);
    const csv = enc(toCsv([headers, ...rows]));
    const s = new ImportService();
    s.setContext({ ...ctx, orders: [] });
    const [recognised] = await s.readFiles([{ name: 'x.csv', data: csv }], undefined, client.id);
    expect(recognised?.mappingSource).toBe('recognised');
    expect(recognised?.mapping.fields).toEqual(['external_ref', null, 'point_ref', 'product', 'quantity', null]);
    expect(s.plan({ mode: 'valid-only', today: TODAY, now: NOW, defaultClientId: client.id }).mappingIssues.map((i) => i.code)).toEqual(['missing_column']);

    const fields = ['external_ref', 'date', 'point_ref', 'product', 'quantity', null] as const;
    s.setContext({ mappings: [mappingDoc(client.id, headers, { fields: [...fields] }, 'Mi cliente', NOW)] });
    const [remembered] = await s.readFiles([{ name: 'x.csv', data: csv }], undefined, client.id);
    expect(remembered?.mappingSource).toBe('remembered');
    expect(remembered?.mapping.fields).toEqual(fields);
    const ok = s.plan({ mode: 'valid-only', today: TODAY, now: NOW, defaultClientId: client.id });
    expect(ok.summary).toMatchObject({ create: 1, issues: 0 });
    const overridden = s.plan({ mode: 'valid-only', today: TODAY, now: NOW, defaultClientId: client.id, mappings: { 'x.csv': { fields: ['external_ref', null, 'point_ref', 'product', 'quantity', null] } } });
    expect(overridden.mappingIssues.map((i) => i.code)).toEqual(['missing_column']);
    expect(overridden.summary.create).toBe(0);
  });

  it('makes templates in CSV and XLSX that import as one order, twice as unchanged', async () => {
    const s = new ImportService();
    s.setContext({ ...ctx, orders: [] });
    const csv = s.templateCsv(TODAY);
    expect(csv.split('\r\n').filter((l) => l !== '')).toHaveLength(3);
    const xlsx = await s.templateXlsx(TODAY);
    expect(readXlsx(xlsx).rows).toHaveLength(3);
    for (const [name, bytes] of [['plantilla.csv', enc(csv)], ['plantilla.xlsx', xlsx]] as const) {
      await s.readFiles([{ name, data: bytes }]);
      s.plan({ mode: 'all-or-nothing', today: TODAY, now: NOW });
      const plan = s.currentPlan();
      expect(plan?.issues).toEqual([]);
      expect(plan?.summary.create).toBe(1);
      const again = new ImportService();
      again.setContext({ ...ctx, orders: plan?.writes.create ?? [] });
      await again.readFiles([{ name, data: bytes }]);
      expect(again.plan({ mode: 'all-or-nothing', today: TODAY, now: NOW }).summary).toMatchObject({ create: 0, update: 0, unchanged: 1 });
      s.reset();
    }
  });
});

describe('ImportService review (issue 28)', () => {
  it('lists a bad row with its correctable fields, plans again with the correction, and an order without its bad line', async () => {
    const s = new ImportService();
    s.setContext({ ...ctx, orders: [] });
    const row = (ref: string, product: string, qty: Cell): Cell[] => ['pascual', ref, '23/11/2026', '09:00-13:00', 'NUEVO-91', 'Bar Servicio', 'Calle de Atocha, 12', '28012', 'Madrid', '', product, qty, 'efectivo', ''];
    const csv = toCsv([templateHeaders(), row('SV-1', 'PAS-0001', 2), row('SV-1', 'PAS-0999', 1), row('SV-2', 'PAS-0001', 'dos')]);
    await s.readFiles([{ name: 'r.csv', data: enc(csv) }]);
    s.plan({ mode: 'valid-only', today: TODAY, now: NOW });
    const bad = s.badRows(0, 10);
    expect(bad.rows.map((r) => [r.row, r.values])).toEqual([
      [3, { product: 'PAS-0999', quantity: '1', point_ref: 'NUEVO-91' }],
      [4, { product: 'PAS-0001', quantity: 'dos', point_ref: 'NUEVO-91' }],
    ]);
    const key = s.preview(0, 10).rows.find((r) => r.external_ref === 'SV-1')?.key ?? '';
    expect(s.preview(0, 10).rows.find((r) => r.key === key)?.droppable_rows).toEqual([3]);
    const fixed = s.plan({ mode: 'valid-only', today: TODAY, now: NOW, fixes: [{ file: 'r.csv', row: 4, field: 'quantity', value: '2' }], withoutBadLines: [key] });
    expect(fixed.summary).toMatchObject({ create: 2, refused: 0, refusedRows: 1 });
    expect(s.badRows(0, 10).rows.map((r) => r.row)).toEqual([3]);
    expect(s.currentPlan()?.writes.create.find((o) => o.external_ref === 'SV-1')?.notes).toBe('Importado sin la fila 3 del archivo (con errores)');
    expect(s.writtenDays()).toEqual(['2026-11-23']);
  });
});
