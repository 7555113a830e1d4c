import { afterEach, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { buildReport, type Report } from '../../src/domain/reports/aggregate';
import { addDays } from '../../src/domain/reports/period';
import { generateMonth } from '../../server/demo/month';
import { setLanguage } from '../../src/i18n';
import { isCount, monthLabel, tableSheet, xlsxValue, csvText, type TableSpec } from '../../src/features/reports/cells';
import { tablesOf } from '../../src/features/reports/reportTables';
import { clientMonthTables } from '../../src/features/reports/clientMonth';
import { toXlsx } from '../../src/ui/crud/xlsx';

const FROM = '2026-03-02';
const data = generateMonth({ seed: 34, days: 5, ordersPerDay: 90, hubs: 2, ridersPerHub: 2, stopsPerRoute: 6, from: FROM });
const period = { from: FROM, to: addDays(FROM, 4) };
const report = (clientId: string | null = null): Report => buildReport({ period, filters: { hub: null, clientId, riderId: null }, ...data }, { orderIds: false });
const riderName = (id: string): string => id || 'Sin rider';
const table = (tables: TableSpec[], id: string): TableSpec => tables.find((s) => s.id === id)!;
const num = (c: unknown): number => (typeof c === 'number' ? c : isCount(c as never) ? (c as { count: number }).count : NaN);

afterEach(async () => {
  await setLanguage('es');
});

describe('the tables and charts of «Informes»', () => {
  it('draws in each chart the figures its table holds', () => {
    const r = report();
    expect(r.total.failedAttempts.count, 'the generated days have failures').toBeGreaterThan(0);
    const tables = tablesOf(r, riderName);
    const days = table(tables, 'dias');
    expect(days.chart?.data.map((d) => d.delivered)).toEqual(r.byDay.map((d) => d.tally.delivered.count + d.tally.partial.count));
    expect(days.chart?.data.map((d) => d.failed)).toEqual(days.rows.map((row) => num(row[days.headers.indexOf('Fallidos')])));
    const reasons = table(tables, 'motivos');
    expect(reasons.chart?.data.map((d) => d.failedAttempts)).toEqual(reasons.rows.map((row) => num(row[1])));
    expect(reasons.chart?.data.reduce((s, d) => s + Number(d.failedAttempts), 0)).toBe(r.total.failedAttempts.count);
    const riders = table(tables, 'riders');
    expect(riders.chart?.data.map((d) => d.rider)).toEqual(riders.rows.map((row) => row[0]));
    for (const spec of [days, reasons, riders]) {
      expect(spec.chart?.title).toBeTruthy();
      expect(spec.chart?.description).toContain(`«${spec.title}»`);
    }
    // Shares on the charts are percentages 0–100, as the tables show them.
    for (const d of days.chart!.data) expect(Number(d.onTimeRate)).toBeGreaterThanOrEqual(0);
    for (const d of days.chart!.data) expect(Number(d.onTimeRate)).toBeLessThanOrEqual(100);
  });

  it('names a month in words', () => {
    expect(monthLabel('2026-11')).toBe('noviembre de 2026');
  });

  it('reads in English once English is chosen', async () => {
    await setLanguage('en');
    const days = table(tablesOf(report(), riderName), 'dias');
    expect(days.chart?.title).toBe('Service per day');
    expect(days.chart?.series.map((s) => s.label)).toEqual(['Delivered (in full or in part)', 'Failed', '% on time']);
    expect(days.chart?.description).toMatch(/^From \d\d\/\d\d\/2026 to/);
    expect(monthLabel('2026-11')).toBe('November 2026');
  });

  it('exports typed cells: the CSV as the page words it, the XLSX as numbers, euros and dates', () => {
    const tables = tablesOf(report(), riderName);
    const money = table(tables, 'cobros');
    expect(xlsxValue(money.rows[0]![2]!)).toEqual({ cents: expect.any(Number) });
    const days = table(tables, 'dias');
    expect(xlsxValue(days.rows[0]![0]!)).toEqual({ date: FROM });
    expect(csvText(days.rows[0]![0]!)).toBe('02/03/2026');
    expect(typeof xlsxValue(days.rows[0]![1]!)).toBe('number');
  });
});

describe('the client monthly report', () => {
  const client = data.clients.find((c) => data.orders.some((o) => o.client_id === c.id))!;

  it('holds the figures of the report filtered by the client, a section per table', () => {
    const r = report(client.id);
    expect(r.total.orders.count).toBeGreaterThan(0);
    expect(r.total.orders.count).toBeLessThan(report().total.orders.count);
    const [summary, reasons, days] = clientMonthTables(r);
    const value = (label: string): unknown => summary!.rows.find((row) => row[0] === label)?.[1];
    expect(value('Pedidos')).toBe(r.total.orders.count);
    expect(value('Entregados')).toBe(r.total.delivered.count);
    expect(value('Fallidos')).toBe(r.total.failed.count);
    expect(value('Pruebas de entrega disponibles')).toBe(r.extra.proofs.total.count);
    expect(value('% a tiempo')).toEqual({ part: r.total.onTime.count, whole: r.total.delivered.count + r.total.partial.count });
    expect(reasons!.rows.reduce((s, row) => s + num(row[1]), 0)).toBe(r.total.failedAttempts.count);
    expect(days!.rows.reduce((s, row) => s + num(row[1]), 0)).toBe(r.total.orders.count);
  });

  it('covers only the hubs listed (an operator\'s hubs), as the hub filter does for one hub', () => {
    const hubs = [...new Set(data.orders.map((o) => o.hub))].sort();
    expect(hubs.length).toBe(2);
    const of = (filters: { hub?: number | null; hubs?: number[] | null }): Report =>
      buildReport({ period, filters: { hub: filters.hub ?? null, clientId: client.id, riderId: null, hubs: filters.hubs ?? null }, ...data }, { orderIds: false });
    const one = of({ hubs: [hubs[0]!] });
    const byHub = of({ hub: hubs[0]! });
    expect(one.total.orders.count).toBeGreaterThan(0);
    expect(one.total).toEqual(byHub.total);
    expect(one.money).toEqual(byHub.money);
    expect(of({ hubs }).total).toEqual(report(client.id).total);
    expect(of({ hubs: [] }).total.orders.count).toBe(0);
    expect(of({ hubs: [] }).total.stops.count).toBe(0);
  });

  it('downloads as one workbook with a sheet per section', async () => {
    const tables = clientMonthTables(report(client.id));
    const files = unzipSync(new Uint8Array(await (await toXlsx(tables.map(tableSheet))).arrayBuffer()));
    const workbook = strFromU8(files['xl/workbook.xml']!);
    expect([...workbook.matchAll(/<sheet [^>]*name="([^"]*)"/g)].map((m) => m[1])).toEqual(['Resumen', 'Fallidos por motivo', 'Por día']);
    expect(strFromU8(files['xl/worksheets/sheet1.xml']!)).toContain(`<v>${report(client.id).total.orders.count}</v>`);
  });
});

describe('the incidences table', () => {
  it('holds per kind the incidences, resolved and open ones, and the hours to resolve (CSV as shown, XLSX as numbers), in both languages', async () => {
    const r = report();
    const spec = table(tablesOf(r, riderName), 'incidencias');
    expect(spec.headers).toEqual(['Tipo', 'Cantidad', 'Resueltas', 'Abiertas o en revisión', 'Horas hasta resolver, mediana', 'Horas hasta resolver, p90']);
    const row = spec.rows.find((x) => x[0] === 'Error de picking')!;
    const res = r.incidenceResolution['picker-error'];
    expect(num(row[1])).toBe(r.incidencesByKind['picker-error'].count);
    expect(num(row[2]) + num(row[3])).toBe(num(row[1]));
    expect(row[2]).toMatchObject({ ref: { kind: 'incidenceState', incidence: 'picker-error', state: 'resolved' } });
    expect(res.medianMs, 'the generated days have resolved picking errors').not.toBeNull();
    const hours = res.medianMs! / 3_600_000;
    expect(xlsxValue(row[4]!)).toBe(Math.round(hours * 10) / 10);
    expect(csvText(row[4]!)).toBe(new Intl.NumberFormat('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(hours));
    expect(csvText({ hours: null })).toBe('—');
    expect(xlsxValue({ hours: null })).toBeNull();
    await setLanguage('en');
    expect(table(tablesOf(r, riderName), 'incidencias').headers.slice(2)).toEqual(['Resolved', 'Open or in review', 'Hours to resolve, median', 'Hours to resolve, p90']);
  });
});
