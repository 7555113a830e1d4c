/**
 * Stored shapes cannot drift (issue 30 §1): each local collection's storage schema is pinned per
 * version (src/domain/stored/schema-pins.json). A schema that changes at the same version would
 * make every installed cb_localDB fail to open (RxDB's DB6), so the suite fails, naming the
 * collection and what to do.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LOCAL_COLLECTIONS, LOCAL_COLLECTION_DEFS } from '../../src/domain/collections';
import { orderSchema } from '../../src/domain/entities/operation';
import { toStorageSchema } from '../../src/domain/rxschema';
import { currentPins, pinProblems, readPins, schemaHash, updatedPins } from '../../scripts/pin-storage-schemas';

describe('storage schema pins', () => {
  it('every collection’s storage schema is the one pinned for its version', () => {
    expect(pinProblems(readPins())).toEqual([]);
  });

  it.each(LOCAL_COLLECTIONS)('%s is pinned at its current version', (name) => {
    expect(readPins()[name]?.[LOCAL_COLLECTION_DEFS[name].version]).toBe(schemaHash(toStorageSchema(LOCAL_COLLECTION_DEFS[name])));
  });

  it('fails for a schema extended without a version bump, naming the collection and what to do', () => {
    const extended = { ...LOCAL_COLLECTION_DEFS.orders, schema: orderSchema.extend({ floor: z.string().max(8).optional() }) };
    const current = { ...currentPins(), orders: { version: extended.version, hash: schemaHash(toStorageSchema(extended)) } };
    const problems = pinProblems(readPins(), current);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^orders: its storage schema changed but its version is still 0/);
    expect(problems[0]).toContain('raise `version` in src/domain/stored/orders.ts to 1');
    expect(problems[0]).toContain('npm run schemas:pin');
  });

  it('fails for a raised version that is not pinned yet, and passes once the new version is pinned', () => {
    const current = { ...currentPins(), orders: { version: 1, hash: 'new' } };
    expect(pinProblems(readPins(), current)).toEqual(['orders: version 1 is not pinned; run `npm run schemas:pin` and commit src/domain/stored/schema-pins.json.']);
    const pinned = updatedPins(readPins(), current, {});
    expect(pinned.orders).toEqual({ ...readPins().orders, 1: 'new' });
    expect(pinProblems(pinned, current)).toEqual([]);
  });

  it('fails for a version lowered below a pinned one', () => {
    const current = { ...currentPins(), routes: { version: 2, hash: 'x' } };
    expect(pinProblems(readPins(), current)).toEqual([expect.stringMatching(/^routes: version 2 is below the pinned version 3/)]);
  });

  it('the pin script refuses to re-pin a released version, and re-pins an unreleased one', () => {
    const current = { ...currentPins(), orders: { version: 0, hash: 'changed' } };
    expect(() => updatedPins(readPins(), current, { orders: 0 })).toThrow(/^orders: version 0 was released with another schema; raise `version`/);
    expect(updatedPins(readPins(), current, {}).orders?.[0]).toBe('changed');
  });
});
