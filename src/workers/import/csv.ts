/**
 * CSV files into intake tables, with papaparse: the delimiter detected among `,` `;` tab `|`,
 * quoted fields (with delimiters and line breaks inside), every record numbered as a
 * spreadsheet shows it (empty lines count), progress reported while it streams.
 */
import Papa from 'papaparse';
import type { IntakeIssue } from '../../domain/intake/issues';
import type { IntakeTable, IntakeTableRow } from '../../domain/intake/mapping';

export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;

export interface CsvRead {
  readonly table: IntakeTable;
  readonly issues: IntakeIssue[];
  readonly delimiter: string;
}

export interface ReadProgress {
  readonly rows: number;
  /** Estimate of the rows in the file (its line count), ≥ rows. */
  readonly total: number;
}

/** Lines in a text (an estimate of its rows: a quoted line break makes one record of two lines). */
export function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n += 1;
  return text.length > 0 && !text.endsWith('\n') ? n + 1 : n;
}

/**
 * The delimiter: the candidate that splits the first lines (outside quotes) into the same
 * number of fields, most often and into most fields.
 */
export function detectDelimiter(text: string): string {
  const lines: string[] = [];
  let start = 0;
  while (lines.length < 20 && start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end).replace(/\r$/, '');
    if (line.trim() !== '') lines.push(line);
    start = end + 1;
  }
  let best: string = ';';
  let bestScore = -1;
  for (const d of CSV_DELIMITERS) {
    const counts = lines.map((l) => {
      let n = 0;
      let quoted = false;
      for (const ch of l) {
        if (ch === '"') quoted = !quoted;
        else if (ch === d && !quoted) n += 1;
      }
      return n;
    });
    const head = counts[0] ?? 0;
    if (head === 0) continue;
    const agree = counts.filter((c) => c === head).length;
    const score = agree * 1000 + head;
    if (score > bestScore) [best, bestScore] = [d, score];
  }
  return best;
}

export function parseCsv(file: string, text: string, onProgress?: (p: ReadProgress) => void): CsvRead {
  const issues: IntakeIssue[] = [];
  if (text.trim() === '') {
    return { table: { file, headerRow: 1, headers: [], rows: [] }, issues: [{ file, row: 0, column: '', code: 'file_empty', vars: {} }], delimiter: ';' };
  }
  const delimiter = detectDelimiter(text);
  const total = countLines(text);
  const all: IntakeTableRow[] = [];
  let quoteIssue = false;
  Papa.parse<string[]>(text, {
    delimiter,
    header: false,
    dynamicTyping: false,
    skipEmptyLines: false,
    chunkSize: 512 * 1024,
    // A string is parsed synchronously, chunk after chunk (papaparse's StringStreamer).
    complete: () => undefined,
    chunk: (results: Papa.ParseResult<string[]>) => {
      const before = all.length;
      for (const cells of results.data) all.push({ row: all.length + 1, cells });
      for (const e of results.errors) {
        if (e.type === 'Quotes' && !quoteIssue) {
          quoteIssue = true;
          issues.push({ file, row: before + (e.row ?? 0) + 1, column: '', code: 'csv_quotes', vars: {} });
        }
      }
      onProgress?.({ rows: all.length, total: Math.max(total, all.length) });
    },
  });
  // A trailing line break gives one empty record: drop it.
  while (all.length > 0 && (all[all.length - 1]?.cells ?? []).every((c) => String(c ?? '').trim() === '')) all.pop();
  const headerAt = all.findIndex((r) => r.cells.some((c) => String(c ?? '').trim() !== ''));
  if (headerAt === -1) {
    return { table: { file, headerRow: 1, headers: [], rows: [] }, issues: [{ file, row: 0, column: '', code: 'file_empty', vars: {} }], delimiter };
  }
  const header = all[headerAt] as IntakeTableRow;
  return {
    table: { file, headerRow: header.row, headers: header.cells.map((c) => String(c ?? '').trim()), rows: all.slice(headerAt + 1) },
    issues,
    delimiter,
  };
}
