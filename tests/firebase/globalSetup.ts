/** Starts the Firestore and Auth emulators for the Firebase suite and stops them at the end. */
import { startEmulators, type RunningEmulators } from '../../scripts/firebase-emulators';

let running: RunningEmulators | null = null;

export async function setup(): Promise<void> {
  // Already started around vitest (scripts/firebase-emulators.ts <command>): use those.
  if (process.env.FIRESTORE_EMULATOR_HOST && process.env.FIREBASE_AUTH_EMULATOR_HOST) return;
  running = await startEmulators({ verbose: process.env.EMULATOR_VERBOSE === '1' });
  Object.assign(process.env, running.env);
}

export async function teardown(): Promise<void> {
  await running?.stop();
}
