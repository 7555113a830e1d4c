/**
 * One API request through the intake: the body checked against its client's schema (types,
 * presence, unknown fields: every problem listed), then mapped onto records and planned by
 * `planIntake` in all-or-nothing mode (dates in the past, unknown products, quantities, points:
 * every problem listed, each at its JSON path). Pure: the server (or a cloud function) loads the
 * intake index and applies the plan in one transaction.
 */
import type { z } from 'zod';
import type { IntakeIndex } from '../intake/context';
import type { IntakeIssue, IssueVars } from '../intake/issues';
import { planIntake, type IntakePlan } from '../intake/plan';
import type { OrderApiClient } from './shapes';

/** A problem of the body's shape, at a JSON path (`lineas[1].cantidad`). */
export interface ShapeProblem {
  readonly path: string;
  /** Line of the order (1 = first) when the problem is inside one, else null. */
  readonly line: number | null;
  readonly code: 'required' | 'type' | 'too_short' | 'too_long' | 'too_few' | 'too_many' | 'format' | 'enum' | 'unknown_field' | 'invalid';
  readonly vars: IssueVars;
}

/** `['lineas', 1, 'cantidad']` → `lineas[1].cantidad`. */
export function jsonPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out === '' ? String(p) : `.${String(p)}`;
  }
  return out;
}

/** Line number (from 1) of a path inside the lines array (`lineas`, `items`). */
function lineOf(path: readonly PropertyKey[], linesKey: string): number | null {
  return path[0] === linesKey && typeof path[1] === 'number' ? path[1] + 1 : null;
}

/** The value of `body` at `path` (undefined when it is not there). */
function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = body;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = Object.hasOwn(v, p) ? (v as Record<PropertyKey, unknown>)[p] : undefined;
  }
  return v;
}

/** Names of JSON types as the API documents them. */
function typeName(expected: unknown): string {
  switch (expected) {
    case 'string':
      return 'text';
    case 'number':
    case 'int':
      return 'number';
    case 'object':
      return 'object';
    case 'array':
      return 'array';
    default:
      return String(expected);
  }
}

function received(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'string') return 'text';
  return typeof input;
}

/** The zod issues of a body as shape problems (Spanish words come from the catalogue: src/i18n/orderApi.ts). */
export function shapeProblems(issues: readonly z.core.$ZodIssue[], linesKey: string, body: unknown): ShapeProblem[] {
  const out: ShapeProblem[] = [];
  for (const i of issues) {
    const base = { path: jsonPath(i.path), line: lineOf(i.path, linesKey) };
    switch (i.code) {
      case 'invalid_type': {
        const input = valueAt(body, i.path);
        if (input === undefined) out.push({ ...base, code: 'required', vars: { expected: typeName(i.expected) } });
        else out.push({ ...base, code: 'type', vars: { expected: typeName(i.expected), received: received(input) } });
        break;
      }
      case 'too_small':
        out.push({ ...base, code: i.origin === 'array' ? 'too_few' : 'too_short', vars: { min: Number(i.minimum) } });
        break;
      case 'too_big':
        out.push({ ...base, code: i.origin === 'array' ? 'too_many' : 'too_long', vars: { max: Number(i.maximum) } });
        break;
      case 'invalid_format':
        out.push({ ...base, code: 'format', vars: { format: i.format === 'regex' && i.pattern?.includes(':') ? 'time' : i.pattern?.includes('-') ? 'date' : i.format } });
        break;
      case 'invalid_value':
        out.push({ ...base, code: 'enum', vars: { values: i.values.map(String).join(', ') } });
        break;
      case 'unrecognized_keys':
        for (const k of i.keys) out.push({ path: jsonPath([...i.path, k]), line: base.line, code: 'unknown_field', vars: {} });
        break;
      default:
        out.push({ ...base, code: 'invalid', vars: {} });
    }
  }
  return out;
}

export type CheckedRequest =
  | { readonly ok: false; readonly problems: readonly ShapeProblem[] }
  | { readonly ok: true; readonly body: unknown; readonly ref: string };

/** The body checked against the client's schema. */
export function checkBody(client: OrderApiClient, body: unknown): CheckedRequest {
  const parsed = client.schema.safeParse(body);
  if (!parsed.success) {
    const linesKey = client.key === 'pascual' ? 'lineas' : 'items';
    return { ok: false, problems: shapeProblems(parsed.error.issues, linesKey, body) };
  }
  return { ok: true, body: parsed.data, ref: client.refOf(parsed.data) };
}

export interface ApiPlanOptions {
  readonly clientId: string;
  /** Madrid's calendar day, `YYYY-MM-DD`. */
  readonly today: string;
  readonly now: number;
}

/** The intake plan of a valid body: all or nothing, the key's client for every line. */
export function planApiOrder(client: OrderApiClient, body: unknown, index: IntakeIndex, opts: ApiPlanOptions): IntakePlan {
  return planIntake(client.toRecords(body), index, { mode: 'all-or-nothing', today: opts.today, now: opts.now, defaultClientId: opts.clientId });
}

/** An intake issue of an API request, placed at its JSON path. */
export interface PlacedIssue {
  /** JSON path of the field ('' for the order as a whole). */
  readonly path: string;
  /** Line of the order (1 = first) for a problem of one line, else null. */
  readonly line: number | null;
  readonly issue: IntakeIssue;
}

/**
 * The issues of an API plan, each once: every line record carries the order's fields, so a
 * problem of an order-level field (a date in the past) is reported on each line by the intake;
 * here it is listed once, without a line. «Another line has errors» adds nothing to a list that
 * names those errors, and is left out.
 */
export function placeIssues(issues: readonly IntakeIssue[]): PlacedIssue[] {
  const out: PlacedIssue[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    if (issue.code === 'order_has_errors') continue;
    const inLine = /\[\d+\]/.test(issue.column);
    const line = inLine ? issue.row : null;
    const key = `${issue.column}|${issue.code}|${inLine ? issue.row : ''}|${JSON.stringify(issue.vars)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ path: issue.column, line, issue });
  }
  return out;
}
