import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    // The Firebase suite needs the emulators: `npm run test:firebase` (vitest.firebase.config.ts).
    exclude: ['tests/firebase/**', 'node_modules/**'],
    environment: 'node',
    // Every Spanish catalogue, as the server has them (the app loads a feature's with its screens).
    setupFiles: ['tests/setup/catalogues.ts'],
    // Upper bounds, not waits (tests wait for states): generous, so that the suite also passes
    // on a busy 2-core machine. Speed is measured by the benchmarks in bench/.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
