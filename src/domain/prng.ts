/**
 * A small seeded pseudo-random number generator for the demo data: sfc32 (Chris Doty-Humphrey's
 * "small fast counting" generator, 128 bits of state) seeded through splitmix32. The same seed
 * always yields the same sequence, on every JavaScript engine (only 32-bit integer arithmetic).
 *
 * Not for security: ids made here are predictable by design (demo and test data only).
 */

/** 2^32, to turn an unsigned 32-bit integer into a float in [0, 1). */
const TWO_POW_32 = 4_294_967_296;

/** Characters of generated ids (a subset of what id fields accept: `^[A-Za-z0-9_.:-]+$`). */
const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

export interface Rng {
  /** The seed this generator started from (forks derive theirs from it). */
  readonly seed: number;
  /** Unsigned 32-bit integer. */
  nextUint32(): number;
  /** Float in [0, 1). */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** Float in [min, max). */
  float(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** True with probability `p` (0–1). */
  chance(p: number): boolean;
  /** A shuffled copy (Fisher–Yates); the input is not changed. */
  shuffle<T>(items: readonly T[]): T[];
  /** `n` distinct elements (by position) in random order; all of them when `n` ≥ the length. */
  sample<T>(items: readonly T[], n: number): T[];
  /** One value chosen with the given (non-negative) weights. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** A UUID v4-shaped id (36 characters: hex digits and dashes), made from this generator. */
  uuid(): string;
  /** `prefix-xxxxxxxx…`: `length` random characters of [0-9a-z] after the prefix. */
  id(prefix: string, length?: number): string;
  /**
   * An independent generator for one part of the data, derived from this generator's seed and a
   * label (not from its current state): adding draws to one part never shifts another part.
   */
  fork(label: string): Rng;
}

/** splitmix32: spreads one 32-bit seed into well-mixed words (used to seed sfc32). */
function splitmix32(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x9e3779b9) | 0;
    let t = a ^ (a >>> 16);
    t = Math.imul(t, 0x21f0aaad);
    t ^= t >>> 15;
    t = Math.imul(t, 0x735a2d97);
    t ^= t >>> 15;
    return t >>> 0;
  };
}

/** 32-bit hash of a text (FNV-1a with a murmur3 finaliser), mixed with `seed`. */
export function hashString(text: string, seed = 0): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Normalises any number into an unsigned 32-bit seed (non-finite numbers become 0). */
export function normaliseSeed(seed: number): number {
  if (!Number.isFinite(seed)) return 0;
  const whole = Math.trunc(seed);
  // Keep the high bits of big seeds instead of dropping them.
  const high = Math.floor(Math.abs(whole) / TWO_POW_32);
  return ((whole >>> 0) ^ Math.imul(high >>> 0, 0x9e3779b1)) >>> 0;
}

export function createRng(seed: number): Rng {
  const base = normaliseSeed(seed);
  const init = splitmix32(base);
  let a = init();
  let b = init();
  let c = init();
  let d = init();

  const nextUint32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Warm up: the first outputs of sfc32 are weakly mixed.
  for (let i = 0; i < 12; i += 1) nextUint32();

  const next = (): number => nextUint32() / TWO_POW_32;

  const int = (min: number, max: number): number => {
    if (!Number.isInteger(min) || !Number.isInteger(max)) throw new RangeError(`int(${min}, ${max}): se esperaban enteros`);
    if (max < min) throw new RangeError(`int(${min}, ${max}): el mínimo supera al máximo`);
    return min + Math.floor(next() * (max - min + 1));
  };

  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError('pick(): la lista está vacía');
    return items[Math.floor(next() * items.length)] as T;
  };

  const shuffle = <T>(items: readonly T[]): T[] => {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i -= 1) {
      const j = Math.floor(next() * (i + 1));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  };

  const sample = <T>(items: readonly T[], n: number): T[] => {
    const count = Math.max(0, Math.min(Math.floor(n), items.length));
    if (count * 4 < items.length) {
      // Few out of many: rejection on positions (no copy of a big list).
      const seen = new Set<number>();
      const out: T[] = [];
      while (out.length < count) {
        const i = Math.floor(next() * items.length);
        if (seen.has(i)) continue;
        seen.add(i);
        out.push(items[i] as T);
      }
      return out;
    }
    const copy = items.slice();
    for (let i = 0; i < count; i += 1) {
      const j = i + Math.floor(next() * (copy.length - i));
      const tmp = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = tmp;
    }
    return copy.slice(0, count);
  };

  const weighted = <T>(entries: readonly (readonly [T, number])[]): T => {
    let total = 0;
    for (const [, w] of entries) {
      if (!(w >= 0)) throw new RangeError('weighted(): los pesos deben ser números no negativos');
      total += w;
    }
    if (entries.length === 0 || total <= 0) throw new RangeError('weighted(): no hay ninguna opción con peso');
    let r = next() * total;
    for (const [value, w] of entries) {
      if (r < w) return value;
      r -= w;
    }
    // Rounding: fall back to the last entry with weight.
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const entry = entries[i] as readonly [T, number];
      if (entry[1] > 0) return entry[0];
    }
    throw new RangeError('weighted(): no hay ninguna opción con peso');
  };

  const hex8 = (n: number): string => n.toString(16).padStart(8, '0');

  const uuid = (): string => {
    const w0 = nextUint32();
    const w1 = (nextUint32() & 0xffff0fff) | 0x00004000; // version 4
    const w2 = ((nextUint32() & 0x3fffffff) | 0x80000000) >>> 0; // variant 10xx
    const w3 = nextUint32();
    const h = hex8(w0) + hex8(w1 >>> 0) + hex8(w2) + hex8(w3);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
  };

  const id = (prefix: string, length = 12): string => {
    if (!/^[A-Za-z0-9_.:-]*$/.test(prefix)) throw new RangeError(`id(): prefijo no válido «${prefix}»`);
    const size = Math.max(1, Math.min(Math.floor(length), 64 - prefix.length - (prefix ? 1 : 0)));
    if (size < 1 || prefix.length + size + (prefix ? 1 : 0) > 64) throw new RangeError('id(): el id superaría 64 caracteres');
    let body = '';
    for (let i = 0; i < size; i += 1) body += ID_ALPHABET[nextUint32() % ID_ALPHABET.length];
    return prefix ? `${prefix}-${body}` : body;
  };

  return {
    seed: base,
    nextUint32,
    next,
    int,
    float: (min, max) => min + next() * (max - min),
    pick,
    chance: (p) => next() < p,
    shuffle,
    sample,
    weighted,
    uuid,
    id,
    fork: (label) => createRng(hashString(label, base)),
  };
}
