import { describe, expect, it } from 'vitest';
import { prefetchAreaTiles, type PrefetchEnv } from '../../src/data/tilePrefetch';
import { OSM_TILE_URL, RIDER_AREA_TILES, tilesForArea } from '../../src/domain/map/tiles';
import type { PrefetchTilesResult } from '../../src/data/tileSource';

const STOPS = [{ lat: 40.4168, lng: -3.7038 }, { lat: 40.4205, lng: -3.6995 }];

function memoryStore() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

function env(over: Partial<PrefetchEnv>, answer: PrefetchTilesResult = { fetched: 1, cached: 0, failed: 0 }) {
  const sent: (readonly string[])[] = [];
  const e: PrefetchEnv = {
    connection: { type: 'wifi' },
    isPhone: true,
    origin: 'http://localhost:5304',
    send: async (urls) => {
      sent.push(urls);
      return answer;
    },
    store: memoryStore(),
    ...over,
  };
  return { env: e, sent };
}

describe('prefetchAreaTiles', () => {
  it('hands the area tiles to the service worker once, then never again', async () => {
    const { env: e, sent } = env({});
    expect(await prefetchAreaTiles(STOPS, e, OSM_TILE_URL)).toBe('done');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(tilesForArea(STOPS, RIDER_AREA_TILES).length);
    expect(sent[0]?.every((u) => u.startsWith('https://tile.openstreetmap.org/'))).toBe(true);
    expect(await prefetchAreaTiles(STOPS, e, OSM_TILE_URL)).toBe('already');
    expect(sent).toHaveLength(1);
  });

  it('asks again after an incomplete prefetch (the worker skips tiles it already has)', async () => {
    const { env: e, sent } = env({}, { fetched: 3, cached: 0, failed: 1 });
    expect(await prefetchAreaTiles(STOPS, e, OSM_TILE_URL)).toBe('incomplete');
    expect(await prefetchAreaTiles(STOPS, e, OSM_TILE_URL)).toBe('incomplete');
    expect(sent).toHaveLength(2);
  });

  it('does not prefetch on mobile data, nor on a phone whose connection is unknown', async () => {
    const cellular = env({ connection: { type: 'cellular' } });
    expect(await prefetchAreaTiles(STOPS, cellular.env, OSM_TILE_URL)).toBe('not-allowed');
    const unknownPhone = env({ connection: undefined, isPhone: true });
    expect(await prefetchAreaTiles(STOPS, unknownPhone.env, OSM_TILE_URL)).toBe('not-allowed');
    expect(cellular.sent.length + unknownPhone.sent.length).toBe(0);
    const unknownTablet = env({ connection: undefined, isPhone: false });
    expect(await prefetchAreaTiles(STOPS, unknownTablet.env, OSM_TILE_URL)).toBe('done');
  });

  it('needs a controlling service worker and some stops; a same-origin template gets the origin', async () => {
    expect(await prefetchAreaTiles(STOPS, env({ send: null }).env, OSM_TILE_URL)).toBe('no-worker');
    expect(await prefetchAreaTiles([], env({}).env, OSM_TILE_URL)).toBe('nothing');
    const local = env({});
    expect(await prefetchAreaTiles(STOPS, local.env, '/tiles/{z}/{x}/{y}.png')).toBe('done');
    expect(local.sent[0]?.[0]).toMatch(/^http:\/\/localhost:5304\/tiles\/13\/\d+\/\d+\.png$/);
  });
});
