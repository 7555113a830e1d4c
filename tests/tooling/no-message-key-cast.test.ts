import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 30 §4: message keys are typed from the Spanish catalogue, never cast. A key built from a
 * union is typed by `t`'s parameter; a key built from data asks `hasMessage(key)` first.
 */
const CAST = /\bas\s+(?:unknown\s+as\s+)?MessageKey\b|<MessageKey>\s*[\w`(]/;

/** Each `file:line` of `text` that casts to MessageKey. */
function messageKeyCasts(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (CAST.test(line)) found.push(`${file}:${i + 1}`);
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

describe('no `as MessageKey` cast', () => {
  it('finds a cast, however it is written', () => {
    expect(messageKeyCasts('x.ts', 'const a = 1;\nt(`a.${b}` as MessageKey);\n')).toEqual(['x.ts:2']);
    expect(messageKeyCasts('x.ts', 't(k as unknown as MessageKey)')).toEqual(['x.ts:1']);
    expect(messageKeyCasts('x.ts', 't(<MessageKey>k)')).toEqual(['x.ts:1']);
    expect(messageKeyCasts('x.ts', "import { t, type MessageKey } from './i18n';\nconst k: MessageKey = 'a.b';\n")).toEqual([]);
  });

  it('src/ and server/ have none', () => {
    const root = process.cwd();
    const casts = ['src', 'server'].flatMap((d) => sources(join(root, d))).flatMap((f) => messageKeyCasts(relative(root, f), readFileSync(f, 'utf8')));
    expect(casts, 'type the key from its union (`t(`a.${x}`)`), or ask hasMessage(key) for a key built from data').toEqual([]);
  });
});
