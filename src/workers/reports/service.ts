/**
 * The reports worker's service (issue 34): it holds the period's data the page sends it in parts
 * and computes the report there (src/domain/reports/aggregate.ts): first its counts only (what
 * the page shows, the fastest pass), and — when the page opens a figure — once more with the
 * orders behind every figure, kept until the data, the period or the filters change. The page
 * never receives more than the counts and the ids of the figure it opened. Plain functions: the
 * worker exposes them with comlink; tests call them directly.
 */
import { buildReport, type Report, type ReportFilters, type ReportPeriod } from '../../domain/reports/aggregate';
import { figureAt, type FigureRef } from '../../domain/reports/figures';
import type { ReportData } from '../../data/reports';

export interface ReportsService {
  /** Adds a part of the data (`reset`: forget what was sent before first). */
  load(part: Partial<ReportData>, reset?: boolean): void;
  /** Computes the report over the data held; answers its figures without order ids, and the time taken. */
  compute(period: ReportPeriod, filters: ReportFilters): { report: Report; ms: number };
  /** The orders behind a figure of the last report computed (empty when there is none). */
  orderIds(ref: FigureRef): string[];
}

const EMPTY: ReportData = { orders: [], routes: [], events: [], payments: [], incidences: [], users: [], hubs: [], clients: [], reasons: [], picks: [], sustainability: [] };

export function createReportsService(): ReportsService {
  let data: { -readonly [K in keyof ReportData]: ReportData[K][number][] } = emptyData();
  let asked: { period: ReportPeriod; filters: ReportFilters } | null = null;
  let withIds: Report | null = null;
  function emptyData() {
    return Object.fromEntries(Object.keys(EMPTY).map((k) => [k, []])) as unknown as { -readonly [K in keyof ReportData]: ReportData[K][number][] };
  }
  return {
    load(part, reset = false) {
      if (reset) {
        data = emptyData();
        asked = null;
      }
      withIds = null;
      for (const key of Object.keys(part) as (keyof ReportData)[]) {
        const list = part[key];
        if (!list) continue;
        const into = data[key] as unknown[];
        for (const item of list) into.push(item);
      }
    },
    compute(period, filters) {
      const t0 = performance.now();
      const report = buildReport({ period, filters, ...data }, { orderIds: false });
      asked = { period, filters };
      withIds = null;
      return { report, ms: performance.now() - t0 };
    },
    orderIds(ref) {
      if (!asked) return [];
      withIds ??= buildReport({ ...asked, ...data });
      return [...(figureAt(withIds, ref)?.orderIds ?? [])];
    },
  };
}
