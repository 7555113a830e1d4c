// @ts-check
/**
 * `cycles/no-cycle`: no import cycle of any kind (issue 30 §6). import-x's `no-cycle` skips
 * type-only imports, so a cycle closed by `import type` went unseen; this rule reads every import
 * of a module — `import`, `import type`, `export … from`, `import()` — with TypeScript's
 * pre-processor and reports an import whose target leads back to the importing file, naming the
 * way back. Only relative imports are followed (packages cannot import the app).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

/** @type {Map<string, { mtime: number, imports: string[] }>} */
const graph = new Map();

/** The file a relative import names, or null (a package, an asset, a missing file). */
function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  const stem = base.replace(/\.(js|mjs)$/, '');
  const candidates = [base, ...EXTENSIONS.map((e) => stem + e), ...EXTENSIONS.map((e) => resolve(base, 'index' + e))];
  for (const c of candidates) {
    if (EXTENSIONS.some((e) => c.endsWith(e)) && existsSync(c) && statSync(c).isFile()) return c;
  }
  return null;
}

/** The files a module imports (any kind of import), read once per change of the file. */
function importsOf(file) {
  if (!existsSync(file)) return [];
  const mtime = statSync(file).mtimeMs;
  const cached = graph.get(file);
  if (cached && cached.mtime === mtime) return cached.imports;
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const imports = [...new Set(info.importedFiles.map((f) => resolveImport(file, f.fileName)).filter((f) => f !== null))];
  graph.set(file, { mtime, imports });
  return imports;
}

/** The shortest way from `start` back to `target`, or null. */
function pathBack(start, target) {
  /** @type {Map<string, string | null>} */
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = /** @type {string} */ (queue.shift());
    for (const next of importsOf(node)) {
      if (previous.has(next)) continue;
      previous.set(next, node);
      if (next === target) {
        const way = [];
        for (let at = /** @type {string | null | undefined} */ (next); at; at = previous.get(at)) way.unshift(at);
        return way;
      }
      queue.push(next);
    }
  }
  return null;
}

/** @type {import('eslint').ESLint.Plugin} */
export const cycles = {
  rules: {
    'no-cycle': {
      meta: {
        type: 'problem',
        schema: [],
        docs: { description: 'No import cycle, type-only imports included.' },
      },
      create(context) {
        const file = context.physicalFilename;
        const root = context.cwd;
        /** @param {import('estree').Node} node @param {unknown} spec */
        function check(node, spec) {
          if (typeof spec !== 'string') return;
          const target = resolveImport(file, spec);
          if (!target || target === file) return;
          const way = pathBack(target, file);
          if (!way) return;
          const names = way.map((f) => relative(root, f)).join(' → ');
          context.report({ node, message: `Import cycle (type-only imports count too): ${relative(root, file)} → ${names}. Move what both need into a module below them.` });
        }
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
          // `typeof import('./x')` in a type.
          TSImportType: (node) => {
            const arg = /** @type {any} */ (node).argument;
            const lit = arg?.type === 'TSLiteralType' ? arg.literal : arg;
            if (lit?.type === 'Literal') check(node, lit.value);
          },
        };
      },
    },
  },
};
