/**
 * The map's tile source, configured in one place: the build-time variable `VITE_TILE_URL`
 * (an `https://…/{z}/{x}/{y}.png` template or a same-origin path), OpenStreetMap's standard tiles
 * by default. The map (src/ui/map/MapView.tsx), the tile prefetch (./tilePrefetch.ts) and the
 * service worker's tile cache (sw/tiles.ts) all read it from here.
 */
import { resolveTileUrl } from '../domain/map/tiles';

export const TILE_URL: string = resolveTileUrl(import.meta.env.VITE_TILE_URL);

/** The service worker's cache of map tiles (viewed and prefetched ones). */
export const TILE_CACHE_NAME = 'cb-map-tiles-v1';

/**
 * At most this many tiles are kept (least recently used ones go first): OSM tiles weigh
 * ~10–40 KB, so ≤ ~60 MB, well inside a phone's quota; a quota error empties the cache.
 */
export const TILE_CACHE_MAX_ENTRIES = 2000;

/** The page's message asking the service worker to fetch tiles ahead (see sw/tiles.ts). */
export const PREFETCH_TILES_MESSAGE = 'prefetch-tiles';

/** The service worker's answer to a prefetch message. */
export interface PrefetchTilesResult {
  /** Tiles fetched now. */
  readonly fetched: number;
  /** Tiles already in the cache (not fetched again). */
  readonly cached: number;
  /** Tiles whose fetch failed (the prefetch stops at the first failure). */
  readonly failed: number;
}
