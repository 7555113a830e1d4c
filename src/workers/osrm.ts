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
import { osrmTablePath, osrmTableSchema, type TravelTableRequest } from '../domain/routing/travelTable';

export { osrmTableSchema };

/** Asks the app's backend for one block (src/domain/routing/travelTable.ts): OSRM's JSON answer. */
export type TravelTableCall = (request: TravelTableRequest) => Promise<unknown>;

export interface OsrmOptions {
  /** Address of the service, e.g. `https://router.example.org` (no trailing `/table…`). */
  readonly baseUrl?: string;
  /** The backend's call instead of an address (the app: the server calls OSRM for the page). */
  readonly table?: TravelTableCall;
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

export class OsrmError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OsrmError';
  }
}

/** The request of one block: every coordinate once, and which are its sources and destinations. */
export function tableRequest(points: readonly LatLng[], block: TableBlock): TravelTableRequest {
  const { indices, sourcePositions, destinationPositions } = blockCoordinates(block);
  const coordinates = indices.map((i): [number, number] => {
    const p = points[i] as LatLng;
    return [Number(p.lng.toFixed(6)), Number(p.lat.toFixed(6))];
  });
  const all = sourcePositions.length === indices.length && destinationPositions.length === indices.length && sourcePositions.every((p, k) => p === k) && destinationPositions.every((p, k) => p === k);
  return all ? { coordinates } : { coordinates, sources: sourcePositions, destinations: destinationPositions };
}

/** The request URL of one block on an OSRM server. */
export function osrmTableUrl(baseUrl: string, points: readonly LatLng[], block: TableBlock): string {
  return `${baseUrl.replace(/\/+$/, '')}${osrmTablePath(tableRequest(points, block))}`;
}

/** One block from an OSRM address: its JSON, or an OsrmError saying why not. */
async function viaUrl(url: string, options: OsrmOptions): Promise<unknown> {
  const doFetch = options.fetch ?? fetch;
  const controller = new AbortController();
  const onAbort = (): void => controller.abort();
  options.signal?.addEventListener('abort', onAbort);
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 15_000);
  try {
    const res = await doFetch(url, { signal: controller.signal, headers: { accept: 'application/json' } });
    if (!res.ok) throw new OsrmError(`El servicio de rutas respondió ${res.status}`);
    return await res.json();
  } catch (e) {
    if (e instanceof OsrmError) throw e;
    throw new OsrmError(options.signal?.aborted ? 'Cancelado' : `No se pudo consultar el servicio de rutas (${(e as Error).message})`);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/** One block through the backend: its answer, or an OsrmError with the backend's reason. */
async function viaBackend(table: TravelTableCall, request: TravelTableRequest, signal: AbortSignal | undefined): Promise<unknown> {
  if (signal?.aborted) throw new OsrmError('Cancelado');
  try {
    return await table(request);
  } catch (e) {
    throw new OsrmError(e instanceof Error && e.message !== '' ? e.message : 'No se pudo consultar el servicio de rutas');
  }
}

/** The full matrix from the service (throws OsrmError when any block fails). */
export async function fetchOsrmMatrix(points: readonly LatLng[], options: OsrmOptions, fallback: TravelMatrix): Promise<TravelMatrix> {
  const blocks = tableBlocks(points.length, options.maxCoordinates ?? 100);
  const builder = createMatrixBuilder(fallback);
  const concurrency = Math.max(1, options.concurrency ?? 4);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < blocks.length) {
      const block = blocks[next++] as TableBlock;
      const body = options.table ? await viaBackend(options.table, tableRequest(points, block), options.signal) : await viaUrl(osrmTableUrl(options.baseUrl ?? '', points, block), options);
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

/** OSRM's matrix when a service is configured and answers, the offline estimate otherwise. */
export async function travelMatrix(points: readonly LatLng[], travel: TravelSettings = DEFAULT_TRAVEL_SETTINGS, osrm?: OsrmOptions): Promise<MatrixResult> {
  const estimate = haversineMatrix(points, travel);
  if (!osrm || (!osrm.table && (osrm.baseUrl ?? '').trim() === '') || points.length < 2) return { matrix: estimate, source: 'estimate' };
  try {
    return { matrix: await fetchOsrmMatrix(points, osrm, estimate), source: 'osrm' };
  } catch (e) {
    return { matrix: estimate, source: 'estimate', error: (e as Error).message };
  }
}
