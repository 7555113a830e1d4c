/**
 * The reports worker's service (issue 34): it holds the period's data the page sends it in parts,
 * computes the report there (src/domain/reports/aggregate.ts) and keeps the last one, so the page
 * receives only the figures (no order ids) and asks for the orders behind a figure when it is
 * opened. Plain functions: the worker exposes them with comlink; tests call them directly.
 */
import { buildReport, type Report, type ReportFilters, type ReportPeriod } from '../../domain/reports/aggregate';
import { figureAt, withoutOrderIds, type FigureRef } from '../../domain/reports/figures';
import type { ReportData } from '../../data/reports';

export interface ReportsService {
  /** Adds a part of the data (`reset`: forget what was sent before first). */
  load(part: Partial<ReportData>, reset?: boolean): void;
  /** Computes the report over the data held; answers its figures without order ids, and the time taken. */
  compute(period: ReportPeriod, filters: ReportFilters): { report: Report; ms: number };
  /** The orders behind a figure of the last report computed (empty when there is none). */
  orderIds(ref: FigureRef): string[];
}

const EMPTY: ReportData = { orders: [], routes: [], events: [], payments: [], incidences: [], users: [], hubs: [], clients: [], reasons: [] };

export function createReportsService(): ReportsService {
  let data: { -readonly [K in keyof ReportData]: ReportData[K][number][] } = emptyData();
  let last: Report | null = null;
  function emptyData() {
    return Object.fromEntries(Object.keys(EMPTY).map((k) => [k, []])) as unknown as { -readonly [K in keyof ReportData]: ReportData[K][number][] };
  }
  return {
    load(part, reset = false) {
      if (reset) {
        data = emptyData();
        last = null;
      }
      for (const key of Object.keys(part) as (keyof ReportData)[]) {
        const list = part[key];
        if (!list) continue;
        const into = data[key] as unknown[];
        for (const item of list) into.push(item);
      }
    },
    compute(period, filters) {
      const t0 = performance.now();
      last = buildReport({ period, filters, ...data });
      const ms = performance.now() - t0;
      return { report: withoutOrderIds(last), ms };
    },
    orderIds(ref) {
      return last ? [...(figureAt(last, ref)?.orderIds ?? [])] : [];
    },
  };
}
