/**
 * The shared write cases (tests/shared/writeCases.ts) against the real Cloud Firestore emulator
 * enforcing the generated firestore.rules: each case's documents stored as the owner, then its
 * write made with the Firestore client SDK as its user (mockUserToken), as a forged client
 * would, not through our push code. The embedded server runs the same list
 * (tests/security/write-cases.test.ts): a case the two backends answer differently fails one run.
 * Fields the trusted side computes are checked after the trusted function has run on the write,
 * as its trigger would run it (functions/src/paymentDue.ts, functions/src/routeWrite.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, getDoc, serverTimestamp, setDoc, type Firestore } from 'firebase/firestore';
import type { LocalCollection } from '../../src/domain/collections';
import { SERVER_TIME_FIELD } from '../../src/domain/access/firestoreRules';
import { encodeValue, fromSnapshot } from '../../src/backend/firebase/docs';
import { deliveryCounts, paymentAppeared, recomputePaymentDue } from '../../functions/src/paymentDue';
import { ACTORS, WRITE_CASES, expected, type Row, type WriteCase, type Who } from '../shared/writeCases';
import { clientDb, closeClients, newProject, seed, seedSmallOperation } from './emulator';
import { emulatorDueData, emulatorRouteData } from './functionDeps';
import { followRouteWrite, type StoredRoute } from '../../functions/src/routeWrite';

const project = newProject('writecases');
let owner: Firestore;
const dbs = new Map<Who, Firestore>();

beforeAll(async () => {
  await seedSmallOperation(project);
  owner = clientDb(project, 'owner');
  for (const [who, actor] of Object.entries(ACTORS) as [Who, { id: string }][]) dbs.set(who, clientDb(project, actor.id));
});
afterAll(async () => {
  await closeClients();
});

async function stored(c: LocalCollection, id: string): Promise<Row | null> {
  return (fromSnapshot(await getDoc(doc(owner, `cb_${c}`, id)))?.doc as Row | undefined) ?? null;
}

function documentsOf(c: WriteCase): Partial<Record<LocalCollection, Row[]>> {
  const docs: Partial<Record<LocalCollection, Row[]>> = {};
  for (const [collection, list] of Object.entries(c.seed ?? {}) as [LocalCollection, Row[]][]) docs[collection] = [...list];
  if (c.before) (docs[c.collection] ??= []).push(c.before);
  return docs;
}

describe('the shared write cases × Firestore emulator with firestore.rules', () => {
  for (const c of WRITE_CASES) {
    it(`${c.who}: ${c.name} → ${expected(c, 'firebase')}`, async () => {
      await seed(owner, documentsOf(c));
      const id = String(c.after.id);
      const data = { ...(encodeValue(c.after) as Row), _deleted: false, [SERVER_TIME_FIELD]: serverTimestamp() };
      let outcome: 'allowed' | 'refused' = 'allowed';
      try {
        await setDoc(doc(dbs.get(c.who) as Firestore, `cb_${c.collection}`, id), data);
      } catch (err) {
        expect((err as { code?: string }).code, String(err)).toBe('permission-denied');
        outcome = 'refused';
      }
      expect(outcome).toBe(expected(c, 'firebase'));
      if (outcome === 'allowed') {
        // The trusted function, as its triggers run it after this write.
        const written = await stored(c.collection, id);
        const due = emulatorDueData(owner);
        if (c.collection === 'payments' && paymentAppeared(c.before, written)) await recomputePaymentDue(due, String(written?.order_id));
        if (c.collection === 'deliveries' && c.before === null && deliveryCounts(written)) await recomputePaymentDue(due, String(written?.order_id));
        if (c.collection === 'routes') await followRouteWrite(emulatorRouteData(owner), c.before as StoredRoute | null, id);
        for (const [collection, docs] of Object.entries(c.follows ?? {}) as [LocalCollection, Row[]][]) {
          for (const d of docs) expect(await stored(collection, String(d.id)), `${collection}/${String(d.id)}`).toMatchObject(d);
        }
        // The function's own write moves `updated_at` on (as the server's later recomputation does).
        const { updated_at: _at, ...rest } = c.after;
        expect(await stored(c.collection, id)).toMatchObject({ ...(c.computed ? rest : c.after), ...(c.computed ?? {}), _deleted: false });
      } else if (c.before) expect(await stored(c.collection, id)).toMatchObject(c.before);
      else expect(await stored(c.collection, id)).toBeNull();
    });
  }
});
