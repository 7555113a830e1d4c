import { describe, expect, it } from 'vitest';
import {
  DEVICE_FIELDS,
  describeProtocolError,
  MAX_PUSH_ROWS,
  NOT_CONTENT_FIELDS,
  pullAnswerSchema,
  pullRequestSchema,
  pushAnswerSchema,
  pushRequestSchema,
  streamChangeSchema,
  streamMessageSchema,
  withoutDeviceFields,
} from '../../src/domain/sync/protocol';
import { domainText } from '../../src/i18n/domain';

describe('sync protocol', () => {
  it('accepts a push as devices send it', () => {
    const body = [
      { assumedMasterState: null, newDocumentState: { id: 'a', _deleted: false } },
      { assumedMasterState: { id: 'b', v: 1 }, newDocumentState: { id: 'b', v: 2 }, unansweredStates: [{ id: 'b', v: 1 }] },
      { newDocumentState: { id: 'c' } },
    ];
    expect(pushRequestSchema.safeParse(body).success).toBe(true);
  });

  it('refuses a bad push and says what and where, in Spanish', () => {
    const notList = pushRequestSchema.safeParse({ newDocumentState: {} });
    expect(notList.success).toBe(false);
    if (!notList.success) expect(domainText(describeProtocolError(notList.error, 'el envío'))).toBe('el envío debe ser una lista');

    const noState = pushRequestSchema.safeParse([{ newDocumentState: { id: 'a' } }, { assumedMasterState: null }]);
    expect(noState.success).toBe(false);
    if (!noState.success) expect(domainText(describeProtocolError(noState.error, 'el envío'))).toBe('el envío: «fila 2 → newDocumentState» debe ser un objeto');

    const tooMany = pushRequestSchema.safeParse(Array.from({ length: MAX_PUSH_ROWS + 1 }, (_, i) => ({ newDocumentState: { id: String(i) } })));
    expect(tooMany.success).toBe(false);
    if (!tooMany.success) expect(domainText(describeProtocolError(tooMany.error, 'el envío'))).toBe(`el envío tiene más de ${MAX_PUSH_ROWS} elementos`);
  });

  it('bounds a pull request and describes pull answers, conflicts and stream messages', () => {
    expect(pullRequestSchema.safeParse({ checkpoint: { seq: 4 }, limit: 500 }).success).toBe(true);
    expect(pullRequestSchema.safeParse({ checkpoint: null, limit: 0 }).success).toBe(false);
    expect(pullRequestSchema.safeParse({ checkpoint: { seq: -1 }, limit: 10 }).success).toBe(false);
    expect(pullAnswerSchema.safeParse({ documents: [{ id: 'a', _deleted: false, name: 'x' }], checkpoint: { seq: 9 } }).success).toBe(true);
    expect(pullAnswerSchema.safeParse({ documents: [{ id: 'a' }], checkpoint: { seq: 9 } }).success).toBe(false);
    expect(pushAnswerSchema.safeParse([{ id: 'a', _deleted: true, _refused: 'No puedes' }]).success).toBe(true);
    expect(streamMessageSchema.safeParse({ type: 'resync' }).success).toBe(true);
    expect(streamMessageSchema.safeParse({ type: 'change', collection: 'orders', checkpoint: { seq: 1 } }).success).toBe(true);
    expect(streamMessageSchema.safeParse({ type: 'change', collection: 'nope', checkpoint: { seq: 1 } }).success).toBe(false);
    // The stream is lean: a change names the collection and the checkpoint, never documents.
    expect(streamMessageSchema.safeParse({ type: 'change', collection: 'orders', documents: [], checkpoint: { seq: 1 } }).success).toBe(false);
    expect(streamChangeSchema.safeParse({ collection: 'orders', checkpoint: { seq: 1 } }).success).toBe(true);
    expect(streamChangeSchema.safeParse({ collection: 'orders', checkpoint: { seq: 1 }, documents: [{ id: 'o1', _deleted: false }] }).success).toBe(false);
  });

  it('names the device-only fields once', () => {
    expect(DEVICE_FIELDS).toEqual(['_rev', '_meta', '_attachments']);
    expect(NOT_CONTENT_FIELDS).toEqual(['_rev', '_meta', '_attachments', '_deleted']);
    expect(withoutDeviceFields({ id: 'a', _rev: '1-x', _meta: { lwt: 1 }, _attachments: {}, _deleted: true, n: 1 })).toEqual({ id: 'a', _deleted: true, n: 1 });
  });
});
