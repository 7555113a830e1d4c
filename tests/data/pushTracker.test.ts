import { describe, expect, it } from 'vitest';
import { PushTracker } from '../../src/data/pushTracker';

/** A promise with its resolver, to hold a step until the test lets it go. */
function gate<T = void>(): { promise: Promise<T>; open: (v: T) => void } {
  let open!: (v: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

describe('PushTracker', () => {
  it('reads at once when no push is under way', async () => {
    const t = new PushTracker();
    let reads = 0;
    expect(await t.readBetweenPushes(async () => ++reads)).toBe(1);
    expect(t.pending).toBe(0);
  });

  it('waits for a push under way until it is recorded', async () => {
    const t = new PushTracker();
    const recorded = t.begin();
    expect(t.pending).toBe(1);
    const order: string[] = [];
    const read = t.readBetweenPushes(async () => {
      order.push('read');
      return 'page';
    });
    await Promise.resolve();
    order.push('recorded');
    recorded();
    expect(await read).toBe('page');
    expect(order).toEqual(['recorded', 'read']);
    expect(t.pending).toBe(0);
  });

  it('reads again when a push started while it read', async () => {
    const t = new PushTracker();
    const first = gate<string>();
    let reads = 0;
    const result = t.readBetweenPushes(() => {
      reads += 1;
      if (reads === 1) return first.promise;
      return Promise.resolve(`read ${reads}`);
    });
    await Promise.resolve();
    await Promise.resolve();
    // A push starts while the first page is on its way: that page may predate the push's answer.
    const recorded = t.begin();
    first.open('read 1');
    await Promise.resolve();
    recorded();
    expect(await result).toBe('read 2');
    expect(t.startedCount).toBe(1);
  });

  it('takes the last read after the attempts run out (a device that pushes without pause)', async () => {
    const t = new PushTracker();
    let reads = 0;
    const result = await t.readBetweenPushes(async () => {
      reads += 1;
      // Every read sees a new push start and finish.
      t.begin()();
      return reads;
    }, 3);
    expect(result).toBe(3);
    expect(reads).toBe(3);
  });

  it('counts a failed push as done (recorded once, calling again does nothing)', async () => {
    const t = new PushTracker();
    const done = t.begin();
    done();
    done();
    await t.idle();
    expect(t.pending).toBe(0);
    expect(t.startedCount).toBe(1);
  });
});
