import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, CHROMIUM_PATH as CHROMIUM } from './e2e/chromium';
import { installClockShift, runClockShift } from './e2e/clock';

// The run's clock (e2e/clock.ts), as in playwright.config.ts: chosen once here, inherited by the
// web server (which seeds the day from it) and the workers.
installClockShift(runClockShift());

/**
 * e2e in Chromium with the Firebase backend (README «Firebase»): the PWA built with
 * VITE_BACKEND=firebase (dist-firebase/, built by the web server when stale) against the Cloud
 * Firestore emulator (firestore.rules), the Firebase Auth emulator and a fake of Cloud Storage,
 * all started by scripts/e2e-firebase-server.ts and stopped with it (`npm run test:e2e:firebase`).
 * The emulators must be installed: it fails, never skips. Part of `npm test` (after test:e2e).
 * Specs import `test`/`expect` from e2e-firebase/test.ts (the run's clock, e2e/clock.ts, and the
 * pages' console warnings and errors printed in the output).
 */
const PORT = Number(process.env.E2E_PORT ?? 4310);

export default defineConfig({
  testDir: 'e2e-firebase',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Upper bounds, not waits (see playwright.config.ts).
  timeout: 240_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    trace: 'retain-on-failure',
  },
  projects: [{ name: 'chromium-firebase', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: CHROMIUM, args: chromiumArgs } } }],
  webServer: {
    command: 'npx tsx scripts/e2e-firebase-server.ts',
    url: `http://localhost:${PORT}/__e2e/ready`,
    reuseExistingServer: false,
    // It may build the PWA first (about 1–2 minutes) and then start the emulators.
    timeout: 420_000,
    env: { E2E_PORT: String(PORT) },
  },
});
