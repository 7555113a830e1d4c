/**
 * `test` and `expect` for the Firebase specs: e2e/test.ts's (every page on the run's clock,
 * e2e/clock.ts; the seed's day is taken from the same clock), and every page's console warnings
 * and errors printed in the run's output. The app writes why a Firestore request failed there
 * (src/backend/firebase/transport.ts): the sync badge only says «error».
 */
import type { Browser, ConsoleMessage } from '@playwright/test';
import { expect, test as base } from '../e2e/test';

export { expect };

const forwarded = new WeakSet<Browser>();

function print(message: ConsoleMessage): void {
  const type = message.type();
  if (type === 'warning' || type === 'error') console.info(`[navegador ${type}] ${message.text()}`);
}

export const test = base.extend<object, { browser: Browser }>({
  browser: [
    async ({ browser }, use) => {
      if (!forwarded.has(browser)) {
        forwarded.add(browser);
        const newContext = browser.newContext.bind(browser);
        browser.newContext = async (options) => {
          const context = await newContext(options);
          context.on('console', print);
          return context;
        };
      }
      await use(browser);
    },
    { scope: 'worker' },
  ],
});
