/**
 * Issue 14: Firebase Hosting sends the same security headers as the embedded server
 * (server/headers.ts), with the page's policy letting it reach Firebase and nothing else more;
 * firebase.json holds exactly `hostingHeaders()`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_HEADERS, FIREBASE_ORIGINS, hostingHeaders, PAGE_CSP, PAGE_HEADERS, type HostingHeaders } from '../../server/headers';

const firebaseJson = JSON.parse(readFileSync(join(__dirname, '../../firebase.json'), 'utf8')) as { hosting: { headers: HostingHeaders[]; rewrites: { source: string }[] } };

/** The headers Hosting sends for `path` (every matching entry, the last one winning a key). */
function headersFor(path: string): Record<string, string> {
  const matches = (source: string): boolean => source === '**' || source === path || (source.endsWith('/**') && path.startsWith(source.slice(0, -2)));
  const out: Record<string, string> = {};
  for (const e of firebaseJson.hosting.headers) if (matches(e.source)) for (const h of e.headers) out[h.key] = h.value;
  return out;
}

const directives = (csp: string): Map<string, string[]> => new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values]));

describe('Firebase Hosting headers', () => {
  it('firebase.json holds exactly the headers of server/headers.ts (edit hostingHeaders(), then copy its list)', () => {
    expect(firebaseJson.hosting.headers, JSON.stringify(hostingHeaders(), null, 2)).toEqual(hostingHeaders());
  });

  it('a page gets the embedded server’s headers; its policy adds only the Firebase endpoints to connect-src', () => {
    const page = headersFor('/distribution');
    for (const [key, value] of Object.entries(PAGE_HEADERS)) if (key !== 'Content-Security-Policy') expect(page[key], key).toBe(value);
    const hosted = directives(page['Content-Security-Policy'] ?? '');
    const embedded = directives(PAGE_CSP);
    expect([...hosted.keys()]).toEqual([...embedded.keys()]);
    for (const [name, values] of embedded) {
      if (name === 'connect-src') expect(hosted.get(name)).toEqual([...values, ...FIREBASE_ORIGINS]);
      else expect(hosted.get(name), name).toEqual(values);
    }
    expect(hosted.get('script-src')).toEqual(["'self'"]);
    expect(hosted.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('the API (the function behind /api/**) gets the API headers: no page may run from it', () => {
    expect(firebaseJson.hosting.rewrites.some((r) => r.source === '/api/**')).toBe(true);
    expect(headersFor('/api/auth/me')).toEqual(API_HEADERS);
  });

  it('the service worker is never cached and the hashed assets are cached for good, with the page’s headers', () => {
    expect(headersFor('/sw.js')['Cache-Control']).toBe('no-cache');
    expect(headersFor('/sw.js')['X-Frame-Options']).toBe('DENY');
    expect(headersFor('/assets/index-abc.js')['Cache-Control']).toBe('public, max-age=31536000, immutable');
  });
});
