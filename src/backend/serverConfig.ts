/**
 * The default backend's configuration, read without zod (issue 15: zod is ~26 KB gzipped of the
 * sign-in page's 120 KB budget). `serverConfigFrom` gives the embedded server's configuration
 * exactly as `backendConfigFrom` (src/backend/config.ts) does, or null when VITE_BACKEND names
 * something else: then src/main.tsx loads config.ts, which validates the Firebase settings (or
 * refuses an unknown VITE_BACKEND) with its Spanish messages.
 */

/** The embedded server's configuration; config.ts's BackendConfig is it or Firebase's. */
export type ServerBackendConfig = { readonly kind: 'server'; readonly baseUrl: string };

/** A wrong backend configuration (an unknown VITE_BACKEND, a missing Firebase setting). */
export class BackendConfigError extends Error {}

export function serverConfigFrom(env: Readonly<Record<string, string | boolean | undefined>>): ServerBackendConfig | null {
  const text = (name: string): string | undefined => {
    const v = env[name];
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
  };
  if ((text('VITE_BACKEND') ?? 'server') !== 'server') return null;
  return { kind: 'server', baseUrl: text('VITE_SERVER_URL') ?? '' };
}
