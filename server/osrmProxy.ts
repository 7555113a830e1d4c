/**
 * The travel-table proxy (issue 11), shared by the embedded server (./routes/routing.ts) and the
 * Firebase function (functions/src/handlers.ts): the optimiser asks the app's backend for one block
 * of an OSRM `table` (src/domain/routing/travelTable.ts) and the backend asks the OSRM-compatible
 * service configured for it (CB_OSRM_URL on the server, OSRM_URL on the function). The page never
 * calls the service: its Content-Security-Policy only lets it talk to its own backend, and the
 * service can stay on a private network.
 *
 * Only people who plan (operators and admins) may call it. The request is validated before
 * anything leaves the server; the service's answer is validated and reduced to what the
 * optimiser reads. Every refusal says in the interface's language what went wrong.
 */
import { t } from '../src/i18n';
import { osrmTablePath, osrmTableSchema, travelTableRequestSchema } from '../src/domain/routing/travelTable';

export interface ProxyAnswer {
  readonly status: number;
  readonly body: unknown;
}

export interface OsrmProxyOptions {
  /** The service's address (no trailing `/table…`); undefined when none is configured. */
  readonly baseUrl: string | undefined;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

const fail = (status: number, error: string, message: string): ProxyAnswer => ({ status, body: { error, message } });

/** Roles that plan routes (the only ones that need travel times from the service). */
export const PLANNING_ROLES: readonly string[] = ['operator', 'admin'];

/** Whether a travel service is configured (the board says which times it shows). */
export function travelStatus(opts: OsrmProxyOptions): ProxyAnswer {
  return { status: 200, body: { osrm: opts.baseUrl !== undefined } };
}

/** Checks an address given at start: http(s), no credentials, no query. */
export function checkOsrmUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(t('planning.travel.badUrl', { value: raw }));
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new Error(t('planning.travel.badUrl', { value: raw }));
  }
  return url.toString().replace(/\/+$/, '');
}

/** One block of the table: the service's answer, or the refusal. */
export async function travelTable(opts: OsrmProxyOptions, body: unknown): Promise<ProxyAnswer> {
  if (opts.baseUrl === undefined) return fail(404, 'osrm_not_configured', t('planning.travel.notConfigured'));
  const parsed = travelTableRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : t('planning.travel.body');
    return fail(400, 'bad_request', t('planning.travel.badRequest', { where }));
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? 15_000);
  let answer: unknown;
  try {
    const res = await (opts.fetch ?? fetch)(`${opts.baseUrl}${osrmTablePath(parsed.data)}`, { signal: controller.signal, headers: { accept: 'application/json' } });
    if (!res.ok && res.status !== 400) return fail(502, 'osrm_failed', t('planning.travel.failed', { status: res.status }));
    answer = await res.json();
  } catch {
    return fail(502, 'osrm_unreachable', t('planning.travel.unreachable'));
  } finally {
    clearTimeout(timer);
  }
  const table = osrmTableSchema.safeParse(answer);
  if (!table.success) return fail(502, 'osrm_invalid', t('planning.travel.invalid'));
  const { code, message, durations, distances } = table.data;
  return { status: 200, body: { code, ...(message !== undefined ? { message } : {}), ...(durations ? { durations } : {}), ...(distances ? { distances } : {}) } };
}
