/**
 * The sync protocol (docs/sync.md «One backend, one protocol»), written once: the shapes that go
 * between a device and the backend — pull, push with its conflicts, checkpoints, master states
 * and stream messages — as zod schemas with their inferred types. The embedded server validates
 * every request body against them (server/routes/sync.ts); both transports of the seam
 * (src/backend/server, src/backend/firebase) speak these types.
 */
import { z } from 'zod';
import { LOCAL_COLLECTIONS } from '../stored/names';
import { msg, type DomainMessage } from '../messages';

/** Rows per push request (RxDB sends at most its push batch size, 100). */
export const MAX_PUSH_ROWS = 500;
/** Earlier states per row a device may name as its own unanswered pushes (it sends at most 4). */
export const MAX_UNANSWERED_STATES = 8;
/** Documents per pull page. */
export const MAX_PULL = 2000;
export const DEFAULT_PULL = 500;

// The non-content fields live in a leaf module without zod (read by the engine at start-up).
import { isDeviceField } from './fields';
export { DEVICE_FIELDS, REFUSED_FIELD, NOT_STORED_FIELDS, NOT_CONTENT_FIELDS, isDeviceField } from './fields';

/** A document without the device's fields (`_deleted` kept as it is). */
export function withoutDeviceFields(doc: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(doc)) if (!isDeviceField(k)) out[k] = v;
  return out;
}

/** A document state as a device sends it: its fields (checked later by the collection's rules). */
export const documentStateSchema = z.record(z.string(), z.unknown());
export type DocumentState = z.infer<typeof documentStateSchema>;

/** Where a device is in a collection's change feed: the server's sequence number. */
export const checkpointSchema = z.object({ seq: z.number().int().nonnegative() });
export type Checkpoint = z.infer<typeof checkpointSchema>;

export const syncCollectionSchema = z.enum(LOCAL_COLLECTIONS);

/** A document as the backend sends it: its fields, its id and whether it is deleted. */
export const syncDocSchema = z.looseObject({ id: z.string(), _deleted: z.boolean() });
export type SyncDoc = Record<string, unknown> & { id: string; _deleted: boolean };

/** A master state sent back by a push; `_refused` says why a write was not stored. */
export const masterStateSchema = z.looseObject({ id: z.string(), _deleted: z.boolean(), _refused: z.string().optional() });
export type MasterState = SyncDoc & { _refused?: string };

/** Pull request (query string of GET /api/sync/:collection/pull). */
export const pullRequestSchema = z.object({
  checkpoint: checkpointSchema.nullable(),
  limit: z.number().int().min(1).max(MAX_PULL),
});
export type PullRequest = z.infer<typeof pullRequestSchema>;

/** Pull answer: a page of documents in sequence order and the checkpoint after it. */
export const pullAnswerSchema = z.object({ documents: z.array(syncDocSchema), checkpoint: checkpointSchema });
export interface PullPage {
  readonly documents: SyncDoc[];
  readonly checkpoint: Checkpoint;
}

/** One pushed write: the state the device started from and the state it wants. */
export const pushRowSchema = z.object({
  assumedMasterState: documentStateSchema.nullable().optional(),
  newDocumentState: documentStateSchema,
  /**
   * This device's earlier pushed states of the document whose answer never arrived, newest
   * last (src/data/pushLedger.ts). The server takes its current state as the base when it is
   * one of them (the device's own write, not someone else's). Optional: older clients do not send it.
   */
  unansweredStates: z.array(documentStateSchema).max(MAX_UNANSWERED_STATES).optional(),
});
export interface PushRow {
  readonly assumedMasterState?: DocumentState | null;
  readonly newDocumentState: DocumentState;
  readonly unansweredStates?: readonly DocumentState[];
}

/** Push request (body of POST /api/sync/:collection/push). */
export const pushRequestSchema = z.array(pushRowSchema).max(MAX_PUSH_ROWS);

/** Push answer: the master states of the conflicting (or refused) rows; [] when all were taken. */
export const pushAnswerSchema = z.array(masterStateSchema);

/**
 * The data of a `change` message of the stream: which collection changed for this user, and up
 * to which checkpoint. No document: the device pulls (the pull decides what it may read), so the
 * stream never sends a body the device would throw away.
 */
export const streamChangeSchema = z.strictObject({ collection: syncCollectionSchema, checkpoint: checkpointSchema });

/** What the one change stream tells a device. */
export const streamMessageSchema = z.discriminatedUnion('type', [
  /** (Re)connected: pull every collection from its checkpoint. */
  z.strictObject({ type: z.literal('resync') }),
  /** Something of `collection` changed up to `checkpoint`: pull it. */
  streamChangeSchema.extend({ type: z.literal('change') }),
]);
export type StreamEvent =
  | { readonly type: 'resync' }
  | { readonly type: 'change'; readonly collection: (typeof LOCAL_COLLECTIONS)[number]; readonly checkpoint: Checkpoint };

/**
 * The first problem of a failed parse, saying where (e.g. «fila 3 → newDocumentState»), as a
 * domain message (worded with `domainText`); `what` names the whole («el envío»).
 */
export function describeProtocolError(error: z.ZodError, what: string | DomainMessage): DomainMessage {
  const issue = error.issues[0];
  if (!issue) return msg('domain.sync.problem', { what, reason: msg('domain.sync.notValid') });
  const parts = issue.path.map((p): string | DomainMessage => (typeof p === 'number' ? msg('domain.sync.row', { n: p + 1 }) : String(p)));
  const reason =
    issue.code === 'too_big'
      ? msg('domain.sync.tooMany', { max: String((issue as { maximum?: unknown }).maximum) })
      : issue.code === 'invalid_type'
        ? msg('domain.sync.mustBe', { type: typeName(String((issue as { expected?: unknown }).expected)) })
        : msg('domain.sync.notValid');
  const where = parts.reduceRight<string | DomainMessage | null>((rest, first) => (rest === null ? first : msg('domain.sync.path', { first, rest })), null);
  return where === null || where === '' ? msg('domain.sync.problem', { what, reason }) : msg('domain.sync.problemAt', { what, where, reason });
}

function typeName(expected: string): DomainMessage {
  switch (expected) {
    case 'array':
      return msg('domain.sync.type.array');
    case 'object':
    case 'record':
      return msg('domain.sync.type.object');
    case 'number':
      return msg('domain.sync.type.number');
    case 'string':
      return msg('domain.sync.type.string');
    case 'boolean':
      return msg('domain.sync.type.boolean');
    default:
      return msg('domain.sync.type.other', { type: expected });
  }
}
