/**
 * Rules of delivery points (specification, sections 3, 4, 5 and 9).
 *
 * - `ref_providers` entries read «provider-rest»: the provider id is the part before the first
 *   dash; `client_providers` entries read «provider-client»: the client id is the part after the
 *   first dash.
 * - Changing a point's hub needs an id and a numeric hub; otherwise nothing happens. A hub
 *   change also stamps `updated_at` with the current time.
 * - The local cache keeps every point; a live subscription brings only points whose
 *   `updated_at` is greater than the newest cached one, and merges them by id.
 */
import { DomainError, msg } from './messages';

/** Provider id of a `ref_providers` entry: the part before the first dash (all of it if none). */
export function providerIdOf(ref: string): string {
  const dash = ref.indexOf('-');
  return dash === -1 ? ref : ref.slice(0, dash);
}

/** Client id of a `client_providers` entry: the part after the first dash ('' if there is none). */
export function clientIdOf(entry: string): string {
  const dash = entry.indexOf('-');
  return dash === -1 ? '' : entry.slice(dash + 1);
}

/** Largest hub number (hubs are numbers of up to 4 digits, see entities/fields.ts). */
export const MAX_HUB = 9999;

/**
 * The hub number `hub` stands for, or null when it is not numeric.
 *
 * Our reading of «numeric hub» (the specification does not say more): a whole number from 0 to
 * 9999, given either as a number (`3`) or as a string of 1–4 digits (`'3'`, `'0003'`, as typed
 * in a form). Everything else is not numeric: `3.5`, `-1`, `NaN`, `Infinity`, `''`, `' 3'`,
 * `'3a'`, `'1e3'`, `null`, booleans…
 */
export function parseHub(hub: unknown): number | null {
  if (typeof hub === 'number') return Number.isInteger(hub) && hub >= 0 && hub <= MAX_HUB ? hub : null;
  if (typeof hub === 'string' && /^\d{1,4}$/.test(hub)) return Number(hub);
  return null;
}

/**
 * A copy of `point` moved to `hub`, with `updated_at = now`; or null («nothing happens») when
 * the point has no non-empty string `id` or `hub` is not numeric (see `parseHub`). Never mutates
 * `point`. Any object is accepted (a form's half-filled draft, say); the id is checked at run
 * time. `now` is epoch milliseconds; an invalid `now` is a programming error and throws.
 */
export function changeHub<P extends object>(
  point: P,
  hub: unknown,
  now: number,
): (Omit<P, 'hub' | 'updated_at'> & { hub: number; updated_at: number }) | null {
  if (!Number.isSafeInteger(now) || now < 0) throw new DomainError(msg('domain.deliveryPoints.badTime', { value: String(now) }));
  if (typeof point !== 'object' || point === null) return null;
  const id: unknown = (point as { readonly id?: unknown }).id;
  if (typeof id !== 'string' || id === '') return null;
  const n = parseHub(hub);
  if (n === null) return null;
  return { ...point, hub: n, updated_at: now };
}

/** Whether a latitude/longitude pair is a place on Earth: -90..90 and -180..180, both finite numbers. */
export function isValidLatLng(lat: unknown, lng: unknown): boolean {
  return (
    typeof lat === 'number' &&
    typeof lng === 'number' &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    lat >= -90 &&
    lat <= 90 &&
    lng >= -180 &&
    lng <= 180
  );
}

/**
 * The newest `updated_at` of the cached points (0 when the cache is empty): the live
 * subscription asks only for points updated after it. Values that are not finite numbers are
 * ignored.
 */
export function newestUpdatedAt(points: readonly { readonly updated_at: number }[]): number {
  let newest = 0;
  for (const p of points) {
    if (Number.isFinite(p.updated_at) && p.updated_at > newest) newest = p.updated_at;
  }
  return newest;
}

/**
 * Merges incoming points into the cache by id: an incoming point replaces the cached one with the
 * same id, in its place; points with a new id are appended in the order they arrive. Returns a
 * new array (inputs are not modified) with each id once: if an id repeats, the last occurrence
 * wins and keeps the position of the first.
 */
export function mergeById<T extends { readonly id: string }>(cached: readonly T[], incoming: readonly T[]): T[] {
  const out: T[] = [];
  const index = new Map<string, number>();
  for (const p of [...cached, ...incoming]) {
    const at = index.get(p.id);
    if (at === undefined) {
      index.set(p.id, out.length);
      out.push(p);
    } else {
      out[at] = p;
    }
  }
  return out;
}
