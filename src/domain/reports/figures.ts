/**
 * A reference to one figure of a report: what the screen asks the worker for when a figure is
 * opened. Pure.
 */
import type { IncidenceKind } from '../entities/events';
import type { PaymentMethod } from '../entities/operation';
import type { Figure, Report, TallyFigure } from './aggregate';
import { extraFigureAt, type ExtraRef } from './extra';

export type ReportGroup = 'total' | 'byDay' | 'byClient' | 'byRider' | 'byHub';

export type FigureRef =
  | { readonly kind: 'tally'; readonly group: ReportGroup; readonly key: string; readonly figure: TallyFigure }
  | { readonly kind: 'reason'; readonly group: ReportGroup; readonly key: string; readonly reason: string }
  | { readonly kind: 'method'; readonly method: PaymentMethod }
  | { readonly kind: 'differences' }
  | { readonly kind: 'cash'; readonly riderId: string }
  | { readonly kind: 'incidence'; readonly incidence: IncidenceKind }
  | { readonly kind: 'incidenceState'; readonly incidence: IncidenceKind; readonly state: 'resolved' | 'open' }
  | { readonly kind: 'extra'; readonly ref: ExtraRef };

/** The figure a reference names, or null when the report has none (a group key not met). */
export function figureAt(report: Report, ref: FigureRef): Figure | null {
  switch (ref.kind) {
    case 'tally':
    case 'reason': {
      const tally = ref.group === 'total' ? report.total : report[ref.group].find((r) => r.key === ref.key)?.tally;
      if (!tally) return null;
      return ref.kind === 'tally' ? tally[ref.figure] : (tally.failedByReason[ref.reason] ?? null);
    }
    case 'method':
      return report.money.byMethod[ref.method];
    case 'differences':
      return report.money.differences;
    case 'cash':
      return report.money.cashWithRiders.find((r) => r.riderId === ref.riderId)?.collected ?? null;
    case 'incidence':
      return report.incidencesByKind[ref.incidence];
    case 'incidenceState':
      return report.incidenceResolution[ref.incidence][ref.state];
    case 'extra':
      return extraFigureAt(report.extra, ref.ref);
  }
}
