/**
 * The camera's frames of one code within a second count once (a keyboard scanner's reads all
 * count: see ./wedgeHub.ts). A camera sees a code on every frame
 * while it is in view, so the window slides: each read of a code pushes its window on, and the
 * code counts again only after it was out of sight for `windowMs`. Other codes are independent.
 */
export class ScanDedupe {
  private readonly lastSeen = new Map<string, number>();

  constructor(private readonly windowMs = 1000) {}

  /** Whether a read of `code` at `now` (ms) counts. */
  accept(code: string, now: number): boolean {
    const last = this.lastSeen.get(code);
    this.lastSeen.set(code, now);
    if (this.lastSeen.size > 64) {
      for (const [c, t] of this.lastSeen) if (now - t > this.windowMs) this.lastSeen.delete(c);
    }
    return last === undefined || now - last > this.windowMs || now < last;
  }

  /** Forgets every code (a new product page: the same code counts again at once). */
  reset(): void {
    this.lastSeen.clear();
  }
}
