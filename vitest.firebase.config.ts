/**
 * The Firebase suite (`npm run test:firebase`): tests/firebase/ against the real Cloud Firestore
 * emulator (with firestore.rules) and the Firebase Auth emulator, which the global setup starts
 * on free ports and stops afterwards. It fails when Java or the emulator is missing.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/firebase/**/*.test.ts'],
    environment: 'node',
    // Every Spanish catalogue, as the server has them (the app loads a feature's with its screens).
    setupFiles: ['tests/setup/catalogues.ts'],
    globalSetup: ['tests/firebase/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // race.test.ts pauses the stock rxdb replication-firestore between its read and its write
    // (vi.mock of firebase/firestore): rxdb must go through vitest's module graph for that.
    server: { deps: { inline: ['rxdb'] } },
  },
});
