/**
 * The sections of a client's monthly report (issue 34), built from the same report «Informes»
 * computes (filters: the client; period: the month) — no second computation. Each section is a
 * table: on the printable page a section, in the XLSX a sheet. «Pruebas de entrega disponibles»
 * counts the orders that have a proof of delivery as «Informes» does (src/domain/reports/extra.ts:
 * delivered or partially delivered, not returned, with a signature or a photo).
 */
import { t } from '../../i18n';
import type { Report } from '../../domain/reports/aggregate';
import type { TableSpec } from './cells';
import { figureLabel } from './reportTables';
import '../../i18n/es/reports';

export function clientMonthTables(report: Report): TableSpec[] {
  const total = report.total;
  const done = (tally: Report['total']): number => tally.delivered.count + tally.partial.count;
  const summary: TableSpec = {
    id: 'resumen',
    title: t('reports.clientMonth.sections.summary'),
    headers: [t('reports.clientMonth.figure'), t('reports.clientMonth.value')],
    rows: [
      [figureLabel('orders'), total.orders.count],
      [figureLabel('delivered'), total.delivered.count],
      [figureLabel('partial'), total.partial.count],
      [figureLabel('failed'), total.failed.count],
      [figureLabel('returned'), total.returned.count],
      [figureLabel('cancelled'), total.cancelled.count],
      [figureLabel('open'), total.open.count],
      [figureLabel('failedAttempts'), total.failedAttempts.count],
      [figureLabel('onTime'), total.onTime.count],
      [t('reports.figures.onTimeRate'), { part: total.onTime.count, whole: done(total) }],
      [figureLabel('firstAttempt'), total.firstAttempt.count],
      [t('reports.figures.firstAttemptRate'), { part: total.firstAttempt.count, whole: total.attempted.count }],
      [t('reports.clientMonth.proofs'), report.extra.proofs.total.count],
    ],
  };
  const reasons: TableSpec = {
    id: 'motivos',
    title: t('reports.clientMonth.sections.reasons'),
    headers: [t('reports.columns.reason'), t('reports.figures.failedAttempts'), '%'],
    rows: Object.entries(total.failedByReason).map(([id, f]) => [report.reasonNames[id] ?? id, f.count, { part: f.count, whole: total.failedAttempts.count }]),
  };
  const days: TableSpec = {
    id: 'dias',
    title: t('reports.clientMonth.sections.days'),
    headers: [
      t('reports.columns.day'),
      figureLabel('orders'),
      figureLabel('delivered'),
      figureLabel('partial'),
      figureLabel('failed'),
      figureLabel('returned'),
      figureLabel('onTime'),
      t('reports.figures.onTimeRate'),
      t('reports.figures.firstAttemptRate'),
      figureLabel('failedAttempts'),
    ],
    rows: report.byDay.map((r) => [
      { day: r.key },
      r.tally.orders.count,
      r.tally.delivered.count,
      r.tally.partial.count,
      r.tally.failed.count,
      r.tally.returned.count,
      r.tally.onTime.count,
      { part: r.tally.onTime.count, whole: done(r.tally) },
      { part: r.tally.firstAttempt.count, whole: r.tally.attempted.count },
      r.tally.failedAttempts.count,
    ]),
  };
  return [summary, reasons, days];
}
