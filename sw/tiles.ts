/**
 * Map tiles offline (issue 15, part 4): a runtime cache of the configured tile source.
 * - Every tile the map shows goes through a cache-first strategy: a cached tile is never fetched
 *   again; a new one is fetched once and kept.
 * - The cache is capped at TILE_CACHE_MAX_ENTRIES tiles with least-recently-used eviction
 *   (Workbox's ExpirationPlugin: using a tile refreshes its time stamp; a quota error empties the cache).
 * - The page may ask for the tiles of today's route area (`prefetch-tiles`, sent by
 *   src/data/tilePrefetch.ts): fetched two at a time, skipping cached ones, stopping at the first failure.
 */
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { tileUrlPrefix } from '../src/domain/map/tiles';
import { TILE_CACHE_MAX_ENTRIES, TILE_CACHE_NAME, TILE_URL, type PrefetchTilesResult } from '../src/data/tileSource';

declare const self: ServiceWorkerGlobalScope;

/** Tiles fetched at once while prefetching (OSM's policy: no bulk, parallel downloads). */
const PREFETCH_CONCURRENCY = 2;

const prefix = tileUrlPrefix(TILE_URL, self.location.origin);

/** Only 200 answers are cached (CacheFirst's default), never opaque or error ones. */
const strategy = new CacheFirst({
  cacheName: TILE_CACHE_NAME,
  plugins: [new ExpirationPlugin({ maxEntries: TILE_CACHE_MAX_ENTRIES, purgeOnQuotaError: true })],
});

export function registerTileCache(): void {
  registerRoute(({ url, request }) => request.method === 'GET' && url.href.startsWith(prefix), strategy);
}

/** Fetches the tiles not yet cached, PREFETCH_CONCURRENCY at a time. */
export async function prefetchTiles(urls: readonly string[], event: ExtendableEvent): Promise<PrefetchTilesResult> {
  const cache = await caches.open(TILE_CACHE_NAME);
  const todo = urls.filter((u) => u.startsWith(prefix));
  let fetched = 0;
  let cached = 0;
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (failed === 0 && next < todo.length) {
      const url = todo[next++] as string;
      if (await cache.match(url)) {
        cached++;
        continue;
      }
      try {
        // The same request the map's images make (CORS, no credentials), through the same strategy.
        const res = await strategy.handle({ request: new Request(url, { mode: 'cors', credentials: 'omit' }), event });
        if (res.ok) fetched++;
        else failed++;
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: PREFETCH_CONCURRENCY }, worker));
  return { fetched, cached, failed };
}
