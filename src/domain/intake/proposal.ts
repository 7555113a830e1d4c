/**
 * Why each column is proposed as the field it is (issue 28): by its header, remembered from an
 * earlier import, or by its values. The header alone misleads: a shop's «Cliente» column often
 * holds the customer code of the delivery point (CLI01741), not the client company. So the
 * values of a column headed as the client, or not recognised, are looked up among the clients
 * and among the delivery points' references, and the column is proposed as what most of its
 * values are — saying how many matched and an example.
 */
import type { IntakeIndex } from './context';
import { normaliseText, type IntakeField } from './fields';
import type { ColumnMapping, IntakeTable } from './mapping';
import { cellText, isBlank } from './values';

export type ColumnReason =
  | { readonly code: 'header' }
  | { readonly code: 'remembered' }
  | { readonly code: 'values_points' | 'values_clients'; readonly matched: number; readonly sampled: number; readonly example: string };

export interface MappingProposal {
  readonly mapping: ColumnMapping;
  /** Why each column has its field (null: not used, no reason). */
  readonly reasons: readonly (ColumnReason | null)[];
}

/** Distinct values looked at per column. */
const SAMPLE = 200;

/** Every point reference of any client, lower case, with and without its owner's prefix. */
function pointRefs(index: Pick<IntakeIndex, 'pointsByRef'>): Set<string> {
  const refs = new Set<string>();
  for (const key of index.pointsByRef.keys()) {
    const bar = key.indexOf('|');
    refs.add(key.slice(bar + 1));
    refs.add(`${key.slice(0, bar)}-${key.slice(bar + 1)}`);
  }
  return refs;
}

function distinctValues(table: Pick<IntakeTable, 'rows'>, column: number): string[] {
  const seen = new Set<string>();
  for (const r of table.rows) {
    const c = r.cells[column] ?? null;
    if (isBlank(c)) continue;
    seen.add(cellText(c).trim());
    if (seen.size >= SAMPLE) break;
  }
  return [...seen];
}

/**
 * The mapping to propose for a table whose headers gave `byHeader`: a column headed as the
 * client (or not recognised) whose values are mostly delivery point references, and not
 * clients, becomes the point's code (when no other column is); a column not recognised whose
 * values are mostly clients becomes the client (when no other column is).
 */
export function proposeMapping(table: Pick<IntakeTable, 'rows'>, byHeader: ColumnMapping, index: Pick<IntakeIndex, 'pointsByRef' | 'clientByAlias'>): MappingProposal {
  const fields = [...byHeader.fields];
  const reasons: (ColumnReason | null)[] = fields.map((f) => (f === null ? null : { code: 'header' }));
  let refs: Set<string> | null = null;
  fields.forEach((field, i) => {
    if (field !== 'client' && field !== null) return;
    const values = distinctValues(table, i);
    if (values.length === 0) return;
    refs ??= pointRefs(index);
    const asPoint = values.filter((v) => (refs as Set<string>).has(v.toLowerCase()));
    const asClient = values.filter((v) => index.clientByAlias.has(normaliseText(v)));
    const half = values.length / 2;
    const taken = (f: IntakeField): boolean => fields.some((g, j) => j !== i && g === f);
    if (asPoint.length > asClient.length && asPoint.length >= half && !taken('point_ref')) {
      fields[i] = 'point_ref';
      reasons[i] = { code: 'values_points', matched: asPoint.length, sampled: values.length, example: asPoint[0] ?? '' };
    } else if (field === null && asClient.length > asPoint.length && asClient.length >= half && !taken('client')) {
      fields[i] = 'client';
      reasons[i] = { code: 'values_clients', matched: asClient.length, sampled: values.length, example: asClient[0] ?? '' };
    }
  });
  return { mapping: { fields }, reasons };
}
