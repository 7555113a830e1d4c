/**
 * Validation results for people: Spanish messages that say what is wrong and where.
 *
 * The entity schemas carry Spanish messages on most fields. For checks that have none (a bare
 * `z.boolean()`, `z.enum(...)`, `z.int().max(100)`…) zod would answer in English, so
 * `validateDoc` parses with `spanishErrorMap`, a Spanish fallback that applies only where the
 * schema has no message of its own.
 */
import type { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'un texto',
  number: 'un número',
  int: 'un número entero',
  boolean: 'sí o no (verdadero/falso)',
  array: 'una lista',
  object: 'un objeto',
  tuple: 'una lista',
  date: 'una fecha',
  bigint: 'un número entero',
  null: 'nulo',
  literal: 'un valor fijo',
};

function show(v: unknown): string {
  return typeof v === 'string' ? `«${v}»` : String(v);
}

function sizeMessage(origin: string, limit: number | bigint, inclusive: boolean | undefined, small: boolean): string {
  const n = Number(limit);
  if (origin === 'string') {
    if (small && n === 1) return 'No puede estar vacío';
    const unit = n === 1 ? 'carácter' : 'caracteres';
    return small ? `Como mínimo ${n} ${unit}` : `Como máximo ${n} ${unit}`;
  }
  if (origin === 'array' || origin === 'set') {
    if (small && n === 1) return 'Necesita al menos un elemento';
    const unit = n === 1 ? 'elemento' : 'elementos';
    return small ? `Como mínimo ${n} ${unit}` : `Como máximo ${n} ${unit}`;
  }
  if (small) return inclusive === false ? `Debe ser mayor que ${n}` : `Debe ser como mínimo ${n}`;
  return inclusive === false ? `Debe ser menor que ${n}` : `Debe ser como máximo ${n}`;
}

/**
 * Spanish fallback messages for zod issues (pass it as `{ error: spanishErrorMap }` to
 * `safeParse`). Messages written in a schema take precedence over these.
 */
export function spanishErrorMap(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'Es obligatorio';
      return `Debe ser ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    }
    case 'invalid_value':
      if (issue.values.length === 1) return `Debe ser ${show(issue.values[0])}`;
      if (issue.input === undefined) return `Es obligatorio; debe ser uno de: ${issue.values.map(show).join(', ')}`;
      return `Valor no permitido (${show(issue.input)}); debe ser uno de: ${issue.values.map(show).join(', ')}`;
    case 'too_small':
      return sizeMessage(issue.origin, issue.minimum, issue.inclusive, true);
    case 'too_big':
      return sizeMessage(issue.origin, issue.maximum, issue.inclusive, false);
    case 'invalid_format':
      if (issue.format === 'email') return 'Correo electrónico no válido';
      if (issue.format === 'url') return 'URL no válida';
      return 'Formato no válido';
    case 'not_multiple_of':
      return `Debe ser múltiplo de ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `Campo${issue.keys.length > 1 ? 's' : ''} no permitido${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    case 'invalid_union': {
      if (typeof issue.discriminator === 'string') {
        // The input is the whole object; its discriminator field is what is wrong.
        const input = issue.input;
        const value = typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[issue.discriminator] : undefined;
        const options = 'options' in issue && Array.isArray(issue.options) ? `; debe ser uno de: ${issue.options.map(show).join(', ')}` : '';
        return `${value === undefined ? 'Falta el tipo' : `Tipo no permitido (${show(value)})`}${options}`;
      }
      // `isoDate().or(z.literal(''))` and the like: the first alternative says what was meant.
      const first = issue.errors[0]?.[0]?.message;
      return first ?? 'Valor no válido';
    }
    default:
      return 'Valor no válido';
  }
}

/** Human name of the element `index` (0-based) of the array under `parentKey`. */
function elementName(parentKey: PropertyKey | undefined, index: number): string {
  if (parentKey === 'lines') return `línea ${index + 1}`;
  if (parentKey === 'stops') return `parada ${index + 1}`;
  return `elemento ${index + 1}`;
}

/**
 * Human path of an issue: field names through `labels` (by field name, at any depth), array
 * positions 1-based — «línea N» under `lines`, «parada N» under `stops` (the word replaces the
 * array's name), «elemento N» elsewhere (after the array's name). Parts are joined with « › »;
 * '' for the root.
 *
 * `['lines', 0, 'quantity']` with `{ quantity: 'Cantidad' }` → «línea 1 › Cantidad».
 */
export function humanPath(path: readonly PropertyKey[], labels: Readonly<Record<string, string>> = {}): string {
  const parts: string[] = [];
  path.forEach((seg, i) => {
    const next = path[i + 1];
    if (typeof seg === 'number') {
      parts.push(elementName(path[i - 1], seg));
      return;
    }
    if ((seg === 'lines' || seg === 'stops') && typeof next === 'number') return; // named by the element
    const key = String(seg);
    parts.push(Object.hasOwn(labels, key) ? (labels[key] ?? key) : key);
  });
  return parts.join(' › ');
}

/**
 * The issues of a zod error as Spanish lines «where: what» («línea 1 › Cantidad: La cantidad
 * mínima es 1»); an issue at the root is only its message.
 */
export function formatIssues(error: z.ZodError, labels: Readonly<Record<string, string>> = {}): string[] {
  return error.issues.map((issue) => {
    const where = humanPath(issue.path, labels);
    return where === '' ? issue.message : `${where}: ${issue.message}`;
  });
}

export interface FieldError {
  /** Dotted path of the field (`lines.0.quantity`); '' for the document itself. */
  readonly path: string;
  readonly message: string;
}

export type ValidationResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly errors: FieldError[] };

/** Parses `value` with `schema` (Spanish fallback messages); never throws on invalid input. */
export function validateDoc<S extends z.ZodType>(schema: S, value: unknown): ValidationResult<z.output<S>> {
  const result = schema.safeParse(value, { error: spanishErrorMap });
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    errors: result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  };
}
