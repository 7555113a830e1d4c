/**
 * The pins of the local collections' storage schemas (src/domain/stored/schema-pins.json,
 * `{ collection: { version: hash } }`): a stored shape may change only with a new version, because
 * a device that opens its cb_localDB with a schema that changed at the same version fails with
 * RxDB's DB6 and never opens again. tests/data/schemaPins.test.ts checks the pins;
 * `npm run schemas:pin` pins a new version (docs/storage.md).
 *
 * The script adds the pin of a collection's current version; it replaces a pin only for a version
 * no release has shipped (above the version of tests/fixtures/previous-release), and otherwise
 * refuses, naming what to do.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { LOCAL_COLLECTIONS, LOCAL_COLLECTION_DEFS, type LocalCollection } from '../src/domain/collections';
import { toStorageSchema } from '../src/domain/rxschema';

export type SchemaPins = Record<string, Record<string, string>>;

export const PINS_FILE = new URL('../src/domain/stored/schema-pins.json', import.meta.url);
export const RELEASE_DIR = new URL('../tests/fixtures/previous-release/', import.meta.url);

/** The hash of a storage schema as RxDB receives it (key order included). */
export function schemaHash(schema: unknown): string {
  return createHash('sha256').update(JSON.stringify(schema)).digest('hex').slice(0, 32);
}

/** The current version and schema hash of every local collection. */
export function currentPins(): Record<LocalCollection, { version: number; hash: string }> {
  return Object.fromEntries(
    LOCAL_COLLECTIONS.map((name) => {
      const def = LOCAL_COLLECTION_DEFS[name];
      return [name, { version: def.version, hash: schemaHash(toStorageSchema(def)) }];
    }),
  ) as Record<LocalCollection, { version: number; hash: string }>;
}

export function readPins(): SchemaPins {
  return existsSync(PINS_FILE) ? (JSON.parse(readFileSync(PINS_FILE, 'utf8')) as SchemaPins) : {};
}

/** What to do, in one sentence, when a collection's schema changed at its version. */
export function raiseVersionAdvice(name: LocalCollection, version: number): string {
  return (
    `raise \`version\` in src/domain/stored/${name}.ts to ${version + 1} and add its migration strategy \`${version + 1}\` ` +
    `(a document of version ${version} → one of version ${version + 1}; \`unchanged\` when only optional fields were added), ` +
    'then run `npm run schemas` and `npm run schemas:pin` and commit src/domain/stored/schema-pins.json'
  );
}

/** Every disagreement between the pins and the schemas, one sentence each naming the collection. */
export function pinProblems(pins: SchemaPins, current = currentPins()): string[] {
  const problems: string[] = [];
  for (const name of LOCAL_COLLECTIONS) {
    const { version, hash } = current[name];
    const pinned = pins[name] ?? {};
    const versions = Object.keys(pinned).map(Number);
    const highest = versions.length > 0 ? Math.max(...versions) : -1;
    if (highest > version) {
      problems.push(`${name}: version ${version} is below the pinned version ${highest}; a stored version never goes back (devices already hold version ${highest}).`);
    } else if (pinned[version] === undefined) {
      problems.push(`${name}: version ${version} is not pinned; run \`npm run schemas:pin\` and commit src/domain/stored/schema-pins.json.`);
    } else if (pinned[version] !== hash) {
      problems.push(`${name}: its storage schema changed but its version is still ${version} (pinned ${pinned[version]}, now ${hash}); an installed cb_localDB would no longer open (RxDB DB6). To change a stored shape, ${raiseVersionAdvice(name, version)}.`);
    }
  }
  for (const name of Object.keys(pins)) {
    if (!(LOCAL_COLLECTIONS as readonly string[]).includes(name)) problems.push(`${name}: pinned, but no local collection has that name.`);
  }
  return problems;
}

/** The version of each collection that the previous release shipped (its fixture), if any. */
export function releasedVersions(): Partial<Record<LocalCollection, number>> {
  const out: Partial<Record<LocalCollection, number>> = {};
  for (const name of LOCAL_COLLECTIONS) {
    const file = new URL(`${name}.json`, RELEASE_DIR);
    if (existsSync(file)) out[name] = (JSON.parse(readFileSync(file, 'utf8')) as { version: number }).version;
  }
  return out;
}

/** The pins with the current versions added; throws when a released version's pin would change. */
export function updatedPins(pins: SchemaPins, current = currentPins(), released = releasedVersions()): SchemaPins {
  const out: SchemaPins = {};
  const refused: string[] = [];
  for (const name of LOCAL_COLLECTIONS) {
    const { version, hash } = current[name];
    const pinned = { ...(pins[name] ?? {}) };
    const old = pinned[version];
    const shipped = released[name];
    if (old !== undefined && old !== hash && shipped !== undefined && version <= shipped) {
      refused.push(`${name}: version ${version} was released with another schema; ${raiseVersionAdvice(name, version)}.`);
    }
    pinned[version] = hash;
    out[name] = Object.fromEntries(Object.entries(pinned).sort(([a], [b]) => Number(a) - Number(b)));
  }
  if (refused.length > 0) throw new Error(refused.join('\n'));
  return out;
}

export function renderPins(pins: SchemaPins): string {
  return `${JSON.stringify(pins, null, 2)}\n`;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  try {
    writeFileSync(PINS_FILE, renderPins(updatedPins(readPins())));
    console.info('src/domain/stored/schema-pins.json actualizado');
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 1;
  }
}
