// The server words texts of every catalogue (its answers, the order API, notices, proofs).
import '../src/i18n/messages.es';
import { refusal } from './answers';
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ServerConfig } from './config';
import { AuthService } from './auth';
import { AuthError, type AuthOptions } from './authCore';
import { DocStore } from './store';
import { SyncService } from './sync';
import { ServerRules } from './rules';
import { createMailer } from './mail';
import { registerAuthRoutes } from './routes/auth';
import { registerSyncRoutes } from './routes/sync';
import { registerFileRoutes, type UploadLimits } from './routes/files';
import { registerAdminRoutes } from './routes/admin';
import { PROOF_PUBLIC_PATHS, registerProofRoutes } from './routes/proof';
import { ORDER_API_PATHS, registerOrderApiRoutes } from './routes/orderApi';
import { registerRoutingRoutes } from './routes/routing';
import { registerReportRoutes } from './routes/reports';
import { registerTrackingRoutes } from './routes/tracking';
import { PositionFeed, maySeePositions } from './tracking/positions';
import { OrderApi, type OrderApiOptions } from './orderApi';
import { seedIfEmpty, type SeedOptions } from './seed';
import { StreamHub, type StreamOptions } from './stream';
import { API_HEADERS, securityHeaders } from './headers';
import { registerAuthentication } from './authenticate';
import { NOTIFY_PUBLIC_PATHS, registerNotifyRoutes } from './routes/notify';
import { NotifyOutbox } from './notify/outbox';
import { NotifyWorker, type SmsProvider, type WorkerOptions } from './notify/worker';
import { liveTracking, type TrackingSource } from './notify/tracking';
import { capConnectionsPerAddress, connectionLimits, serverTimeouts, type ConnectionLimits } from './connections';

export interface AppOptions extends Pick<ServerConfig, 'dataDir' | 'staticDir'> {
  readonly logger?: boolean;
  readonly auth?: AuthOptions;
  /** Demo data on first start (default: on, except in production mode). */
  readonly seed?: SeedOptions | false;
  readonly smtpUrl?: string;
  /** Address of the app in e-mails (password reset links). */
  readonly publicUrl?: string;
  readonly heartbeatMs?: number;
  /** Limits of the change streams (tests make them small). */
  readonly streams?: Omit<StreamOptions, 'heartbeatMs'>;
  /** Trust X-Forwarded-For from a reverse proxy in front of the server (TRUST_PROXY). */
  readonly trustProxy?: boolean;
  /** Limits of the clients' order API (tests make them small or large). */
  readonly orderApi?: OrderApiOptions;
  /** The clock of the proof-of-delivery links (tests move it past an expiry). */
  readonly now?: () => number;
  /** An OSRM-compatible service for the planning board's travel times (CB_OSRM_URL, checked). */
  readonly osrmUrl?: string;
  /** The fetch the travel proxy uses (tests). */
  readonly osrmFetch?: typeof fetch;
  /** Request and connection timeouts, connections per address (server/connections.ts; tests make them short). */
  readonly connections?: Partial<ConnectionLimits>;
  /** Each user's upload rate and 24-hour quota (server/routes/files.ts; tests make them small). */
  readonly uploads?: Partial<UploadLimits>;
  /** The receivers' SMS provider (CB_SMS_URL, CB_SMS_TOKEN); none: SMS are not sent and the office sees it. */
  readonly sms?: SmsProvider;
  /** Where expected windows and live positions come from (server/notify/tracking.ts; default: the published plan). */
  readonly tracking?: TrackingSource;
  /** Timing of the notices' and webhooks' sender (tests make it fast). */
  readonly notify?: Pick<WorkerOptions, 'pollMs' | 'retryBaseMs' | 'retryMaxMs' | 'retryWindowMs' | 'timeoutMs' | 'fetch'>;
}

export interface App {
  readonly server: FastifyInstance;
  readonly store: DocStore;
  readonly auth: AuthService;
  readonly sync: SyncService;
  readonly streams: StreamHub;
  readonly orderApi: OrderApi;
  /** The sender of the receivers' notices and the clients' webhooks (server/notify/worker.ts). */
  readonly notify: NotifyWorker;
  /** Every API route (method and path), for the test that each one outside PUBLIC_API asks for a session. */
  readonly routes: readonly ApiRoute[];
}

export interface ApiRoute {
  readonly method: string;
  readonly url: string;
}

/** The API routes open without a session; every other /api route answers 401 without a valid one. */
export const PUBLIC_API: readonly string[] = [
  'GET /api/health',
  'POST /api/auth/login',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'POST /api/auth/reset-request',
  'POST /api/auth/reset',
  // The clients' order API: authenticated by the client's X-Api-Key, not by a session (server/routes/orderApi.ts).
  ...ORDER_API_PATHS,
  // The client's link to one proof of delivery: authenticated by its unguessable, expiring token (server/routes/proof.ts).
  ...PROOF_PUBLIC_PATHS,
  // The receiver's tracking page: the same kind of token as the albarán's (server/routes/notify.ts).
  ...NOTIFY_PUBLIC_PATHS,
];

/**
 * The embedded server: the API under /api (auth, sync, files, admin) and the built PWA with a
 * single-page-app fallback (any other GET that is not a file answers index.html).
 */
export async function createApp(opts: AppOptions): Promise<App> {
  const store = new DocStore(opts.dataDir);
  const auth = new AuthService(store, opts.auth);
  const tracking = opts.tracking ?? liveTracking(store);
  const outbox = new NotifyOutbox(store, { tracking, now: opts.now ?? Date.now, channels: { email: Boolean(opts.smtpUrl), sms: opts.sms !== undefined } });
  const sync = new SyncService(store, (collection, doc) => {
    if (collection !== 'users') return;
    if (doc._deleted) auth.forget(doc.id);
    else if (typeof doc.email === 'string') auth.syncEmail(doc.id, doc.email);
  }, new ServerRules(store, auth, undefined, (collection, before, doc) => outbox.onStored(collection, before, doc)));
  if (opts.seed !== false) {
    try {
      await seedIfEmpty(store, auth, opts.seed ?? {});
    } catch (err) {
      store.close();
      throw err;
    }
  }

  const limits = connectionLimits(opts.connections, opts.trustProxy ?? false);
  const app = Fastify({ logger: opts.logger ?? false, bodyLimit: 2 * 1024 * 1024, trustProxy: opts.trustProxy ?? false, ...serverTimeouts(limits) });
  // Slow or piled-up connections (issue 29, finding 5): counted on the socket's address.
  capConnectionsPerAddress(app.server, limits.perAddress);
  const notify = new NotifyWorker(store, {
    ...opts.notify,
    mailer: opts.smtpUrl ? createMailer(app.log, opts.smtpUrl) : null,
    sms: opts.sms ?? null,
    publicUrl: opts.publicUrl ?? 'http://localhost:8080',
    now: opts.now,
    log: app.log,
  });
  app.addHook('onClose', async () => {
    await notify.stop();
    store.close();
  });
  const routes: ApiRoute[] = [];
  app.addHook('onRoute', (r) => {
    if (!r.url.startsWith('/api')) return;
    for (const method of Array.isArray(r.method) ? r.method : [r.method]) if (method !== 'HEAD') routes.push({ method, url: r.url });
  });
  // Security headers on every answer: the page, assets, API and files (server/headers.ts).
  app.addHook('onRequest', async (req, reply) => {
    void reply.headers(securityHeaders(req.url));
  });
  // Every /api route asks for a session unless it is on PUBLIC_API (server/authenticate.ts).
  registerAuthentication(app, auth, PUBLIC_API);
  const streams = new StreamHub(auth, sync, API_HEADERS, { heartbeatMs: opts.heartbeatMs, ...opts.streams });

  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof AuthError) return reply.code(err.status).send(Object.keys(err.vars).length > 0 ? { error: err.code, message: err.message, key: err.key, vars: err.vars } : { error: err.code, message: err.message, key: err.key });
    const status = typeof (err as { statusCode?: unknown }).statusCode === 'number' ? (err as { statusCode: number }).statusCode : 500;
    if (status === 415) return reply.code(415).send(refusal('unsupported_type', 'server.request.unsupportedType'));
    if (status === 413) return reply.code(413).send(refusal('too_large', 'server.request.tooLarge'));
    if (status >= 400 && status < 500) {
      // Fastify's own messages are English: say in Spanish what is wrong.
      const code = (err as { code?: unknown }).code;
      const key =
        code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? 'server.request.badJson'
          : code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'server.request.emptyJson'
            : 'server.request.bad';
      return reply.code(status).send(refusal('bad_request', key));
    }
    app.log.error(err);
    return reply.code(500).send(refusal('internal', 'server.request.internal'));
  });

  app.get('/api/health', async () => ({ status: 'ok', time: new Date().toISOString(), seq: store.head() }));
  registerAuthRoutes(app, { auth, mailer: createMailer(app.log, opts.smtpUrl), publicUrl: opts.publicUrl ?? 'http://localhost:8080' });
  registerSyncRoutes(app, { sync, streams });
  registerFileRoutes(app, { store, dataDir: opts.dataDir, limits: opts.uploads, now: opts.now });
  registerAdminRoutes(app, { store });
  registerProofRoutes(app, { store, dataDir: opts.dataDir, now: opts.now });
  const orderApi = new OrderApi(store, (collections) => sync.notify(collections), opts.orderApi);
  registerOrderApiRoutes(app, { api: orderApi });
  registerNotifyRoutes(app, { store, tracking, now: opts.now, kick: () => notify.kick() });
  // Notices and webhook events enqueued by a push go out right after it.
  sync.onChange(() => notify.kick());
  notify.start();
  registerRoutingRoutes(app, { baseUrl: opts.osrmUrl, ...(opts.osrmFetch ? { fetch: opts.osrmFetch } : {}) });
  // Riders' positions (issue 33): stored, then the latest of each route to the office's streams.
  const feed = new PositionFeed((positions) => streams.broadcast('positions', { positions }, maySeePositions));
  app.addHook('preClose', async () => feed.close());
  registerTrackingRoutes(app, { store, feed, now: opts.now });
  registerReportRoutes(app, { store });

  const hasPwa = existsSync(join(opts.staticDir, 'index.html'));
  if (hasPwa) {
    await app.register(fastifyStatic, {
      root: opts.staticDir,
      wildcard: false,
      index: ['index.html'],
      setHeaders(reply, path) {
        // The service worker and the HTML must always be revalidated; hashed assets never change.
        if (path.endsWith('sw.js') || path.endsWith('.html') || path.endsWith('.webmanifest')) {
          reply.header('Cache-Control', 'no-cache');
        } else if (path.includes(`${sep}assets${sep}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.raw.url ?? '/';
    if (url.startsWith('/api/') || url === '/api') {
      return reply.code(404).send({ error: 'not_found', message: 'Recurso de la API no encontrado' });
    }
    // A missing asset is a 404, never the HTML page (a module script must not get index.html).
    const path = url.split('?')[0] ?? url;
    if (path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(path)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('No encontrado');
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && hasPwa) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('No encontrado');
  });

  return { server: app, store, auth, sync, streams, orderApi, notify, routes };
}

/** The Fastify instance alone (tests of the HTTP surface). */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  return (await createApp(opts)).server;
}
