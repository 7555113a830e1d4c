/**
 * Issue 30 §4: one catalogue per feature, loaded with its screens. The shell loads the shared
 * catalogues (the `./es/…` imports of src/i18n/index.ts); every other one is loaded by the modules
 * that name its keys (`import '../../i18n/es/planning'`), so it travels in their lazy chunk. The
 * tests load every catalogue (tests/setup/catalogues.ts), so a forgotten import would only show in
 * the built app — as a bare key. This test reads the sources instead: every key a module of the
 * app names (a string literal that is a key, or the head of a template literal that starts one)
 * belongs to a shared catalogue or to one the module itself imports. A data-layer module's keys
 * (its refusals, worded when shown) must be loaded by every module of a screen that imports it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it, vi } from 'vitest';
import { es } from '../../src/i18n/messages.es';

const ROOT = join(__dirname, '../..');
const CATALOGUES = join(ROOT, 'src/i18n/es');

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();
}

/** Which catalogue file (its name in src/i18n/es) holds each top-level group of keys. */
async function groupFiles(): Promise<Map<string, string>> {
  const owner = new Map<string, string>();
  for (const file of readdirSync(CATALOGUES).filter((f) => f.endsWith('.ts'))) {
    const mod = (await import(join(CATALOGUES, file))) as Record<string, Record<string, unknown>>;
    const name = file.replace(/\.ts$/, '');
    for (const value of Object.values(mod)) {
      for (const group of Object.keys(value)) {
        // One file per group: a second file defining it would silently replace the first's texts.
        if (owner.has(group) && owner.get(group) !== name) throw new Error(`«${group}» is in ${owner.get(group) ?? ''}.ts and ${file}`);
        owner.set(group, name);
      }
    }
  }
  return owner;
}

/** The catalogues the shell loads: the `./es/<name>` imports of src/i18n/index.ts. */
function shared(): Set<string> {
  const text = readFileSync(join(ROOT, 'src/i18n/index.ts'), 'utf8');
  return new Set([...text.matchAll(/^import '\.\/es\/(\w+)';$/gm)].map((m) => m[1] as string));
}

/** Every key (dotted path) of the whole catalogue. */
function keysOf(node: unknown, prefix = '', out = new Set<string>()): Set<string> {
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    if (typeof v === 'string') out.add(`${prefix}${k}`);
    else keysOf(v, `${prefix}${k}.`, out);
  }
  return out;
}

interface Module {
  readonly file: string;
  /** The top-level groups of the keys it names. */
  readonly groups: Set<string>;
  /** The catalogues it imports (src/i18n/es/<name>). */
  readonly loads: Set<string>;
  /** The files it imports (resolved, relative to the root). */
  readonly imports: Set<string>;
}

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = relative(ROOT, resolve(ROOT, dirname(from), spec)).split('\\').join('/');
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`, base]) {
    try {
      readFileSync(join(ROOT, candidate));
      return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

function read(file: string, keys: Set<string>, prefixes: Set<string>): Module {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const groups = new Set<string>();
  const loads = new Set<string>();
  const imports = new Set<string>();
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly === true : node.isTypeOnly;
      const spec = node.moduleSpecifier.text;
      const target = resolveImport(file, spec);
      if (!typeOnly && target) {
        imports.add(target);
        const m = /^src\/i18n\/es\/(\w+)\.ts$/.exec(target);
        if (m?.[1]) loads.add(m[1]);
      }
      return;
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (keys.has(node.text)) groups.add(node.text.split('.')[0] as string);
    } else if (ts.isTemplateHead(node)) {
      if (prefixes.has(node.text)) groups.add(node.text.split('.')[0] as string);
    }
    node.forEachChild(visit);
  };
  visit(source);
  return { file, groups, loads, imports };
}

/** The modules of the app that name keys or import data modules, and what each is missing. */
async function missing(): Promise<string[]> {
  const owner = await groupFiles();
  const always = shared();
  const keys = keysOf(es);
  const prefixes = new Set<string>();
  for (const key of keys) {
    const parts = key.split('.');
    for (let i = 1; i < parts.length; i++) {
      const head = parts.slice(0, i).join('.');
      prefixes.add(`${head}.`);
      // A template head may end inside a segment: `delivery.outcome_${…}`.
      const last = parts[i] as string;
      for (let j = 1; j < last.length; j++) prefixes.add(`${head}.${last.slice(0, j)}`);
    }
  }
  const catalogueOf = (group: string) => owner.get(group) ?? `?${group}`;
  const app = ['src/features', 'src/ui', 'src/routes', 'src/links', 'src/backend', 'src/workers', 'src/data'].flatMap(sources);
  const modules = new Map(app.map((f) => [f, read(f, keys, prefixes)]));
  // A data module's needs: its own keys and those of the data modules it imports, transitively.
  const dataNeeds = new Map<string, Set<string>>();
  const needsOf = (file: string, seen = new Set<string>()): Set<string> => {
    const known = dataNeeds.get(file);
    if (known) return known;
    const m = modules.get(file);
    const out = new Set<string>();
    if (!m || seen.has(file)) return out;
    seen.add(file);
    for (const g of m.groups) out.add(catalogueOf(g));
    for (const i of m.imports) if (i.startsWith('src/data/')) for (const c of needsOf(i, seen)) out.add(c);
    for (const c of always) out.delete(c);
    dataNeeds.set(file, out);
    return out;
  };
  const problems: string[] = [];
  for (const m of modules.values()) {
    if (m.file.startsWith('src/data/')) continue;
    const loaded = new Set([...always, ...m.loads]);
    const lacking = new Set<string>();
    for (const g of m.groups) if (!loaded.has(catalogueOf(g))) lacking.add(catalogueOf(g));
    for (const i of m.imports) if (i.startsWith('src/data/')) for (const c of needsOf(i)) if (!loaded.has(c)) lacking.add(c);
    if (lacking.size > 0) problems.push(`${m.file}: ${[...lacking].sort().join(', ')}`);
  }
  return problems.sort();
}

describe('catalogues load with the modules that use them (issue 30 §4)', () => {
  it('every key a module names is in a shared catalogue or one it imports', async () => {
    expect(await missing()).toEqual([]);
  });

  it('the shell loads only the shared catalogues, none of a feature', () => {
    const features = readdirSync(join(ROOT, 'src/features'));
    expect([...shared()].filter((c) => features.includes(c) && c !== 'auth')).toEqual([]);
    expect([...shared()]).toContain('shared');
  });

  it('each feature has its catalogue, named as its folder (issue 30 §5)', () => {
    const files = new Set(readdirSync(CATALOGUES).map((f) => f.replace(/\.ts$/, '')));
    expect(readdirSync(join(ROOT, 'src/features')).filter((f) => !files.has(f))).toEqual([]);
  });

  it('a key of a catalogue not loaded yet fails in tests; loading the catalogue makes it speak', async () => {
    vi.resetModules();
    const fresh = await import('../../src/i18n');
    expect(fresh.t('common.save')).toBe('Guardar');
    expect(() => fresh.t('planning.board.mapLabel')).toThrow(fresh.MissingMessage);
    expect(() => fresh.t('planning.board.mapLabel')).toThrow(/src\/i18n\/es\/planning/);
    expect(fresh.hasMessage('planning.board.mapLabel')).toBe(false);
    await import('../../src/i18n/es/planning');
    expect(fresh.t('planning.board.mapLabel', { date: '1 dic' })).toBe('Mapa de la planificación del 1 dic');
    expect(fresh.hasMessage('planning.board.mapLabel')).toBe(true);
  });
});
