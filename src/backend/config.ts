/**
 * Which backend the app talks to, chosen at build time (docs/firebase.md, README «Firebase»):
 *
 *   VITE_BACKEND=server     (default) the embedded server at the page's own origin
 *   VITE_BACKEND=firebase   Firestore, Firebase Auth and Storage, with
 *     VITE_FIREBASE_API_KEY, VITE_FIREBASE_AUTH_DOMAIN, VITE_FIREBASE_PROJECT_ID,
 *     VITE_FIREBASE_STORAGE_BUCKET, VITE_FIREBASE_APP_ID (the web app's config from the console),
 *     VITE_FIREBASE_PREFIX (collection prefix, default `cb_`),
 *     VITE_FIREBASE_FUNCTIONS_URL (origin of the HTTP function, default: the page's origin,
 *       where firebase.json's rewrite sends /api/**),
 *     and for the emulators: VITE_FIREBASE_FIRESTORE_EMULATOR (host:port),
 *     VITE_FIREBASE_AUTH_EMULATOR (host:port), VITE_FIREBASE_STORAGE_URL (base URL of Storage).
 *
 * Pure: it reads the variables it is given and validates them (a missing Firebase setting is a
 * Spanish error naming the variable, not a silent fallback to the server).
 */
import { z } from 'zod';
import { BackendConfigError, type ServerBackendConfig } from './serverConfig';

const hostPort = z.string().regex(/^[A-Za-z0-9.[\]:-]+:\d+$/, 'debe ser «host:puerto»');

export const firebaseSettingsSchema = z.object({
  apiKey: z.string().min(1),
  authDomain: z.string().min(1),
  projectId: z.string().min(1),
  storageBucket: z.string().min(1),
  appId: z.string().default(''),
  /** Firestore collection of local collection `x` is `${prefix}x` (a contract: default `cb_`). */
  prefix: z.string().regex(/^[A-Za-z0-9_]*$/, 'solo letras, números y «_»').default('cb_'),
  /** Origin of the HTTP function (admin password, the clients' order endpoints); '' = same origin. */
  functionsUrl: z.string().default(''),
  firestoreEmulator: hostPort.optional(),
  authEmulator: hostPort.optional(),
  /** Base URL of the Storage API (default Google's; a local fake or emulator in tests). */
  storageUrl: z.string().url().optional(),
});
export type FirebaseSettings = z.output<typeof firebaseSettingsSchema>;

export type BackendConfig = ServerBackendConfig | { readonly kind: 'firebase'; readonly firebase: FirebaseSettings };

const ENV_NAMES: Record<keyof z.input<typeof firebaseSettingsSchema>, string> = {
  apiKey: 'VITE_FIREBASE_API_KEY',
  authDomain: 'VITE_FIREBASE_AUTH_DOMAIN',
  projectId: 'VITE_FIREBASE_PROJECT_ID',
  storageBucket: 'VITE_FIREBASE_STORAGE_BUCKET',
  appId: 'VITE_FIREBASE_APP_ID',
  prefix: 'VITE_FIREBASE_PREFIX',
  functionsUrl: 'VITE_FIREBASE_FUNCTIONS_URL',
  firestoreEmulator: 'VITE_FIREBASE_FIRESTORE_EMULATOR',
  authEmulator: 'VITE_FIREBASE_AUTH_EMULATOR',
  storageUrl: 'VITE_FIREBASE_STORAGE_URL',
};

// Defined beside the zod-free server configuration, so load.ts can throw it without loading zod.
export { BackendConfigError };

/** The backend configuration from build-time variables (`import.meta.env` in the app). */
export function backendConfigFrom(env: Readonly<Record<string, string | boolean | undefined>>): BackendConfig {
  const text = (name: string): string | undefined => {
    const v = env[name];
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
  };
  const kind = text('VITE_BACKEND') ?? 'server';
  if (kind === 'server') return { kind: 'server', baseUrl: text('VITE_SERVER_URL') ?? '' };
  if (kind !== 'firebase') throw new BackendConfigError(`VITE_BACKEND debe ser «server» o «firebase», no «${kind}»`);
  const raw = Object.fromEntries(Object.entries(ENV_NAMES).map(([key, name]) => [key, text(name)]).filter(([, v]) => v !== undefined));
  const parsed = firebaseSettingsSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      const key = String(i.path[0] ?? '') as keyof typeof ENV_NAMES;
      return `${ENV_NAMES[key] ?? key}: ${raw[key] === undefined ? 'falta' : i.message}`;
    });
    throw new BackendConfigError(`Configuración de Firebase incompleta: ${problems.join('; ')}`);
  }
  return { kind: 'firebase', firebase: parsed.data };
}
