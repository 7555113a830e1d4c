/**
 * The malformed-file corpus (tests/fixtures/import, made by scripts/make-import-fixtures.ts):
 * each malformed file is refused for its own reason, with its file, row and column, and leaves
 * nothing to write even in «Importar las filas válidas»; each valid file imports.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeBatches } from '../../src/domain/intake';
import { formatIntakeIssue } from '../../src/i18n/intake';
import { ImportService } from '../../src/workers/import/service';
import { contextOf, demo, NOW, TODAY } from './helpers';

const dir = join(import.meta.dirname, '..', 'fixtures', 'import');
const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, { expect: string; creates?: number; sheet?: string; defaultClient?: string }>;
const entries = Object.entries(manifest);
const ctx = contextOf(demo());

async function importFile(name: string, m: { sheet?: string; defaultClient?: string }) {
  const service = new ImportService();
  service.setContext(ctx);
  const data = readFileSync(join(dir, name));
  const [report] = await service.readFiles([{ name, data: new Uint8Array(data), ...(m.sheet ? { sheet: m.sheet } : {}) }], undefined, m.defaultClient ?? '');
  const planned = service.plan({ mode: 'valid-only', today: TODAY, now: NOW, ...(m.defaultClient ? { defaultClientId: m.defaultClient } : {}) });
  const plan = service.currentPlan();
  if (!plan || !report) throw new Error('sin plan');
  return { report, planned, plan, service };
}

describe('import corpus', () => {
  it('has at least 60 malformed files and some valid ones', () => {
    expect(entries.filter(([, m]) => m.expect !== 'valid').length).toBeGreaterThanOrEqual(60);
    expect(entries.filter(([, m]) => m.expect === 'valid').length).toBeGreaterThanOrEqual(5);
  });

  it.each(entries.filter(([, m]) => m.expect !== 'valid'))('%s is refused with its reason and writes nothing', async (name, m) => {
    const { plan } = await importFile(name, m);
    expect(plan.issues.length).toBeGreaterThan(0);
    expect(plan.issues.map((i) => i.code)).toContain(m.expect);
    for (const i of plan.issues) {
      expect(i.file).toBe(name);
      expect(i.row).toBeGreaterThanOrEqual(0);
      if (i.row > 0 && i.field !== undefined && i.code !== 'missing_column' && i.code !== 'missing_client' && i.code !== 'missing_point_columns') expect(i.column).not.toBe('');
      const text = formatIntakeIssue(i);
      expect(text).not.toMatch(/\{\w+\}|intake\.issue/);
      expect(text).toMatch(i.row > 0 ? /^Fila \d+/ : /^Archivo «/);
    }
    expect(plan.writes).toEqual({ points: [], create: [], update: [] });
    expect(writeBatches(plan.writes)).toEqual([]);
  });

  it.each(entries.filter(([, m]) => m.expect === 'valid'))('%s imports', async (name, m) => {
    const { plan, report } = await importFile(name, m);
    expect(plan.issues.map((i) => formatIntakeIssue(i))).toEqual([]);
    expect(plan.summary.create).toBe(m.creates);
    expect(report.format === 'xlsx' ? report.sheet : report.delimiter).toBeTruthy();
  });

  it('detects the encoding and the delimiter', async () => {
    expect((await importFile('valid-windows-1252.csv', {})).report).toMatchObject({ encoding: 'windows-1252', delimiter: ';' });
    expect((await importFile('valid-semicolon-bom.csv', {})).report).toMatchObject({ encoding: 'utf-8', delimiter: ';' });
    expect((await importFile('valid-comma-no-bom.csv', {})).report.delimiter).toBe(',');
    expect((await importFile('valid-tab.tsv', {})).report.delimiter).toBe('\t');
    expect((await importFile('valid-pipe.csv', {})).report.delimiter).toBe('|');
    const w = await importFile('valid-windows-1252.csv', {});
    expect(w.plan.writes.create[0]?.notes).toBe('Señora Muñoz, 2.º izda. — pagar 12 €');
    const x = await importFile('valid-second-sheet.xlsx', { sheet: 'Pedidos' });
    expect(x.report.sheets).toEqual(['Instrucciones', 'Pedidos']);
  });

  it('gives the Spanish reason the operator reads, with the place', async () => {
    const q = await importFile('quantity-negative.csv', {});
    expect(q.service.issues(0, 10).issues.map((i) => i.message)).toContain('Fila 3, columna «Cantidad»: debe ser un número entero mayor que 0');
    const p = await importFile('renamed-pdf.xlsx', {});
    expect(p.service.issues(0, 10).issues[0]?.message).toBe('Archivo «renamed-pdf.xlsx»: es un PDF, no una hoja de cálculo: exporta los pedidos a CSV o XLSX');
    const e = await importFile('password-protected.xlsx', {});
    expect(e.service.issues(0, 10).issues[0]?.message).toMatch(/protegido con contraseña/);
    const report = q.service.errorReportCsv();
    expect(report.startsWith('\ufeffArchivo;Fila;Columna;Error\r\n')).toBe(true);
    expect(report).toContain('quantity-negative.csv;3;Cantidad;debe ser un número entero mayor que 0\r\n');
  });

  it('keeps a formula out of the error report (formula-safe CSV)', async () => {
    const f = await importFile('formula-notes-hyperlink.csv', {});
    const report = f.service.errorReportCsv();
    for (const line of report.split('\r\n')) for (const cell of line.split(';')) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@]/);
  });
});
