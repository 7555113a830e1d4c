import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 30 §3, one way to define a write: every write of src/ is an action (src/data/action.ts
 * `defineAction`). Only the engine touches the writer: the action's transaction (its one
 * `writeAll`), the writer itself and the engine's start (finishing an interrupted action).
 */
const ENGINE = new Set(['src/data/action.ts', 'src/data/writes.ts', 'src/data/engine.ts']);

/** The writer reached (`x.writer`, `{ writer }`), or one of its writes called on anything. */
const DIRECT = /\.\s*writer\b|\{[^}]*\bwriter\b[^}]*\}\s*=|\b(?:writeAll|insertMany|saveMany)\s*\(|\bnew\s+Writer\s*\(/;

/** Each `file:line` of `text` that uses the writer directly. */
function directWrites(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (DIRECT.test(line.replace(/\/\/.*$/, ''))) found.push(`${file}:${i + 1}`);
  });
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(e.name) ? [path] : [];
  });
}

describe('every write is an action (issue 30 §3)', () => {
  it('finds the writer used directly, however it is reached', () => {
    expect(directWrites('x.ts', "const a = 1;\nawait engine.writer.save('orders', doc);\n")).toEqual(['x.ts:2']);
    expect(directWrites('x.ts', 'const w = engine.writer;')).toEqual(['x.ts:1']);
    expect(directWrites('x.ts', 'const { db, writer } = engine;')).toEqual(['x.ts:1']);
    expect(directWrites('x.ts', 'await w.writeAll({ routes });')).toEqual(['x.ts:1']);
    expect(directWrites('x.ts', "await w.insertMany('orders', docs);")).toEqual(['x.ts:1']);
    expect(directWrites('x.ts', "export type E = Pick<DataEngine, 'db' | 'writer'>;\nawait saveRoute(engine, { id, fields }, actor);\n// engine.writer, in words\n")).toEqual([]);
  });

  it('src/ uses the writer only inside the engine', () => {
    const root = process.cwd();
    const files = sources(join(root, 'src')).map((f) => [relative(root, f).split('\\').join('/'), f] as const);
    const direct = files.filter(([name]) => !ENGINE.has(name)).flatMap(([name, f]) => directWrites(name, readFileSync(f, 'utf8')));
    expect(direct, 'write through an action (src/data/action.ts defineAction; whole documents: src/data/entities.ts entityActions)').toEqual([]);
  });
});
