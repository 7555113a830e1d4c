/**
 * Database query rules (specification, section 5), checked before a query reaches the local
 * database or Firestore, and the translation of a valid query into an RxDB (Mango) selector.
 *
 * The specification's rules:
 * 1. field names are non-empty;
 * 2. field paths contain none of ~ * / [ ];
 * 3. `in` and `not-in` need a non-empty array;
 * 4. all inequality filters (<, <=, >, >=, !=, not-in) are on one field.
 *
 * Ours, because a field path is dotted and becomes a key of a Mango selector: no empty segment
 * («a..b», «.a», «a.»), no segment starting with «$» (it would read as an operator), and every
 * filter needs a known operator and a value (`undefined` is not a value). `orderBy` entries need a
 * valid field path and a direction `asc` or `desc`.
 */

export const FILTER_OPS = ['==', '!=', '<', '<=', '>', '>=', 'in', 'not-in', 'array-contains'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export interface QueryFilter {
  /** Dotted field path, e.g. `hub` or `lines.product_id`. */
  readonly field: string;
  readonly op: FilterOp;
  readonly value: unknown;
}

export interface QueryOrder {
  readonly field: string;
  readonly direction: 'asc' | 'desc';
}

/** Operators that are inequalities (rule 4). */
export const INEQUALITY_OPS: readonly FilterOp[] = ['<', '<=', '>', '>=', '!=', 'not-in'];

const FORBIDDEN_CHARS = /[~*/[\]]/;

/** Problems of a field path (Spanish, without location), or [] when it is valid. */
function fieldPathProblems(field: unknown): string[] {
  if (typeof field !== 'string' || field.trim() === '') return ['el nombre del campo está vacío'];
  const problems: string[] = [];
  if (FORBIDDEN_CHARS.test(field)) problems.push(`el campo «${field}» contiene caracteres no permitidos (~ * / [ ])`);
  const segments = field.split('.');
  if (segments.some((s) => s === '')) problems.push(`el campo «${field}» tiene un tramo vacío entre puntos`);
  if (segments.some((s) => s.startsWith('$'))) problems.push(`el campo «${field}» no puede empezar por «$» en ningún tramo`);
  return problems;
}

function describeFilter(f: QueryFilter, i: number): string {
  return typeof f.field === 'string' && f.field.trim() !== '' ? `Filtro ${i + 1} (campo «${f.field}»)` : `Filtro ${i + 1}`;
}

/**
 * Checks a query against the rules above. Returns Spanish messages saying what is wrong and
 * where (which filter or ordering, which field); an empty list means the query is valid.
 */
export function checkQuery(filters: readonly QueryFilter[], orderBy: readonly QueryOrder[] = []): string[] {
  const errors: string[] = [];
  filters.forEach((f, i) => {
    const where = describeFilter(f, i);
    for (const p of fieldPathProblems(f.field)) errors.push(`${where}: ${p}`);
    if (!(FILTER_OPS as readonly string[]).includes(f.op)) {
      errors.push(`${where}: operador desconocido «${String(f.op)}» (se admite ${FILTER_OPS.join(', ')})`);
      return;
    }
    if (f.op === 'in' || f.op === 'not-in') {
      if (!Array.isArray(f.value) || f.value.length === 0) {
        errors.push(`${where}: el operador «${f.op}» necesita una lista de valores no vacía`);
      }
    } else if (f.value === undefined) {
      errors.push(`${where}: falta el valor con el que comparar`);
    }
  });

  const inequalityFields = [
    ...new Set(filters.filter((f) => INEQUALITY_OPS.includes(f.op) && typeof f.field === 'string').map((f) => f.field)),
  ];
  if (inequalityFields.length > 1) {
    errors.push(
      `Los filtros de desigualdad (<, <=, >, >=, !=, not-in) deben ir todos sobre un mismo campo; ahora van sobre ${inequalityFields
        .map((f) => `«${f}»`)
        .join(', ')}`,
    );
  }

  orderBy.forEach((o, i) => {
    const where = typeof o.field === 'string' && o.field.trim() !== '' ? `Orden ${i + 1} (campo «${o.field}»)` : `Orden ${i + 1}`;
    for (const p of fieldPathProblems(o.field)) errors.push(`${where}: ${p}`);
    if (o.direction !== 'asc' && o.direction !== 'desc') {
      errors.push(`${where}: la dirección debe ser «asc» o «desc» (no «${String(o.direction)}»)`);
    }
  });
  return errors;
}

/** The condition on one field of a Mango selector. */
export interface MangoCondition {
  $eq?: unknown;
  $ne?: unknown;
  $lt?: unknown;
  $lte?: unknown;
  $gt?: unknown;
  $gte?: unknown;
  $in?: unknown[];
  $nin?: unknown[];
  $elemMatch?: { $eq: unknown };
}
export type MangoFieldSelector = Record<string, MangoCondition>;
/** A selector: conditions per field, or `$and` of such selectors (see `toMangoSelector`). */
export type MangoSelector = MangoFieldSelector | { $and: MangoFieldSelector[] };

function conditionOf(f: QueryFilter): MangoCondition {
  switch (f.op) {
    case '==':
      return { $eq: f.value };
    case '!=':
      return { $ne: f.value };
    case '<':
      return { $lt: f.value };
    case '<=':
      return { $lte: f.value };
    case '>':
      return { $gt: f.value };
    case '>=':
      return { $gte: f.value };
    case 'in':
      return { $in: [...(f.value as unknown[])] };
    case 'not-in':
      return { $nin: [...(f.value as unknown[])] };
    case 'array-contains':
      return { $elemMatch: { $eq: f.value } };
  }
}

/**
 * The RxDB/Mango selector of a valid filter list: one key per dotted field path, with that
 * field's conditions together (`hub >= 1` and `hub <= 5` → `{ hub: { $gte: 1, $lte: 5 } }`).
 * When one field has the same operator twice (two `array-contains`, say), the filters are
 * combined with `$and` instead, so no condition is lost. An empty list selects everything (`{}`).
 * Throws an `Error` with the Spanish problems of `checkQuery`, joined, when the query is invalid.
 */
export function toMangoSelector(filters: readonly QueryFilter[]): MangoSelector {
  const errors = checkQuery(filters);
  if (errors.length > 0) throw new Error(`Consulta no válida: ${errors.join('; ')}`);
  const byField = new Map<string, MangoCondition>();
  let clash = false;
  for (const f of filters) {
    const cond = conditionOf(f);
    const current = byField.get(f.field) ?? {};
    if (Object.keys(cond).some((k) => k in current)) clash = true;
    byField.set(f.field, { ...current, ...cond });
  }
  if (clash) return { $and: filters.map((f) => Object.fromEntries([[f.field, conditionOf(f)]]) as MangoFieldSelector) };
  // Object.fromEntries defines own properties, so a field named like «__proto__» stays a key.
  return Object.fromEntries(byField) as MangoFieldSelector;
}
