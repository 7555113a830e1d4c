/**
 * Three-way, field-aware merge of an editable document (DESIGN.md §2). The base is the state
 * the device last saw from the server (`assumedMasterState`):
 * - a field changed only on the device keeps the device's value;
 * - a field changed only on the server keeps the server's value;
 * - a field changed on both sides to different values follows the server, and is reported as a
 *   conflict so it can be logged where admins see it.
 * Fields are compared whole (top-level fields; an order's `lines` is one field).
 */
export type Fields = Readonly<Record<string, unknown>>;

export interface MergeResult {
  readonly merged: Record<string, unknown>;
  /** Fields both sides changed to different values (the server's value was kept). */
  readonly conflicts: string[];
}

const IGNORED = new Set(['_rev', '_meta', '_attachments']);

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

export function threeWayMerge(base: Fields | null, server: Fields, local: Fields): MergeResult {
  const merged: Record<string, unknown> = {};
  const conflicts: string[] = [];
  const keys = new Set([...Object.keys(server), ...Object.keys(local)]);
  for (const key of keys) {
    if (IGNORED.has(key)) continue;
    const b = base ? base[key] : undefined;
    const s = server[key];
    const l = local[key];
    const localChanged = base === null ? true : !same(b, l);
    const serverChanged = base === null ? true : !same(b, s);
    if (localChanged && !serverChanged) merged[key] = l;
    else if (serverChanged && !localChanged) merged[key] = s;
    else {
      // Both changed (or no base): equal values agree; otherwise the server wins and it is logged.
      merged[key] = s;
      if (!same(s, l) && key !== 'updated_at') conflicts.push(key);
    }
    if (merged[key] === undefined) delete merged[key];
  }
  // `updated_at` is the newest of both sides.
  if (typeof server.updated_at === 'number' || typeof local.updated_at === 'number') {
    merged.updated_at = Math.max(Number(server.updated_at ?? 0), Number(local.updated_at ?? 0));
  }
  return { merged, conflicts };
}
