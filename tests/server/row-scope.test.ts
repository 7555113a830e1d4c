/** The server's row-scope columns come from the collection definitions (LOCAL_COLLECTION_DEFS[c].rowScope). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocStore } from '../../server/store';
import { LOCAL_COLLECTIONS, LOCAL_COLLECTION_DEFS } from '../../src/domain/collections';

let dir: string;
let store: DocStore;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cb-row-scope-'));
  store = new DocStore(dir);
});

afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('row-scope columns', () => {
  it('are stored from the fields the definition names, and empty where it names none', () => {
    const doc = { id: 'x1', route_id: 'r9', rider_id: 'u-rider', created_by: 'u-author', _deleted: false };
    for (const c of LOCAL_COLLECTIONS) {
      store.put(c, doc);
      const row = store.db.prepare('SELECT route_id, rider_id, owner_id FROM docs WHERE collection = ? AND id = ?').get(c, 'x1');
      const value = (f: string | null) => (f === null || f === 'stops' ? '' : f === 'id' ? 'x1' : String((doc as Record<string, unknown>)[f]));
      const { route, rider, owner } = LOCAL_COLLECTION_DEFS[c].rowScope;
      expect([c, row]).toEqual([c, { route_id: value(route), rider_id: value(rider), owner_id: value(owner) }]);
    }
  });

  it('leave a column empty when the named field is not a string', () => {
    store.put('payments', { id: 'p-odd', route_id: 7, rider_id: null, _deleted: false });
    expect(store.db.prepare("SELECT route_id, rider_id, owner_id FROM docs WHERE collection = 'payments' AND id = 'p-odd'").get()).toEqual({
      route_id: '',
      rider_id: '',
      owner_id: '',
    });
  });
});
