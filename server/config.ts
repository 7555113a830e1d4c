import { resolve } from 'node:path';
import { checkOsrmUrl } from './osrmProxy';
import type { ConnectionLimits } from './connections';
import type { UploadLimits } from './routes/files';
import { t } from '../src/i18n';
import '../src/i18n/es/server';

/** A start the server refuses, with what is wrong and the way out (main.ts prints it and exits). */
export class StartupError extends Error {}

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** Directory of the SQLite file and uploaded files. */
  readonly dataDir: string;
  /** Directory of the built PWA (vite build output). */
  readonly staticDir: string;
  /** Production mode: no demo data and no demo accounts (NODE_ENV=production). */
  readonly production: boolean;
  readonly smtpUrl: string | undefined;
  readonly publicUrl: string;
  /** First administrator of a production server (created when no user exists). */
  readonly adminEmail: string | undefined;
  readonly adminPassword: string | undefined;
  readonly demoSeed: number;
  /** Trust X-Forwarded-For from a reverse proxy in front of the server (TRUST_PROXY=1). */
  readonly trustProxy: boolean;
  /** OSRM-compatible `table` service for the planning board (CB_OSRM_URL; none: the estimate). */
  readonly osrmUrl: string | undefined;
  /** Request and connection timeouts and connections per address given in the environment (the rest: defaults). */
  readonly connections: Partial<ConnectionLimits>;
  /** Each user's upload rate and 24-hour quota given in the environment (the rest: defaults). */
  readonly uploads: Partial<UploadLimits>;
  /** The receivers' SMS provider: CB_SMS_URL (http/https) and CB_SMS_TOKEN; none: SMS are not sent (docs/notices.md). */
  readonly sms: { readonly url: string; readonly token?: string } | undefined;
}

function parseSms(env: NodeJS.ProcessEnv): ServerConfig['sms'] {
  const raw = env.CB_SMS_URL?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new StartupError(t('server.startup.smsUrl', { raw }));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new StartupError(t('server.startup.smsUrl', { raw }));
  const token = env.CB_SMS_TOKEN?.trim();
  return { url: url.toString(), ...(token ? { token } : {}) };
}

function parseUploads(env: NodeJS.ProcessEnv): Partial<UploadLimits> {
  const out: { -readonly [K in keyof UploadLimits]?: number } = {};
  const read = (name: string): number | undefined => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new StartupError(t('server.startup.positiveInteger', { name, raw }));
    return n;
  };
  const perMinute = read('CB_UPLOADS_PER_MINUTE');
  const filesPerDay = read('CB_UPLOAD_FILES_PER_DAY');
  const mbPerDay = read('CB_UPLOAD_MB_PER_DAY');
  if (perMinute !== undefined) out.perMinute = perMinute;
  if (filesPerDay !== undefined) out.filesPerDay = filesPerDay;
  if (mbPerDay !== undefined) out.bytesPerDay = mbPerDay * 1024 * 1024;
  return out;
}

/** The environment's names of the connection limits (server/connections.ts; README's table). */
const CONNECTION_ENV: readonly [keyof ConnectionLimits, string, 'server.startup.milliseconds' | 'server.startup.connections'][] = [
  ['requestTimeoutMs', 'CB_REQUEST_TIMEOUT_MS', 'server.startup.milliseconds'],
  ['headersTimeoutMs', 'CB_HEADERS_TIMEOUT_MS', 'server.startup.milliseconds'],
  ['idleTimeoutMs', 'CB_IDLE_TIMEOUT_MS', 'server.startup.milliseconds'],
  ['keepAliveTimeoutMs', 'CB_KEEPALIVE_TIMEOUT_MS', 'server.startup.milliseconds'],
  ['perAddress', 'CB_CONNECTIONS_PER_ADDRESS', 'server.startup.connections'],
];

function parseConnections(env: NodeJS.ProcessEnv): Partial<ConnectionLimits> {
  const out: Partial<Record<keyof ConnectionLimits, number>> = {};
  for (const [key, name, unit] of CONNECTION_ENV) {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') continue;
    const n = Number(raw);
    const min = key === 'perAddress' ? 0 : 1000;
    if (!Number.isInteger(n) || n < min || n > 24 * 3600_000) throw new StartupError(t('server.startup.limit', { name, unit: t(unit), min, raw }));
    out[key] = n;
  }
  return out;
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 8080;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new StartupError(t('server.startup.port', { raw }));
  }
  return port;
}

function parseSeed(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 20261122;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new StartupError(t('server.startup.demoSeed', { raw }));
  return n;
}

function parseOsrmUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  try {
    return checkOsrmUrl(raw.trim());
  } catch (e) {
    throw new StartupError(t('server.startup.osrmUrl', { message: (e as Error).message }));
  }
}

const orUndefined = (v: string | undefined) => (v && v !== '' ? v : undefined);

/** Configuration from the environment (see the README's table). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = parsePort(env.PORT);
  return {
    port,
    host: orUndefined(env.HOST) ?? '0.0.0.0',
    dataDir: resolve(orUndefined(env.DATA_DIR) ?? './data'),
    staticDir: resolve(orUndefined(env.STATIC_DIR) ?? './dist'),
    production: env.NODE_ENV === 'production',
    smtpUrl: orUndefined(env.SMTP_URL),
    publicUrl: orUndefined(env.PUBLIC_URL) ?? `http://localhost:${port}`,
    adminEmail: orUndefined(env.ADMIN_EMAIL),
    adminPassword: orUndefined(env.ADMIN_PASSWORD),
    demoSeed: parseSeed(env.DEMO_SEED),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    osrmUrl: parseOsrmUrl(env.CB_OSRM_URL),
    connections: parseConnections(env),
    uploads: parseUploads(env),
    sms: parseSms(env),
  };
}
