import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh module per test: «drawn» is once per page. */
async function fresh() {
  vi.resetModules();
  return import('../../src/data/firstScreen');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('first screen drawn (issue 31)', () => {
  it('holds what waits for it until the screen says it is drawn, then lets it all through once', async () => {
    vi.useFakeTimers();
    const m = await fresh();
    const seen: string[] = [];
    void m.firstScreenDrawn().then(() => seen.push('a'));
    void m.firstScreenDrawn().then(() => seen.push('b'));
    await Promise.resolve();
    expect(seen).toEqual([]);
    m.markFirstScreenDrawn();
    m.markFirstScreenDrawn();
    await vi.waitFor(() => expect(seen).toEqual(['a', 'b']));
    // Once drawn, a later wait ends at once.
    await m.firstScreenDrawn();
  });

  it('ends by itself on a screen that never says (the fallback)', async () => {
    vi.useFakeTimers();
    const m = await fresh();
    let done = false;
    void m.firstScreenDrawn().then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    await vi.runAllTimersAsync();
    expect(done).toBe(true);
  });
});
