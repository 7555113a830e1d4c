/**
 * What every benchmark shares (issue 30 §6), so each bench is only its scenario:
 * - statistics: `quantile` (nearest rank), `median`, `summarize` (./stats.ts: pure, so the page
 *   code a bench bundles for Chromium uses the same);
 * - the browser: `launchChromium` / `launchChromiumContext` (Debian's Chromium and the e2e flags,
 *   never `playwright install`), and `bundleForPage` for the page code a bench runs there;
 * - budgets: `budget(name, value, limit)` and `verdict` (OK / OVER), `overBudget` for the exit status;
 * - figures: every bench accepts `--json FILE` and writes its figures there with `writeFigures`
 *   (docs quote them from that file, not by hand); `printTable` for the console.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type LaunchOptions } from '@playwright/test';
import { build } from 'vite';
import { CHROMIUM_PATH, chromiumArgs } from '../e2e/chromium';

export { median, quantile, summarize, type Summary } from './stats';

// ── The browser ──────────────────────────────────────────────────────────────────────────────

/** Debian's Chromium with the e2e suite's flags, plus `extraArgs`. */
export function launchChromium(extraArgs: readonly string[] = [], options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({ ...options, executablePath: CHROMIUM_PATH, args: [...chromiumArgs, ...extraArgs] });
}

/** A persistent context (a fresh profile when `userDataDir` is ''), same browser and flags. */
export function launchChromiumContext(userDataDir: string, options: Parameters<typeof chromium.launchPersistentContext>[1] = {}): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { ...options, executablePath: CHROMIUM_PATH, args: [...chromiumArgs, ...(options.args ?? [])] });
}

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

// ── Budgets ──────────────────────────────────────────────────────────────────────────────────

export interface Budget {
  readonly name: string;
  readonly value: number;
  readonly limit: number;
  readonly unit: string;
  /** `max`: the value must be at most the limit (times, sizes); `min`: at least (shares read). */
  readonly kind: 'max' | 'min';
  readonly ok: boolean;
}

export function budget(name: string, value: number, limit: number, unit = 'ms', kind: 'max' | 'min' = 'max'): Budget {
  return { name, value, limit, unit, kind, ok: kind === 'max' ? value <= limit : value >= limit };
}

export const verdict = (ok: boolean): string => (ok ? 'OK' : 'OVER');

/** True when a budget is missed (the bench then exits with 1). */
export const overBudget = (budgets: readonly Budget[]): boolean => budgets.some((b) => !b.ok);

// ── Figures ──────────────────────────────────────────────────────────────────────────────────

/** The FILE of `--json FILE` (or `--json=FILE`), or null. */
export function jsonFileArg(argv: readonly string[] = process.argv): string | null {
  const eq = argv.find((a) => a.startsWith('--json='));
  if (eq) return eq.slice('--json='.length);
  const i = argv.indexOf('--json');
  return i >= 0 && argv[i + 1] && !argv[i + 1]?.startsWith('--') ? (argv[i + 1] as string) : null;
}

/** Writes `{ bench, figures, budgets }` to the `--json` file, when one was asked for. */
export function writeFigures(bench: string, figures: unknown, budgets: readonly Budget[] = [], argv: readonly string[] = process.argv): void {
  const file = jsonFileArg(argv);
  if (!file) return;
  writeFileSync(file, `${JSON.stringify({ bench, figures, budgets }, null, 2)}\n`);
  console.info(`cifras escritas en ${file}`);
}

/** A table on the console: the first column left-aligned, the others right-aligned. */
export function printTable(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ').trimEnd();
  console.log(line(head));
  console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}
