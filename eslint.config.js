// @ts-check
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const root = dirname(fileURLToPath(import.meta.url));

/** Where a source file sits in the layout: `features/<name>`, `domain`, `data`, `ui`, … */
function areaOf(absPath) {
  const rel = relative(resolve(root, 'src'), absPath).split(sep);
  if (rel[0] === '..' || rel.length < 2) return null;
  if (rel[0] === 'features') return { layer: 'features', feature: rel[1] };
  return { layer: rel[0], feature: null };
}

/** Packages pure domain code may import. Everything else (React, RxDB, Firebase, DOM) is out. */
const DOMAIN_PACKAGES = ['zod', 'date-fns'];
const SHARED_LAYERS = ['domain', 'data', 'backend', 'ui', 'i18n', 'workers'];

/**
 * The layout's boundaries (DESIGN.md §4), checked on every import:
 * - src/domain imports only itself and a few pure packages (no React, RxDB, Firebase, DOM);
 * - only src/data imports rxdb (and dexie);
 * - a feature never imports another feature;
 * - shared code (domain, data, backend, ui, i18n, workers) never imports features or routes.
 */
const boundaries = {
  rules: {
    layers: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = context.filename;
        const from = areaOf(file);
        function check(node, spec) {
          if (typeof spec !== 'string') return;
          const bare = !spec.startsWith('.') && !spec.startsWith('/');
          const pkg = bare ? (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]) : null;
          if (pkg && (pkg === 'rxdb' || pkg === 'dexie') && from?.layer !== 'data') {
            context.report({ node, message: `Only src/data may import ${pkg}; go through src/data.` });
          }
          if (!from) return;
          if (from.layer === 'domain' && pkg && !DOMAIN_PACKAGES.includes(pkg)) {
            context.report({ node, message: `src/domain is pure: it may not import «${spec}».` });
          }
          if (bare) return;
          const to = areaOf(resolve(dirname(file), spec));
          if (from.layer === 'domain' && to && to.layer !== 'domain') {
            context.report({ node, message: `src/domain may only import src/domain (not «${spec}»).` });
          }
          if (!to) return;
          if (from.layer === 'features' && to.layer === 'features' && to.feature !== from.feature) {
            context.report({ node, message: `Feature «${from.feature}» may not import feature «${to.feature}»; share it through src/ui, src/data or src/domain.` });
          }
          if (SHARED_LAYERS.includes(from.layer) && (to.layer === 'features' || to.layer === 'routes')) {
            context.report({ node, message: `Shared code (src/${from.layer}) may not import src/${to.layer}.` });
          }
        }
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
  },
};

/**
 * Screens never touch the database (issue 16): in src/features, src/ui and src/routes every live
 * query is a function of src/data/queries.ts and every write an action or the writer of src/data.
 * Forbidden: `db.<collection>…` (the `db` a query builder receives), `….db` (the engine's
 * database) and importing src/data/database. rxdb itself is already src/data's only.
 */
const dataAccess = {
  rules: {
    'no-inline-queries': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const message = (what) => `Screens do not touch the database («${what}»): read through a query of src/data/queries.ts, write through an action of src/data.`;
        return {
          MemberExpression(node) {
            if (node.object.type === 'Identifier' && node.object.name === 'db') {
              const prop = node.computed ? '[…]' : `.${node.property.name}`;
              context.report({ node, message: message(`db${prop}`) });
            } else if (!node.computed && node.property.type === 'Identifier' && node.property.name === 'db') {
              context.report({ node, message: message('….db') });
            }
          },
          ImportDeclaration(node) {
            const spec = node.source.value;
            if (typeof spec !== 'string' || !spec.startsWith('.')) return;
            const target = relative(resolve(root, 'src'), resolve(dirname(context.filename), spec)).split(sep).join('/');
            if (target === 'data/database' || target === 'data/database.ts') context.report({ node, message: message('src/data/database') });
          },
        };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'coverage/**', 'scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { boundaries },
    rules: {
      'boundaries/layers': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/features/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}', 'src/routes/**/*.{ts,tsx}'],
    plugins: { 'data-access': dataAccess },
    rules: { 'data-access/no-inline-queries': 'error' },
  },
  {
    files: ['src/domain/**/*.ts'],
    languageOptions: { globals: { ...globals.es2022 } },
    rules: {
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'indexedDB', 'location', 'fetch', 'HTMLElement'],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'server/**'],
    rules: { 'no-console': 'off' },
  },
);
