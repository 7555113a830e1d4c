/**
 * «The first screen is drawn» (issue 31): what is fetched only so that it also works offline
 * later (the writer's schemas, the shell's parts loaded on first use) waits for the screen the
 * person opened to draw its content, so it never competes with that screen's own code and data.
 * The rider's and the picker's lists say when they are drawn (`useFirstScreenDrawn`); any other
 * screen lets the wait end by itself after `FALLBACK_MS`.
 */
import { useEffect } from 'react';

const FALLBACK_MS = 8000;

/** The `performance` mark set when the first screen is drawn (bench/bundle.ts reads it). */
export const FIRST_SCREEN_MARK = 'cb-first-screen-drawn';

let drawn = false;
let waiters: (() => void)[] = [];

/** Marks the first screen as drawn (once; later calls do nothing). */
export function markFirstScreenDrawn(): void {
  if (drawn) return;
  drawn = true;
  // For bench/bundle: what the page fetches after this mark is not the first screen's cost.
  globalThis.performance?.mark?.(FIRST_SCREEN_MARK);
  const list = waiters;
  waiters = [];
  for (const w of list) w();
}

/** Resolves once the first screen is drawn, or `FALLBACK_MS` after the call on screens that never say. */
export function firstScreenDrawn(): Promise<void> {
  if (drawn) return Promise.resolve();
  return new Promise((resolve) => {
    waiters.push(resolve);
    if (typeof setTimeout === 'function') setTimeout(markFirstScreenDrawn, FALLBACK_MS);
  });
}

/** A first screen calls this with `true` once its content (or its «nothing to show») is on screen. */
export function useFirstScreenDrawn(ready: boolean): void {
  useEffect(() => {
    if (ready) markFirstScreenDrawn();
  }, [ready]);
}
