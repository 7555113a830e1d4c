import { describe, expect, it } from 'vitest';
import { createRng, hashString, normaliseSeed } from '../../src/domain/prng';

const ID_RE = /^[A-Za-z0-9_.:-]+$/;

describe('demo prng', () => {
  it('repeats the same sequence for the same seed and differs for another', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const sa = Array.from({ length: 50 }, () => a.nextUint32());
    const sb = Array.from({ length: 50 }, () => b.nextUint32());
    const sc = Array.from({ length: 50 }, () => c.nextUint32());
    expect(sa).toEqual(sb);
    expect(sa).not.toEqual(sc);
  });

  it('keeps int, float and next inside their ranges and reaches both ends of int', () => {
    const rng = createRng(7);
    const seen = new Set<number>();
    for (let i = 0; i < 5000; i += 1) {
      const v = rng.int(-3, 3);
      expect(Number.isInteger(v)).toBe(true);
      expect(v).toBeGreaterThanOrEqual(-3);
      expect(v).toBeLessThanOrEqual(3);
      seen.add(v);
      const f = rng.float(1, 2);
      expect(f).toBeGreaterThanOrEqual(1);
      expect(f).toBeLessThan(2);
      const n = rng.next();
      expect(n).toBeGreaterThanOrEqual(0);
      expect(n).toBeLessThan(1);
    }
    expect([...seen].sort((x, y) => x - y)).toEqual([-3, -2, -1, 0, 1, 2, 3]);
    expect(() => rng.int(2, 1)).toThrow(RangeError);
    expect(() => rng.pick([])).toThrow(RangeError);
  });

  it('chance follows its probability roughly', () => {
    const rng = createRng(11);
    let hits = 0;
    for (let i = 0; i < 10_000; i += 1) if (rng.chance(0.3)) hits += 1;
    expect(hits).toBeGreaterThan(2700);
    expect(hits).toBeLessThan(3300);
  });

  it('shuffles into a permutation without touching the input, and samples distinct items', () => {
    const rng = createRng(5);
    const input = Array.from({ length: 30 }, (_, i) => i);
    const copy = input.slice();
    const out = rng.shuffle(input);
    expect(input).toEqual(copy);
    expect([...out].sort((a, b) => a - b)).toEqual(input);
    expect(out).not.toEqual(input);
    for (const n of [0, 3, 20, 30, 40]) {
      const s = rng.sample(input, n);
      expect(s).toHaveLength(Math.min(n, 30));
      expect(new Set(s).size).toBe(s.length);
    }
  });

  it('picks by weight', () => {
    const rng = createRng(9);
    const counts = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 9000; i += 1) counts[rng.weighted<'a' | 'b' | 'c'>([['a', 1], ['b', 2], ['c', 0]])] += 1;
    expect(counts.c).toBe(0);
    expect(counts.b / counts.a).toBeGreaterThan(1.7);
    expect(counts.b / counts.a).toBeLessThan(2.3);
    expect(() => rng.weighted([['x', 0]])).toThrow(RangeError);
  });

  it('makes UUID v4-shaped and prefixed ids that id fields accept', () => {
    const rng = createRng(1);
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i += 1) {
      const u = rng.uuid();
      expect(u).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(u).toMatch(ID_RE);
      seen.add(u);
      const id = rng.id('ev', 16);
      expect(id).toMatch(/^ev-[0-9a-z]{16}$/);
      expect(id.length).toBeLessThanOrEqual(64);
    }
    expect(seen.size).toBe(2000);
    expect(rng.id('x'.repeat(60), 30).length).toBeLessThanOrEqual(64);
    expect(() => rng.id('bad prefix')).toThrow(RangeError);
  });

  it('forks independent, reproducible streams', () => {
    const a = createRng(3).fork('points');
    const b = createRng(3).fork('points');
    const c = createRng(3).fork('orders');
    const parent = createRng(3);
    parent.next();
    const d = parent.fork('points');
    const take = (r: ReturnType<typeof createRng>) => Array.from({ length: 10 }, () => r.nextUint32());
    const ta = take(a);
    expect(take(b)).toEqual(ta);
    expect(take(d)).toEqual(ta); // forks depend on the seed, not on draws made before
    expect(take(c)).not.toEqual(ta);
  });

  it('normalises odd seeds and hashes texts stably', () => {
    expect(normaliseSeed(Number.NaN)).toBe(0);
    expect(normaliseSeed(-1)).toBe(0xffffffff);
    expect(normaliseSeed(2 ** 40 + 5)).not.toBe(normaliseSeed(5));
    expect(hashString('cargobici')).toBe(hashString('cargobici'));
    expect(hashString('cargobici')).not.toBe(hashString('cargobici', 1));
  });
});
