/**
 * Creates the backend chosen by configuration (src/backend/config.ts). The Firebase
 * implementation is imported dynamically, so the Firebase SDK is downloaded only by builds that
 * use it (VITE_BACKEND=firebase); the default build never loads it.
 * Phase 2 of issue 14 calls this from main.tsx once the backend seam is closed (issue 16).
 */
import type { FirebaseSettings } from './config';
import type { FirebaseBackend } from './firebase';

export async function loadFirebaseBackend(settings: FirebaseSettings): Promise<FirebaseBackend> {
  const { createFirebaseBackend } = await import('./firebase');
  return createFirebaseBackend(settings);
}
