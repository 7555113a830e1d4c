/**
 * Map tiles kept for offline use (issue 15, part 4): which tile source, which tiles of a day's
 * route area a device fetches ahead, and when it may. Pure: the service worker (sw/tiles.ts)
 * and the data layer (src/data/tilePrefetch.ts) share it.
 *
 * OpenStreetMap's tile usage policy shapes the numbers: only tiles the user viewed, plus the
 * area of today's route at the zoom levels a rider uses (13–16, never 17+), fetched once,
 * capped, with a small concurrency, on Wi-Fi only. See docs/offline.md, «Map tiles offline».
 */

/** OpenStreetMap's standard tiles: the default tile source. */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The attribution OpenStreetMap's licence asks for (shown on every map). */
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';

/**
 * The tile URL template to use: the configured one (build-time `VITE_TILE_URL`) when it is an
 * http(s) address or a same-origin path with `{z}`, `{x}` and `{y}`, otherwise OpenStreetMap's.
 */
export function resolveTileUrl(configured: string | undefined): string {
  const value = configured?.trim() ?? '';
  if (value === '') return OSM_TILE_URL;
  const placeholders = ['{z}', '{x}', '{y}'].every((p) => value.includes(p));
  const address = /^https?:\/\/[^/{}]+\//.test(value) || /^\/[^/{]/.test(value);
  return placeholders && address ? value : OSM_TILE_URL;
}

/**
 * The fixed part of a template before its first placeholder: every tile URL of the source starts
 * with it (the service worker's route matches on it). A same-origin path is made absolute on `origin`.
 */
export function tileUrlPrefix(template: string, origin: string): string {
  const absolute = template.startsWith('/') ? origin + template : template;
  const i = absolute.indexOf('{');
  return i < 0 ? absolute : absolute.slice(0, i);
}

export interface TileCoord {
  readonly z: number;
  readonly x: number;
  readonly y: number;
}

/** The URL of one tile. */
export function tileUrl(template: string, t: TileCoord): string {
  return template.replace('{z}', String(t.z)).replace('{x}', String(t.x)).replace('{y}', String(t.y));
}

/** Web Mercator's latitude limit: tiles exist between ±85.0511°. */
const MAX_LAT = 85.05112878;

/** The tile (x, y) holding a point at zoom z (slippy-map numbering, clamped to the world). */
export function lonLatToTile(lng: number, lat: number, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const la = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  const x = Math.floor(((lng + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(la) + 1 / Math.cos(la)) / Math.PI) / 2) * n);
  const clamp = (v: number) => Math.max(0, Math.min(n - 1, v));
  return { x: clamp(x), y: clamp(y) };
}

export interface AreaTileOptions {
  /** Zoom levels, fetched from the first to the last (lower zooms are cheaper and more useful). */
  readonly zooms: readonly number[];
  /** Margin around the points' bounding box, in metres. */
  readonly marginMeters: number;
  /** At most this many tiles; a zoom level that would pass it is left out whole, and the ones after it. */
  readonly maxTiles: number;
}

/**
 * What a rider's phone keeps of his day: zooms 13–16 (a rider reads streets at 15–16; 17+ is what
 * OSM's policy forbids fetching ahead), 400 m around the stops, at most 400 tiles (a Madrid or
 * Barcelona round of a few km fits whole; OSM tiles weigh ~10–40 KB: ≤ ~12 MB).
 */
export const RIDER_AREA_TILES: AreaTileOptions = { zooms: [13, 14, 15, 16], marginMeters: 400, maxTiles: 400 };

const METERS_PER_DEGREE_LAT = 111_320;

/**
 * The tiles covering the bounding box of `points` plus a margin, zoom by zoom, capped to
 * `maxTiles` (whole zoom levels only, in the order given). Points with non-finite or
 * out-of-range coordinates are ignored; no valid point, no tiles.
 */
export function tilesForArea(points: readonly { readonly lat: number; readonly lng: number }[], options: AreaTileOptions): TileCoord[] {
  const valid = points.filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180);
  if (valid.length === 0 || options.maxTiles <= 0) return [];
  const minLat = Math.min(...valid.map((p) => p.lat));
  const maxLat = Math.max(...valid.map((p) => p.lat));
  const minLng = Math.min(...valid.map((p) => p.lng));
  const maxLng = Math.max(...valid.map((p) => p.lng));
  const margin = Math.max(0, options.marginMeters);
  const dLat = margin / METERS_PER_DEGREE_LAT;
  const widestLat = Math.min(MAX_LAT, Math.max(Math.abs(minLat), Math.abs(maxLat)) + dLat);
  const dLng = margin / (METERS_PER_DEGREE_LAT * Math.cos((widestLat * Math.PI) / 180));
  const south = Math.max(-MAX_LAT, minLat - dLat);
  const north = Math.min(MAX_LAT, maxLat + dLat);
  const west = Math.max(-180, minLng - dLng);
  const east = Math.min(180 - 1e-9, maxLng + dLng);
  const out: TileCoord[] = [];
  for (const z of options.zooms) {
    if (!Number.isInteger(z) || z < 0 || z > 22) continue;
    const nw = lonLatToTile(west, north, z);
    const se = lonLatToTile(east, south, z);
    const count = (se.x - nw.x + 1) * (se.y - nw.y + 1);
    if (out.length + count > options.maxTiles) break;
    for (let x = nw.x; x <= se.x; x++) for (let y = nw.y; y <= se.y; y++) out.push({ z, x, y });
  }
  return out;
}

/** What the browser says of its connection (the Network Information API; absent on Safari and Firefox). */
export interface ConnectionInfo {
  /** `wifi`, `ethernet`, `cellular`, … (Chromium on Android and ChromeOS; undefined on desktops). */
  readonly type?: string;
  /** The user asked to save data. */
  readonly saveData?: boolean;
}

/**
 * Whether this device may fetch a route area's tiles ahead (tiles the user views are always
 * cached). Yes on Wi-Fi or Ethernet without data saving. With the connection unknown (no API, or
 * no type as on desktop Chromium): not on a phone (it may be on mobile data), yes on tablets and
 * desktops (the hub's Wi-Fi). Never on cellular or any other named type, nor with data saving.
 */
export function mayPrefetchTiles(connection: ConnectionInfo | undefined, isPhone: boolean): boolean {
  if (connection?.saveData === true) return false;
  const type = connection?.type;
  if (type === 'wifi' || type === 'ethernet') return true;
  if (type === undefined || type === 'unknown') return !isPhone;
  return false;
}
