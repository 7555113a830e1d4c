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

export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  `img-src 'self' data: blob: ${TILE_ORIGINS.join(' ')}`,
  "font-src 'self' data:",
  `connect-src 'self' ${TILE_ORIGINS.join(' ')}`,
  "manifest-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

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
