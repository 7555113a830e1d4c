import { describe, expect, it } from 'vitest';
import {
  lonLatToTile,
  mayPrefetchTiles,
  OSM_TILE_URL,
  resolveTileUrl,
  RIDER_AREA_TILES,
  tilesForArea,
  tileUrl,
  tileUrlPrefix,
} from '../../src/domain/map/tiles';

// Puerta del Sol, Madrid, and a few stops around it.
const SOL = { lat: 40.4168, lng: -3.7038 };
const STOPS = [SOL, { lat: 40.4205, lng: -3.6995 }, { lat: 40.4125, lng: -3.7101 }];

describe('tile source', () => {
  it('uses OpenStreetMap unless a valid template is configured', () => {
    expect(resolveTileUrl(undefined)).toBe(OSM_TILE_URL);
    expect(resolveTileUrl('  ')).toBe(OSM_TILE_URL);
    expect(resolveTileUrl('https://tiles.example.com/{z}/{x}/{y}.png')).toBe('https://tiles.example.com/{z}/{x}/{y}.png');
    expect(resolveTileUrl('/tiles/{z}/{x}/{y}.png')).toBe('/tiles/{z}/{x}/{y}.png');
    // Missing a placeholder, another scheme, a protocol-relative address: not a tile source.
    expect(resolveTileUrl('https://tiles.example.com/{z}/{x}.png')).toBe(OSM_TILE_URL);
    expect(resolveTileUrl('ftp://tiles.example.com/{z}/{x}/{y}.png')).toBe(OSM_TILE_URL);
    expect(resolveTileUrl('//tiles.example.com/{z}/{x}/{y}.png')).toBe(OSM_TILE_URL);
  });

  it('builds tile URLs and the prefix every tile URL starts with', () => {
    expect(tileUrl(OSM_TILE_URL, { z: 15, x: 16046, y: 12355 })).toBe('https://tile.openstreetmap.org/15/16046/12355.png');
    expect(tileUrlPrefix(OSM_TILE_URL, 'http://localhost:1')).toBe('https://tile.openstreetmap.org/');
    expect(tileUrlPrefix('/tiles/{z}/{x}/{y}.png', 'http://localhost:1')).toBe('http://localhost:1/tiles/');
  });
});

describe('lonLatToTile', () => {
  it('numbers tiles as slippy maps do', () => {
    expect(lonLatToTile(0, 0, 0)).toEqual({ x: 0, y: 0 });
    expect(lonLatToTile(0, 0, 1)).toEqual({ x: 1, y: 1 });
    // Puerta del Sol at zoom 15: tile 15/16046/12355 (x = 16046.8, y = 12355.6 by the slippy-map formula).
    expect(lonLatToTile(SOL.lng, SOL.lat, 15)).toEqual({ x: 16046, y: 12355 });
  });

  it('clamps to the world at the poles and the antimeridian', () => {
    expect(lonLatToTile(180, 89.9, 3)).toEqual({ x: 7, y: 0 });
    expect(lonLatToTile(-180, -89.9, 3)).toEqual({ x: 0, y: 7 });
  });
});

describe('tilesForArea', () => {
  it('covers every stop at every zoom, with a margin, lower zooms first', () => {
    const tiles = tilesForArea(STOPS, RIDER_AREA_TILES);
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.length).toBeLessThanOrEqual(RIDER_AREA_TILES.maxTiles);
    expect([...new Set(tiles.map((t) => t.z))]).toEqual([13, 14, 15, 16]);
    const has = (z: number, x: number, y: number) => tiles.some((t) => t.z === z && t.x === x && t.y === y);
    for (const z of RIDER_AREA_TILES.zooms) {
      for (const p of STOPS) {
        const { x, y } = lonLatToTile(p.lng, p.lat, z);
        expect(has(z, x, y)).toBe(true);
      }
    }
    // No duplicates.
    expect(new Set(tiles.map((t) => `${t.z}/${t.x}/${t.y}`)).size).toBe(tiles.length);
  });

  it('adds the margin around a single stop', () => {
    const none = tilesForArea([SOL], { zooms: [16], marginMeters: 0, maxTiles: 100 });
    expect(none).toEqual([{ z: 16, ...lonLatToTile(SOL.lng, SOL.lat, 16) }]);
    // 400 m is more than one zoom-16 tile (~460 m wide at the equator, ~350 m in Madrid): 3×3 at least.
    const around = tilesForArea([SOL], { zooms: [16], marginMeters: 400, maxTiles: 100 });
    expect(around.length).toBeGreaterThanOrEqual(9);
  });

  it('leaves out whole zoom levels past the cap', () => {
    const all = tilesForArea(STOPS, { zooms: [13, 14, 15, 16], marginMeters: 400, maxTiles: 10_000 });
    const upTo15 = all.filter((t) => t.z <= 15).length;
    const capped = tilesForArea(STOPS, { zooms: [13, 14, 15, 16], marginMeters: 400, maxTiles: upTo15 });
    expect(capped).toEqual(all.filter((t) => t.z <= 15));
    expect(tilesForArea(STOPS, { zooms: [16], marginMeters: 400, maxTiles: 1 })).toEqual([]);
  });

  it('a whole city stays within the rider cap', () => {
    // Madrid from Tetuán to Usera: far more than a round; the cap keeps only the lower zooms.
    const city = [{ lat: 40.46, lng: -3.7 }, { lat: 40.38, lng: -3.72 }, { lat: 40.42, lng: -3.65 }];
    const tiles = tilesForArea(city, RIDER_AREA_TILES);
    expect(tiles.length).toBeLessThanOrEqual(RIDER_AREA_TILES.maxTiles);
    expect(tiles.some((t) => t.z === 13)).toBe(true);
    expect(tiles.some((t) => t.z === 16)).toBe(false);
  });

  it('ignores invalid points and needs at least one', () => {
    expect(tilesForArea([], RIDER_AREA_TILES)).toEqual([]);
    expect(tilesForArea([{ lat: Number.NaN, lng: 0 }, { lat: 95, lng: 0 }], RIDER_AREA_TILES)).toEqual([]);
    expect(tilesForArea([{ lat: Number.NaN, lng: 0 }, SOL], RIDER_AREA_TILES)).toEqual(tilesForArea([SOL], RIDER_AREA_TILES));
  });
});

describe('mayPrefetchTiles', () => {
  it('prefetches on Wi-Fi or Ethernet, never on mobile data or with data saving', () => {
    expect(mayPrefetchTiles({ type: 'wifi' }, true)).toBe(true);
    expect(mayPrefetchTiles({ type: 'ethernet' }, false)).toBe(true);
    expect(mayPrefetchTiles({ type: 'cellular' }, true)).toBe(false);
    expect(mayPrefetchTiles({ type: 'cellular' }, false)).toBe(false);
    expect(mayPrefetchTiles({ type: 'bluetooth' }, false)).toBe(false);
    expect(mayPrefetchTiles({ type: 'wifi', saveData: true }, false)).toBe(false);
  });

  it('with the connection unknown: not on phones, yes on tablets and desktops', () => {
    expect(mayPrefetchTiles(undefined, true)).toBe(false);
    expect(mayPrefetchTiles({}, true)).toBe(false);
    expect(mayPrefetchTiles({ type: 'unknown' }, true)).toBe(false);
    expect(mayPrefetchTiles(undefined, false)).toBe(true);
    expect(mayPrefetchTiles({}, false)).toBe(true);
  });
});
