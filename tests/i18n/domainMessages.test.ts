/**
 * Issue 16, part 5: the Spanish of src/domain and src/data lives in the catalogue.
 *
 * 1. No string literal with Spanish letters (á é í ó ú ü ñ ¿ ¡) in the sources of src/domain and
 *    src/data, outside comments (the TypeScript parser tells literals from comments). The files
 *    still holding some are listed in PENDING with their count: a count may only go down (a
 *    file above its count, or a file not listed, fails), and a count that went down must be
 *    lowered here, so the list says what is left. Some are not messages at all (the import's
 *    column synonyms, the order API's OpenAPI descriptions, CSV cell values): they stay listed.
 * 2. Every key the domain names (`msg('domain.…')`) is in the catalogue.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { t, type MessageKey } from '../../src/i18n';

const ROOT = join(__dirname, '../..');
const SPANISH = /[áéíóúüñÁÉÍÓÚÜÑ¿¡]/;

/** Files still holding Spanish literals, and how many (issue 16 follow-up; see docs/decisions.md). */
const PENDING: Readonly<Record<string, number>> = {
  // Messages still written in Spanish by the domain (to move: keys + domainText at the consumer).
  'src/domain/collections.ts': 2, // collection labels («el registro del catálogo»)
  'src/domain/entities/events.ts': 1, // zod schema messages (and ./fields, ./operation, ./reference)
  'src/domain/entities/fields.ts': 23,
  'src/domain/entities/operation.ts': 7,
  'src/domain/entities/reference.ts': 3,
  'src/domain/routing/day.ts': 5,
  'src/domain/routing/edit.ts': 1,
  'src/domain/validation.ts': 19, // zod's Spanish fallback messages and «línea N» paths
  'src/domain/prng.ts': 7, // programmer errors (RangeError of the demo generator's random source)
  // Not messages: data the domain matches or writes.
  'src/domain/intake/fields.ts': 36, // column-name synonyms the import recognises
  'src/domain/intake/mapping.ts': 1, // default name of a saved mapping
  'src/domain/intake/csv.ts': 1, // «sí» cell value
  'src/domain/intake/values.ts': 1, // «sí» cell value
  'src/domain/orderApi/answers.ts': 2, // OpenAPI descriptions
  'src/domain/orderApi/shapes.ts': 14, // OpenAPI descriptions and the example order
};

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();
}

/** The string literals (plain, template parts, JSX text) of a source, without its comments. */
function literals(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) found.push(node.text);
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

function spanishCounts(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const file of [...sources('src/domain'), ...sources('src/data')]) {
    const n = literals(file).filter((s) => SPANISH.test(s)).length;
    if (n > 0) counts[file] = n;
  }
  return counts;
}

describe('Spanish texts of src/domain and src/data', () => {
  it('finds a Spanish literal and ignores a comment (the scanner itself)', () => {
    const sample = ts.createSourceFile('x.ts', "// «qué»\nconst a = `Línea ${1}`; /* ¿sí? */ const b = 'ok';", ts.ScriptTarget.Latest, true);
    const texts: string[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) texts.push(node.text);
      node.forEachChild(visit);
    };
    visit(sample);
    expect(texts.filter((s) => SPANISH.test(s))).toEqual(['Línea ']);
  });

  it('are in the catalogue: no file gains a Spanish literal, and the pending list is up to date', () => {
    expect(spanishCounts()).toEqual(PENDING);
  });

  it('every message key the domain names is in the catalogue', () => {
    const keys = new Set<string>();
    for (const file of sources('src/domain')) {
      for (const m of readFileSync(join(ROOT, file), 'utf8').matchAll(/msg\(\s*'(domain\.[\w.]+)'/g)) keys.add(m[1] as string);
    }
    expect(keys.size).toBeGreaterThan(0);
    const missing = [...keys].filter((k) => t(k as MessageKey) === k);
    expect(missing).toEqual([]);
  });
});
