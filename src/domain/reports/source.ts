/**
 * Where a report's figures come from (issue 34, docs/reports.md «Older periods»): the device
 * aggregates what it holds; a period that starts before the oldest day the device holds comes
 * from the server (the same aggregation over the server's data) when there is one and the device
 * is online. Otherwise the device's data is shown with a notice saying what is missing. Pure.
 */

export type ReportSource = 'device' | 'server';

/**
 * What the screen says about the figures' origin:
 * - `device`: the device holds the whole period;
 * - `server`: the period starts before what the device holds: the server's figures;
 * - `offline`: it would come from the server, but the device is offline (the device's data, partial);
 * - `noServer`: on a backend without server reports (Firebase): the device's data, partial.
 */
export type ReportNotice = 'device' | 'server' | 'offline' | 'noServer';

export interface SourceFacts {
  /** First day of the period. */
  readonly from: string;
  /** The oldest order day the device holds (null: it holds none). */
  readonly heldFrom: string | null;
  /** Whether the backend answers reports over its data (the embedded server). */
  readonly serverReports: boolean;
  readonly online: boolean;
}

export function reportSource(f: SourceFacts): { source: ReportSource; notice: ReportNotice } {
  if (f.heldFrom !== null && f.from >= f.heldFrom) return { source: 'device', notice: 'device' };
  if (!f.serverReports) return { source: 'device', notice: 'noServer' };
  if (!f.online) return { source: 'device', notice: 'offline' };
  return { source: 'server', notice: 'server' };
}
