/**
 * The import worker's state and operations (exposed with comlink by ../import.worker.ts; plain
 * TypeScript, so tests call it directly). The files, their tables and the plan stay here: the
 * main thread receives summaries, pages of the preview and batches to write, never a 50,000-row
 * structure at once (its structured clone alone would block the page).
 *
 *   setContext(…)            catalogue, points, orders, remembered mappings (in parts)
 *   readFiles(files, onProgress) → FileReport[]     detect, decode, parse, recognise headers
 *   plan({ mappings, mode, today, now, defaultClientId }) → PlanReport
 *   preview(offset, limit, filter) / issues(offset, limit) / errorReportCsv()
 *   batchCount(size) / batch(i, size)                   what the data layer writes
 *   templateCsv(today) / templateXlsx(today)
 */
import '../../i18n/es/intake';
import { isFatal, planImport, type IntakeSource } from '../../domain/intake';
import { emptyIntakeContext, indexIntakeContext, type IntakeContext, type IntakeIndex } from '../../domain/intake/context';
import { TEMPLATE_FIELDS, orderRows, templateOrder } from '../../domain/intake/csv';
import type { IntakeIssue } from '../../domain/intake/issues';
import { checkMapping, mappingFromDoc, recogniseMapping, type ColumnMapping, type IntakeTable } from '../../domain/intake/mapping';
import { proposeMapping, type ColumnReason } from '../../domain/intake/proposal';
import { writeBatches, type IntakeBatch, type IntakeMode, type IntakePlan, type IntakeSummary, type PlannedOrder } from '../../domain/intake/plan';
import type { ImportMapping } from '../../domain/entities/reference';
import { errorReportCsv, formatIntakeIssue, templateCsv, templateHeaders } from '../../i18n/intake';
import { t } from '../../i18n';
import { parseCsv } from './csv';
import { badRowsOf, withFixes, writtenDays, type BadRow, type RowFix } from './review';
import { decodeText, sniff, type TextEncodingName } from './sniff';

/** Largest file accepted, and most rows per file. */
export const MAX_FILE_BYTES = 40 * 1024 * 1024;
export const MAX_ROWS = 200_000;

export interface ImportFileInput {
  readonly name: string;
  readonly data: ArrayBuffer | Uint8Array;
  /** Sheet of an XLSX to read (default: the first). */
  readonly sheet?: string;
}

export interface ImportProgress {
  readonly file: string;
  readonly phase: 'read' | 'plan';
  readonly rows: number;
  readonly total: number;
}

export interface FileReport {
  readonly file: string;
  readonly format: 'csv' | 'xlsx' | 'refused';
  readonly encoding: TextEncodingName | '';
  readonly delimiter: string;
  readonly sheets: readonly string[];
  readonly sheet: string;
  readonly headers: readonly string[];
  readonly headerRow: number;
  /** Rows under the header (empty ones included). */
  readonly rows: number;
  readonly mapping: ColumnMapping;
  readonly mappingSource: 'remembered' | 'recognised';
  /** Why each column is proposed as its field (aligned with headers). */
  readonly reasons: readonly (ColumnReason | null)[];
  /** Problems reading the file (row 0: the file cannot be imported at all). */
  readonly issues: readonly IntakeIssue[];
  /** Milliseconds spent reading and parsing. */
  readonly ms: number;
}

export interface PlanRequest {
  /** The operator's mapping per file (default: what readFiles proposed). */
  readonly mappings?: Readonly<Record<string, ColumnMapping>>;
  readonly mode: IntakeMode;
  readonly today: string;
  readonly now: number;
  readonly defaultClientId?: string;
  /** Check every built document with its zod schema here too (default false: the writer checks them). */
  readonly verify?: boolean;
  /** Orders (keys) the operator imports without their bad rows («Importar sin esas líneas»). */
  readonly withoutBadLines?: readonly string[];
  /** Cells the operator corrected in the review. */
  readonly fixes?: readonly RowFix[];
}

export { FIXABLE_FIELDS, type BadRow, type FixableField, type RowFix } from './review';

export interface PlanReport {
  readonly summary: IntakeSummary;
  readonly blocked: boolean;
  /** Mapping problems per file (the operator fixes them in the mapping step). */
  readonly mappingIssues: readonly IntakeIssue[];
  readonly ms: number;
}

/** One order of the plan as the preview shows it: what the plan says of it, and of the order built. */
export interface PreviewRow extends Pick<PlannedOrder, 'key' | 'file' | 'rows' | 'client_id' | 'external_ref' | 'action'> {
  readonly order_id: string;
  readonly code: string;
  readonly date: string;
  readonly delivery_point_id: string;
  readonly lines: number;
  readonly new_point: boolean;
  /** Rows without which this refused order could be imported. */
  readonly droppable_rows: readonly number[];
  /** Rows left out of this order at the operator's choice. */
  readonly dropped_rows: readonly number[];
  /** Spanish reasons (refused orders). */
  readonly messages: readonly string[];
}

export interface ContextPart extends Partial<IntakeContext> {
  readonly mappings?: readonly ImportMapping[];
}

interface ReadFile {
  readonly report: FileReport;
  readonly table: IntakeTable;
}

const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

export class ImportService {
  private ctx: { -readonly [K in keyof IntakeContext]: IntakeContext[K][number][] } = emptyIntakeContext() as never;
  private mappings: ImportMapping[] = [];
  private index: IntakeIndex | null = null;
  private files: ReadFile[] = [];
  private current: IntakePlan | null = null;
  /** The tables and mappings the current plan was made from (fixes applied). */
  private planned: IntakeSource[] = [];

  /** Adds (or with `replace`, first clears) context data; send big sets in parts. */
  setContext(part: ContextPart, replace = false): void {
    if (replace) {
      this.ctx = emptyIntakeContext() as never;
      this.mappings = [];
    }
    for (const k of ['clients', 'products', 'taxes', 'hubs', 'points', 'orders'] as const) {
      const add = part[k];
      if (add) (this.ctx[k] as unknown[]).push(...add);
    }
    if (part.mappings) this.mappings.push(...part.mappings);
    this.index = null;
    this.current = null;
  }

  private getIndex(): IntakeIndex {
    this.index ??= indexIntakeContext(this.ctx);
    return this.index;
  }

  /** Forgets the files and the plan. */
  reset(): void {
    this.files = [];
    this.current = null;
  }

  /** Reads files (replacing those of the same name) and proposes a mapping for each. */
  async readFiles(inputs: readonly ImportFileInput[], onProgress?: (p: ImportProgress) => void, defaultClientId = ''): Promise<FileReport[]> {
    const reports: FileReport[] = [];
    for (const input of inputs) {
      const read = await this.readOne(input, onProgress, defaultClientId);
      this.files = [...this.files.filter((f) => f.report.file !== input.name), read];
      reports.push(read.report);
    }
    this.current = null;
    return reports;
  }

  private async readOne(input: ImportFileInput, onProgress: ((p: ImportProgress) => void) | undefined, clientId: string): Promise<ReadFile> {
    const t0 = now();
    const file = input.name;
    const bytes = input.data instanceof Uint8Array ? input.data : new Uint8Array(input.data);
    const refused = (code: IntakeIssue['code'], vars: IntakeIssue['vars'] = {}, format: FileReport['format'] = 'refused'): ReadFile => ({
      table: { file, headerRow: 1, headers: [], rows: [] },
      report: {
        file,
        format,
        encoding: '',
        delimiter: '',
        sheets: [],
        sheet: '',
        headers: [],
        headerRow: 1,
        rows: 0,
        mapping: { fields: [] },
        mappingSource: 'recognised',
        reasons: [],
        issues: [{ file, row: 0, column: '', code, vars }],
        ms: now() - t0,
      },
    });
    if (bytes.length > MAX_FILE_BYTES) return refused('file_too_big', { size: Math.ceil(bytes.length / 1e6), max: MAX_FILE_BYTES / 1e6 });
    const kind = sniff(bytes);
    if (kind.kind === 'refused') return refused(kind.code);
    const progress = (rows: number, total: number): void => onProgress?.({ file, phase: 'read', rows, total });
    let table: IntakeTable;
    let issues: IntakeIssue[] = [];
    let encoding: FileReport['encoding'] = '';
    let delimiter = '';
    let sheets: readonly string[] = [];
    let sheet = '';
    if (kind.kind === 'xlsx') {
      const { readXlsx, XlsxError } = await import('../xlsx/read');
      try {
        const book = readXlsx(bytes, { ...(input.sheet !== undefined ? { sheet: input.sheet } : {}), onProgress: progress });
        sheets = book.sheets;
        sheet = book.sheet;
        const head = book.rows[0];
        if (!head) {
          const empty = refused('sheet_empty', { sheet: book.sheet }, 'xlsx');
          return { ...empty, report: { ...empty.report, sheets, sheet } };
        }
        table = {
          file,
          headerRow: head.row,
          headers: head.cells.map((c) => (c === null ? '' : String(c).trim())),
          rows: book.rows.slice(1),
          format: 'xlsx',
        };
      } catch (err) {
        if (err instanceof XlsxError) {
          if (err.code === 'sheet_missing') return refused('sheet_missing', { sheet: err.detail }, 'xlsx');
          if (err.code === 'file_too_big') return refused('file_too_big', { size: err.detail, max: MAX_FILE_BYTES / 1e6 }, 'xlsx');
          return refused('file_corrupt', { detail: err.detail.slice(0, 80) }, 'xlsx');
        }
        throw err;
      }
    } else {
      const decoded = decodeText(bytes);
      encoding = decoded.encoding;
      const csv = parseCsv(file, decoded.text, (p) => progress(p.rows, p.total));
      table = csv.table;
      issues = csv.issues;
      delimiter = csv.delimiter;
    }
    if (table.rows.length > MAX_ROWS) return refused('too_many_rows', { max: MAX_ROWS });
    const remembered = this.remembered(table.headers, clientId);
    const proposal = remembered
      ? { mapping: remembered, reasons: remembered.fields.map((f): ColumnReason | null => (f === null ? null : { code: 'remembered' })) }
      : proposeMapping(table, recogniseMapping(table.headers), this.getIndex());
    const mapping = proposal.mapping;
    return {
      table,
      report: {
        file,
        format: kind.kind,
        encoding,
        delimiter,
        sheets,
        sheet,
        headers: table.headers,
        headerRow: table.headerRow,
        rows: table.rows.length,
        mapping,
        mappingSource: remembered ? 'remembered' : 'recognised',
        reasons: proposal.reasons,
        issues,
        ms: now() - t0,
      },
    };
  }

  /** The remembered mapping for these headers: the client's first, then one made for files that name their clients. */
  private remembered(headers: readonly string[], clientId: string): ColumnMapping | null {
    const candidates = this.mappings.filter((m) => m.active).sort((a, b) => Number(b.client_id === clientId) - Number(a.client_id === clientId));
    for (const m of candidates) {
      if (m.client_id !== clientId && m.client_id !== '') continue;
      const mapping = mappingFromDoc(m, headers);
      if (mapping) return mapping;
    }
    return null;
  }

  /** Plans the import of every file read, with the operator's mappings. */
  plan(req: PlanRequest, onProgress?: (p: ImportProgress) => void): PlanReport {
    const t0 = now();
    const index = this.getIndex();
    const sources: IntakeSource[] = this.files.map((f) => {
      const mapping = req.mappings?.[f.report.file] ?? f.report.mapping;
      return { table: withFixes(f.table, mapping, req.fixes ?? []), mapping, issues: f.report.issues };
    });
    this.planned = sources;
    const hasDefaultClient = (req.defaultClientId ?? '') !== '';
    const mappingIssues = sources.flatMap((s) => ((s.issues ?? []).some(isFatal) ? [] : checkMapping(s.table, s.mapping, { hasDefaultClient })));
    const total = sources.reduce((n, s) => n + s.table.rows.length, 0);
    onProgress?.({ file: '', phase: 'plan', rows: 0, total });
    this.current = planImport(sources, index, {
      mode: req.mode,
      today: req.today,
      now: req.now,
      // The data layer validates each document again as it writes it (src/data/writes.ts).
      verify: req.verify ?? false,
      ...(req.withoutBadLines && req.withoutBadLines.length > 0
        ? { withoutBadLines: { keys: new Set(req.withoutBadLines), note: (rows: readonly number[]) => t('intake.screen.droppedNote', { rows: rows.join(', '), n: rows.length }) } }
        : {}),
      ...(hasDefaultClient ? { defaultClientId: req.defaultClientId } : {}),
    });
    onProgress?.({ file: '', phase: 'plan', rows: total, total });
    return { summary: this.current.summary, blocked: this.current.blocked, mappingIssues, ms: now() - t0 };
  }

  private plannedOrFail(): IntakePlan {
    if (!this.current) throw new Error('No hay ninguna importación preparada');
    return this.current;
  }

  /** A page of the preview: one row per order, in file order; `errors` keeps only refused orders. */
  preview(offset: number, limit: number, filter: 'all' | 'errors' = 'all'): { total: number; rows: PreviewRow[] } {
    const plan = this.plannedOrFail();
    const list = filter === 'errors' ? plan.orders.filter((o) => o.action === 'refused') : plan.orders;
    const rows = list.slice(Math.max(0, offset), Math.max(0, offset) + Math.max(0, limit)).map(
      (o): PreviewRow => ({
        key: o.key,
        file: o.file,
        rows: o.rows,
        client_id: o.client_id,
        external_ref: o.external_ref,
        action: o.action,
        order_id: o.order?.id ?? '',
        code: o.order?.code ?? '',
        date: o.order?.date ?? '',
        delivery_point_id: o.order?.delivery_point_id ?? '',
        lines: o.rows.length,
        new_point: o.new_point_id !== '',
        droppable_rows: o.droppable_rows ?? [],
        dropped_rows: o.dropped_rows ?? [],
        messages: o.issues.map((i) => formatIntakeIssue(i)),
      }),
    );
    return { total: list.length, rows };
  }

  /** A page of every problem (files unreadable, mapping, rows), as Spanish sentences with their place. */
  issues(offset: number, limit: number): { total: number; issues: (IntakeIssue & { message: string })[] } {
    const plan = this.plannedOrFail();
    const several = new Set(this.files.map((f) => f.report.file)).size > 1;
    return {
      total: plan.issues.length,
      issues: plan.issues.slice(offset, offset + limit).map((i) => ({ ...i, message: formatIntakeIssue(i, { withFile: several }) })),
    };
  }

  /** A page of the rows with problems, with their correctable fields (see review.ts). */
  badRows(offset: number, limit: number): { total: number; rows: BadRow[] } {
    return badRowsOf(this.plannedOrFail(), this.planned, offset, limit);
  }

  /** Days of the orders the plan writes, most orders first (where «Ver los pedidos» leads). */
  writtenDays(): string[] {
    return writtenDays(this.plannedOrFail());
  }

  /** Trailing total lines skipped, as sentences with their place (said once each). */
  skipped(): string[] {
    const plan = this.plannedOrFail();
    const several = new Set(this.files.map((f) => f.report.file)).size > 1;
    return plan.skipped.map((i) => formatIntakeIssue(i, { withFile: several }));
  }

  /** «Descargar informe de errores»: CSV, formula-safe. */
  errorReportCsv(): string {
    return errorReportCsv(this.plannedOrFail().issues);
  }

  batchCount(size = 500): number {
    return writeBatches(this.plannedOrFail().writes, size).length;
  }

  /** Batch `i` of the plan's writes (see writeBatches for the order). */
  batch(i: number, size = 500): IntakeBatch | null {
    return writeBatches(this.plannedOrFail().writes, size)[i] ?? null;
  }

  /** The whole plan (tests, and the order API which plans without a worker). */
  currentPlan(): IntakePlan | null {
    return this.current;
  }

  templateCsv(today: string): string {
    return templateCsv(this.ctx, today);
  }

  async templateXlsx(today: string): Promise<Uint8Array> {
    const { writeXlsx } = await import('../xlsx/write');
    const example = templateOrder(this.ctx, today);
    const rows = example ? orderRows([example], this.ctx, { cash: t('intake.payment.cash'), card: t('intake.payment.card'), transfer: t('intake.payment.transfer'), on_account: t('intake.payment.on_account') }) : [];
    const dateCol = TEMPLATE_FIELDS.indexOf('date');
    return writeXlsx([
      {
        name: t('routeTitles.orders'),
        rows: [templateHeaders(), ...rows.map((r) => r.map((c, i) => (i === dateCol && typeof c === 'string' ? { date: `${c.slice(6, 10)}-${c.slice(3, 5)}-${c.slice(0, 2)}` } : c)))],
      },
    ]);
  }
}

export function createImportService(): ImportService {
  return new ImportService();
}
