/**
 * Issue 15 (the English catalogue): a text is worded when it is shown, never when its module
 * loads. A `t()` run at load time (a module constant, an object literal of a config, a zod
 * message given as a string) keeps the language the module loaded in: after a switch in «Mi
 * perfil» the screen would mix languages until a reload. This test reads every source of src/
 * with the TypeScript parser and fails on a call of `t(…)` outside any function body.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();
}

/** `file:line` of each `t(…)` call made when the module loads (outside every function). */
export function loadTimeCalls(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node, inFunction: boolean): void => {
    const fn = inFunction || ts.isFunctionLike(node) || ts.isClassStaticBlockDeclaration(node) || ts.isGetAccessor(node);
    if (!inFunction && ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 't') {
      found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    node.forEachChild((child) => visit(child, fn));
  };
  visit(source, false);
  return found;
}

describe('texts are worded when shown, not when their module loads', () => {
  it('finds a load-time call and ignores calls inside functions (the scanner itself)', () => {
    const sample = "const a = t('x');\nconst b = { label: t('y') };\nconst c = () => t('z');\nfunction d() { return t('w'); }\nconst e = { get f() { return t('v'); } };\n";
    expect(loadTimeCalls('sample.ts', sample)).toEqual(['sample.ts:1', 'sample.ts:2']);
  });

  it('no source of src/ calls t() at load time', () => {
    const calls = sources('src').flatMap((file) => loadTimeCalls(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(calls).toEqual([]);
  });
});
