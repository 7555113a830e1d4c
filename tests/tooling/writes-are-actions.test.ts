import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { linesMatching, sourceFiles } from '../helpers/sources';

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
  return linesMatching(file, text, DIRECT, { withoutComments: true });
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
    const direct = sourceFiles('src')
      .filter((name) => !ENGINE.has(name))
      .flatMap((name) => directWrites(name, readFileSync(name, 'utf8')));
    expect(direct, 'write through an action (src/data/action.ts defineAction; whole documents: src/data/entities.ts entityActions)').toEqual([]);
  });
});
