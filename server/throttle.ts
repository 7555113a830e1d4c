/**
 * Attempt limits of the embedded server, kept in memory (they protect a running server; a
 * restart forgets them, which an attacker cannot cause).
 *
 * - `Backoff`: exponential delays after failures. The first `free` failures of a key cost
 *   nothing; each further failure makes the key wait `baseMs × 2^k` (up to `maxMs`) before its
 *   next attempt. Attempts made while a key waits are answered without being tried and do not
 *   count, so a stranger cannot keep a key blocked for longer than one `maxMs` per failure.
 * - `FixedWindow`: at most `max` hits per key within a window.
 *
 * Both forget idle keys and hold at most `maxKeys` of them, so a flood of addresses or names
 * cannot grow the server's memory.
 */
export interface BackoffOptions {
  readonly free: number;
  readonly baseMs: number;
  readonly maxMs: number;
  /** A key with no failure for this long starts again from zero. */
  readonly forgetMs: number;
  readonly maxKeys?: number;
}

interface BackoffEntry {
  failures: number;
  last: number;
  until: number;
}

export class Backoff {
  private readonly entries = new Map<string, BackoffEntry>();

  constructor(
    private readonly opts: BackoffOptions,
    private readonly now: () => number,
  ) {}

  /** Milliseconds before `key` may try again (0: now). */
  wait(key: string): number {
    const e = this.entries.get(key);
    if (!e) return 0;
    const now = this.now();
    if (now - e.last >= this.opts.forgetMs) {
      this.entries.delete(key);
      return 0;
    }
    return Math.max(0, e.until - now);
  }

  fail(key: string): void {
    const now = this.now();
    let e = this.entries.get(key);
    if (!e || now - e.last >= this.opts.forgetMs) {
      e = { failures: 0, last: now, until: 0 };
      this.entries.delete(key);
      this.prune(now);
      this.entries.set(key, e);
    }
    e.failures += 1;
    e.last = now;
    const over = e.failures - this.opts.free;
    e.until = over > 0 ? now + Math.min(this.opts.maxMs, this.opts.baseMs * 2 ** Math.min(over - 1, 30)) : 0;
  }

  clear(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private prune(now: number): void {
    const max = this.opts.maxKeys ?? 100_000;
    if (this.entries.size < max) return;
    for (const [k, e] of this.entries) if (now - e.last >= this.opts.forgetMs) this.entries.delete(k);
    // Still full: drop the oldest keys (insertion order).
    for (const k of this.entries.keys()) {
      if (this.entries.size < max) break;
      this.entries.delete(k);
    }
  }
}

export class FixedWindow {
  private readonly hits = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number,
    private readonly maxKeys = 100_000,
  ) {}

  /** Counts a hit; returns the milliseconds to wait when the key is over its limit (the hit is not counted then), else 0. */
  take(key: string): number {
    const now = this.now();
    const h = this.hits.get(key);
    if (!h || now - h.start >= this.windowMs) {
      this.hits.delete(key);
      if (this.hits.size >= this.maxKeys) {
        for (const [k, v] of this.hits) if (now - v.start >= this.windowMs) this.hits.delete(k);
        for (const k of this.hits.keys()) {
          if (this.hits.size < this.maxKeys) break;
          this.hits.delete(k);
        }
      }
      this.hits.set(key, { start: now, count: 1 });
      return 0;
    }
    if (h.count >= this.max) return this.windowMs - (now - h.start);
    h.count += 1;
    return 0;
  }
}

/** «Espera 40 s» / «Espera 3 min»: the wait in words for a 429 answer. */
export function waitText(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return s < 60 ? `${s} s` : `${Math.ceil(s / 60)} min`;
}
