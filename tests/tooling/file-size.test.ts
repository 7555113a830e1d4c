import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 30 §2: no source file over 400 lines. A file that grows past it is split by concept
 * (actions vs queries, one entity per file, a bench's scenarios vs its runner, a test file by the
 * behaviour it tests), not by line count.
 */
const MAX_LINES = 400;

/** The folders whose code is held to the limit. */
const FOLDERS = ['src', 'server', 'sw', 'functions', 'bench', 'scripts', 'tests', 'e2e', 'e2e-firebase', 'eslint'];

const CODE = /\.(ts|tsx|js|mjs|cjs)$/;

/**
 * The exceptions, and why: generated files are written by a script, the route registry is one
 * table of every screen, and the message catalogues are one entry per text.
 */
const EXCEPTIONS: readonly { readonly why: string; readonly test: (path: string) => boolean }[] = [
  { why: 'generated file', test: (p) => p.endsWith('.generated.ts') },
  { why: 'the route registry', test: (p) => p === 'src/links/registry.ts' },
  { why: 'a message catalogue', test: (p) => p.startsWith('src/i18n/') },
];

function isException(path: string): boolean {
  return EXCEPTIONS.some((e) => e.test(path));
}

/** Lines as `wc -l` counts them. */
function lineCount(text: string): number {
  if (text === '') return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

/** `path (N lines)` for each of `files` over the limit and not excepted. */
function oversized(files: readonly { path: string; text: string }[]): string[] {
  return files
    .filter((f) => !isException(f.path))
    .map((f) => ({ path: f.path, lines: lineCount(f.text) }))
    .filter((f) => f.lines > MAX_LINES)
    .sort((a, b) => b.lines - a.lines)
    .map((f) => `${f.path} (${f.lines} lines)`);
}

function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sources(path);
    return CODE.test(e.name) ? [path] : [];
  });
}

describe('file size', () => {
  it('names each file over 400 lines with its count, and spares the exceptions', () => {
    const long = 'x\n'.repeat(401);
    const ok = 'x\n'.repeat(400);
    expect(lineCount(ok)).toBe(400);
    expect(lineCount('a\nb')).toBe(2);
    expect(
      oversized([
        { path: 'src/a.ts', text: ok },
        { path: 'server/b.ts', text: long },
        { path: 'tests/c.test.ts', text: long + 'y\n' },
        { path: 'src/data/storageSchemas.generated.ts', text: long },
        { path: 'src/links/registry.ts', text: long },
        { path: 'src/i18n/es/shared.ts', text: long },
      ]),
    ).toEqual(['tests/c.test.ts (402 lines)', 'server/b.ts (401 lines)']);
  });

  it(`no source file is over ${MAX_LINES} lines`, () => {
    const root = process.cwd();
    const files = FOLDERS.flatMap((d) => sources(join(root, d))).map((f) => ({
      path: relative(root, f).split(sep).join('/'),
      text: readFileSync(f, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(100);
    expect(oversized(files), `split each by concept into files of at most ${MAX_LINES} lines (issue 30 §2)`).toEqual([]);
  });
});
