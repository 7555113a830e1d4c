/**
 * Firestore stores no array directly inside an array (a signature's strokes are arrays of
 * points, each an array): an inner array is stored as a map `{ _arr: [...] }` and read back as
 * the array. Nothing else changes. No Firebase import: the app (./docs.ts, client SDK) and the
 * HTTP function (functions/src/index.ts, admin SDK) store documents the same way; `opaque` names
 * the SDK's own values (its Timestamp) that are kept as they are.
 */
const NESTED = '_arr';

export type Opaque = (value: object) => boolean;

export function encodeNested(value: unknown, opaque: Opaque, insideArray = false): unknown {
  if (Array.isArray(value)) {
    const items = value.map((v) => encodeNested(v, opaque, true));
    return insideArray ? { [NESTED]: items } : items;
  }
  if (value !== null && typeof value === 'object' && !opaque(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encodeNested(v, opaque)]));
  }
  return value;
}

export function decodeNested(value: unknown, opaque: Opaque): unknown {
  if (Array.isArray(value)) return value.map((v) => decodeNested(v, opaque));
  if (value !== null && typeof value === 'object' && !opaque(value)) {
    const entries = Object.entries(value);
    if (entries.length === 1 && entries[0]?.[0] === NESTED && Array.isArray(entries[0][1])) return decodeNested(entries[0][1], opaque);
    return Object.fromEntries(entries.map(([k, v]) => [k, decodeNested(v, opaque)]));
  }
  return value;
}
