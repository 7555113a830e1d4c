/**
 * The fields of a synced document that are not its content (the device's, the server's answer's,
 * the deletion flag). A leaf module without zod: the data engine's read path needs these names,
 * not the protocol's schemas (issue 31); src/domain/sync/protocol.ts re-exports them.
 */

/**
 * Fields RxDB keeps on the device beside a document's own: never stored by a backend, never
 * compared as content. `_deleted` is not one of them: it is content (a deletion), sent as a boolean.
 */
export const DEVICE_FIELDS = ['_rev', '_meta', '_attachments'] as const;
/** The server's mark on a master state of a refused write (Spanish reason); never stored. */
export const REFUSED_FIELD = '_refused';
/** Fields of a protocol document that are not stored content: the device's and the answer's. */
export const NOT_STORED_FIELDS: readonly string[] = [...DEVICE_FIELDS, REFUSED_FIELD];

/** Fields that are not a document's content: the device's, and the deletion flag. */
export const NOT_CONTENT_FIELDS: readonly string[] = [...DEVICE_FIELDS, '_deleted'];

export function isDeviceField(key: string): boolean {
  return (DEVICE_FIELDS as readonly string[]).includes(key);
}
