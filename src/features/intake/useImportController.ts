/**
 * The import screen's controller: the state model (model.ts) in a reducer, and the work each
 * state asks for — read files in the import worker, plan, write through src/data/intake.ts —
 * run once per ticket, its outcome dispatched with that ticket (an outcome of older work is
 * ignored by the reducer). The worker (and the XLSX code it loads) exists only while a file is
 * being imported: it stops when the state goes back to idle or the screen is left.
 */
import { startTransition, useCallback, useEffect, useReducer, useRef } from 'react';
import { transfer } from 'comlink';
import { t } from '../../i18n';
import { useEngine } from '../../data/hooks';
import { applyIntake, loadIntakeContext, rememberImportMapping } from '../../data/intake';
import type { DataEngine } from '../../data/engine';
import type { Actor } from '../../data/action';
import { useSession } from '../../data/session';
import { madridDate } from '../../domain/dates';
import { isFatal } from '../../domain/intake';
import { checkMapping } from '../../domain/intake/mapping';
import { startImportWorker, type ImportWorker } from '../../workers/importClient';
import type { FileReport, PlanReport, PreviewRow } from '../../workers/import/service';
import { downloadCsv, downloadFile } from '../../ui/crud/csv';
import { initialState, planRequestOf, reduce, type Done, type ImportEvent, type ImportState, type Review } from './model';
import '../../i18n/es/intake';

const ISSUES_SHOWN = 200;
const BAD_ROWS_SHOWN = 50;
const PREVIEW_PAGE = 2000;

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** A worker holding today's catalogue, points, orders and remembered mappings. */
async function startWorker(engine: DataEngine | null): Promise<ImportWorker> {
  if (!engine) throw new Error(t('app.loading'));
  const loaded = await loadIntakeContext(engine, madridDate());
  const w = startImportWorker();
  await w.loadContext(loaded.context, loaded.mappings);
  return w;
}

async function readReview(w: ImportWorker, plan: PlanReport): Promise<Review> {
  const found = await w.api.issues(0, ISSUES_SHOWN);
  const rows: PreviewRow[] = [];
  for (let offset = 0; ; offset += PREVIEW_PAGE) {
    const page = await w.api.preview(offset, PREVIEW_PAGE);
    rows.push(...page.rows);
    if (offset + PREVIEW_PAGE >= page.total) break;
  }
  const badRows = await w.api.badRows(0, BAD_ROWS_SHOWN);
  const skipped = await w.api.skipped();
  return { plan, issues: { total: found.total, list: found.issues }, rows, badRows, skipped };
}

export interface ImportController {
  readonly state: ImportState;
  readonly dispatch: (e: ImportEvent) => void;
  readonly engineReady: boolean;
  readonly chooseFiles: (files: readonly File[]) => void;
  readonly downloadReport: () => void;
  readonly downloadRejected: () => void;
  readonly downloadTemplate: (kind: 'csv' | 'xlsx') => void;
}

/** Who imports (the signed-in user and his system role), read when the writing starts. */
function importActor(): Actor {
  const user = useSession.getState().user;
  return { userId: user?.id ?? '', role: user?.base_role ?? 'anonimus' };
}

export function useImportController(): ImportController {
  const engine = useEngine();
  const [state, dispatch] = useReducer(reduce, undefined, () => initialState());
  const worker = useRef<ImportWorker | null>(null);
  const files = useRef(new Map<string, File>());
  const started = useRef(-1);
  /** The current state's ticket, for work that outlives its state. */
  const live = useRef(state.ticket);

  useEffect(() => {
    live.current = state.ticket;
  }, [state.ticket]);

  const stopWorker = useCallback((): void => {
    worker.current?.cancel();
    worker.current = null;
  }, []);

  useEffect(() => stopWorker, [stopWorker]);

  // The work a state asks for, once per ticket.
  useEffect(() => {
    const s = state;
    if (s.phase === 'idle' || s.phase === 'done') {
      if (s.phase === 'idle') stopWorker();
      return;
    }
    if (started.current === s.ticket || (s.phase !== 'reading' && s.phase !== 'planning' && s.phase !== 'writing')) return;
    started.current = s.ticket;
    const ticket = s.ticket;
    const fail = (err: unknown): void => dispatch({ type: 'failed', ticket, message: errorText(err) });

    if (s.phase === 'reading') {
      const sheet = s.sheet;
      void (async () => {
        if (!sheet) {
          stopWorker();
          const w = await startWorker(engine);
          if (live.current !== ticket) return w.cancel();
          worker.current = w;
        }
        const w = worker.current;
        if (!w) return;
        const reports: FileReport[] = [];
        for (const entry of s.work.entries) {
          if (sheet && entry.name !== sheet.file) continue;
          const file = files.current.get(entry.name);
          if (!file) continue;
          const data = await file.arrayBuffer();
          const onProgress = w.progress((p) => {
            if (p.phase === 'read') dispatch({ type: 'fileProgress', ticket, file: p.file, rows: p.rows, total: p.total });
          });
          const input = sheet ? { name: entry.name, data, sheet: sheet.sheet } : { name: entry.name, data };
          const [report] = await w.api.readFiles(transfer([input], [data]), onProgress, s.clientId);
          if (report) reports.push(report);
        }
        // The mapping step (a column list with a choice per column) renders as a transition, in slices.
        startTransition(() => dispatch({ type: 'filesRead', ticket, reports }));
      })().catch(fail);
    } else if (s.phase === 'planning') {
      const req = planRequestOf(s);
      const w = worker.current;
      if (!w || !req) return;
      void (async () => {
        const plan = await w.api.plan({ ...req, withoutBadLines: [...req.withoutBadLines], fixes: [...req.fixes], today: madridDate(), now: Date.now() });
        const review = await readReview(w, plan);
        // Thousands of rows: rendered as a transition, in slices, so the page never blocks.
        startTransition(() => dispatch({ type: 'planned', ticket, review }));
      })().catch(fail);
    } else if (s.phase === 'writing') {
      const w = worker.current;
      if (!w || !engine) return;
      void (async () => {
        const now = Date.now();
        for (const r of s.work.reports) {
          const mapping = s.work.mappings[r.file] ?? r.mapping;
          if (r.issues.some(isFatal) || r.headers.length === 0) continue;
          if (checkMapping(r, mapping, { hasDefaultClient: s.clientId !== '' }).length > 0) continue;
          await rememberImportMapping(engine, importActor(), { clientId: s.clientId, headers: r.headers, mapping, name: r.file, now });
        }
        const count = await w.api.batchCount();
        dispatch({ type: 'writeProgress', ticket, done: 0, total: count });
        const written = await applyIntake(
          engine,
          importActor(),
          { count, batch: (i) => w.api.batch(i) },
          { exists: t('intake.screen.skipExists'), planned: (code) => t('intake.screen.skipPlanned', { code }) },
          (done, total) => dispatch({ type: 'writeProgress', ticket, done, total }),
        );
        // What was not imported stays available after «Importar» (list and download).
        const rejected = await w.api.issues(0, ISSUES_SHOWN);
        const done: Done = {
          summary: s.review.plan.summary,
          written,
          days: await w.api.writtenDays(),
          rejected: { total: rejected.total, list: rejected.issues, csv: rejected.total > 0 ? await w.api.errorReportCsv() : '' },
        };
        w.close();
        if (worker.current === w) worker.current = null;
        dispatch({ type: 'written', ticket, done });
      })().catch(fail);
    }
  }, [state, engine, stopWorker]);

  const chooseFiles = useCallback((list: readonly File[]): void => {
    if (list.length === 0) return;
    files.current = new Map(list.map((f) => [f.name, f]));
    dispatch({ type: 'filesChosen', names: list.map((f) => f.name) });
  }, []);

  const downloadReport = useCallback((): void => {
    const w = worker.current;
    if (!w) return;
    void w.api.errorReportCsv().then((csv) => downloadCsv(`${t('intake.screen.errorReportName')}.csv`, csv));
  }, []);

  const downloadRejected = useCallback((): void => {
    if (state.phase === 'done' && state.done.rejected.csv !== '') downloadCsv(`${t('intake.screen.errorReportName')}.csv`, state.done.rejected.csv);
  }, [state]);

  const downloadTemplate = useCallback(
    (kind: 'csv' | 'xlsx'): void => {
      void (async () => {
        const w = await startWorker(engine);
        try {
          const today = madridDate();
          if (kind === 'csv') downloadCsv('plantilla-pedidos.csv', await w.api.templateCsv(today));
          else downloadFile('plantilla-pedidos.xlsx', new Blob([(await w.api.templateXlsx(today)) as BlobPart], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
        } finally {
          w.close();
        }
      })().catch((err: unknown) => dispatch({ type: 'noticed', notice: { color: 'red', key: 'intake.screen.failed', vars: { message: errorText(err) } } }));
    },
    [engine],
  );

  return { state, dispatch, engineReady: engine !== null, chooseFiles, downloadReport, downloadRejected, downloadTemplate };
}
