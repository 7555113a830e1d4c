/**
 * The report of a period and filters (issue 34): reads the period's data from the local database
 * (src/data/reports.ts), hands it to the reports Web Worker and asks it for the report; the
 * orders behind a figure are asked for when it is opened. «Informes» and the client's monthly
 * report both use it, so both show the same computation.
 */
import { useEffect, useRef, useState } from 'react';
import { serverReport, serverReportOrders, useReportData, useReportSource, type ReportData } from '../../data/reports';
import type { ReportNotice } from '../../domain/reports/source';
import type { Report, ReportFilters, ReportPeriod } from '../../domain/reports/aggregate';
import type { FigureRef } from '../../domain/reports/figures';
import { startReportsWorker, type ReportsWorker } from '../../workers/reportsClient';
import '../../i18n/es/reports';

export interface ReportState {
  /** The report of exactly this period and these filters (null while it is computed). */
  readonly report: Report | null;
  /** Milliseconds the worker took. */
  readonly ms: number;
  readonly busy: boolean;
  readonly error: string | null;
  /** The period's data as read (users' names…), null while it is read. */
  readonly data: ReportData | null;
  /** The names of the people of the report (the device's users, or those the server named). */
  readonly users: readonly { readonly id: string; readonly name: string }[];
  /** Where the figures come from (null while it is decided; see docs, «Older periods»). */
  readonly notice: ReportNotice | null;
  /** The ids of the orders behind a figure. */
  orderIds(ref: FigureRef): Promise<string[]>;
}

/** The filters' hub list as a comparable key ('' = every hub). */
const hubsKey = (f: ReportFilters): string => (f.hubs ? `[${f.hubs.join(',')}]` : '');

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export function useReport(period: ReportPeriod | null, filters: ReportFilters, reload = 0): ReportState {
  const source = useReportSource(period, reload);
  const fromServer = source?.source === 'server';
  const local = useDeviceReport(source?.source === 'device' ? period : null, filters, reload);
  const remote = useServerReport(fromServer ? period : null, filters, reload);
  if (!source) return { report: null, ms: 0, busy: true, error: null, data: null, users: [], notice: null, orderIds: () => Promise.resolve([]) };
  return { ...(fromServer ? remote : local), notice: source.notice };
}

/** The report from the server (a period older than what the device holds). */
function useServerReport(period: ReportPeriod | null, filters: ReportFilters, reload: number): Omit<ReportState, 'notice'> {
  const [result, setResult] = useState<{ report: Report; users: { id: string; name: string }[]; ms: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const from = period?.from ?? '';
  const to = period?.to ?? '';
  useEffect(() => {
    if (from === '' || to === '') return undefined;
    let live = true;
    const t0 = performance.now();
    setFailure(null);
    serverReport({ from, to }, filters).then(
      (r) => live && setResult({ ...r, ms: performance.now() - t0 }),
      (err: unknown) => live && setFailure(messageOf(err)),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the period's days and the filters' values, not their objects
  }, [from, to, reload, filters.hub, filters.clientId, filters.riderId, hubsKey(filters)]);
  const report = result?.report ?? null;
  // The server decides the hubs from the session: the other filters say whether it is current.
  const current = report !== null && report.period.from === from && report.period.to === to && report.filters.hub === filters.hub && report.filters.clientId === filters.clientId && report.filters.riderId === filters.riderId;
  return {
    report: current ? report : null,
    ms: result?.ms ?? 0,
    busy: !current && failure === null,
    error: failure,
    data: null,
    users: result?.users ?? [],
    orderIds: (ref) => (period ? serverReportOrders(period, filters, ref) : Promise.resolve([])),
  };
}

/** The report the device computes from what it holds, in the reports worker. */
function useDeviceReport(period: ReportPeriod | null, filters: ReportFilters, reload: number): Omit<ReportState, 'notice'> {
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
    users: data?.users ?? [],
    orderIds: (ref) => worker.current?.api.orderIds(ref) ?? Promise.resolve([]),
  };
}
