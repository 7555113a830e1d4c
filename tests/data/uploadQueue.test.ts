import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { AppStore } from '../../src/data/appStore';
import { MAX_BACKOFF_MS, UploadQueue, backoffMs } from '../../src/data/uploadQueue';

let n = 0;
const stores: AppStore[] = [];
function queue(): UploadQueue {
  const s = new AppStore(`cb-app-uploads-${process.pid}-${(n += 1)}`);
  stores.push(s);
  return new UploadQueue(s);
}
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

const png = () => new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });

describe('upload queue: the connection comes back', () => {
  it('a file waiting for its back-off is due at once when the connection returns', async () => {
    const q = queue();
    let clock = 1_000_000;
    const now = () => clock;
    await q.enqueue('deliveries/u-rider1/sig-o1.png', png(), 'image/png', clock);
    // Six failures without a network: the next try is 32 s away, then 64 s (the cap).
    for (let i = 0; i < 7; i += 1) {
      clock = (await q.nextDue()) ?? clock;
      await q.process({ send: async () => 'network', refreshAuth: async () => true, now });
    }
    const [waiting] = await q.items();
    expect(waiting?.attempts).toBe(7);
    expect((await q.nextDue()) ?? 0).toBe(clock + MAX_BACKOFF_MS);
    expect(backoffMs(7)).toBe(MAX_BACKOFF_MS);

    // Online again: due now, without waiting up to 64 s.
    await q.retryNow(clock);
    expect(await q.nextDue()).toBe(clock);
    const sent: string[] = [];
    await q.process({ send: async (item) => (sent.push(item.path), 200), refreshAuth: async () => true, now });
    expect(sent).toEqual(['deliveries/u-rider1/sig-o1.png']);
    expect(await q.items()).toEqual([]);
  });

  it('leaves parked files parked and due files as they are; keeps the attempts', async () => {
    const q = queue();
    const clock = 5_000;
    const now = () => clock;
    await q.enqueue('a.png', png(), 'image/png', clock);
    await q.enqueue('b.png', png(), 'image/png', clock);
    await q.process({ send: async (item) => (item.path === 'a.png' ? 403 : 503), refreshAuth: async () => true, now });
    const before = new Map((await q.items()).map((i) => [i.path, i]));
    expect(before.get('a.png')?.state).toBe('parked');
    expect(before.get('b.png')?.nextAt).toBe(clock + backoffMs(1));
    let notified = 0;
    q.onChange(() => (notified += 1));
    await q.retryNow(clock);
    const after = new Map((await q.items()).map((i) => [i.path, i]));
    expect(after.get('a.png')).toEqual(before.get('a.png'));
    expect(after.get('b.png')).toMatchObject({ nextAt: clock, attempts: 1, state: 'queued' });
    expect(notified).toBe(1);
    // Nothing waiting: nothing written, nobody notified.
    await q.retryNow(clock);
    expect(notified).toBe(1);
  });
});

describe('upload queue: never gives up on a signature (docs/sync.md, «Files»)', () => {
  it('keeps retrying a file for hours past the specification’s 10 minutes, visibly, and uploads it once the server answers', async () => {
    const q = queue();
    const start = 2_000_000;
    let clock = start;
    const now = () => clock;
    await q.enqueue('deliveries/u-rider1/sig-o9.png', png(), 'image/png', clock);
    const statuses: (number | 'network')[] = ['network', 503, 502, 'network', 429, 408, 500];
    let tries = 0;
    // Three hours of failures, following the back-off: the file is never dropped or parked.
    while (clock - start < 3 * 60 * 60 * 1000) {
      clock = (await q.nextDue()) ?? clock;
      await q.process({ send: async () => statuses[tries++ % statuses.length] ?? 'network', refreshAuth: async () => true, now });
      const [item] = await q.items();
      expect(item?.state).toBe('queued');
      // Visible: the item carries the reason of its last failure for the sync popover.
      expect(item?.error).not.toBe('');
      expect((await q.nextDue()) ?? 0).toBeLessThanOrEqual(clock + MAX_BACKOFF_MS);
    }
    expect(tries).toBeGreaterThan(150);
    const [waiting] = await q.items();
    expect(waiting?.attempts).toBe(tries);

    clock = (await q.nextDue()) ?? clock;
    const sent: string[] = [];
    await q.process({ send: async (item) => (sent.push(item.path), 201), refreshAuth: async () => true, now });
    expect(sent).toEqual(['deliveries/u-rider1/sig-o9.png']);
    expect(await q.items()).toEqual([]);
  });
});
