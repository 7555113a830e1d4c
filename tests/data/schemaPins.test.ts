/**
 * Stored shapes cannot drift (issue 30 §1): each local collection's storage schema is pinned per
 * version (src/domain/stored/schema-pins.json). A schema that changes at the same version would
 * make every installed cb_localDB fail to open (RxDB's DB6), so the suite fails, naming the
 * collection and what to do.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LOCAL_COLLECTIONS, LOCAL_COLLECTION_DEFS } from '../../src/domain/collections';
import { orderSchema } from '../../src/domain/entities/operation';
import { toStorageSchema } from '../../src/domain/rxschema';
import { pinProblems, readPins, schemaHash, updatedPins, type currentPins } from '../../scripts/pin-storage-schemas';

/** Versions and hashes that agree with the pins (the checks below must not depend on today's schemas). */
function agreeing(): ReturnType<typeof currentPins> {
  const pins = readPins();
  return Object.fromEntries(
    LOCAL_COLLECTIONS.map((name) => {
      const [version, hash] = Object.entries(pins[name] ?? {}).sort(([a], [b]) => Number(b) - Number(a))[0] ?? ['0', ''];
      return [name, { version: Number(version), hash }];
    }),
  ) as ReturnType<typeof currentPins>;
}

describe('storage schema pins', () => {
  it('every collection’s storage schema is the one pinned for its version', () => {
    expect(pinProblems(readPins())).toEqual([]);
  });

  it.each(LOCAL_COLLECTIONS)('%s is pinned at its current version', (name) => {
    expect(pinProblems(readPins()).filter((p) => p.startsWith(`${name}:`))).toEqual([]);
    expect(readPins()[name]?.[LOCAL_COLLECTION_DEFS[name].version]).toBe(schemaHash(toStorageSchema(LOCAL_COLLECTION_DEFS[name])));
  });

  it.each(LOCAL_COLLECTIONS)('%s: the pin of the version the previous release shipped is that release’s schema (tests/fixtures/previous-release)', (name) => {
    const fixture = JSON.parse(readFileSync(new URL(`../fixtures/previous-release/${name}.json`, import.meta.url), 'utf8')) as { version: number; schema: unknown };
    expect(readPins()[name]?.[fixture.version], `${name}: a released version's pin never changes`).toBe(schemaHash(fixture.schema));
  });

  it('fails for a schema extended without a version bump, naming the collection and what to do', () => {
    const pinned = { ...LOCAL_COLLECTION_DEFS.orders, version: agreeing().orders.version };
    const extended = { ...pinned, schema: orderSchema.safeExtend({ pin_check_extra: z.string().max(8).optional() }) };
    const current = { ...agreeing(), orders: { version: extended.version, hash: schemaHash(toStorageSchema(extended)) } };
    const problems = pinProblems(readPins(), current);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^orders: its storage schema changed but its version is still ${pinned.version} `));
    expect(problems[0]).toContain(`raise \`version\` in src/domain/stored/orders.ts to ${pinned.version + 1}`);
    expect(problems[0]).toContain('npm run schemas:pin');
  });

  it('fails for a raised version that is not pinned yet, and passes once the new version is pinned', () => {
    const next = agreeing().orders.version + 1;
    const current = { ...agreeing(), orders: { version: next, hash: 'new' } };
    expect(pinProblems(readPins(), current)).toEqual([`orders: version ${next} is not pinned; run \`npm run schemas:pin\` and commit src/domain/stored/schema-pins.json.`]);
    const pinned = updatedPins(readPins(), current, {});
    expect(pinned.orders).toEqual({ ...readPins().orders, [next]: 'new' });
    expect(pinProblems(pinned, current)).toEqual([]);
  });

  it('fails for a version lowered below a pinned one', () => {
    const top = agreeing().routes.version;
    const current = { ...agreeing(), routes: { version: top - 1, hash: 'x' } };
    expect(pinProblems(readPins(), current)).toEqual([expect.stringMatching(new RegExp(`^routes: version ${top - 1} is below the pinned version ${top}`))]);
  });

  it('the pin script refuses to re-pin a released version, and re-pins an unreleased one', () => {
    const { version } = agreeing().orders;
    const current = { ...agreeing(), orders: { version, hash: 'changed' } };
    expect(() => updatedPins(readPins(), current, { orders: version })).toThrow(new RegExp(`^orders: version ${version} was released with another schema; raise \`version\``));
    expect(updatedPins(readPins(), current, { orders: version - 1 }).orders?.[version]).toBe('changed');
  });
});
