/** Writes firestore.rules and storage.rules from the access table (`npm run rules`). */
import { writeFileSync } from 'node:fs';
import { generateFirestoreRules, generateStorageRules } from '../src/domain/access/firestoreRules';

const prefix = process.env.FIRESTORE_PREFIX ?? 'cb_';
writeFileSync(new URL('../firestore.rules', import.meta.url), generateFirestoreRules(prefix));
writeFileSync(new URL('../storage.rules', import.meta.url), generateStorageRules(prefix));
console.log('firestore.rules y storage.rules generados desde src/domain/access/table.ts');
