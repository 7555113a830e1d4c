// @ts-check
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { cycles } from './eslint/import-cycles.js';
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
const SHARED_LAYERS = ['domain', 'data', 'backend', 'links', 'ui', 'i18n', 'workers'];
/**
 * The order of the shared layers (issue 16): a layer imports only its own rank or lower ones.
 * domain < backend (the seam) < data, links < ui, features, routes. The app's entry (src/main.tsx)
 * wires them together and is not in any layer. src/links holds the route table (the
 * specification's paths, typed `href`/`linkTo`): plain data below the features and the shared
 * UI, which build their links from it (issue 30 §5: no exception needed).
 */
const LAYER_RANK = { domain: 0, backend: 1, data: 2, links: 2, ui: 3, features: 3, routes: 4 };

/**
 * The layout's boundaries (docs/architecture.md §4), checked on every import:
 * - src/domain imports only itself and a few pure packages (no React, RxDB, Firebase, DOM);
 * - only src/data imports rxdb (and dexie);
 * - a feature never imports another feature;
 * - shared code (domain, data, backend, ui, i18n, workers) never imports features or routes;
 * - the layers are ordered (LAYER_RANK): src/backend never imports src/data, src/data never src/ui;
 *   the route table (src/links: registry.ts, href.ts) is a shared layer below ui and features;
 * - above the seam, src/backend is reached only through its interface (src/backend/types.ts).
 * Import cycles, type-only imports included, are eslint/import-cycles.js's `cycles/no-cycle` (below).
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
          if (pkg && (pkg === 'rxdb' || pkg === 'dexie') && from?.layer !== 'data' && !isStorageReference(file)) {
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
          if (from.layer !== 'backend' && to.layer === 'backend' && !/^types(\.ts)?$/.test(relative(resolve(root, 'src/backend'), resolve(dirname(file), spec)))) {
            context.report({ node, message: `src/${from.layer} sees the backend only through its interface, src/backend/types (not «${spec}»); the backend is made in src/main.tsx.` });
          }
          if (from.layer === 'features' && to.layer === 'features' && to.feature !== from.feature) {
            context.report({ node, message: `Feature «${from.feature}» may not import feature «${to.feature}»; share it through src/ui, src/data or src/domain.` });
          }
          if (SHARED_LAYERS.includes(from.layer) && (to.layer === 'features' || to.layer === 'routes')) {
            context.report({ node, message: `Shared code (src/${from.layer}) may not import src/${to.layer}.` });
          } else if (from.layer in LAYER_RANK && to.layer in LAYER_RANK && LAYER_RANK[to.layer] > LAYER_RANK[from.layer]) {
            context.report({ node, message: `src/${from.layer} may not import the higher layer src/${to.layer} (domain < backend < data < ui/features).` });
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
 * bench/firstsync's reference writes the documents with plain Dexie, as RxDB's dexie storage
 * lays them out: it measures the storage itself, so it is one of the two files outside src/data
 * that import dexie and rxdb. The other is the stack's floor (bench/floor/app, issue 31): the
 * minimal app the product is measured against, which has no src/data.
 */
function isStorageReference(file) {
  const rel = relative(root, file);
  return rel === join('bench', 'firstsync-browser.ts') || rel === join('bench', 'floor', 'app', 'main.tsx');
}

const LINK_MESSAGE = 'Build link targets with href(id, params) from src/links/registry, not a «/…» string literal.';

/** Selectors of a string (or template) starting with «/» used as a link target. */
function linkLiteralSelectors() {
  const literal = (ctx) => [`${ctx} > Literal[value=/^\\//]`, `${ctx} > TemplateLiteral > TemplateElement:first-child[value.raw=/^\\//]`];
  const inside = (ctx) => [ctx, `${ctx} > ConditionalExpression`, `${ctx} > LogicalExpression`];
  const targets = [
    'JSXAttribute[name.name=/^(to|href)$/]',
    'JSXAttribute[name.name=/^(to|href)$/] > JSXExpressionContainer',
    'Property[key.name=/^(to|href)$/]',
    'CallExpression[callee.name=/^(navigate|redirect)$/]',
    'Property[key.name="paths"] > ObjectExpression > Property',
    'Property[key.name="paths"] > ObjectExpression > Property > ArrowFunctionExpression',
  ];
  return targets.flatMap(inside).flatMap(literal);
}

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
  { ignores: ['dist/**', 'dist-firebase/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'coverage/**', 'scratch/**', 'bench/floor/dist/**', 'functions/lib/**', 'functions/node_modules/**'] },
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
    // No import cycle of any kind, type-only imports included (issue 30 §6): import-x's
    // `no-cycle` skips `import type`, so the check is our own (eslint/import-cycles.js).
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'sw/**/*.ts', 'functions/src/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}', 'tests/**/*.{ts,tsx}', 'e2e/**/*.ts', 'e2e-firebase/**/*.ts'],
    plugins: { cycles },
    rules: { 'cycles/no-cycle': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Link targets in features come from the route registry's typed `href(id, params)`
    // (src/links/registry.ts), never from a hand-written «/…» string (issue 16).
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...linkLiteralSelectors().map((selector) => ({ selector, message: LINK_MESSAGE }))],
    },
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
  {
    // Specs take `test` and `expect` from e2e/test.ts: every page then runs on the run's clock
    // (e2e/clock.ts), and no spec depends on the hour the suite happens to run at.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', importNames: ['test', 'expect', 'chromium'], message: "Import `test` and `expect` from './test' (the run's clock, e2e/clock.ts)." }] },
      ],
    },
  },
);
