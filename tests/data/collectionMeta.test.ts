import { describe, expect, it } from 'vitest';
import { LOCAL_COLLECTIONS, LOCAL_COLLECTION_DEFS } from '../../src/domain/collections';
import { isEventCollection, loadCollectionDefs, schemaVersion } from '../../src/data/collectionMeta';

// The engine reads these figures at start-up without the definitions (issue 31); the
// definitions stay the source of truth.
describe('collectionMeta', () => {
  it.each(LOCAL_COLLECTIONS)('%s: insert-only and version as its definition says', (name) => {
    expect(isEventCollection(name)).toBe(LOCAL_COLLECTION_DEFS[name].mode === 'event');
    expect(schemaVersion(name)).toBe(LOCAL_COLLECTION_DEFS[name].version);
  });

  it('loads the definitions themselves', async () => {
    expect(await loadCollectionDefs()).toBe(LOCAL_COLLECTION_DEFS);
  });
});
