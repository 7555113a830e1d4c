/**
 * Documents between the device and Firestore: the device's replication metadata never goes up,
 * `_deleted` is always a boolean (tombstones), `_updatedAt` (the server time of the last
 * write, the pull checkpoint) is set by Firestore and never comes down, and neither do the
 * fields only a trusted function writes (FUNCTION_FIELDS: a point's `rider_ids`), which the
 * device's shape does not have and never sends (the push keeps their stored value).
 */
import { Timestamp, serverTimestamp, type DocumentData, type DocumentSnapshot } from 'firebase/firestore';
import { SERVER_TIME_FIELD } from '../../domain/access/firestoreRules';
import { FUNCTION_FIELDS } from '../../domain/access/table';
import { NOT_STORED_FIELDS } from '../../domain/sync/protocol';
import { BackendError, type Checkpoint, type SyncDoc } from '../types';
import { decodeNested, encodeNested } from './nested';

/** Pull checkpoint of the Firebase transport: server time in microseconds and document id. */
export interface FirestoreCheckpoint {
  readonly updatedAt: number;
  readonly id: string;
}

/** Fields a trusted function keeps in Firestore, of every collection (never the device's). */
export const FUNCTION_ONLY_FIELDS: readonly string[] = [...new Set(Object.values(FUNCTION_FIELDS).flat())];

const DEVICE_FIELDS = [...NOT_STORED_FIELDS, SERVER_TIME_FIELD, ...FUNCTION_ONLY_FIELDS];

/** The function-only fields of stored data (to write them back unchanged), none when absent. */
export function functionFields(data: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of FUNCTION_ONLY_FIELDS) if (data && k in data) out[k] = data[k];
  return out;
}

/** A document as stored: schema fields plus `_deleted`, without the device's metadata. */
export function cleanDoc(raw: Readonly<Record<string, unknown>>): SyncDoc {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) if (!DEVICE_FIELDS.includes(k)) out[k] = v;
  out._deleted = raw._deleted === true;
  return out as SyncDoc;
}

export function sameDoc(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    if (DEVICE_FIELDS.includes(k)) continue;
    const av = k === '_deleted' ? a[k] === true : a[k];
    const bv = k === '_deleted' ? b[k] === true : b[k];
    if (JSON.stringify(av) !== JSON.stringify(bv)) return false;
  }
  return true;
}

export function stripDeleted(doc: SyncDoc): Record<string, unknown> {
  const { _deleted: _d, ...rest } = doc;
  return rest;
}

const isTimestamp = (v: object) => v instanceof Timestamp;

/** A value as Firestore stores it (inner arrays wrapped: ./nested.ts). */
export function encodeValue(value: unknown): unknown {
  return encodeNested(value, isTimestamp);
}

export function decodeValue(value: unknown): unknown {
  return decodeNested(value, isTimestamp);
}

export function micros(ts: Timestamp): number {
  return ts.seconds * 1_000_000 + Math.floor(ts.nanoseconds / 1000);
}

export function timestampOf(us: number): Timestamp {
  const seconds = Math.floor(us / 1_000_000);
  return new Timestamp(seconds, (us - seconds * 1_000_000) * 1000);
}

/** A stored document and its position in the pull order. */
export interface Pulled {
  readonly doc: SyncDoc;
  readonly at: number;
}

export function fromSnapshot(snap: DocumentSnapshot<DocumentData>): Pulled | null {
  const data = snap.data();
  if (!data) return null;
  const stamp = data[SERVER_TIME_FIELD];
  const at = stamp instanceof Timestamp ? micros(stamp) : 0;
  return { doc: { ...(decodeValue(cleanDoc(data)) as SyncDoc), id: snap.id }, at };
}

/** The data written for a document: its fields, `_deleted` and the server's time. */
export function toFirestore(doc: SyncDoc): Record<string, unknown> {
  return { ...(encodeValue(cleanDoc(doc)) as Record<string, unknown>), [SERVER_TIME_FIELD]: serverTimestamp() };
}

export function after(p: Pulled, cp: FirestoreCheckpoint | null): boolean {
  if (!cp) return true;
  return p.at > cp.updatedAt || (p.at === cp.updatedAt && p.doc.id > cp.id);
}

export function byPullOrder(a: Pulled, b: Pulled): number {
  return a.at - b.at || (a.doc.id < b.doc.id ? -1 : a.doc.id > b.doc.id ? 1 : 0);
}

/**
 * The seam's `Checkpoint` type is the embedded server's (`{ seq }`); RxDB stores checkpoints
 * as opaque JSON, so the Firebase transport's own shape travels through it unchanged.
 */
export function readCheckpoint(cp: Checkpoint | null): FirestoreCheckpoint | null {
  if (!cp) return null;
  const c = cp as unknown as Partial<FirestoreCheckpoint>;
  if (typeof c.updatedAt !== 'number' || typeof c.id !== 'string' || (c.updatedAt === 0 && c.id === '')) return null;
  return { updatedAt: c.updatedAt, id: c.id };
}

export function writeCheckpoint(cp: FirestoreCheckpoint): Checkpoint {
  return cp as unknown as Checkpoint;
}

/** A Firestore failure as the seam's BackendError (network failures have status 0). */
export function backendErrorOf(err: unknown): BackendError {
  if (err instanceof BackendError) return err;
  const code = typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '';
  switch (code) {
    case 'unavailable':
    case 'deadline-exceeded':
    case 'cancelled':
      return new BackendError('network', 'Sin conexión con el servidor', 0);
    case 'permission-denied':
      return new BackendError('forbidden', 'No tienes permiso para esta operación', 403);
    case 'unauthenticated':
      return new BackendError('session_expired', 'La sesión ha caducado: vuelve a iniciar sesión', 401);
    case 'resource-exhausted':
      return new BackendError('rate_limited', 'Demasiadas operaciones seguidas; se reintentará', 429);
    default:
      return new BackendError('server', `Firestore respondió con un error (${code || 'desconocido'})`, 500);
  }
}
