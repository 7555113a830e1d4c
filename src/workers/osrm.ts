/**
 * Travel times from an OSRM-compatible `table` service (bicycle profile), with the offline
 * estimate as fallback (network code: the matrix model itself is pure, src/domain/routing/matrix.ts).
 *
 *   GET {base}/table/v1/bicycle/{lng,lat;lng,lat;…}?sources=…&destinations=…&annotations=duration,distance
 *
 * Big matrices are fetched in blocks (at most `maxCoordinates` coordinates per request, a few
 * requests at a time); each answer is validated (zod). An unreachable pair (null) keeps the
 * estimate; any failed request (network, HTTP status, `code` other than «Ok», a malformed answer)
 * drops the whole OSRM matrix for the estimate, and the error says why.
 */
import { z } from 'zod';
import {
  blockCoordinates,
  createMatrixBuilder,
  DEFAULT_TRAVEL_SETTINGS,
  haversineMatrix,
  tableBlocks,
  type LatLng,
  type TableBlock,
  type TravelMatrix,
  type TravelSettings,
} from '../domain/routing/matrix';

export interface OsrmOptions {
  /** Address of the service, e.g. `https://router.example.org` (no trailing `/table…`). */
  readonly baseUrl: string;
  /** Coordinates per request (the server's `--max-table-size`; 100 by default). */
  readonly maxCoordinates?: number;
  /** Requests in flight at once. */
  readonly concurrency?: number;
  /** Per request. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /** The fetch to use (tests). */
  readonly fetch?: typeof fetch;
}

const cell = z.number().finite().min(0).nullable();
export const osrmTableSchema = z.object({
  code: z.string(),
  message: z.string().optional(),
  durations: z.array(z.array(cell)).optional(),
  distances: z.array(z.array(cell)).optional(),
});

export class OsrmError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OsrmError';
  }
}

/** The request URL of one block. */
export function osrmTableUrl(baseUrl: string, points: readonly LatLng[], block: TableBlock): string {
  const { indices, sourcePositions, destinationPositions } = blockCoordinates(block);
  const coords = indices.map((i) => {
    const p = points[i] as LatLng;
    return `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`;
  });
  const all = sourcePositions.length === indices.length && destinationPositions.length === indices.length && sourcePositions.every((p, k) => p === k) && destinationPositions.every((p, k) => p === k);
  const params = new URLSearchParams({ annotations: 'duration,distance' });
  if (!all) {
    params.set('sources', sourcePositions.join(';'));
    params.set('destinations', destinationPositions.join(';'));
  }
  return `${baseUrl.replace(/\/+$/, '')}/table/v1/bicycle/${coords.join(';')}?${params.toString().replace(/%3B/g, ';').replace(/%2C/g, ',')}`;
}

/** The full matrix from the service (throws OsrmError when any block fails). */
export async function fetchOsrmMatrix(points: readonly LatLng[], options: OsrmOptions, fallback: TravelMatrix): Promise<TravelMatrix> {
  const doFetch = options.fetch ?? fetch;
  const blocks = tableBlocks(points.length, options.maxCoordinates ?? 100);
  const builder = createMatrixBuilder(fallback);
  const concurrency = Math.max(1, options.concurrency ?? 4);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < blocks.length) {
      const block = blocks[next++] as TableBlock;
      const url = osrmTableUrl(options.baseUrl, points, block);
      const controller = new AbortController();
      const onAbort = (): void => controller.abort();
      options.signal?.addEventListener('abort', onAbort);
      const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 15_000);
      let body: unknown;
      try {
        const res = await doFetch(url, { signal: controller.signal, headers: { accept: 'application/json' } });
        if (!res.ok) throw new OsrmError(`El servicio de rutas respondió ${res.status}`);
        body = await res.json();
      } catch (e) {
        if (e instanceof OsrmError) throw e;
        throw new OsrmError(options.signal?.aborted ? 'Cancelado' : `No se pudo consultar el servicio de rutas (${(e as Error).message})`);
      } finally {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
      }
      const parsed = osrmTableSchema.safeParse(body);
      if (!parsed.success) throw new OsrmError(`Respuesta no válida del servicio de rutas: ${parsed.error.issues[0]?.message ?? ''}`);
      const answer = parsed.data;
      if (answer.code !== 'Ok') throw new OsrmError(`El servicio de rutas respondió «${answer.code}»${answer.message ? `: ${answer.message}` : ''}`);
      const durations = answer.durations;
      if (!durations || durations.length !== block.sources.length || durations.some((row) => row.length !== block.destinations.length)) {
        throw new OsrmError(`Respuesta no válida del servicio de rutas: se esperaba una tabla de ${block.sources.length} × ${block.destinations.length}`);
      }
      const distances = answer.distances;
      const distancesOk = distances && distances.length === block.sources.length && distances.every((row) => row.length === block.destinations.length);
      builder.put(block, durations, distancesOk ? distances : null);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, blocks.length) }, worker));
  return builder.result();
}

export interface MatrixResult {
  readonly matrix: TravelMatrix;
  readonly source: 'osrm' | 'estimate';
  /** Why OSRM was not used (when it was configured). */
  readonly error?: string;
}

/** OSRM's matrix when an address is configured and answers, the offline estimate otherwise. */
export async function travelMatrix(points: readonly LatLng[], travel: TravelSettings = DEFAULT_TRAVEL_SETTINGS, osrm?: OsrmOptions): Promise<MatrixResult> {
  const estimate = haversineMatrix(points, travel);
  if (!osrm || osrm.baseUrl.trim() === '' || points.length < 2) return { matrix: estimate, source: 'estimate' };
  try {
    return { matrix: await fetchOsrmMatrix(points, osrm, estimate), source: 'osrm' };
  } catch (e) {
    return { matrix: estimate, source: 'estimate', error: (e as Error).message };
  }
}
