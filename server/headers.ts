/**
 * Security headers of every answer: the page, its assets, the service worker, the API and the
 * stored files. One hook sets them (app.ts); the change stream, which bypasses reply hooks,
 * writes API_HEADERS itself.
 *
 * The page's Content-Security-Policy:
 * - scripts only from the app's origin (the built index.html has no inline script; tests check
 *   it): `script-src 'self'`; Web Workers and the service worker too (`worker-src 'self'`, plus
 *   `blob:` for workers a library may build in memory);
 * - styles from the app plus inline styles (Mantine writes its CSS variables in a <style>
 *   element and components set `style` attributes): `style-src 'self' 'unsafe-inline'`;
 * - images from the app, `data:` and `blob:` (signatures and photos before upload, OpenLayers'
 *   canvases) and the map tiles' server (OpenStreetMap by default);
 * - network requests to the app's origin (`connect-src 'self'`: the API and the stream) and to the
 *   map tiles' server: the service worker fetches tiles for its offline cache (sw/tiles.ts), and a
 *   worker's fetches follow its own script's policy, this one;
 * - no plugins, no <base> elsewhere, forms post only here, and no framing at all.
 */

/** Origins of the map tiles (OpenLayers' OSM source: https://tile.openstreetmap.org/{z}/{x}/{y}.png). */
export const TILE_ORIGINS = ['https://tile.openstreetmap.org', 'https://*.tile.openstreetmap.org'] as const;

/**
 * Google's endpoints the Firebase backend talks to from the page and its workers: Firestore
 * (WebChannel), Auth (sign-in, token refresh) and Storage's REST API (src/backend/firebase).
 */
export const FIREBASE_ORIGINS = ['https://firestore.googleapis.com', 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://firebasestorage.googleapis.com'] as const;

/** The page's policy; `connect` adds origins the page may send requests to (a backend's). */
export function pageCsp(connect: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "worker-src 'self' blob:",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${TILE_ORIGINS.join(' ')}`,
    "font-src 'self' data:",
    `connect-src 'self' ${[...TILE_ORIGINS, ...connect].join(' ')}`,
    "manifest-src 'self'",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const PAGE_CSP = pageCsp();

/** API answers and stored files are data, never pages: nothing may run or load from them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

const COMMON: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  // Map tile servers ask for the origin of the page (OpenStreetMap's tile policy); nothing more leaves.
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(self), geolocation=(self), microphone=(), payment=(), usb=()',
};

export const PAGE_HEADERS: Readonly<Record<string, string>> = { ...COMMON, 'Content-Security-Policy': PAGE_CSP };
export const API_HEADERS: Readonly<Record<string, string>> = { ...COMMON, 'Content-Security-Policy': API_CSP };

/** The headers of an answer to `url` (a path with its query). */
export function securityHeaders(url: string): Readonly<Record<string, string>> {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') ? API_HEADERS : PAGE_HEADERS;
}

/** One entry of firebase.json's `hosting.headers`. */
export interface HostingHeaders {
  readonly source: string;
  readonly headers: readonly { readonly key: string; readonly value: string }[];
}

const entry = (source: string, headers: Readonly<Record<string, string>>): HostingHeaders => ({ source, headers: Object.entries(headers).map(([key, value]) => ({ key, value })) });

/**
 * The headers Firebase Hosting sends (firebase.json, `hosting.headers`): the same security headers
 * as the embedded server, with the page's policy also letting the page reach Firebase
 * (FIREBASE_ORIGINS). Hosting applies every entry that matches and the last one wins for a key,
 * so `/api/**` (the function) comes after `**`. tests/security/hosting-headers.test.ts checks that
 * firebase.json holds exactly this list.
 */
export function hostingHeaders(): HostingHeaders[] {
  return [
    entry('**', { ...COMMON, 'Content-Security-Policy': pageCsp(FIREBASE_ORIGINS) }),
    entry('/api/**', API_HEADERS),
    entry('/sw.js', { 'Cache-Control': 'no-cache' }),
    entry('/assets/**', { 'Cache-Control': 'public, max-age=31536000, immutable' }),
  ];
}
