/// <reference lib="webworker" />
/**
 * CargoBici service worker (built by vite-plugin-pwa, injectManifest strategy).
 * - Precaches the app shell so the app opens offline after the first visit.
 * - Answers every navigation (except /api) with the precached index.html: the offline
 *   navigation fallback of a single-page app.
 * - Takes over only when the page asks (the «Nueva versión disponible» prompt).
 * - Uploads queued files (signatures, photos) with Background Sync (see ./uploads.ts).
 * - Keeps the map's tiles for offline use, and fetches today's route area ahead (see ./tiles.ts).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { processUploads, UPLOAD_SYNC_TAG } from './uploads';
import { prefetchTiles, registerTileCache } from './tiles';
import { PREFETCH_TILES_MESSAGE } from '../src/data/tileSource';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>;
};

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));
registerTileCache();

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === 'process-uploads') event.waitUntil(processUploads());
  if (type === PREFETCH_TILES_MESSAGE) {
    const urls = (data as { urls?: unknown }).urls;
    const list = Array.isArray(urls) ? urls.filter((u): u is string => typeof u === 'string') : [];
    const port = event.ports[0];
    event.waitUntil(prefetchTiles(list, event).then((result) => port?.postMessage(result)));
  }
});

// Background Sync: the browser wakes the worker when the network is back, even with the app closed.
self.addEventListener('sync', (event: Event) => {
  const e = event as ExtendableEvent & { tag?: string };
  if (e.tag === UPLOAD_SYNC_TAG) e.waitUntil(processUploads({ connectionBack: true }));
});

clientsClaim();
