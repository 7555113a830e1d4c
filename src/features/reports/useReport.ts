/**
 * The report of a period and filters (issue 34): reads the period's data from the local database
 * (src/data/reports.ts), hands it to the reports Web Worker and asks it for the report; the
 * orders behind a figure are asked for when it is opened. «Informes» and the client's monthly
 * report both use it, so both show the same computation.
 */
import { useEffect, useRef, useState } from 'react';
import { useReportData, type ReportData } from '../../data/reports';
import type { Report, ReportFilters, ReportPeriod } from '../../domain/reports/aggregate';
import type { FigureRef } from '../../domain/reports/figures';
import { startReportsWorker, type ReportsWorker } from '../../workers/reportsClient';

export interface ReportState {
  /** The report of exactly this period and these filters (null while it is computed). */
  readonly report: Report | null;
  /** Milliseconds the worker took. */
  readonly ms: number;
  readonly busy: boolean;
  readonly error: string | null;
  /** The period's data as read (users' names…), null while it is read. */
  readonly data: ReportData | null;
  /** The ids of the orders behind a figure. */
  orderIds(ref: FigureRef): Promise<string[]>;
}

/** The filters' hub list as a comparable key ('' = every hub). */
const hubsKey = (f: ReportFilters): string => (f.hubs ? `[${f.hubs.join(',')}]` : '');

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export function useReport(period: ReportPeriod | null, filters: ReportFilters, reload = 0): ReportState {
  const { data, loading, error } = useReportData(period, reload);
  const worker = useRef<ReportsWorker | null>(null);
  const [sent, setSent] = useState<object | null>(null);
  const [result, setResult] = useState<{ report: Report; ms: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    worker.current = startReportsWorker();
    return () => {
      worker.current?.close();
      worker.current = null;
    };
  }, []);

  // New data: send it to the worker (in parts), then compute.
  useEffect(() => {
    const w = worker.current;
    if (!w || !data) return undefined;
    let live = true;
    setSent(null);
    w.send(data).then(
      () => {
        if (live) setSent(data);
      },
      (err: unknown) => live && setFailure(messageOf(err)),
    );
    return () => {
      live = false;
    };
  }, [data]);

  useEffect(() => {
    const w = worker.current;
    if (!w || !sent || !period) return undefined;
    let live = true;
    w.api.compute(period, filters).then(
      (r) => {
        if (live) {
          setResult(r);
          setFailure(null);
        }
      },
      (err: unknown) => live && setFailure(messageOf(err)),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the period's days and the filters' values, not their objects
  }, [sent, period?.from, period?.to, filters.hub, filters.clientId, filters.riderId, hubsKey(filters)]);

  const report = result?.report ?? null;
  const current =
    report !== null &&
    period !== null &&
    report.period.from === period.from &&
    report.period.to === period.to &&
    report.filters.hub === filters.hub &&
    report.filters.clientId === filters.clientId &&
    report.filters.riderId === filters.riderId &&
    hubsKey(report.filters) === hubsKey(filters);
  return {
    report: current ? report : null,
    ms: result?.ms ?? 0,
    busy: loading || !current,
    error: error ?? failure,
    data,
    orderIds: (ref) => worker.current?.api.orderIds(ref) ?? Promise.resolve([]),
  };
}
