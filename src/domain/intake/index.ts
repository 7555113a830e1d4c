/**
 * Order intake, the one mapping behind its three entries (the import screen at /charge,
 * /import and /blank/charge; POST /api/ordersqualianza; POST /api/ordersbimbo):
 *
 *   table (file) ──recordsFromTable(mapping)──┐
 *                                             ├─► planIntake(records, indexIntakeContext(ctx), opts) ─► IntakePlan
 *   API request ──(its own shape → records)───┘         └─ writeBatches(plan.writes) for the data layer
 *
 * An order therefore arrives identical whichever way it comes (same ids, prices, checks).
 */
export { INTAKE_FIELDS, columnLetter, isIntakeField, normaliseHeader, normaliseText, recogniseHeader, recogniseHeaders, type IntakeField } from './fields';
export { INTAKE_ISSUE_CODES, sortIssues, type IntakeIssue, type IntakeIssueCode, type IssueVars } from './issues';
export {
  MAX_DAYS_AHEAD,
  MAX_QUANTITY,
  addDays,
  cellText,
  excelSerialToIso,
  isFormula,
  isoToExcelSerial,
  parseDate,
  parsePaymentMethod,
  parsePhone,
  parsePostalCode,
  parseProductCode,
  parseQuantity,
  parseTime,
  parseWindow,
  type Cell,
  type Parsed,
  type Window,
} from './values';
export {
  MAPPABLE_FIELDS,
  checkMapping,
  columnLabel,
  eachRecord,
  headerKey,
  mappingDoc,
  mappingFromDoc,
  recogniseMapping,
  recordsFromObjects,
  recordsFromTable,
  type ColumnMapping,
  type IntakeRecord,
  type IntakeTable,
  type IntakeTableRow,
  type MappingCheckOptions,
} from './mapping';
export { emptyIntakeContext, indexIntakeContext, orderRefKey, type IntakeContext, type IntakeIndex } from './context';
export {
  planIntake,
  writeBatches,
  writeCount,
  type IntakeBatch,
  type IntakeMode,
  type IntakePlan,
  type IntakeSummary,
  type IntakeWrites,
  type OrderAction,
  type PlanOptions,
  type PlannedOrder,
} from './plan';
export { TEMPLATE_FIELDS, csvCell, orderRows, pointRefFor, spanishDate, templateOrder, toCsv, type CsvOptions, type PaymentLabels } from './csv';
export { hash64, importMappingId, intakeOrderId, intakePointId } from './ids';

import { checkMapping, eachRecord, type ColumnMapping, type IntakeRecord, type IntakeTable } from './mapping';
import type { IntakeIndex } from './context';
import type { IntakeIssue } from './issues';
import { planIntake, type IntakePlan, type PlanOptions } from './plan';

/** A problem that makes a whole file unreadable: the file itself (row 0), or a quote left open (every later cell is misread). */
export function isFatal(issue: IntakeIssue): boolean {
  return issue.row === 0 || issue.code === 'csv_quotes';
}

/** One file of an import: its table, the mapping the operator settled on, and what reading it found. */
export interface IntakeSource {
  readonly table: IntakeTable;
  readonly mapping: ColumnMapping;
  /** Problems found while reading (unreadable file, broken quotes…). */
  readonly issues?: readonly IntakeIssue[];
}

/**
 * The import of several files at once: mapping checks, records and one plan over all of them
 * (an order may not span files: the same client and reference in two files is one order, and
 * its rows must agree). A file whose mapping is wrong contributes only its mapping problems.
 */
export function planImport(sources: readonly IntakeSource[], index: IntakeIndex, opts: PlanOptions): IntakePlan {
  const pre: IntakeIssue[] = [];
  const readable: IntakeSource[] = [];
  for (const s of sources) {
    pre.push(...(s.issues ?? []));
    if ((s.issues ?? []).some(isFatal)) continue; // unreadable: nothing of it is imported
    const mappingIssues = checkMapping(s.table, s.mapping, { hasDefaultClient: opts.defaultClientId !== undefined && opts.defaultClientId !== '' });
    if (mappingIssues.length > 0) pre.push(...mappingIssues);
    else readable.push(s);
  }
  // Records are made as the plan reads them; their problems join `pre` on the way.
  const skipped: IntakeIssue[] = [];
  function* records(): Generator<IntakeRecord> {
    for (const s of readable) {
      let n = 0;
      const before = pre.length;
      for (const r of eachRecord(s.table, s.mapping, pre, skipped)) {
        n += 1;
        yield r;
      }
      if (n === 0 && pre.length === before) pre.push({ file: s.table.file, row: 0, column: '', code: 'no_rows', vars: {} });
    }
  }
  const plan = planIntake(records(), index, opts, pre, sources.map((s) => s.table.file));
  return { ...plan, skipped };
}
