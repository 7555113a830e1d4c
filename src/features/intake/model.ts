/**
 * The import screen as a state model (issue 30 §2): one discriminated union of the screen's
 * states, one pure reducer of the events, and the commands (buttons) as objects — a label key,
 * whether it is enabled, and `perform`, the next state. No React, no worker, no storage here:
 * the controller (useImportController.ts) runs the work a state asks for and dispatches its
 * outcome; the components draw a state and dispatch events.
 *
 *   idle ─files─► reading ─read─► mapping ─review─► planning ─planned─► preview ─import─► writing ─written─► done
 *                    ▲  (sheet)      ▲  ◄──back──────────────────────── │ (mode, order choice, row fix: planning again)
 *
 * Every piece of work is stamped with the state's `ticket`; an outcome whose ticket is not the
 * current one (the operator cancelled, started again, chose other files) is ignored. That is
 * the whole of «cancel»: the controller stops the worker when the state goes back to idle.
 */
import type { MessageKey } from '../../i18n';
import type { ColumnMapping } from '../../domain/intake/mapping';
import type { IntakeMode, IntakeSummary } from '../../domain/intake/plan';
import type { IntakeIssue } from '../../domain/intake/issues';
import type { IntakeWriteResult } from '../../data/intake';
import type { BadRow, FileReport, PlanReport, PreviewRow, RowFix } from '../../workers/import/service';
import '../../i18n/es/intake';

export interface FileEntry {
  readonly name: string;
  readonly rows: number;
  readonly total: number;
  readonly done: boolean;
}

export type IssueLine = IntakeIssue & { readonly message: string };

export interface Notice {
  readonly color: 'red' | 'gray';
  /** A catalogue key and its values (worded when shown). */
  readonly key: MessageKey;
  readonly vars?: Readonly<Record<string, string | number>>;
}

/** What the worker found when planning: the screen's review. */
export interface Review {
  readonly plan: PlanReport;
  readonly issues: { readonly total: number; readonly list: readonly IssueLine[] };
  readonly rows: readonly PreviewRow[];
  readonly badRows: { readonly total: number; readonly rows: readonly BadRow[] };
  /** Rows skipped that are not problems (a trailing total line), in words. */
  readonly skipped: readonly string[];
}

/** The files read and what the operator decided about them. */
export interface Work {
  readonly entries: readonly FileEntry[];
  readonly reports: readonly FileReport[];
  readonly mappings: Readonly<Record<string, ColumnMapping>>;
  /** Orders (keys) imported without their bad rows; the others with bad rows are held. */
  readonly withoutBadLines: readonly string[];
  readonly fixes: readonly RowFix[];
}

export interface Done {
  readonly summary: IntakeSummary;
  readonly written: IntakeWriteResult;
  /** Days of the orders written, most orders first. */
  readonly days: readonly string[];
  /** The rows not imported, kept after «Importar»: a page in words and the whole CSV. */
  readonly rejected: { readonly total: number; readonly list: readonly IssueLine[]; readonly csv: string };
}

interface Common {
  readonly clientId: string;
  readonly mode: IntakeMode;
  readonly notice: Notice | null;
  /** Stamp of the work the current state asked for. */
  readonly ticket: number;
  /** Only refused orders in the review's table. */
  readonly onlyErrors: boolean;
}

export type ImportState = Common &
  (
    | { readonly phase: 'idle' }
    | { readonly phase: 'reading'; readonly work: Work; readonly sheet: { readonly file: string; readonly sheet: string } | null }
    | { readonly phase: 'mapping'; readonly work: Work }
    | { readonly phase: 'planning'; readonly work: Work; readonly review: Review | null }
    | { readonly phase: 'preview'; readonly work: Work; readonly review: Review }
    | { readonly phase: 'writing'; readonly work: Work; readonly review: Review; readonly progress: { readonly done: number; readonly total: number } }
    | { readonly phase: 'done'; readonly done: Done }
  );

export type Phase = ImportState['phase'];

export type ImportEvent =
  | { readonly type: 'clientChanged'; readonly clientId: string }
  | { readonly type: 'filesChosen'; readonly names: readonly string[] }
  | { readonly type: 'fileProgress'; readonly ticket: number; readonly file: string; readonly rows: number; readonly total: number }
  | { readonly type: 'filesRead'; readonly ticket: number; readonly reports: readonly FileReport[] }
  | { readonly type: 'sheetChosen'; readonly file: string; readonly sheet: string }
  | { readonly type: 'mappingChanged'; readonly file: string; readonly mapping: ColumnMapping }
  | { readonly type: 'planned'; readonly ticket: number; readonly review: Review }
  | { readonly type: 'modeChanged'; readonly mode: IntakeMode }
  | { readonly type: 'orderChoice'; readonly key: string; readonly withoutBadLines: boolean }
  | { readonly type: 'rowFixed'; readonly fix: RowFix }
  | { readonly type: 'onlyErrors'; readonly value: boolean }
  | { readonly type: 'writeProgress'; readonly ticket: number; readonly done: number; readonly total: number }
  | { readonly type: 'written'; readonly ticket: number; readonly done: Done }
  | { readonly type: 'failed'; readonly ticket: number; readonly message: string }
  | { readonly type: 'noticeClosed' }
  | { readonly type: 'noticed'; readonly notice: Notice }
  | { readonly type: 'command'; readonly name: CommandName };

export const initialState = (clientId = ''): ImportState => ({ phase: 'idle', clientId, mode: 'valid-only', notice: null, ticket: 0, onlyErrors: false });

const EMPTY_WORK: Work = { entries: [], reports: [], mappings: {}, withoutBadLines: [], fixes: [] };

/** The work of a state, when it has files. */
export function workOf(s: ImportState): Work | null {
  return 'work' in s ? s.work : null;
}

/** The review of a state, when it has one. */
export function reviewOf(s: ImportState): Review | null {
  return 'review' in s ? s.review : null;
}

/** The fields every state has, without those of its phase. */
const common = (s: ImportState): Common => ({ clientId: s.clientId, mode: s.mode, notice: s.notice, ticket: s.ticket, onlyErrors: s.onlyErrors });

const toIdle = (s: ImportState, notice: Notice | null): ImportState => ({ ...initialState(s.clientId), mode: s.mode, notice, ticket: s.ticket + 1 });

/** Planning again (same files, a changed decision), keeping the review on screen meanwhile. */
function replan(s: ImportState, work: Work, mode: IntakeMode = s.mode): ImportState {
  return { ...common(s), phase: 'planning', work, review: reviewOf(s), mode, ticket: s.ticket + 1 };
}

/** A review may be asked for when every readable file has a mapping (the worker checks it). */
const canReview = (s: ImportState): boolean => s.phase === 'mapping' && s.work.reports.length > 0;

const canImport = (s: ImportState): boolean => {
  if (s.phase !== 'preview') return false;
  const { summary, blocked } = s.review.plan;
  return !blocked && (summary.create > 0 || summary.update > 0 || summary.unchanged > 0);
};

export type CommandName = 'review' | 'import' | 'back' | 'cancel' | 'again';

export interface Command {
  readonly name: CommandName;
  readonly label: MessageKey;
  readonly enabled: boolean;
  readonly perform: (s: ImportState) => ImportState;
}

const CANCELLABLE: readonly Phase[] = ['reading', 'mapping', 'planning', 'preview'];

/** The screen's buttons in a state. `perform` of a disabled command gives the same state. */
export function commands(s: ImportState): Record<CommandName, Command> {
  const guard = (name: CommandName, label: MessageKey, enabled: boolean, next: (s: ImportState) => ImportState): Command => ({
    name,
    label,
    enabled,
    perform: (st) => (enabled ? next(st) : st),
  });
  return {
    review: guard('review', 'intake.screen.review', canReview(s), (st) => (st.phase === 'mapping' ? { ...common(st), phase: 'planning', work: st.work, review: null, ticket: st.ticket + 1 } : st)),
    import: guard('import', 'intake.screen.import', canImport(s), (st) =>
      st.phase === 'preview' ? { ...common(st), phase: 'writing', work: st.work, review: st.review, progress: { done: 0, total: 0 }, notice: null, ticket: st.ticket + 1 } : st,
    ),
    back: guard('back', 'intake.screen.backToMapping', s.phase === 'preview', (st) => (st.phase === 'preview' ? { ...common(st), phase: 'mapping', work: st.work } : st)),
    cancel: guard('cancel', 'intake.screen.cancel', CANCELLABLE.includes(s.phase), (st) => toIdle(st, { color: 'gray', key: 'intake.screen.cancelled' })),
    again: guard('again', 'intake.screen.again', s.phase === 'done', (st) => toIdle(st, null)),
  };
}

const withEntries = (w: Work, file: string, change: (e: FileEntry) => FileEntry): Work => ({ ...w, entries: w.entries.map((e) => (e.name === file ? change(e) : e)) });

/** The next state. Pure; outcomes of older work (another ticket) leave the state as it is. */
export function reduce(s: ImportState, e: ImportEvent): ImportState {
  if ('ticket' in e && e.ticket !== s.ticket) return s;
  switch (e.type) {
    case 'command':
      return commands(s)[e.name].perform(s);
    case 'noticeClosed':
      return { ...s, notice: null };
    case 'noticed':
      return { ...s, notice: e.notice };
    case 'clientChanged':
      return s.phase === 'idle' || s.phase === 'mapping' || s.phase === 'preview' ? { ...s, clientId: e.clientId } : s;
    case 'filesChosen': {
      if (e.names.length === 0 || s.phase === 'writing') return s;
      const names = [...new Set(e.names)];
      const work: Work = { ...EMPTY_WORK, entries: names.map((name) => ({ name, rows: 0, total: 0, done: false })) };
      return { ...initialState(s.clientId), mode: s.mode, phase: 'reading', work, sheet: null, ticket: s.ticket + 1 };
    }
    case 'fileProgress':
      return s.phase === 'reading' ? { ...s, work: withEntries(s.work, e.file, (f) => ({ ...f, rows: e.rows, total: e.total })) } : s;
    case 'filesRead': {
      if (s.phase !== 'reading') return s;
      let work = s.work;
      for (const r of e.reports) {
        work = withEntries(work, r.file, (f) => ({ ...f, rows: r.rows, total: r.rows, done: true }));
        const others = work.reports.filter((x) => x.file !== r.file);
        work = { ...work, reports: s.sheet ? work.reports.map((x) => (x.file === r.file ? r : x)) : [...others, r], mappings: { ...work.mappings, [r.file]: r.mapping } };
      }
      return { ...common(s), phase: 'mapping', work };
    }
    case 'sheetChosen':
      if (s.phase !== 'mapping' || !s.work.reports.some((r) => r.file === e.file && r.sheet !== e.sheet)) return s;
      return { ...common(s), phase: 'reading', sheet: { file: e.file, sheet: e.sheet }, work: withEntries(s.work, e.file, (f) => ({ ...f, rows: 0, total: 0, done: false })), ticket: s.ticket + 1 };
    case 'mappingChanged':
      return s.phase === 'mapping' ? { ...s, work: { ...s.work, mappings: { ...s.work.mappings, [e.file]: e.mapping }, fixes: s.work.fixes.filter((f) => f.file !== e.file) } } : s;
    case 'planned':
      return s.phase === 'planning' ? { ...common(s), phase: 'preview', work: s.work, review: e.review } : s;
    case 'modeChanged':
      return s.phase === 'preview' && e.mode !== s.mode ? replan(s, s.work, e.mode) : s.phase === 'idle' || s.phase === 'mapping' ? { ...s, mode: e.mode } : s;
    case 'orderChoice': {
      if (s.phase !== 'preview') return s;
      const others = s.work.withoutBadLines.filter((k) => k !== e.key);
      return replan(s, { ...s.work, withoutBadLines: e.withoutBadLines ? [...others, e.key] : others });
    }
    case 'rowFixed': {
      if (s.phase !== 'preview') return s;
      const { fix } = e;
      const others = s.work.fixes.filter((f) => !(f.file === fix.file && f.row === fix.row && f.field === fix.field));
      return replan(s, { ...s.work, fixes: [...others, fix] });
    }
    case 'onlyErrors':
      return { ...s, onlyErrors: e.value };
    case 'writeProgress':
      return s.phase === 'writing' ? { ...s, progress: { done: e.done, total: e.total } } : s;
    case 'written':
      return s.phase === 'writing' ? { ...initialState(s.clientId), mode: s.mode, phase: 'done', done: e.done, ticket: s.ticket } : s;
    case 'failed': {
      const notice: Notice = { color: 'red', key: 'intake.screen.failed', vars: { message: e.message } };
      // A failed write keeps the review (nothing of it is lost); anything else starts again.
      if (s.phase === 'writing') return { ...common(s), phase: 'preview', work: s.work, review: s.review, notice };
      return toIdle(s, notice);
    }
  }
}

/** The state's files still being read, shown with their progress. */
export function showsProgress(s: ImportState): boolean {
  return (s.phase === 'reading' || s.phase === 'mapping' || s.phase === 'planning' || s.phase === 'preview') && s.work.entries.length > 0;
}

/** Files may be chosen or dropped (a new import replaces the current one). */
export function acceptsFiles(s: ImportState): boolean {
  return s.phase === 'idle' || s.phase === 'mapping' || s.phase === 'preview' || s.phase === 'done';
}

/** The client of the file may be changed. */
export function clientEditable(s: ImportState): boolean {
  return s.phase === 'idle' || s.phase === 'mapping' || s.phase === 'preview';
}

/** The plan request of a planning state. */
export function planRequestOf(s: ImportState): { mappings: Work['mappings']; mode: IntakeMode; withoutBadLines: readonly string[]; fixes: readonly RowFix[]; defaultClientId?: string } | null {
  if (s.phase !== 'planning') return null;
  return { mappings: s.work.mappings, mode: s.mode, withoutBadLines: s.work.withoutBadLines, fixes: s.work.fixes, ...(s.clientId !== '' ? { defaultClientId: s.clientId } : {}) };
}
