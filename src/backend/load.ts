/**
 * Creates THE backend of the app from configuration (src/backend/config.ts), once, at start-up
 * (src/main.tsx); everything above the seam receives it as a `Backend`. The Firebase
 * implementation is imported dynamically, so the Firebase SDK is downloaded only by builds that
 * use it (VITE_BACKEND=firebase); the default build never loads it.
 */
import type { BackendConfig, FirebaseSettings } from './config';
import { BackendConfigError } from './serverConfig';
import type { FirebaseBackend } from './firebase';
import { createServerBackend } from './server';
import type { Backend, BackendStorage } from './types';

export async function loadFirebaseBackend(settings: FirebaseSettings, storage?: BackendStorage): Promise<FirebaseBackend> {
  // A build-time constant: the default build drops this import and emits no Firebase chunk
  // (the service worker would precache it on every device).
  if (import.meta.env.VITE_BACKEND === 'firebase' || import.meta.env.MODE === 'test') {
    const { createFirebaseBackend } = await import('./firebase');
    return createFirebaseBackend(settings, { storage });
  }
  throw new BackendConfigError('Esta versión de la aplicación se construyó sin Firebase (VITE_BACKEND=firebase al construirla)');
}

/** The backend the configuration names, keeping its session in `storage`. */
export async function createBackend(config: BackendConfig, storage: BackendStorage): Promise<Backend> {
  if (config.kind === 'firebase') return loadFirebaseBackend(config.firebase, storage);
  return createServerBackend({ baseUrl: config.baseUrl, store: storage });
}
