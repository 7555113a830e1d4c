import { describe, expect, it } from 'vitest';
import { haversineMatrix, type LatLng } from '../../src/domain/routing/matrix';
import { osrmTableUrl, travelMatrix } from '../../src/workers/osrm';

const points: LatLng[] = Array.from({ length: 7 }, (_, i) => ({ lat: 40.4 + i * 0.001, lng: -3.7 - i * 0.002 }));

/** A fake OSRM: duration from point i to j = 100·i + j + 1 (i ≠ j), distance 10× that. */
function fakeOsrm(requests: string[], tweak?: (i: number, j: number) => number | null): typeof fetch {
  return (async (input: string | URL | Request) => {
    const url = new URL(String(input));
    requests.push(String(input));
    const coords = url.pathname.split('/table/v1/bicycle/')[1]?.split(';') ?? [];
    const index = coords.map((c) => points.findIndex((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}` === c));
    const sources = url.searchParams.get('sources')?.split(';').map(Number) ?? index.map((_, k) => k);
    const destinations = url.searchParams.get('destinations')?.split(';').map(Number) ?? index.map((_, k) => k);
    const value = (s: number, d: number): number | null => {
      const i = index[s] as number;
      const j = index[d] as number;
      if (i === j) return 0;
      return tweak ? tweak(i, j) : 100 * i + j + 1;
    };
    const durations = sources.map((s) => destinations.map((d) => value(s, d)));
    const distances = durations.map((row) => row.map((x) => (x === null ? null : x * 10)));
    return new Response(JSON.stringify({ code: 'Ok', durations, distances }), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

describe('OSRM table client', () => {
  it('asks the bicycle profile for durations and distances, lng,lat order', () => {
    const url = osrmTableUrl('https://osrm.example/', points, { sources: [0, 1, 2, 3, 4, 5, 6], destinations: [0, 1, 2, 3, 4, 5, 6] });
    expect(url.startsWith('https://osrm.example/table/v1/bicycle/-3.700000,40.400000;-3.702000,40.401000;')).toBe(true);
    expect(url.endsWith('?annotations=duration,distance')).toBe(true);
    const block = osrmTableUrl('https://osrm.example', points, { sources: [0, 1], destinations: [1, 2] });
    expect(block).toContain('/table/v1/bicycle/-3.700000,40.400000;-3.702000,40.401000;-3.704000,40.402000?');
    expect(block).toContain('sources=0;1');
    expect(block).toContain('destinations=1;2');
  });

  it('assembles the matrix from blocks when it is bigger than one request', async () => {
    const requests: string[] = [];
    const result = await travelMatrix(points, undefined, { baseUrl: 'https://osrm.example', maxCoordinates: 4, fetch: fakeOsrm(requests) });
    expect(result.source).toBe('osrm');
    expect(result.error).toBeUndefined();
    expect(requests.length).toBe(16); // 7 points in groups of 2 → 4 × 4 blocks
    for (let i = 0; i < 7; i += 1) {
      for (let j = 0; j < 7; j += 1) {
        expect(result.matrix.durations[i * 7 + j]).toBe(i === j ? 0 : 100 * i + j + 1);
        expect(result.matrix.distances[i * 7 + j]).toBe(i === j ? 0 : 10 * (100 * i + j + 1));
      }
    }
  });

  it('keeps the estimate for pairs the service cannot route (null)', async () => {
    const estimate = haversineMatrix(points);
    const result = await travelMatrix(points, undefined, { baseUrl: 'https://osrm.example', fetch: fakeOsrm([], (i, j) => (i === 2 && j === 5 ? null : 1)) });
    expect(result.source).toBe('osrm');
    expect(result.matrix.durations[2 * 7 + 5]).toBe(estimate.durations[2 * 7 + 5]);
    expect(result.matrix.durations[5 * 7 + 2]).toBe(1);
  });

  it('falls back to the estimate when the service fails, saying why', async () => {
    const estimate = haversineMatrix(points);
    const down = (async () => new Response('nope', { status: 503 })) as unknown as typeof fetch;
    const r1 = await travelMatrix(points, undefined, { baseUrl: 'https://osrm.example', fetch: down });
    expect(r1.source).toBe('estimate');
    expect(r1.error).toBe('El servicio de rutas respondió 503');
    expect(Array.from(r1.matrix.durations)).toEqual(Array.from(estimate.durations));

    const refused = (async () => new Response(JSON.stringify({ code: 'TooBig', message: 'Too many table coordinates' }))) as unknown as typeof fetch;
    expect((await travelMatrix(points, undefined, { baseUrl: 'https://osrm.example', fetch: refused })).error).toBe('El servicio de rutas respondió «TooBig»: Too many table coordinates');

    const malformed = (async () => new Response(JSON.stringify({ code: 'Ok', durations: [[0, 'x']] }))) as unknown as typeof fetch;
    const r3 = await travelMatrix(points, undefined, { baseUrl: 'https://osrm.example', fetch: malformed });
    expect(r3.source).toBe('estimate');
    expect(r3.error).toContain('Respuesta no válida del servicio de rutas');

    const wrongSize = (async () => new Response(JSON.stringify({ code: 'Ok', durations: [[0, 1]] }))) as unknown as typeof fetch;
    expect((await travelMatrix(points, undefined, { baseUrl: 'https://osrm.example', fetch: wrongSize })).error).toContain('se esperaba una tabla de 7 × 7');

    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect((await travelMatrix(points, undefined, { baseUrl: 'https://osrm.example', fetch: offline })).error).toBe('No se pudo consultar el servicio de rutas (Failed to fetch)');
  });

  it('uses the estimate without any request when no address is configured', async () => {
    const requests: string[] = [];
    const r = await travelMatrix(points, undefined, { baseUrl: '  ', fetch: fakeOsrm(requests) });
    expect(r.source).toBe('estimate');
    expect(requests).toEqual([]);
    expect((await travelMatrix(points)).source).toBe('estimate');
  });
});
