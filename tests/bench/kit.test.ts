/** The benchmarks' shared kit (bench/kit.ts, bench/stats.ts): statistics, budgets and `--json FILE`. */
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { budget, jsonFileArg, overBudget, verdict, writeFigures } from '../../bench/kit';
import { median, quantile, summarize } from '../../bench/stats';

describe('bench statistics', () => {
  it('takes quantiles by nearest rank, whatever the order of the values', () => {
    const xs = [9, 1, 8, 2, 7, 3, 6, 4, 5, 10];
    expect(quantile(xs, 0.5)).toBe(5);
    expect(quantile(xs, 0.95)).toBe(10);
    expect(quantile(xs, 0.9)).toBe(9);
    expect(quantile(xs, 0)).toBe(1);
    expect(quantile([], 0.5)).toBeNaN();
    expect(median([3, 1, 2])).toBe(2);
    expect(xs[0]).toBe(9);
  });

  it('keeps lost measures (+Infinity) at the top', () => {
    expect(quantile([1, Number.POSITIVE_INFINITY, 2, 3], 0.95)).toBe(Number.POSITIVE_INFINITY);
    expect(quantile([1, Number.POSITIVE_INFINITY, 2, 3], 0.5)).toBe(2);
  });

  it('summarizes runs', () => {
    expect(summarize([4, 2, 8, 6])).toEqual({ runs: 4, min: 2, median: 4, p95: 8, max: 8 });
  });
});

describe('bench budgets', () => {
  it('holds a time under its limit and a share above it', () => {
    expect(budget('t', 1000, 1000).ok).toBe(true);
    expect(budget('t', 1001, 1000).ok).toBe(false);
    expect(budget('s', 0.96, 0.95, 'share', 'min').ok).toBe(true);
    expect(budget('s', 0.9, 0.95, 'share', 'min').ok).toBe(false);
    expect(overBudget([budget('a', 1, 2), budget('b', 3, 2)])).toBe(true);
    expect(overBudget([budget('a', 1, 2)])).toBe(false);
    expect(verdict(true)).toBe('OK');
    expect(verdict(false)).toBe('OVER');
  });
});

describe('--json FILE', () => {
  it('reads the file from `--json FILE` or `--json=FILE`, and nothing else', () => {
    expect(jsonFileArg(['node', 'b.ts', '--quick', '--json', 'out.json'])).toBe('out.json');
    expect(jsonFileArg(['node', 'b.ts', '--json=out.json'])).toBe('out.json');
    expect(jsonFileArg(['node', 'b.ts', '--json', '--quick'])).toBeNull();
    expect(jsonFileArg(['node', 'b.ts'])).toBeNull();
  });

  it('writes the bench, its figures and its budgets when asked, and nothing when not', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-kit-'));
    try {
      const file = join(dir, 'figures.json');
      writeFigures('demo', { a: 1 }, [budget('x', 1, 2)], ['node', 'b.ts']);
      expect(existsSync(file)).toBe(false);
      writeFigures('demo', { a: 1 }, [budget('x', 1, 2)], ['node', 'b.ts', '--json', file]);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ bench: 'demo', figures: { a: 1 }, budgets: [{ name: 'x', value: 1, limit: 2, unit: 'ms', kind: 'max', ok: true }] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
