/**
 * Issue 15 (part 4): the rider's map offline. The tile server is local: the browser context
 * answers every request to the configured tile source (OpenStreetMap in the one build `npm test`
 * makes) with a magenta tile, also the requests the service worker makes (context.route sees
 * them in Chromium). The rider opens his route online, goes offline and reloads: the map's
 * canvas still shows the magenta tiles, which only the service worker's tile cache can give.
 * The demo rider is only read (rider10's route of today).
 */
import { deflateSync } from 'node:zlib';
import { type Page } from '@playwright/test';
import { expect, test } from './test';
import { OSM_TILE_URL, tileUrlPrefix } from '../src/domain/map/tiles';
import { signInSynced, waitForServiceWorker } from './support';

const TILE_CACHE = 'cb-map-tiles-v1';
const TILE_PREFIX = tileUrlPrefix(OSM_TILE_URL, 'http://localhost');

/** A 256×256 PNG of one colour (RGB, no filter). */
function solidPng(r: number, g: number, b: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const size = 256;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const MAGENTA = solidPng(255, 0, 255);

/** Pixels of the map's canvases that are the tile's magenta (markers are never magenta). */
async function magentaPixels(page: Page): Promise<number> {
  return page.getByTestId('map').evaluate((map) => {
    let n = 0;
    for (const canvas of map.querySelectorAll('canvas')) {
      const ctx = canvas.getContext('2d');
      if (!ctx || canvas.width === 0 || canvas.height === 0) continue;
      const d = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < d.length; i += 4) if ((d[i] as number) > 240 && (d[i + 1] as number) < 16 && (d[i + 2] as number) > 240) n++;
    }
    return n;
  });
}

/** Tile URLs held by the service worker's tile cache. */
async function cachedTiles(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url), TILE_CACHE);
}

test('offline, the rider’s map shows the tiles he had, from the service worker’s cache', async ({ page, context }) => {
  const served = new Set<string>();
  const askedOffline = new Set<string>();
  let offline = false;
  await context.route(`${TILE_PREFIX}**`, async (route) => {
    // Routing runs before the browser's offline emulation: once offline, a tile request fails
    // here as it would without a network, and is recorded.
    if (offline) {
      askedOffline.add(route.request().url());
      await route.abort('internetdisconnected');
      return;
    }
    served.add(route.request().url());
    await route.fulfill({ status: 200, contentType: 'image/png', headers: { 'Access-Control-Allow-Origin': '*' }, body: MAGENTA });
  });

  await signInSynced(page, 'rider10@cargobici.test');
  await expect(page).toHaveURL(/\/distribution$/);
  await waitForServiceWorker(page);
  // The route list asks the worker for today's route area (this desktop browser names no
  // connection type and is no phone: allowed). The tiles come from the local server.
  // The prefetch has ended (the readiness notice waits for it), so nothing is still downloading
  // when the connection goes.
  await expect(page.getByTestId('offline-readiness')).toHaveAttribute('data-ready', 'true');
  expect((await cachedTiles(page)).length).toBeGreaterThan(0);

  // Online: the route's map shows the tiles.
  await page.getByTestId('route-card').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/distribution\/[^/]+$/);
  const map = page.getByTestId('map');
  await expect(map).toBeVisible();
  await expect.poll(() => magentaPixels(page)).toBeGreaterThan(1000);
  await expect(map.locator('.ol-attribution')).toContainText('OpenStreetMap');
  // Every tile the browser was given is in the cache before the connection goes.
  await expect.poll(async () => {
    const cached = new Set(await cachedTiles(page));
    return [...served].filter((u) => !cached.has(u));
  }).toEqual([]);

  // Offline, reloaded: the map's tiles come from the cache (nothing else could give magenta).
  await context.setOffline(true);
  offline = true;
  await page.reload();
  await expect(map).toBeVisible();
  await expect.poll(() => magentaPixels(page)).toBeGreaterThan(1000);
  await expect(map.locator('.ol-attribution')).toContainText('OpenStreetMap');
  // Every tile the map shows offline came from the cache: none of the tiles it had online was asked
  // of the network again.
  expect([...askedOffline].filter((u) => served.has(u)), 'a tile the map had online was asked of the network offline').toEqual([]);
});
