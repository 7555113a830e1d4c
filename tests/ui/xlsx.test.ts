import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { sheetName, toXlsx, type XlsxSheet } from '../../src/ui/crud/xlsx';

/** The workbook's files (name → text), unzipped. */
async function unzip(blob: Blob): Promise<Record<string, string>> {
  const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

/** The text of every cell of a sheet, in order (shared strings resolved). */
function cellValues(files: Record<string, string>, sheet: number): string[] {
  const shared = [...(files['xl/sharedStrings.xml'] ?? '').matchAll(/<si>\s*<t[^>]*>([^<]*)<\/t>\s*<\/si>/g)].map((m) => m[1]!);
  const xml = files[`xl/worksheets/sheet${sheet}.xml`]!;
  return [...xml.matchAll(/<c ([^>]*?)(?:\/>|>(.*?)<\/c>)/g)].map((m) => {
    const attrs = m[1]!;
    const inner = m[2] ?? '';
    const v = /<v>([^<]*)<\/v>/.exec(inner)?.[1] ?? /<t[^>]*>([^<]*)<\/t>/.exec(inner)?.[1] ?? '';
    return /t="s"/.test(attrs) ? (shared[Number(v)] ?? '') : v;
  });
}

const EXCEL_EPOCH_DAYS = 25569; // 1970-01-01 as an Excel serial day

describe('XLSX export (src/ui/crud/xlsx.ts)', () => {
  const sheets: XlsxSheet[] = [
    {
      name: 'Servicio',
      headers: ['Tipo', 'Cantidad', 'Importe', 'Día', '%'],
      rows: [
        ['Pedidos', 12, { cents: 123456 }, { date: '2026-03-09' }, { ratio: 0.875 }],
        ['=SUM(A1)', 0, { cents: -5 }, null, { ratio: 0 }],
      ],
    },
    { name: 'Por día: [marzo]/2026 y un nombre muy largo', headers: ['Día'], rows: [[{ date: '2026-03-31' }]] },
  ];

  it('produces a workbook that opens, a sheet per table named after it, with typed values', async () => {
    const files = await unzip(await toXlsx(sheets));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml']));
    const names = [...files['xl/workbook.xml']!.matchAll(/<sheet [^>]*name="([^"]*)"/g)].map((m) => m[1]);
    expect(names).toEqual(['Servicio', 'Por día marzo 2026 y un nombre']);

    const values = cellValues(files, 1);
    expect(values.slice(0, 5)).toEqual(['Tipo', 'Cantidad', 'Importe', 'Día', '%']);
    // Numbers as numbers, money as euros, the date as its serial day, the share as a fraction.
    expect(values.slice(5, 10)).toEqual(['Pedidos', '12', '1234.56', String(Date.UTC(2026, 2, 9) / 86_400_000 + EXCEL_EPOCH_DAYS), '0.875']);
    // Text that looks like a formula stays text.
    expect(values[10]).toBe('=SUM(A1)');
    expect(files['xl/worksheets/sheet1.xml']).not.toContain('<f>');
    expect(values.slice(11)).toEqual(expect.arrayContaining(['0', '-0.05']));

    // Money and dates carry their number formats.
    const styles = files['xl/styles.xml']!;
    expect(styles).toContain('#,##0.00 &quot;€&quot;');
    expect(styles).toContain('dd/mm/yyyy');
    expect(styles).toContain('0.0%');
    expect(cellValues(files, 2)).toEqual(['Día', String(Date.UTC(2026, 2, 31) / 86_400_000 + EXCEL_EPOCH_DAYS)]);
  });

  it('names sheets as Excel allows: at most 31 characters, no forbidden characters, each once', () => {
    const taken = new Set<string>();
    expect(sheetName('Servicio', taken)).toBe('Servicio');
    expect(sheetName('servicio', taken)).toBe('servicio (2)');
    expect(sheetName('a/b?c*d[e]f:g\\h', taken)).toBe('a b c d e f g h');
    expect(sheetName('x'.repeat(40), taken)).toHaveLength(31);
    expect(sheetName('x'.repeat(40), taken)).toBe(`${'x'.repeat(27)} (2)`);
    expect(sheetName('', taken)).toBe('Hoja');
  });
});
