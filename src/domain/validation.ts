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

/** Arrays whose elements have a name of their own («línea 2», «ruta 1», «pedido 3»). */
const ELEMENT_NAMES = {
  lines: 'domain.validation.path.line',
  stops: 'domain.validation.path.stop',
  routes: 'domain.validation.path.route',
  orders: 'domain.validation.path.order',
  order_ids: 'domain.validation.path.order',
} as const satisfies Record<string, DomainMessageKey>;

/** Reference fields named in words when the caller gives no label (never «route_id»). */
const FIELD_NAMES = {
  route_id: 'domain.validation.field.route',
  order_id: 'domain.validation.field.order',
  delivery_point_id: 'domain.validation.field.point',
  rider_id: 'domain.validation.field.rider',
  window_start: 'domain.validation.field.windowStart',
  window_end: 'domain.validation.field.windowEnd',
} as const satisfies Record<string, DomainMessageKey>;

/** Human name of the element `index` (0-based) of the array under `parentKey`. */
function elementName(parentKey: PropertyKey | undefined, index: number): string {
  const n = index + 1;
  const key = typeof parentKey === 'string' && Object.hasOwn(ELEMENT_NAMES, parentKey) ? ELEMENT_NAMES[parentKey as keyof typeof ELEMENT_NAMES] : 'domain.validation.path.element';
  return worded(msg(key, { n }));
}

/**
 * Human path of an issue (issue 28: never a dotted path or a raw field name): field names
 * through `labels` (by field name, at any depth), the references in words («ruta», «pedido»),
 * array positions 1-based — «línea N» under `lines`, «parada N» under `stops`, «ruta N» under
 * `routes`, «pedido N» under `orders`/`order_ids` (the word replaces the array's name),
 * «elemento N» elsewhere. A field with no words is left out (the message says what is wrong).
 * Parts are joined with « › »; '' for the root.
 *
 * `['lines', 0, 'quantity']` with `{ quantity: 'Cantidad' }` → «línea 1 › Cantidad»;
 * `['routes', 1, 'stops', 1, 'order_ids', 0]` → «ruta 2 › parada 2 › pedido 1».
 */
export function humanPath(path: readonly PropertyKey[], labels: Readonly<Record<string, string>> = {}): string {
  const parts: string[] = [];
  path.forEach((seg, i) => {
    const next = path[i + 1];
    if (typeof seg === 'number') {
      parts.push(elementName(path[i - 1], seg));
      return;
    }
    const key = String(seg);
    if (Object.hasOwn(ELEMENT_NAMES, key) && typeof next === 'number') return; // named by the element
    if (Object.hasOwn(labels, key)) parts.push(labels[key] ?? key);
    else if (Object.hasOwn(FIELD_NAMES, key)) parts.push(worded(msg(FIELD_NAMES[key as keyof typeof FIELD_NAMES])));
  });
  return parts.join(' › ');
}

/**
 * Field names as a person reads them (issue 28: a refusal never lists «name» or «route_id»): the
 * references in words, every other field counted once as «otros datos»; joined with «, ».
 */
export function fieldNames(fields: readonly string[]): string {
  const words: string[] = [];
  let other = false;
  for (const f of fields) {
    if (Object.hasOwn(FIELD_NAMES, f)) words.push(worded(msg(FIELD_NAMES[f as keyof typeof FIELD_NAMES])));
    else other = true;
  }
  if (other) words.push(worded(msg('domain.validation.field.other')));
  return [...new Set(words)].join(', ');
}

/** `humanPath` of a dotted path as `FieldError` keeps it (`routes.1.stops.0`). */
export function humanPathOf(dotted: string, labels: Readonly<Record<string, string>> = {}): string {
  if (dotted === '') return '';
  return humanPath(
    dotted.split('.').map((seg) => (/^\d+$/.test(seg) ? Number(seg) : seg)),
    labels,
  );
}

/** A `FieldError` as a person reads it: «where: what», or the message alone. */
export function fieldErrorText(e: FieldError, labels: Readonly<Record<string, string>> = {}): string {
  const where = humanPathOf(e.path, labels);
  return where === '' ? e.message : `${where}: ${e.message}`;
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
