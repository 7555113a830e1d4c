/**
 * What several benchmarks share: the page code they run in Chromium, bundled by Vite into one
 * IIFE file, and their tables of figures.
 */
import { resolve } from 'node:path';
import { build } from 'vite';

/**
 * Bundles `entry` (a bench/*-browser.ts module) into `outDir/fileName` as an IIFE, for a page
 * that loads it as a classic script (production mode, no source maps).
 */
export async function bundleForPage(entry: string, outDir: string, fileName: string, globalName: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      reportCompressedSize: false,
      lib: { entry: resolve(entry), formats: ['iife'], name: globalName, fileName: () => fileName },
    },
  });
}

/** A table on the console: the first column left-aligned, the others right-aligned. */
export function printTable(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ').trimEnd();
  console.log(line(head));
  console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}
