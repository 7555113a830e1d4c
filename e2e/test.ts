/**
 * `test` and `expect` for every spec: Playwright's, with the run's clock (e2e/clock.ts) in every
 * page of every browser context, the default one and those a test opens with
 * `browser.newContext()`. Specs import them from here (ESLint refuses `test` from
 * '@playwright/test' in a spec).
 */
import { chromium, test as base, expect, type Browser } from '@playwright/test';
import { CHROMIUM_PATH, chromiumArgs } from './chromium';
import { installClockShift, runClockShift } from './clock';
// Specs word their expectations with the app's `t()`: every Spanish catalogue, not only the shell's.
import '../src/i18n/messages.es';

export { expect };

const patched = new WeakSet<Browser>();

/** Gives every context `browser` opens from now on the run's clock. */
export function withRunClock(browser: Browser): Browser {
  if (patched.has(browser)) return browser;
  patched.add(browser);
  const shift = runClockShift();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(installClockShift, shift);
    return context;
  };
  return browser;
}

export const test = base.extend<object, { browser: Browser }>({
  browser: [
    async ({ browser }, use) => {
      await use(withRunClock(browser));
    },
    { scope: 'worker' },
  ],
});

/** Another Chromium whose camera is a fake device playing `video` (a .y4m file), on the run's clock. */
export async function launchWithFakeCamera(video: string): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  return withRunClock(browser);
}
