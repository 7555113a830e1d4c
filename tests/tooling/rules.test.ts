import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createStatuses, generateFirestoreRules, reachablePairs } from '../../src/domain/access/firestoreRules';
import { generateStorageRules } from '../../src/domain/access/storageRules';
import { orderMachine, paymentMachine, routeMachine, type Machine } from '../../src/domain/status/machines';
import { LOCAL_COLLECTIONS } from '../../src/domain/collections';
import { firestoreIndexes, pullPlan } from '../../src/backend/firebase/queries';

describe('Firebase rules generated from the access table', () => {
  it('firestore.rules is up to date (run `npm run rules`)', () => {
    expect(readFileSync('firestore.rules', 'utf8')).toBe(generateFirestoreRules());
  });

  it('storage.rules is up to date (run `npm run rules`)', () => {
    expect(readFileSync('storage.rules', 'utf8')).toBe(generateStorageRules());
  });

  it('firestore.indexes.json is up to date (run `npm run rules`) and covers every filtered query', () => {
    const text = readFileSync('firestore.indexes.json', 'utf8');
    expect(text).toBe(firestoreIndexes('cb_'));
    const indexes = (JSON.parse(text) as { indexes: { collectionGroup: string; fields: { fieldPath: string }[] }[] }).indexes;
    for (const role of ['admin', 'operator', 'rider'] as const) {
      for (const c of LOCAL_COLLECTIONS) {
        const plan = pullPlan(role, c);
        const filters = plan.kind === 'mine' ? [plan.field] : plan.kind === 'routes' ? [...(plan.kinds ? ['kind'] : []), 'route_id'] : [];
        if (filters.length === 0) continue;
        const fields = [...filters, '_updatedAt', '__name__'];
        expect(indexes.filter((i) => i.collectionGroup === `cb_${c}` && JSON.stringify(i.fields.map((f) => f.fieldPath)) === JSON.stringify(fields)), `${role} ${c}`).toHaveLength(2);
      }
    }
  });

  it('covers every local collection and denies everything else', () => {
    const rules = generateFirestoreRules();
    for (const c of LOCAL_COLLECTIONS) expect(rules).toContain(`match /cb_${c}/{docId}`);
    expect(rules).toContain('match /{document=**} {\n      allow read, write: if false;');
  });

  it('stamps every write with the server time and refuses real deletes', () => {
    const rules = generateFirestoreRules();
    expect(rules).toContain('request.resource.data._updatedAt == request.time');
    for (const c of LOCAL_COLLECTIONS) {
      const block = rules.slice(rules.indexOf(`match /cb_${c}/`));
      expect(block.slice(0, block.indexOf('\n    }'))).toContain('allow delete: if false;');
    }
  });

  it('never lets events be changed (only re-stamped by admins and operators), and keeps the self-protected fields', () => {
    const rules = generateFirestoreRules();
    const deliveries = rules.slice(rules.indexOf('match /cb_deliveries/'), rules.indexOf('match /cb_incidences/'));
    expect(deliveries).toContain(
      "allow update: if signedIn() && stamped(docId) && sameDeleted() && baseRole() in ['admin', 'operator'] && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['_updatedAt']);",
    );
    expect(rules).toContain("affectedKeys().hasAny(['role', 'active', 'email'])");
  });

  it('lists the state machines per role as checkWrite walks them (issue 29, finding 3)', () => {
    const order = orderMachine as unknown as Machine<string>;
    expect(reachablePairs(order, 'rider')).not.toContain('picked>cancelled');
    expect(reachablePairs(order, 'rider')).toContain('picked>delivered');
    expect(reachablePairs(order, 'rider')).not.toContain('picked>pending');
    expect(reachablePairs(order, 'operator')).toContain('picked>cancelled');
    expect(reachablePairs(order, 'operator').filter((p) => p.startsWith('delivered>'))).toEqual([]);
    expect(createStatuses(paymentMachine as unknown as Machine<string>, 'rider')).toEqual(['pending', 'collected', 'on_account']);
    expect(reachablePairs(routeMachine as unknown as Machine<string>, 'rider')).toEqual(['ready>loaded', 'ready>in_progress', 'ready>completed', 'loaded>in_progress', 'loaded>completed', 'in_progress>completed']);
    const rules = generateFirestoreRules();
    // A rider's payment fits its order, and his events name an order of their route.
    expect(rules).toContain("d.status in ['collected', 'on_account']");
    expect(rules).toContain("&& d.reviewed_by == '';");
    expect(rules).toMatch(/baseRole\(\) == 'rider' && ownRoute\(request\.resource\.data\.route_id\)[^\n]*eventOrder\(request\.resource\.data\)/);
  });
});
