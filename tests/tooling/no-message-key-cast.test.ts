import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { linesMatching, sourceFiles } from '../helpers/sources';

/**
 * Issue 30 §4: message keys are typed from the Spanish catalogue, never cast. A key built from a
 * union is typed by `t`'s parameter; a key built from data asks `hasMessage(key)` first.
 */
const CAST = /\bas\s+(?:unknown\s+as\s+)?MessageKey\b|<MessageKey>\s*[\w`(]/;

/** Each `file:line` of `text` that casts to MessageKey. */
function messageKeyCasts(file: string, text: string): string[] {
  return linesMatching(file, text, CAST);
}

describe('no `as MessageKey` cast', () => {
  it('finds a cast, however it is written', () => {
    expect(messageKeyCasts('x.ts', 'const a = 1;\nt(`a.${b}` as MessageKey);\n')).toEqual(['x.ts:2']);
    expect(messageKeyCasts('x.ts', 't(k as unknown as MessageKey)')).toEqual(['x.ts:1']);
    expect(messageKeyCasts('x.ts', 't(<MessageKey>k)')).toEqual(['x.ts:1']);
    expect(messageKeyCasts('x.ts', "import { t, type MessageKey } from './i18n';\nconst k: MessageKey = 'a.b';\n")).toEqual([]);
  });

  it('src/ and server/ have none', () => {
    const casts = ['src', 'server'].flatMap((d) => sourceFiles(d)).flatMap((name) => messageKeyCasts(name, readFileSync(name, 'utf8')));
    expect(casts, 'type the key from its union (`t(`a.${x}`)`), or ask hasMessage(key) for a key built from data').toEqual([]);
  });
});
