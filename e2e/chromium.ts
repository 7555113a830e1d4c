/**
 * Debian's Chromium and its flags, for the e2e suite and the benchmarks (never `playwright
 * install`: there is no internet). No side effect on import (unlike playwright.config.ts, which
 * sets the e2e run's clock).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
