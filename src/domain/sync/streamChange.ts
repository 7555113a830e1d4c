/**
 * The stream's «pull this collection» message, checked without zod: the device reads it on every
 * connection, on the rider's first screen (issue 31: zod off the read path). `streamChangeSchema`
 * (./protocol.ts) stays the message's definition, for the server and the tests:
 * tests/domain/streamChange.test.ts holds this check to its verdicts.
 */
import { LOCAL_COLLECTIONS, type LocalCollection } from '../stored/names';

export interface StreamChange {
  readonly collection: LocalCollection;
  readonly checkpoint: { readonly seq: number };
}

const COLLECTIONS: ReadonlySet<string> = new Set(LOCAL_COLLECTIONS);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The message as `streamChangeSchema` parses it, or null where that schema refuses it. */
export function streamChangeOf(value: unknown): StreamChange | null {
  if (!isRecord(value)) return null;
  // A strict object: nothing but its two fields.
  if (Object.keys(value).some((k) => k !== 'collection' && k !== 'checkpoint')) return null;
  const { collection, checkpoint } = value;
  if (typeof collection !== 'string' || !COLLECTIONS.has(collection)) return null;
  if (!isRecord(checkpoint)) return null;
  const seq = checkpoint.seq;
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0) return null;
  return { collection: collection as LocalCollection, checkpoint: { seq } };
}
