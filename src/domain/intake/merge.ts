/**
 * The rows of one order merged into the order's fields, as the order fields table says
 * (orderFields.ts, `merge`): plan.ts then builds the order from them.
 */
import type { IntakeField } from './fields';
import type { IntakeIssue } from './issues';
import { issueAt, type Line } from './lines';
import { READ_ROWS, type ReadAs, type Window } from './orderFields';

const sameWindow = (a: Window, b: Window): boolean => a.start === b.start && a.end === b.end;

/** How a value of the order fields table compares and reads in a conflict. */
function sameValue(how: ReadAs, a: unknown, b: unknown): boolean {
  return how.kind === 'window' ? sameWindow(a as Window, b as Window) : a === b;
}
function shownValue(how: ReadAs, v: unknown): string {
  if (how.kind === 'window') {
    const w = v as Window;
    return `${w.start}-${w.end}`;
  }
  return String(v);
}

/** Notes longer than this are cut (the order's `notes` holds 500 characters). */
export const NOTES_MAX = 500;

/** Distinct non-empty values, in order, joined with « · », cut to `max`. */
export function joinValues(values: readonly string[], max: number): string {
  return values.filter((v, i) => v !== '' && values.indexOf(v) === i).join(' · ').slice(0, max);
}

export function conflictAt(issues: IntakeIssue[], l: Line, first: Line, ref: string, field: IntakeField, value: string, other: string): void {
  issues.push(issueAt(l.rec, field, 'order_conflict', { ref, value, other, otherRow: first.rec.row }));
}

/**
 * The rows of one order merged field by field (READ_ROWS of the order fields table): `agree` —
 * the first row that carries a value gives it, a later row with another is an `order_conflict`
 * on that row's column; `join` — every row's value. `notes` also returns the joined field's
 * values one by one (plan flags an order left without rows there).
 */
export function mergeRows(lines: readonly Line[], ref: string, issues: IntakeIssue[]): { values: Record<string, unknown>; notes: string[] } {
  const values: Record<string, unknown> = {};
  const joined = new Map<string, string[]>();
  const first = lines[0] as Line;
  for (const l of lines) {
    for (const row of READ_ROWS) {
      const v = l.values[row.field];
      if (v === undefined) continue;
      const how = row.read as ReadAs;
      if (row.merge === 'join') {
        joined.set(row.field, [...(joined.get(row.field) ?? []), String(v)]);
        continue;
      }
      if (v === '') continue;
      const had = values[row.field];
      if (had === undefined) values[row.field] = v;
      else if (!sameValue(how, v, had)) {
        const columns = Object.keys(row.columns) as IntakeField[];
        const column = columns.find((c) => Boolean(l.rec.columns[c])) ?? (columns[0] as IntakeField);
        conflictAt(issues, l, first, ref, column, shownValue(how, v), shownValue(how, had));
      }
    }
  }
  for (const row of READ_ROWS) {
    const parts = joined.get(row.field);
    if (parts) values[row.field] = joinValues(parts, row.read?.kind === 'text' ? row.read.max : NOTES_MAX);
  }
  return { values, notes: joined.get('notes') ?? [] };
}
