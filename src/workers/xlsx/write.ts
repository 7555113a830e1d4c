/**
 * A small XLSX writer (fflate zip, one style for dates): the XLSX template of the import screen,
 * and the test fixtures and benchmark files. Strings are written inline, numbers as numbers, and
 * `{ date }` cells as Excel serial dates shown dd/mm/yyyy.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import { isoToExcelSerial } from '../../domain/intake/values';
import { columnLetter } from '../../domain/intake/fields';
import type { Cell } from '../../domain/intake/values';

export type XlsxCell = Cell | { readonly date: string };

export interface XlsxSheetInput {
  readonly name: string;
  readonly rows: readonly (readonly XlsxCell[])[];
}

/** Control characters XML 1.0 cannot hold (all below U+0020 but tab, line feed and carriage return). */
const xmlSafe = (s: string): string => {
  let out = '';
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    if (c >= 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) out += ch;
  }
  return out;
};

const esc = (s: string): string => xmlSafe(s.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;')));

/** Shared strings of a workbook being written (what spreadsheet programs write: each text once). */
class SharedStrings {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();

  id(s: string): number {
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(s);
      this.index.set(s, i);
    }
    return i;
  }

  xml(): string {
    const items = this.list.map((s) => `<si><t xml:space="preserve">${esc(s)}</t></si>`).join('');
    return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${this.list.length}" uniqueCount="${this.list.length}">${items}</sst>`;
  }
}

function cellXml(ref: string, cell: XlsxCell, strings: SharedStrings): string {
  if (cell === null || cell === '') return '';
  if (typeof cell === 'object') return `<c r="${ref}" s="1"><v>${isoToExcelSerial(cell.date)}</v></c>`;
  if (typeof cell === 'number') return Number.isFinite(cell) ? `<c r="${ref}"><v>${cell}</v></c>` : '';
  if (typeof cell === 'boolean') return `<c r="${ref}" t="b"><v>${cell ? 1 : 0}</v></c>`;
  return `<c r="${ref}" t="s"><v>${strings.id(cell)}</v></c>`;
}

function sheetXml(rows: readonly (readonly XlsxCell[])[], strings: SharedStrings): string {
  const width = rows.reduce((w, r) => Math.max(w, r.length), 1);
  const letters = Array.from({ length: width }, (_, i) => columnLetter(i));
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
    `<dimension ref="A1:${letters[width - 1] ?? 'A'}${Math.max(rows.length, 1)}"/><sheetData>`,
  ];
  rows.forEach((r, i) => {
    const n = i + 1;
    parts.push(`<row r="${n}">${r.map((c, j) => cellXml(`${letters[j] ?? columnLetter(j)}${n}`, c, strings)).join('')}</row>`);
  });
  parts.push('</sheetData></worksheet>');
  return parts.join('');
}

/** `mtime`: the time stamped on the zip entries (default now; fixed for reproducible files). */
export function writeXlsx(sheets: readonly XlsxSheetInput[], opts: { mtime?: Date | number } = {}): Uint8Array {
  if (sheets.length === 0) throw new Error('Un libro necesita al menos una hoja');
  const files: Zippable = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
        sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('') +
        '</Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    'xl/workbook.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>' +
        sheets.map((s, i) => `<sheet name="${esc(s.name.slice(0, 31))}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
        '</sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('') +
        `<Relationship Id="rId${sheets.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
        `<Relationship Id="rId${sheets.length + 2}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    'xl/styles.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
        '<numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts>' +
        '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
        '</styleSheet>',
    ),
  };
  const strings = new SharedStrings();
  sheets.forEach((s, i) => {
    files[`xl/worksheets/sheet${i + 1}.xml`] = strToU8(sheetXml(s.rows, strings));
  });
  files['xl/sharedStrings.xml'] = strToU8(strings.xml());
  return zipSync(files, { level: 6, mtime: opts.mtime ?? new Date() });
}
