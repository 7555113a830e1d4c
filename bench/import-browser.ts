/**
 * bench/import-browser: the page side of bench/import. bench/import.ts bundles this file with
 * Vite (the import worker and its lazily loaded XLSX reader as separate chunks, as in the app),
 * opens it in headless Chromium and calls `window.cbImportBench.run` through page.evaluate.
 * Everything the main thread does during an import runs here; parsing and validation run in the
 * worker. Long tasks come from the Long Tasks API, and a 10 ms heartbeat measures the longest
 * gap between two timer ticks (the longest time the page could not answer).
 */
import { transfer } from 'comlink';
import type { IntakeContext } from '../src/domain/intake/context';
import { startImportWorker } from '../src/workers/importClient';

export interface ImportBenchFile {
  readonly name: string;
  readonly rows: number;
  readonly format: 'csv' | 'xlsx';
}

export interface ImportBenchResult {
  readonly name: string;
  readonly rows: number;
  readonly format: 'csv' | 'xlsx';
  /** Read + parse in the worker (FileReport.ms). */
  readonly parseMs: number;
  /** Validation, matching and the write plan in the worker (PlanReport.ms). */
  readonly planMs: number;
  /** From handing the file to the worker until the plan's summary is back on the page. */
  readonly wallMs: number;
  readonly orders: number;
  readonly issues: number;
  readonly progressEvents: number;
  /** Long tasks (> 50 ms) on the main thread meanwhile, and the longest. */
  readonly longTasks: number;
  readonly longestTaskMs: number;
  /** Longest gap between two ticks of a 10 ms timer on the main thread. */
  readonly longestGapMs: number;
  /** First preview page (100 orders) back on the page. */
  readonly previewMs: number;
  readonly batches: number;
}

export interface ImportBenchApi {
  run(files: readonly ImportBenchFile[], today: string): Promise<{ contextMs: number; results: ImportBenchResult[] }>;
}

declare global {
  interface Window {
    cbImportBench?: ImportBenchApi;
  }
}

/** Watches the main thread: long tasks and timer gaps. */
function watchMainThread(): () => { longTasks: number; longestTaskMs: number; longestGapMs: number } {
  const tasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push(e.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  let last = performance.now();
  let longestGap = 0;
  const timer = setInterval(() => {
    const t = performance.now();
    longestGap = Math.max(longestGap, t - last);
    last = t;
  }, 10);
  return () => {
    clearInterval(timer);
    longestGap = Math.max(longestGap, performance.now() - last);
    for (const e of observer.takeRecords()) tasks.push(e.duration);
    observer.disconnect();
    return { longTasks: tasks.length, longestTaskMs: tasks.reduce((m, d) => Math.max(m, d), 0), longestGapMs: longestGap };
  };
}

window.cbImportBench = {
  async run(files, today) {
    const ctx = (await (await fetch('/data/context.json')).json()) as IntakeContext;
    const results: ImportBenchResult[] = [];
    const t0 = performance.now();
    const w = startImportWorker();
    await w.loadContext(ctx);
    const contextMs = performance.now() - t0;
    try {
      for (const f of files) {
        const buffer = await (await fetch(`/data/${f.name}`)).arrayBuffer();
        let progressEvents = 0;
        // Collect the benchmark's own garbage (the context JSON, the previous file) first, so a
        // collection of it is not counted as a task of this import (Chromium runs with --expose-gc).
        (window as { gc?: () => void }).gc?.();
        const stop = watchMainThread();
        const start = performance.now();
        await w.api.reset();
        const [report] = await w.api.readFiles(
          transfer([{ name: f.name, data: buffer }], [buffer]),
          w.progress(() => {
            progressEvents += 1;
          }),
        );
        const plan = await w.api.plan({ mode: 'valid-only', today, now: Date.now() });
        const wallMs = performance.now() - start;
        const p0 = performance.now();
        const page = await w.api.preview(0, 100);
        const previewMs = performance.now() - p0;
        const batches = await w.api.batchCount(500);
        const main = stop();
        if (!report) throw new Error(`sin informe de ${f.name}`);
        if (page.rows.length === 0) throw new Error(`${f.name}: la vista previa está vacía`);
        if (plan.summary.issues > 0 || plan.summary.rows !== f.rows) {
          throw new Error(`${f.name}: ${plan.summary.issues} problemas y ${plan.summary.rows} filas leídas de ${f.rows}; el archivo del benchmark debe importarse entero`);
        }
        results.push({
          name: f.name,
          rows: f.rows,
          format: f.format,
          parseMs: report.ms,
          planMs: plan.ms,
          wallMs,
          orders: plan.summary.create + plan.summary.update + plan.summary.unchanged + plan.summary.refused,
          issues: plan.summary.issues,
          progressEvents,
          ...main,
          previewMs,
          batches,
        });
      }
    } finally {
      w.close();
    }
    return { contextMs, results };
  },
};
