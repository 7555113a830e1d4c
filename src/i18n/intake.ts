/**
 * Spanish for order intake: the domain's issues (codes and variables) as sentences —
 * «Fila 37, columna «Cantidad»: debe ser un número entero mayor que 0» — and the CSV files the
 * operator downloads (error report, template, export), with the catalogue's column names.
 */
// The import's texts: whoever words an import issue or a template loads them.
import './es/intake';
import './es/orderFields';
import type { Order } from '../domain/entities/operation';
import type { IntakeContext } from '../domain/intake/context';
import { orderRows, templateOrder, TEMPLATE_FIELDS, toCsv } from '../domain/intake/csv';
import { isIntakeField, type IntakeField } from '../domain/intake/fields';
import type { IntakeIssue } from '../domain/intake/issues';
import type { ColumnReason } from '../domain/intake/proposal';
import { MACHINES } from '../domain/status/machines';
import { language, t, type MessageKey } from './index';

/** The name of an input column (the `orderFields` catalogue: one name per order field, wherever it is shown). */
export function fieldLabel(field: IntakeField): string {
  return t(`orderFields.${field}`);
}

const paymentLabels = () =>
  ({
    cash: t('intake.payment.cash'),
    card: t('intake.payment.card'),
    transfer: t('intake.payment.transfer'),
    on_account: t('intake.payment.on_account'),
  }) as const;

/** «a y b», «a, b y c» (in the interface's language). */
function listOf(items: readonly string[]): string {
  return new Intl.ListFormat(language() === 'en' ? 'en-GB' : 'es', { type: 'conjunction' }).format(items);
}

/** The message of an issue, without its place. */
export function intakeIssueMessage(issue: IntakeIssue): string {
  const vars: Record<string, string | number> = { ...issue.vars };
  if (typeof vars.field === 'string' && isIntakeField(vars.field)) vars.field = fieldLabel(vars.field);
  if (typeof vars.missing === 'string') {
    vars.missing = listOf(vars.missing.split(',').filter(isIntakeField).map((f) => `«${fieldLabel(f)}»`));
  }
  // Dates as the operator writes them (dd/mm/aaaa), not as the program stores them.
  for (const k of ['value', 'today'] as const) {
    const v = vars[k];
    if (issue.code === 'date_past' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) vars[k] = v.split('-').reverse().join('/');
  }
  let key: MessageKey = `intake.issue.${issue.code}`;
  if (issue.code === 'point_incomplete' && typeof vars.ref === 'string' && vars.ref !== '') key = 'intake.issue.point_incomplete_ref';
  if (issue.code === 'order_planned') {
    const labels = MACHINES.order.labels as Readonly<Record<string, string>>;
    const status = String(vars.status ?? '');
    vars.status = (labels[status] ?? status).toLowerCase();
    vars.route = vars.route ? t('intake.issue.order_planned_route', { route: vars.route }) : '';
  }
  return t(key, vars);
}

/** Where an issue is: «Archivo «x.csv»», «Fila 7» or «Fila 37, columna «Cantidad»». */
export function intakeIssuePlace(issue: Pick<IntakeIssue, 'file' | 'row' | 'column'>): string {
  if (issue.row <= 0) return t('intake.where.file', { file: issue.file });
  if (issue.column === '') return t('intake.where.row', { row: issue.row });
  return t('intake.where.rowColumn', { row: issue.row, column: issue.column });
}

/** The whole sentence; `withFile` names the file first (several files at once). */
export function formatIntakeIssue(issue: IntakeIssue, opts: { withFile?: boolean } = {}): string {
  const place = intakeIssuePlace(issue);
  const where = opts.withFile && issue.row > 0 ? t('intake.where.inFile', { file: issue.file, where: place }) : place;
  return `${where}: ${intakeIssueMessage(issue)}`;
}

/**
 * The error report the operator downloads: file, row, column and the reason in words
 * (formula-safe CSV). No internal code reaches it (issue 28: «order_has_errors» in a CSV a
 * person reads).
 */
export function errorReportCsv(issues: readonly IntakeIssue[]): string {
  return toCsv([
    [t('intake.report.file'), t('intake.report.row'), t('intake.report.column'), t('intake.report.error')],
    ...issues.map((i) => [i.file, i.row > 0 ? i.row : '', i.column, intakeIssueMessage(i)]),
  ]);
}

/** Why a column is proposed as its field, in words. */
export function columnReasonText(reason: ColumnReason): string {
  switch (reason.code) {
    case 'header':
      return t('intake.screen.reason.header');
    case 'remembered':
      return t('intake.screen.reason.remembered');
    case 'values_points':
      return t('intake.screen.reason.valuesPoints', { matched: reason.matched, sampled: reason.sampled, example: reason.example });
    case 'values_clients':
      return t('intake.screen.reason.valuesClients', { matched: reason.matched, sampled: reason.sampled, example: reason.example });
  }
}

/** Header row of templates and exports, in the catalogue's words (all recognised by the importer). */
export function templateHeaders(): string[] {
  return TEMPLATE_FIELDS.map(fieldLabel);
}

/** The orders as an intake CSV (one row per line) that imports back to the same orders. */
export function ordersCsv(orders: readonly Order[], ctx: Pick<IntakeContext, 'clients' | 'products' | 'points'>): string {
  return toCsv([templateHeaders(), ...orderRows(orders, ctx, paymentLabels())]);
}

/** «Descargar plantilla» (CSV): the header row and two example rows valid for `ctx` from `today` on; only the header when the data has no example to give. */
export function templateCsv(ctx: Pick<IntakeContext, 'clients' | 'products' | 'points'>, today: string): string {
  const example = templateOrder(ctx, today);
  return toCsv([templateHeaders(), ...(example ? orderRows([example], ctx, paymentLabels()) : [])]);
}
