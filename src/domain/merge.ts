/**
 * Three-way, field-aware merge of an editable document (docs/architecture.md §2). The base is the state
 * the device last saw from the server (`assumedMasterState`):
 * - a field changed only on the device keeps the device's value;
 * - a field changed only on the server keeps the server's value;
 * - a status field that follows a state machine (src/domain/status/fields.ts) and changed on
 *   both sides takes the LATER status, whoever wrote it: the one reachable from the other
 *   («Cargada» → «En reparto», «En reparto» → «Entregado»); its admin label (`status_id`) comes
 *   from the same side, so the pair stays consistent;
 * - any other field changed on both sides to different values, and a status the machine cannot
 *   order, follows the server and is reported as a conflict so it can be logged where admins
 *   see it;
 * - a server value the same device wrote in a push whose answer it never got (`ownStates`) is
 *   no change of someone else's: it is that field's base.
 * Fields are compared whole (top-level fields; an order's `lines` is one field). Pure: the
 * server merges with it and the tests prove it with properties.
 */
import { laterStatus } from './status/machines';
import type { StatusField } from './status/fields';
import { DEVICE_FIELDS } from './sync/fields';

export type Fields = Readonly<Record<string, unknown>>;

export interface MergeOptions {
  /** Fields that follow a state machine (`statusFieldsOf(collection)`). */
  readonly statusFields?: readonly StatusField[];
  /**
   * States the same device pushed earlier and never heard back about. A server value equal to
   * the device's own value in one of them is the device's own write, not another person's: it is
   * that field's base (the device's later value wins it).
   */
  readonly ownStates?: readonly Fields[];
}

export interface MergeResult {
  readonly merged: Record<string, unknown>;
  /** Fields both sides changed to different values that the server kept (log them). */
  readonly conflicts: string[];
  /** Status fields both sides changed that the machine settled (the later status won). */
  readonly byMachine: string[];
}

const IGNORED = new Set<string>(DEVICE_FIELDS);

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

type Side = 'server' | 'local';

export function threeWayMerge(base: Fields | null, server: Fields, local: Fields, opts: MergeOptions = {}): MergeResult {
  const merged: Record<string, unknown> = {};
  const conflicts: string[] = [];
  const byMachine: string[] = [];
  const own = opts.ownStates ?? [];
  // The base of each field: the device's assumed state, or the server's value when that value is
  // one the device itself wrote in an unanswered push.
  const baseOf = (key: string): unknown => {
    if (base === null) return undefined;
    const s = server[key];
    if (!same(base[key], s) && own.some((o) => key in o && same(o[key], s))) return s;
    return base[key];
  };
  const changed = (key: string, side: Fields) => base === null || !same(baseOf(key), side[key]);

  // Status fields (and their labels) first: which side each one comes from.
  const decided = new Map<string, Side>();
  for (const rule of opts.statusFields ?? []) {
    const s = server[rule.field];
    const l = local[rule.field];
    const serverChanged = changed(rule.field, server);
    const localChanged = changed(rule.field, local);
    let side: Side | null = null;
    if (localChanged && serverChanged && !same(s, l)) {
      const b = baseOf(rule.field);
      const later = typeof s === 'string' && typeof l === 'string' ? laterStatus(rule.machine, typeof b === 'string' ? b : undefined, s, l) : null;
      if (later === null) {
        side = 'server';
        conflicts.push(rule.field);
      } else {
        side = later === l ? 'local' : 'server';
        byMachine.push(rule.field);
      }
    } else if (localChanged !== serverChanged) {
      side = localChanged ? 'local' : 'server';
    }
    if (side === null) continue;
    decided.set(rule.field, side);
    if (rule.label) decided.set(rule.label, side);
  }

  const keys = new Set([...Object.keys(server), ...Object.keys(local)]);
  for (const key of keys) {
    if (IGNORED.has(key)) continue;
    const s = server[key];
    const l = local[key];
    const side = decided.get(key);
    if (side) merged[key] = side === 'local' ? l : s;
    else {
      const localChanged = changed(key, local);
      const serverChanged = changed(key, server);
      if (localChanged && !serverChanged) merged[key] = l;
      else if (serverChanged && !localChanged) merged[key] = s;
      else {
        // Both changed (or no base): equal values agree; otherwise the server wins and it is logged.
        merged[key] = s;
        if (!same(s, l) && key !== 'updated_at') conflicts.push(key);
      }
    }
    if (merged[key] === undefined) delete merged[key];
  }
  // `updated_at` is the newest of both sides.
  if (typeof server.updated_at === 'number' || typeof local.updated_at === 'number') {
    merged.updated_at = Math.max(Number(server.updated_at ?? 0), Number(local.updated_at ?? 0));
  }
  return { merged, conflicts, byMachine };
}

/** Fields that never count as something a person changed. */
const NOT_SHOWN = new Set(['_rev', '_meta', '_attachments', '_deleted', 'updated_at']);

/**
 * The device's changes the server's answer did not keep: fields the device changed from its base
 * whose value in the answer is not the device's. These change what the person saw on the
 * screen, so the app tells him (the sync badge and the affected screen).
 */
export function overriddenFields(base: Fields | null, mine: Fields, answer: Fields): string[] {
  const keys = new Set([...Object.keys(mine), ...Object.keys(answer)]);
  return [...keys].filter((k) => !NOT_SHOWN.has(k) && (base === null || !same(base[k], mine[k])) && !same(mine[k], answer[k])).sort();
}
