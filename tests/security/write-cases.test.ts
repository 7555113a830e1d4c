/**
 * The shared write cases (tests/shared/writeCases.ts) against the embedded server: each case's
 * documents stored, then its write pushed through `/api/sync/:collection/push` as its user. The
 * Firebase suite runs the same list against the Firestore emulator with the generated rules
 * (tests/firebase/write-cases.test.ts): a case the two backends answer differently fails one run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDocs, startTestServer, type TestServer } from '../helpers/server';
import { ACTORS, WRITE_CASES, expected, type Row, type WriteCase, type Who } from '../shared/writeCases';
import type { LocalCollection } from '../../src/domain/collections';
import { FUNCTION_FIELDS } from '../../src/domain/access/table';

let srv: TestServer;
const tokens = new Map<Who, string>();

beforeAll(async () => {
  srv = await startTestServer();
  for (const [who, actor] of Object.entries(ACTORS) as [Who, { email: string }][]) tokens.set(who, (await srv.login(actor.email)).accessToken);
});
afterAll(async () => {
  await srv.stop();
});

function documentsOf(c: WriteCase): Partial<Record<LocalCollection, Row[]>> {
  const docs: Partial<Record<LocalCollection, Row[]>> = {};
  for (const [collection, list] of Object.entries(c.seed ?? {}) as [LocalCollection, Row[]][]) docs[collection] = [...list];
  if (c.before) (docs[c.collection] ??= []).push(c.before);
  return docs;
}

describe('the shared write cases × the embedded server', () => {
  it('every case names a difference between backends with its reason', () => {
    for (const c of WRITE_CASES) if (typeof c.expect !== 'string') expect(c.expect.why.length, c.name).toBeGreaterThan(20);
    expect(new Set(WRITE_CASES.map((c) => c.name)).size).toBe(WRITE_CASES.length);
  });

  for (const c of WRITE_CASES) {
    it(`${c.who}: ${c.name} → ${expected(c, 'server')}`, async () => {
      seedDocs(srv, documentsOf(c));
      const id = String(c.after.id);
      const res = await srv.api(`/api/sync/${c.collection}/push`, {
        token: tokens.get(c.who),
        body: [{ assumedMasterState: c.before ? { ...c.before, _deleted: false } : null, newDocumentState: { ...c.after, _deleted: false } }],
      });
      expect(res.status).toBe(200);
      const answers = res.body as Row[];
      const refusal = answers.find((a) => a._refused !== undefined)?._refused;
      expect(refusal === undefined ? 'allowed' : 'refused', String(refusal ?? '')).toBe(expected(c, 'server'));
      // A case refused for a malformed document would prove nothing about what it is about.
      if (c.topic !== 'schema' && !c.serverSchema) expect(String(refusal ?? '')).not.toMatch(/Datos no válidos/);
      const stored = srv.store.get(c.collection, id) as Row | null;
      if (refusal === undefined) {
        // Fields only Firestore has (a point's readers) are not in the server's shape: dropped.
        const own = Object.fromEntries(Object.entries(c.after).filter(([k]) => !(FUNCTION_FIELDS[c.collection] ?? []).includes(k)));
        expect(stored).toMatchObject({ ...own, ...(c.computed ?? {}), _deleted: false });
        for (const k of FUNCTION_FIELDS[c.collection] ?? []) expect(stored).not.toHaveProperty(k);
        // What follows the write, derived inside the push (server/rules.ts).
        for (const [collection, docs] of Object.entries(c.follows ?? {}) as [LocalCollection, Row[]][]) {
          for (const d of docs) expect(srv.store.get(collection, String(d.id)), `${collection}/${String(d.id)}`).toMatchObject(d);
        }
      }
      else if (c.before) expect(stored).toMatchObject(c.before);
      else expect(stored).toBeNull();
    });
  }
});
