/**
 * The XLSX code (fflate and our reader/writer) reaches the browser only through the import
 * worker, loaded lazily: nothing else imports it statically, so it never lands in the main chunk.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx)$/.test(f) ? [p] : [];
  });
}

describe('XLSX code is lazy', () => {
  const sources = files('src').map((p) => ({ path: relative('.', p).split('\\').join('/'), text: readFileSync(p, 'utf8') }));

  it('imports fflate only in src/workers/xlsx', () => {
    const users = sources.filter((s) => /from ['"]fflate['"]/.test(s.text)).map((s) => s.path);
    expect(users.every((p) => p.startsWith('src/workers/xlsx/'))).toBe(true);
  });

  it('loads the XLSX reader and writer with dynamic import() only', () => {
    for (const s of sources) {
      if (s.path.startsWith('src/workers/xlsx/')) continue;
      expect(s.text, s.path).not.toMatch(/^\s*import\s[^;]*from\s+['"][^'"]*xlsx\/(read|write)['"]/m);
    }
    expect(sources.find((s) => s.path === 'src/workers/import/service.ts')?.text).toMatch(/await import\('\.\.\/xlsx\/read'\)/);
  });

  it('starts the import worker only from its client, as a module worker', () => {
    const starters = sources.filter((s) => s.text.includes('new Worker(') && s.text.includes('import.worker')).map((s) => s.path);
    expect(starters).toEqual(['src/workers/importClient.ts']);
    expect(sources.find((s) => s.path === 'src/workers/importClient.ts')?.text).toContain("new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module'");
  });
});
