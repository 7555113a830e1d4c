import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateFirestoreRules, generateStorageRules } from '../../src/domain/access/firestoreRules';
import { LOCAL_COLLECTIONS } from '../../src/domain/collections';

describe('Firebase rules generated from the access table', () => {
  it('firestore.rules is up to date (run `npm run rules`)', () => {
    expect(readFileSync('firestore.rules', 'utf8')).toBe(generateFirestoreRules());
  });

  it('storage.rules is up to date (run `npm run rules`)', () => {
    expect(readFileSync('storage.rules', 'utf8')).toBe(generateStorageRules());
  });

  it('covers every local collection and denies everything else', () => {
    const rules = generateFirestoreRules();
    for (const c of LOCAL_COLLECTIONS) expect(rules).toContain(`match /cb_${c}/{docId}`);
    expect(rules).toContain('match /{document=**} {\n      allow read, write: if false;');
  });

  it('never lets events be updated or deleted, and keeps the self-protected fields', () => {
    const rules = generateFirestoreRules();
    const deliveries = rules.slice(rules.indexOf('match /cb_deliveries/'), rules.indexOf('match /cb_incidences/'));
    expect(deliveries).toContain('allow update: if signedIn() && (false);');
    expect(deliveries).toContain('allow delete: if signedIn() && (false);');
    expect(rules).toContain("affectedKeys().hasAny(['role', 'active', 'email'])");
  });
});
