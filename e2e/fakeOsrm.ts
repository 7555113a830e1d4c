/**
 * A stand-in for an OSRM `table` service (bicycle profile) in the e2e run, so the planning board's
 * travel times go the way they go in production: page → optimiser worker → backend → server
 * (CB_OSRM_URL) → service. Its "road network" is the straight line × 1.25 ridden at 14 km/h,
 * close to the offline estimate, so plans look alike either way.
 */
import { createServer, type Server } from 'node:http';

const metres = (a: readonly number[], b: readonly number[]): number => {
  const rad = Math.PI / 180;
  const [lng1 = 0, lat1 = 0] = a;
  const [lng2 = 0, lat2 = 0] = b;
  const h = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h)) * 1.25;
};

/** Starts the service on a free local port; resolves its address. */
export async function startFakeOsrm(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://osrm');
    const coords = (url.pathname.split('/table/v1/bicycle/')[1] ?? '').split(';').map((c) => c.split(',').map(Number));
    if (coords.length < 2 || coords.some((c) => c.length !== 2 || c.some((x) => !Number.isFinite(x)))) {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'InvalidQuery', message: 'Query string malformed' }));
      return;
    }
    const all = coords.map((_, i) => i);
    const sources = url.searchParams.get('sources')?.split(';').map(Number) ?? all;
    const destinations = url.searchParams.get('destinations')?.split(';').map(Number) ?? all;
    const distances = sources.map((s) => destinations.map((d) => Math.round(metres(coords[s] ?? [], coords[d] ?? []))));
    const durations = distances.map((row) => row.map((m) => Math.round(m / (14 / 3.6))));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'Ok', durations, distances }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, server };
}
