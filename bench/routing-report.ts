/** How bench/routing times, prints and keeps its figures: formatting, tables, the figures for `--json FILE`. */
import type { Budget } from './kit';

// ── Formatting ────────────────────────────────────────────────────────────────────────────────

export const pct = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(2)} %`;
export const secs = (ms: number): string => (ms / 1000).toFixed(2);
export const num = (x: number): string => (Number.isInteger(x) ? String(x) : x.toFixed(2));

export function table(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

/** The process's CPU time in milliseconds (user + system). */
export const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export function timed<T>(f: () => T): { value: T; wallMs: number; cpuMs: number } {
  const c0 = cpuMs();
  const t0 = performance.now();
  const value = f();
  return { value, wallMs: performance.now() - t0, cpuMs: cpuMs() - c0 };
}

// ── Figures ───────────────────────────────────────────────────────────────────────────────────

/** Plans found infeasible (the exit status). */
export let infeasible = 0;
/** One more infeasible plan. */
export function countInfeasible(): void {
  infeasible += 1;
}

/** What `--json FILE` receives: every run and every budget. */
export const publicFigures: Record<string, unknown>[] = [];
export const dayFigures: Record<string, unknown>[] = [];
export const budgets: Budget[] = [];
