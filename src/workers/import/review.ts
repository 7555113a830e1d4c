/**
 * The review's corrections and pages (issue 28), for the import worker: cells the operator
 * corrected, applied to a copy of a file's table before planning; the rows with problems and
 * their correctable fields; the days an import writes.
 */
import type { IntakeSource } from '../../domain/intake';
import type { IntakeField } from '../../domain/intake/fields';
import type { IntakeIssue } from '../../domain/intake/issues';
import type { ColumnMapping, IntakeTable } from '../../domain/intake/mapping';
import type { IntakePlan } from '../../domain/intake/plan';
import { cellText, type Cell } from '../../domain/intake/values';
import { intakeIssueMessage } from '../../i18n/intake';

/** Fields the review lets the operator correct on a row. */
export const FIXABLE_FIELDS = ['product', 'quantity', 'point_ref'] as const;
export type FixableField = (typeof FIXABLE_FIELDS)[number];

/** A cell corrected in the review: the row of a file and the new text of one of its fields. */
export interface RowFix {
  readonly file: string;
  readonly row: number;
  readonly field: FixableField;
  readonly value: string;
}

/** A row with problems as the review lists it, with the fields the operator may correct there. */
export interface BadRow {
  readonly file: string;
  readonly row: number;
  /** Key of the row's order ('' when the row names no order). */
  readonly key: string;
  readonly messages: readonly string[];
  /** Current text of each correctable field the file has a column for. */
  readonly values: Partial<Record<FixableField, string>>;
}

/**
 * A page of the rows with problems (not the rows refused only because their order has
 * others), each with its messages and the correctable fields' current text.
 */
export function badRowsOf(plan: IntakePlan, sources: readonly IntakeSource[], offset: number, limit: number): { total: number; rows: BadRow[] } {
  const keyOf = new Map<string, string>();
  for (const o of plan.orders) for (const r of o.rows) keyOf.set(`${o.file}|${r}`, o.key);
  const byRow = new Map<string, IntakeIssue[]>();
  for (const i of plan.issues) {
    if (i.row <= 1 || i.code === 'order_has_errors') continue;
    const k = `${i.file}|${i.row}`;
    const list = byRow.get(k);
    if (list) list.push(i);
    else byRow.set(k, [i]);
  }
  const all = [...byRow.entries()];
  const rows = all.slice(offset, offset + limit).map(([k, issues]): BadRow => {
    const first = issues[0] as IntakeIssue;
    return { file: first.file, row: first.row, key: keyOf.get(k) ?? '', messages: issues.map((i) => intakeIssueMessage(i)), values: cellsOf(sources, first.file, first.row) };
  });
  return { total: all.length, rows };
}

function cellsOf(sources: readonly IntakeSource[], file: string, row: number): Partial<Record<FixableField, string>> {
  const source = sources.find((s) => s.table.file === file);
  const cells = source?.table.rows.find((r) => r.row === row)?.cells;
  if (!source || !cells) return {};
  const out: Partial<Record<FixableField, string>> = {};
  for (const f of FIXABLE_FIELDS) {
    const i = source.mapping.fields.indexOf(f);
    if (i >= 0) out[f] = cellText(cells[i] ?? null);
  }
  return out;
}

/** Days of the orders the plan writes, most orders first (where «Ver los pedidos» leads). */
export function writtenDays(plan: IntakePlan): string[] {
  const count = new Map<string, number>();
  for (const o of [...plan.writes.create, ...plan.writes.update]) count.set(o.date, (count.get(o.date) ?? 0) + 1);
  return [...count.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([d]) => d);
}

/** The table with the operator's corrections in its cells (rows copied, never changed in place). */
export function withFixes(table: IntakeTable, mapping: ColumnMapping, fixes: readonly RowFix[]): IntakeTable {
  const mine = fixes.filter((f) => f.file === table.file);
  if (mine.length === 0) return table;
  const byRow = new Map<number, RowFix[]>();
  for (const f of mine) byRow.set(f.row, [...(byRow.get(f.row) ?? []), f]);
  const column = (f: IntakeField): number => mapping.fields.indexOf(f);
  return {
    ...table,
    rows: table.rows.map((r) => {
      const fx = byRow.get(r.row);
      if (!fx) return r;
      const cells: Cell[] = [...r.cells];
      for (const f of fx) {
        const i = column(f.field);
        if (i >= 0) cells[i] = f.value;
      }
      return { row: r.row, cells };
    }),
  };
}

