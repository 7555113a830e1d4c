/**
 * Validation results for people: messages that say what is wrong and where, in the interface's
 * language (keys `domain.validation.*` of the catalogue, worded when a value is parsed).
 *
 * The entity schemas carry messages on most fields. For checks that have none (a bare
 * `z.boolean()`, `z.enum(...)`, `z.int().max(100)`…) zod would answer in its own English, so
 * `validateDoc` parses with `spanishErrorMap`, a fallback that applies only where the schema has
 * no message of its own (Spanish by default; English when the interface is).
 */
import type { z } from 'zod';
import { msg, worded, type DomainMessage, type DomainMessageKey } from './messages';

type Issue = z.core.$ZodRawIssue;

/** The type names the catalogue has (`domain.validation.type.*`). */
const TYPE_NAMES = new Set(['string', 'number', 'int', 'boolean', 'array', 'object', 'tuple', 'date', 'bigint', 'null', 'literal']);

function typeName(expected: string): DomainMessage | string {
  return TYPE_NAMES.has(expected) ? msg(`domain.validation.type.${expected}` as DomainMessageKey) : expected;
}

/** A value as a message shows it: a text in quotes, anything else as it is. */
function show(v: unknown): string {
  return typeof v === 'string' ? worded(msg('domain.validation.quoted', { value: v })) : String(v);
}

const showAll = (values: readonly unknown[]): string => values.map(show).join(', ');

function sizeMessage(origin: string, limit: number | bigint, inclusive: boolean | undefined, small: boolean): DomainMessage {
  const n = Number(limit);
  if (origin === 'string') {
    if (small && n === 1) return msg('domain.validation.empty');
    if (small) return msg('domain.validation.minChars', { n });
    return msg(n === 1 ? 'domain.validation.maxChar' : 'domain.validation.maxChars', { n });
  }
  if (origin === 'array' || origin === 'set') {
    if (small && n === 1) return msg('domain.validation.minItem');
    if (small) return msg('domain.validation.minItems', { n });
    return msg(n === 1 ? 'domain.validation.maxItem' : 'domain.validation.maxItems', { n });
  }
  if (small) return msg(inclusive === false ? 'domain.validation.above' : 'domain.validation.atLeast', { n });
  return msg(inclusive === false ? 'domain.validation.below' : 'domain.validation.atMost', { n });
}

/**
 * Fallback messages for zod issues (pass it as `{ error: spanishErrorMap }` to `safeParse`),
 * worded in the interface's language (Spanish by default). Messages written in a schema take
 * precedence over these.
 */
export function spanishErrorMap(issue: Issue): string {
  const message = fallbackMessage(issue);
  return typeof message === 'string' ? message : worded(message);
}

/** The message of an issue, or the words an alternative already gave it. */
function fallbackMessage(issue: Issue): DomainMessage | string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return msg('domain.validation.required');
      return msg('domain.validation.mustBe', { type: typeName(issue.expected) });
    }
    case 'invalid_value':
      if (issue.values.length === 1) return msg('domain.validation.mustBeValue', { value: show(issue.values[0]) });
      if (issue.input === undefined) return msg('domain.validation.requiredOneOf', { values: showAll(issue.values) });
      return msg('domain.validation.notAllowed', { value: show(issue.input), values: showAll(issue.values) });
    case 'too_small':
      return sizeMessage(issue.origin, issue.minimum, issue.inclusive, true);
    case 'too_big':
      return sizeMessage(issue.origin, issue.maximum, issue.inclusive, false);
    case 'invalid_format':
      if (issue.format === 'email') return msg('domain.validation.email');
      if (issue.format === 'url') return msg('domain.validation.url');
      return msg('domain.validation.format');
    case 'not_multiple_of':
      return msg('domain.validation.multipleOf', { n: String(issue.divisor) });
    case 'unrecognized_keys':
      return msg(issue.keys.length > 1 ? 'domain.validation.unknownFields' : 'domain.validation.unknownField', { fields: issue.keys.join(', ') });
    case 'invalid_union': {
      if (typeof issue.discriminator === 'string') {
        // The input is the whole object; its discriminator field is what is wrong.
        const input = issue.input;
        const value = typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[issue.discriminator] : undefined;
        const options = 'options' in issue && Array.isArray(issue.options) ? showAll(issue.options) : null;
        if (value === undefined) return options === null ? msg('domain.validation.kindMissing') : msg('domain.validation.kindMissingOneOf', { values: options });
        return options === null ? msg('domain.validation.kindNotAllowed', { value: show(value) }) : msg('domain.validation.kindNotAllowedOneOf', { value: show(value), values: options });
      }
      // `isoDate().or(z.literal(''))` and the like: the first alternative says what was meant.
      const first = issue.errors[0]?.[0]?.message;
      return first ?? msg('domain.validation.invalid');
    }
    default:
      return msg('domain.validation.invalid');
  }
}

/** Human name of the element `index` (0-based) of the array under `parentKey`. */
function elementName(parentKey: PropertyKey | undefined, index: number): string {
  const n = index + 1;
  if (parentKey === 'lines') return worded(msg('domain.validation.path.line', { n }));
  if (parentKey === 'stops') return worded(msg('domain.validation.path.stop', { n }));
  return worded(msg('domain.validation.path.element', { n }));
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
 * The issues of a zod error as lines «where: what» («línea 1 › Cantidad: La cantidad
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

/** Parses `value` with `schema` (fallback messages in the interface's language); never throws on invalid input. */
export function validateDoc<S extends z.ZodType>(schema: S, value: unknown): ValidationResult<z.output<S>> {
  const result = schema.safeParse(value, { error: spanishErrorMap });
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    errors: result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  };
}
