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
 * 3. The messages the domain hands zod are worded when a value is parsed, so a schema built when
 *    its module loaded still speaks the interface's current language.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setLanguage, t, type MessageKey } from '../../src/i18n';
import { domainText } from '../../src/i18n/domain';
import { validateDoc } from '../../src/domain/validation';
import { bikeSchema } from '../../src/domain/entities/operation';
import { accessDenied, checkWrite } from '../../src/domain/access/checkWrite';
import { publishProblems } from '../../src/domain/routing/edit';

const ROOT = join(__dirname, '../..');
const SPANISH = /[áéíóúüñÁÉÍÓÚÜÑ¿¡]/;

/** Files still holding Spanish literals, and how many (issue 16 follow-up; see docs/i18n.md, «Texts of `src/data` and `src/domain`»). */
const PENDING: Readonly<Record<string, number>> = {
  // Messages still written in Spanish by the domain (to move: keys + domainText at the consumer).
  'src/domain/prng.ts': 7, // programmer errors (RangeError of the demo generator's random source)
  // Not messages: data the domain matches or writes.
  'src/domain/intake/mapping.ts': 1, // default name of a saved mapping
  'src/domain/intake/csv.ts': 1, // «sí» cell value
  'src/domain/intake/values.ts': 1, // «sí» cell value
  'src/domain/orderApi/answers.ts': 2, // OpenAPI descriptions
  'src/domain/orderApi/shapes.ts': 14, // OpenAPI descriptions and the example order
};

const MESSAGE_TABLE = 'src/domain/messageTable.ts';

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

/**
 * Files whose Spanish literals are only the header names the import recognises (data it matches,
 * never shown): not counted, so a new column of the order fields table (issue 30 §1) is one row
 * of its table and no edit here.
 */
const HEADER_NAMES = new Set(['src/domain/intake/fields.ts', 'src/domain/intake/orderFields.ts']);

function spanishCounts(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const file of [...sources('src/domain'), ...sources('src/data')].filter((f) => !HEADER_NAMES.has(f))) {
    // The domain's message table is the catalogue of its texts (issue 30 §4), not literals to move.
    if (file === MESSAGE_TABLE) continue;
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

describe('the words of the domain follow the interface language', () => {
  afterEach(async () => setLanguage('es'));

  const bike = { id: 'b1', code: 'B-1', model_id: 'm1', hub: 1, status: 'available', battery_pct: 80, last_service_date: '', notes: '', updated_at: 1 };
  const parse = (value: unknown) => validateDoc(bikeSchema, value);

  it('zod messages of the builders, the schemas and the fallback: Spanish, then English, then Spanish again', async () => {
    const bad = { ...bike, id: 'b 1', hub: 1.5, status: 'flying' };
    expect(parse(bike).ok).toBe(true);
    const es = parse(bad);
    await setLanguage('en');
    const en = parse(bad);
    await setLanguage('es');
    expect(parse(bad)).toEqual(es);
    expect(es.ok || en.ok).toBe(false);
    if (es.ok || en.ok) return;
    expect(es.errors.map((e) => e.path)).toEqual(en.errors.map((e) => e.path));
    const byPath = (errors: typeof es.errors) => Object.fromEntries(errors.map((e) => [e.path, e.message]));
    expect(byPath(es.errors)).toMatchObject({ id: 'Solo letras, números y los signos - _ . :', hub: 'El hub debe ser un número entero' });
    expect(byPath(en.errors)).toMatchObject({ id: 'Only letters, digits and the signs - _ . :', hub: 'The hub must be a whole number' });
    expect(byPath(es.errors).status).toMatch(/^Valor no permitido \(«flying»\); debe ser uno de: «/);
    expect(byPath(en.errors).status).toMatch(/^Value not allowed \(“flying”\); must be one of: “/);
    // A schema of the test's own, with a message-less check: the fallback speaks English too.
    await setLanguage('en');
    expect(validateDoc(z.object({ n: z.int().max(3) }), { n: 4 })).toEqual({ ok: false, errors: [{ path: 'n', message: 'Must be at most 3' }] });
  });

  it('collection labels: a refusal names the document in the language it is shown in', async () => {
    const denied = accessDenied('orders', 'o3');
    expect(domainText(denied)).toBe('No tienes acceso al pedido «o3»');
    expect(domainText(accessDenied('routes', 'r1'))).toBe('No tienes acceso a la ruta «r1»');
    const refused = checkWrite({ collection: 'deliveries', role: 'admin', userId: 'u1', ownRouteIds: new Set(), before: { id: 'd1' }, after: { id: 'd1', note: 'x' } });
    expect(refused.ok).toBe(false);
    const reason = refused.ok ? null : refused.reason;
    expect(reason && domainText(reason)).toBe('Los registros de entrega no se modifican ni se borran: registra uno nuevo');
    await setLanguage('en');
    expect(domainText(denied)).toBe('You have no access to the order “o3”');
    expect(reason && domainText(reason)).toBe('Records of deliveries are neither changed nor deleted: record a new one');
    expect(publishProblems({ name: 'R1', status: 'draft', rider_id: '', stops: [] }).map((p) => p.message)).toEqual(['Route “R1” has no rider', 'Route “R1” has no stops']);
  });
});
