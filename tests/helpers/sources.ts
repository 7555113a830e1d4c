import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The TypeScript sources under `dir` (relative to the repository, `/`-separated, sorted). */
export function sourceFiles(dir: string, root = process.cwd()): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();
}

/** Each `file:line` of `text` whose line (its `//` comment left out when asked) matches `pattern`. */
export function linesMatching(file: string, text: string, pattern: RegExp, opts: { withoutComments?: boolean } = {}): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (pattern.test(opts.withoutComments ? line.replace(/\/\/.*$/, '') : line)) found.push(`${file}:${i + 1}`);
  });
  return found;
}
