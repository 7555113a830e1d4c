/**
 * The pushes of one collection that are under way, so a pull reads the server only between
 * them (src/data/replication.ts). RxDB skips a pulled document while the device holds a local
 * change of it that the upstream has not recorded as pushed, trusting the push to come back
 * with a conflict. If the server took the push before another device changed the document, the
 * push does not conflict and the newer change is lost for good: the checkpoint already moved
 * past it (RxDB issues #5571 and #7804). So a pull reads while no push is under way or still
 * being recorded, and reads again if one started meanwhile (a page read before a push's answer
 * would put the older state back).
 */
export class PushTracker {
  private readonly underWay = new Set<Promise<void>>();
  private started = 0;

  /**
   * A push starts. Call the returned function once it failed or once RxDB recorded it (RxDB
   * writes its metadata after the push handler returns); calling it again does nothing.
   */
  begin(): () => void {
    this.started += 1;
    let done = () => {};
    const push = new Promise<void>((resolve) => (done = resolve));
    this.underWay.add(push);
    void push.then(() => this.underWay.delete(push));
    return done;
  }

  /** Pushes started so far. */
  get startedCount(): number {
    return this.started;
  }

  /** Pushes started and not yet recorded. */
  get pending(): number {
    return this.underWay.size;
  }

  /** Resolves once no push is under way (pushes that start meanwhile are waited for too). */
  async idle(): Promise<void> {
    while (this.underWay.size > 0) await Promise.all(this.underWay);
  }

  /**
   * `read` run between pushes: after every push under way, again when a push started while it
   * read. After `maxAttempts` reads the last one is taken (a device that pushes without pause
   * gets RxDB's own behaviour).
   */
  async readBetweenPushes<T>(read: () => Promise<T>, maxAttempts = 5): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      await this.idle();
      const started = this.started;
      const result = await read();
      if ((this.underWay.size === 0 && this.started === started) || attempt >= maxAttempts) return result;
    }
  }
}
