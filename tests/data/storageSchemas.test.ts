/**
 * The storage schemas the app opens cb_localDB with are generated at build time
 * (src/data/storageSchemas.generated.ts, `npm run schemas`): they must equal the conversion of
 * today's zod schemas, versions and indexes, or the stored documents would drift from the
 * entities' validation.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCAL_COLLECTIONS, LOCAL_COLLECTION_DEFS } from '../../src/domain/collections';
import { toStorageSchema } from '../../src/domain/rxschema';
import { STORAGE_SCHEMAS } from '../../src/data/storageSchemas.generated';
import { renderStorageSchemas } from '../../scripts/generate-storage-schemas';

describe('generated storage schemas', () => {
  it.each(LOCAL_COLLECTIONS)('%s equals the conversion of its zod schema', (name) => {
    expect(STORAGE_SCHEMAS[name]).toEqual(toStorageSchema(LOCAL_COLLECTION_DEFS[name]));
  });

  it('the generated file is exactly what `npm run schemas` writes (key order included: RxDB hashes the schema)', () => {
    const file = readFileSync(new URL('../../src/data/storageSchemas.generated.ts', import.meta.url), 'utf8');
    expect(file).toBe(renderStorageSchemas());
  });

  it('has one schema per local collection and nothing else', () => {
    expect(Object.keys(STORAGE_SCHEMAS).sort()).toEqual([...LOCAL_COLLECTIONS].sort());
  });
});
