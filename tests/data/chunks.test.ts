import { describe, expect, it, vi } from 'vitest';
import { browserReachability, isChunkLoadError, loadWhenReachable, ONLINE_TRIES, retryWaitingLoads, type Reachability } from '../../src/data/chunks';

/** A connection the test switches by hand; `goOnline` resolves whoever waits for it. */
function connection(online: boolean) {
  let waiting: (() => void)[] = [];
  const env: Reachability & { goOnline(): void; goOffline(): void; waiters(): number } = {
    isOnline: () => online,
    onceOnline: () => new Promise<void>((resolve) => waiting.push(resolve)),
    goOnline() {
      online = true;
      const w = waiting;
      waiting = [];
      w.forEach((r) => r());
    },
    goOffline() {
      online = false;
    },
    waiters: () => waiting.length,
  };
  return env;
}

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/AppNotifications-C92K2Xl7.js');

describe('loadWhenReachable', () => {
  it('returns what loads at once, with one call', async () => {
    let calls = 0;
    await expect(loadWhenReachable(async () => ++calls, connection(true))).resolves.toBe(1);
    expect(calls).toBe(1);
  });

  it('offline, waits for the connection instead of failing, then loads', async () => {
    const net = connection(false);
    let calls = 0;
    const loaded = loadWhenReachable(async () => {
      calls += 1;
      if (!net.isOnline()) throw chunkError();
      return 'módulo';
    }, net);
    await expect.poll(() => net.waiters()).toBe(1);
    expect(calls).toBe(1);
    net.goOnline();
    await expect(loaded).resolves.toBe('módulo');
    expect(calls).toBe(2);
  });

  it('keeps waiting across several offline spells', async () => {
    const net = connection(false);
    let calls = 0;
    const loaded = loadWhenReachable(async () => {
      calls += 1;
      if (calls < 3) {
        net.goOffline(); // the connection drops again before the chunk arrives
        throw chunkError();
      }
      return calls;
    }, net);
    await expect.poll(() => net.waiters()).toBe(1);
    net.goOnline();
    await expect.poll(() => net.waiters()).toBe(1);
    net.goOnline();
    await expect(loaded).resolves.toBe(3);
  });

  it(`online, tries ${ONLINE_TRIES} times and then reports the failure`, async () => {
    let calls = 0;
    const err = chunkError();
    await expect(
      loadWhenReachable(async () => {
        calls += 1;
        throw err;
      }, connection(true)),
    ).rejects.toBe(err);
    expect(calls).toBe(ONLINE_TRIES);
  });

  it('online, a second try that works is enough', async () => {
    let calls = 0;
    await expect(
      loadWhenReachable(async () => {
        calls += 1;
        if (calls === 1) throw chunkError();
        return 'ok';
      }, connection(true)),
    ).resolves.toBe('ok');
  });
});

describe('isChunkLoadError', () => {
  it('knows how the browsers word a chunk that did not download', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://x/a.js'))).toBe(true); // Firefox
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true); // Safari
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true); // Vite
  });
  it('leaves every other error to the boundary above', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('«Reintentar» wakes the loads waiting for the connection, as the connection coming back does', async () => {
    const target = new EventTarget();
    vi.stubGlobal('window', target);
    try {
      let woke = 0;
      void browserReachability.onceOnline().then(() => (woke += 1));
      await Promise.resolve();
      expect(woke).toBe(0);
      retryWaitingLoads();
      await vi.waitFor(() => expect(woke).toBe(1));
      void browserReachability.onceOnline().then(() => (woke += 1));
      target.dispatchEvent(new Event('online'));
      await vi.waitFor(() => expect(woke).toBe(2));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
