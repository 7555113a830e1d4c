import { defineConfig, devices } from '@playwright/test';
import { installClockShift, runClockShift } from './e2e/clock';

// The run's clock (e2e/clock.ts): chosen once by the runner, inherited through the environment by
// the web server and the workers, so the whole run happens on one Madrid morning.
installClockShift(runClockShift());

/**
 * e2e against the real embedded server serving the built PWA (`npm run build` first).
 * Browsers: Debian's Chromium (never `playwright install`; there is no internet).
 */
const PORT = Number(process.env.E2E_PORT ?? 4310);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: 0,
  // Upper bounds, not waits: every step waits for the state it needs (see e2e/support.ts,
  // `waitForSync`). They are generous so that the suite also passes on a busy 2-core machine
  // (`npm run test:stress`); speed is measured by the benchmarks in bench/, not here.
  timeout: 240_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM, args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: CHROMIUM, args: chromiumArgs } } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(PORT), DATA_DIR: 'test-results/e2e-data' },
  },
});
