/**
 * The page's side of the reports worker: starts it (a separate chunk, loaded by «Informes» only),
 * sends it the period's data in parts of at most `chunk` documents — yielding to the page
 * between parts, so no structured clone blocks it long — and asks for the report and for the
 * orders behind a figure.
 *
 *   const w = startReportsWorker();
 *   await w.send(data);
 *   const { report } = await w.api.compute(period, filters);
 *   const ids = await w.api.orderIds({ kind: 'tally', group: 'total', key: '', figure: 'delivered' });
 *   w.close();
 */
import { releaseProxy, wrap, type Remote } from 'comlink';
import type { ReportData } from '../data/reports';
import type { ReportsService } from './reports/service';

export interface ReportsWorker {
  readonly api: Remote<ReportsService>;
  /** Replaces the data the worker holds with `data`, in parts. */
  send(data: ReportData, chunk?: number): Promise<void>;
  close(): void;
}

const yieldToPage = (): Promise<void> => new Promise((ok) => setTimeout(ok, 0));

export function startReportsWorker(): ReportsWorker {
  const worker = new Worker(new URL('./reports.worker.ts', import.meta.url), { type: 'module', name: 'cb-reports' });
  const api = wrap<ReportsService>(worker);
  let closed = false;
  return {
    api,
    async send(data, chunk = 5000) {
      await api.load({ users: [...data.users], hubs: [...data.hubs], clients: [...data.clients], reasons: [...data.reasons], sustainability: [...data.sustainability] }, true);
      for (const key of ['orders', 'routes', 'events', 'payments', 'incidences', 'picks'] as const) {
        const list = data[key];
        for (let i = 0; i < list.length; i += chunk) {
          await api.load({ [key]: list.slice(i, i + chunk) });
          await yieldToPage();
        }
      }
    },
    close() {
      if (closed) return;
      closed = true;
      api[releaseProxy]();
      worker.terminate();
    },
  };
}
