/** How bench/sync prints and keeps its figures: tables, latency rows against the goal, warnings and budgets. */
import { budget, quantile, verdict, type Budget } from './kit';
import { GOAL_P95_MS } from './sync-setup';

// ── Formatting ────────────────────────────────────────────────────────────────────────────────
export const int = (n: number): string => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
export const ms = (n: number): string => (Number.isFinite(n) ? (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0)) : '∞');
export const secs = (n: number): string => `${(n / 1000).toFixed(1)} s`;
export const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);

export function table(head: string[], rows: string[][], right: boolean[]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells.map((c, i) => (right[i] ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ').trimEnd();
  console.log(line(head));
  console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

/** Nearest-rank percentile (lost changes are +Infinity). */
export const percentile = quantile;

export interface LatencyRow {
  readonly label: string;
  readonly values: number[];
  /** Held against the goal (else informational). */
  readonly goal: boolean;
}

export let over = 0;
/** One more measure over its goal. */
export function countOver(): void {
  over += 1;
}
export const warnings: string[] = [];
/** Every figure held against a goal, for `--json FILE`. */
export const budgets: Budget[] = [];
export const latencies: { label: string; n: number; lost: number; p50: number; p95: number; max: number }[] = [];

export function latencyTable(rows: LatencyRow[]): void {
  table(
    ['medida', 'n', 'perdidos', 'p50 ms', 'p95 ms', 'máx ms', 'meta'],
    rows.map((r) => {
      const sorted = [...r.values].sort((a, b) => a - b);
      const p95 = percentile(sorted, 0.95);
      const ok = p95 < GOAL_P95_MS;
      if (r.goal && !ok) over += 1;
      const lost = sorted.filter((v) => !Number.isFinite(v)).length;
      latencies.push({ label: r.label, n: sorted.length, lost, p50: percentile(sorted, 0.5), p95, max: sorted[sorted.length - 1] ?? Number.NaN });
      if (r.goal) budgets.push({ ...budget(`${r.label}: p95`, p95, GOAL_P95_MS), ok });
      return [
        r.label,
        String(sorted.length),
        String(sorted.filter((v) => !Number.isFinite(v)).length),
        ms(percentile(sorted, 0.5)),
        ms(p95),
        ms(sorted[sorted.length - 1] ?? Number.NaN),
        r.goal ? `p95 < ${int(GOAL_P95_MS)} ms  ${verdict(ok)}` : '(informativa)',
      ];
    }),
    [false, true, true, true, true, true, false],
  );
}
