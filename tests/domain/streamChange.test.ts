import { describe, expect, it } from 'vitest';
import { streamChangeSchema } from '../../src/domain/sync/protocol';
import { streamChangeOf } from '../../src/domain/sync/streamChange';

// The device checks the stream's message without zod; the schema stays its definition.
const CASES: unknown[] = [
  { collection: 'orders', checkpoint: { seq: 12 } },
  { collection: 'picks', checkpoint: { seq: 0 } },
  { collection: 'routes', checkpoint: { seq: 3, extra: 'x' } },
  { collection: 'routes', checkpoint: { seq: -1 } },
  { collection: 'routes', checkpoint: { seq: 1.5 } },
  { collection: 'routes', checkpoint: { seq: Number.MAX_SAFE_INTEGER + 2 } },
  { collection: 'routes', checkpoint: { seq: '3' } },
  { collection: 'routes', checkpoint: { seq: Number.NaN } },
  { collection: 'routes', checkpoint: { seq: Infinity } },
  { collection: 'routes', checkpoint: {} },
  { collection: 'routes', checkpoint: null },
  { collection: 'routes', checkpoint: [1] },
  { collection: 'routes' },
  { collection: 'nope', checkpoint: { seq: 1 } },
  { collection: 'toString', checkpoint: { seq: 1 } },
  { collection: 7, checkpoint: { seq: 1 } },
  { collection: 'orders', checkpoint: { seq: 1 }, type: 'change' },
  { checkpoint: { seq: 1 } },
  {},
  null,
  undefined,
  'orders',
  42,
  [],
  ['orders', { seq: 1 }],
];

describe('streamChangeOf', () => {
  it.each(CASES.map((c) => [JSON.stringify(c) ?? String(c), c]))('%s: as streamChangeSchema', (_label, value) => {
    const parsed = streamChangeSchema.safeParse(value);
    expect(streamChangeOf(value)).toEqual(parsed.success ? parsed.data : null);
  });

  it('accepts every local collection', async () => {
    const { LOCAL_COLLECTIONS } = await import('../../src/domain/stored/names');
    for (const collection of LOCAL_COLLECTIONS) expect(streamChangeOf({ collection, checkpoint: { seq: 5 } })).toEqual({ collection, checkpoint: { seq: 5 } });
  });
});
