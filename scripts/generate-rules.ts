/** Writes firestore.rules, storage.rules and firestore.indexes.json from the access table (`npm run rules`). */
import { writeFileSync } from 'node:fs';
import { generateFirestoreRules } from '../src/domain/access/firestoreRules';
import { generateStorageRules } from '../src/domain/access/storageRules';
import { firestoreIndexes } from '../src/backend/firebase/queries';

const prefix = process.env.FIRESTORE_PREFIX ?? 'cb_';
writeFileSync(new URL('../firestore.rules', import.meta.url), generateFirestoreRules(prefix));
writeFileSync(new URL('../storage.rules', import.meta.url), generateStorageRules(prefix));
writeFileSync(new URL('../firestore.indexes.json', import.meta.url), firestoreIndexes(prefix));
console.log('firestore.rules, storage.rules y firestore.indexes.json generados desde src/domain/access/table.ts');
