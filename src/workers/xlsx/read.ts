/**
 * A small XLSX reader: fflate unzips the workbook, and the sheet's XML is scanned as text
 * (no DOM: a 50,000-row sheet is tens of megabytes of XML). It reads what an order file holds —
 * shared and inline strings, numbers, booleans, formula results, error values — from the
 * first sheet or a chosen one. Dates and times arrive as Excel serial numbers; the intake
 * knows a date column from the mapping, so no style table is needed.
 *
 * Why not a library: `xlsx@0.18.5` has published CVEs and its fixed versions are not on the
 * npm registry; `read-excel-file` builds a DOM per sheet and brings four dependencies. fflate
 * (0.8.3, no dependencies) is the maintained piece; the XML subset of SpreadsheetML we need is
 * small, and owning it lets us stream rows with progress and refuse broken files precisely.
 * Loaded lazily: only the import worker imports this module, and only for an XLSX file.
 */
import { strFromU8, unzipSync } from 'fflate';
import type { Cell } from '../../domain/intake/values';

export class XlsxError extends Error {
  constructor(
    readonly code: 'file_corrupt' | 'sheet_missing' | 'sheet_empty' | 'file_too_big',
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
    this.name = 'XlsxError';
  }
}

export interface XlsxRow {
  /** Row number as the spreadsheet shows it. */
  readonly row: number;
  readonly cells: Cell[];
}

export interface XlsxSheet {
  /** Every sheet of the book, in order. */
  readonly sheets: readonly string[];
  /** The sheet read. */
  readonly sheet: string;
  readonly rows: readonly XlsxRow[];
}

export interface XlsxReadOptions {
  /** Sheet to read (default: the first). */
  readonly sheet?: string;
  readonly onProgress?: (rows: number, total: number) => void;
  /** Largest uncompressed size accepted (zip bombs); default 400 MB. */
  readonly maxUncompressed?: number;
}

const ENTITY: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXml(s: string): string {
  if (s.indexOf('&') === -1) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITY[e] ?? '';
  });
}

/** Value of attribute `name` inside one tag's text (`<c r="A1" t="s">`). */
function attr(tag: string, name: string): string | null {
  const i = tag.indexOf(` ${name}="`);
  if (i === -1) return null;
  const start = i + name.length + 3;
  const end = tag.indexOf('"', start);
  return end === -1 ? null : tag.slice(start, end);
}

/** The text of every `<t>` inside `xml` (rich text runs joined), leaving out phonetic runs `<rPh>`. */
function textRuns(xml: string): string {
  let out = '';
  let i = 0;
  for (;;) {
    const t = xml.indexOf('<t', i);
    if (t === -1) break;
    const next = xml.charCodeAt(t + 2);
    if (next !== 62 /* > */ && next !== 32 /* space */ && next !== 47 /* / */) {
      i = t + 2;
      continue;
    }
    const ph = xml.lastIndexOf('<rPh', t);
    if (ph !== -1 && xml.indexOf('</rPh>', ph) > t) {
      i = xml.indexOf('</rPh>', ph) + 6;
      continue;
    }
    const close = xml.indexOf('>', t);
    if (xml.charCodeAt(close - 1) === 47 /* self-closing <t/> */) {
      i = close + 1;
      continue;
    }
    const end = xml.indexOf('</t>', close);
    if (end === -1) break;
    out += xml.slice(close + 1, end);
    i = end + 4;
  }
  return decodeXml(out);
}

function sharedStrings(xml: string): string[] {
  const out: string[] = [];
  let i = 0;
  for (;;) {
    const s = xml.indexOf('<si', i);
    if (s === -1) break;
    const open = xml.indexOf('>', s);
    if (xml.charCodeAt(open - 1) === 47) {
      out.push('');
      i = open + 1;
      continue;
    }
    const e = xml.indexOf('</si>', open);
    if (e === -1) break;
    out.push(textRuns(xml.slice(open + 1, e)));
    i = e + 5;
  }
  return out;
}

interface BookSheet {
  readonly name: string;
  readonly path: string;
}

function bookSheets(workbook: string, rels: string): BookSheet[] {
  const targets = new Map<string, string>();
  for (const m of rels.matchAll(/<Relationship\b[^>]*>/g)) {
    const id = attr(m[0], 'Id');
    const target = attr(m[0], 'Target');
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);
  }
  const out: BookSheet[] = [];
  for (const m of workbook.matchAll(/<sheet\b[^>]*>/g)) {
    const name = decodeXml(attr(m[0], 'name') ?? '');
    const id = attr(m[0], 'r:id') ?? attr(m[0], 'id');
    const path = id ? targets.get(id) : undefined;
    if (path) out.push({ name, path });
  }
  return out;
}

/** Number of rows the sheet declares (`<dimension ref="A1:N50001"/>`), 0 when unknown. */
function declaredRows(xml: string): number {
  const m = /<dimension\s+ref="[A-Z]+\d+:[A-Z]+(\d+)"/.exec(xml.slice(0, 2000));
  return m ? Number(m[1]) : 0;
}

/** Value of attribute `name` of the tag spanning xml[start, end), without copying the tag. */
function attrAt(xml: string, start: number, end: number, name: string): string | null {
  const key = ` ${name}="`;
  const i = xml.indexOf(key, start);
  if (i === -1 || i >= end) return null;
  const from = i + key.length;
  const to = xml.indexOf('"', from);
  return to === -1 || to > end ? null : xml.slice(from, to);
}

/** Column index from the letters of a cell reference at xml[from…]. */
function columnAt(xml: string, from: number): number {
  let n = 0;
  for (let i = from; ; i += 1) {
    const c = xml.charCodeAt(i);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}

function scanRows(xml: string, strings: readonly string[], onProgress?: (rows: number, total: number) => void): XlsxRow[] {
  const rows: XlsxRow[] = [];
  const total = declaredRows(xml);
  const data = xml.indexOf('<sheetData');
  if (data === -1) return rows;
  let i = data;
  let lastRow = 0;
  let reported = 0;
  for (;;) {
    const r = xml.indexOf('<row', i);
    if (r === -1) break;
    const tagEnd = xml.indexOf('>', r);
    if (tagEnd === -1) break;
    const rAttr = attrAt(xml, r, tagEnd, 'r');
    const rowNo = rAttr ? Number(rAttr) : lastRow + 1;
    lastRow = rowNo;
    if (xml.charCodeAt(tagEnd - 1) === 47) {
      i = tagEnd + 1;
      continue; // <row/>: empty
    }
    const rowEnd = xml.indexOf('</row>', tagEnd);
    if (rowEnd === -1) throw new XlsxError('file_corrupt', `fila ${rowNo} sin cerrar`);
    const cells: Cell[] = [];
    let j = tagEnd + 1;
    let col = -1;
    for (;;) {
      const c = xml.indexOf('<c', j);
      if (c === -1 || c > rowEnd) break;
      const next = xml.charCodeAt(c + 2);
      if (next !== 32 && next !== 62 && next !== 47) {
        j = c + 2;
        continue;
      }
      const cEnd = xml.indexOf('>', c);
      const refAt = xml.indexOf(' r="', c);
      col = refAt !== -1 && refAt < cEnd ? columnAt(xml, refAt + 4) : col + 1;
      if (xml.charCodeAt(cEnd - 1) === 47) {
        j = cEnd + 1;
        continue; // <c/>: styled but empty
      }
      const close = xml.indexOf('</c>', cEnd);
      j = close + 4;
      const type = attrAt(xml, c, cEnd, 't') ?? 'n';
      let value: Cell = null;
      if (type === 'inlineStr') value = textRuns(xml.slice(cEnd + 1, close));
      else {
        const v0 = xml.indexOf('<v', cEnd);
        if (v0 !== -1 && v0 < close) {
          const vOpen = xml.indexOf('>', v0);
          const vEnd = xml.indexOf('</v>', vOpen);
          const raw = vEnd === -1 || vEnd > close ? '' : xml.slice(vOpen + 1, vEnd);
          if (type === 's') value = strings[Number(raw)] ?? '';
          else if (type === 'b') value = raw === '1';
          else if (type === 'str' || type === 'e' || type === 'd') value = decodeXml(raw);
          else {
            const n = Number(raw);
            value = raw === '' || !Number.isFinite(n) ? decodeXml(raw) : n;
          }
        }
      }
      if (value !== null && value !== '') {
        while (cells.length < col) cells.push(null);
        cells[col] = value;
      }
    }
    if (cells.length > 0) rows.push({ row: rowNo, cells });
    i = rowEnd + 6;
    if (onProgress && rows.length - reported >= 5000) {
      reported = rows.length;
      onProgress(rows.length, Math.max(total, rowNo));
    }
  }
  onProgress?.(rows.length, Math.max(total, lastRow));
  return rows;
}

/** The sheets of a workbook and the rows of one of them. Throws XlsxError (or fflate's error for a broken zip). */
export function readXlsx(bytes: Uint8Array, opts: XlsxReadOptions = {}): XlsxSheet {
  const max = opts.maxUncompressed ?? 400 * 1024 * 1024;
  let unpacked = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (f) => {
        const wanted = f.name === 'xl/workbook.xml' || f.name === 'xl/_rels/workbook.xml.rels' || f.name === 'xl/sharedStrings.xml' || f.name.startsWith('xl/worksheets/');
        if (wanted) {
          unpacked += f.originalSize;
          if (unpacked > max) throw new XlsxError('file_too_big', `${Math.round(unpacked / 1e6)} MB sin comprimir`);
        }
        return wanted;
      },
    });
  } catch (err) {
    if (err instanceof XlsxError) throw err;
    throw new XlsxError('file_corrupt', err instanceof Error ? err.message : String(err));
  }
  const text = (name: string): string | null => {
    const f = files[name];
    return f ? strFromU8(f) : null;
  };
  const workbook = text('xl/workbook.xml');
  const rels = text('xl/_rels/workbook.xml.rels');
  if (workbook === null || rels === null) throw new XlsxError('file_corrupt', 'falta el libro (xl/workbook.xml)');
  const sheets = bookSheets(workbook, rels);
  if (sheets.length === 0) throw new XlsxError('file_corrupt', 'el libro no tiene hojas');
  const chosen = opts.sheet === undefined ? sheets[0] : sheets.find((s) => s.name === opts.sheet);
  if (!chosen) throw new XlsxError('sheet_missing', opts.sheet ?? '');
  const xml = text(chosen.path);
  if (xml === null) throw new XlsxError('file_corrupt', `falta la hoja ${chosen.path}`);
  const strings = sharedStrings(text('xl/sharedStrings.xml') ?? '');
  const rows = scanRows(xml, strings, opts.onProgress);
  return { sheets: sheets.map((s) => s.name), sheet: chosen.name, rows };
}
