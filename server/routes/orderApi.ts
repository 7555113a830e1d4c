/**
 * The clients' order API mounted in the embedded server (the logic is in ../orderApi.ts, free of
 * Fastify; the contract in docs/api.md and at GET /api/docs):
 *
 *   POST   /api/ordersqualianza   X-Api-Key of client `pascual` → 201 / 200 / 4xx
 *   POST   /api/ordersbimbo       X-Api-Key of client `bimbo`
 *   GET    /api/docs              the OpenAPI 3.1 document (public)
 *   POST   /api/admin/api-keys    admin session → 201 { id, key } (the key is shown only here)
 *   GET    /api/admin/api-keys    admin session → the keys (never the secrets)
 *   DELETE /api/admin/api-keys/:id  admin session → the key, revoked
 *
 * The order endpoints need no session: they authenticate with the client's key themselves, before
 * the body is read (an unknown caller never gets a 413 or a 422). ORDER_API_PATHS lists the routes
 * open without a session (server/app.ts puts them on the public list).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuthError } from '../authCore';
import { principalOf } from '../authenticate';
import { MAX_BODY_BYTES } from '../../src/domain/orderApi/openapi';
import { ORDER_API_CLIENTS } from '../../src/domain/orderApi/shapes';
import { t } from '../../src/i18n';
import type { VerifiedKey } from '../apiKeys';
import type { ApiAnswer, OrderApi } from '../orderApi';

/** Routes of this module open without a session (`METHOD path`, as server/app.ts PUBLIC_API). */
export const ORDER_API_PATHS: readonly string[] = [...ORDER_API_CLIENTS.map((c) => `POST ${c.path}`), 'GET /api/docs'];

function send(reply: FastifyReply, answer: ApiAnswer): FastifyReply {
  void reply.code(answer.status);
  if (answer.headers) void reply.headers(answer.headers);
  return reply.send(answer.body);
}

/** Fastify's errors of an order request (before the handler runs) in the API's shape. */
function orderError(err: unknown, reply: FastifyReply): FastifyReply {
  const e = err as { statusCode?: unknown; code?: unknown };
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status === 413) return send(reply, { status: 413, body: { error: 'too_large', message: t('orderApi.error.tooLarge') } });
  if (status === 415) return send(reply, { status: 415, body: { error: 'unsupported_type', message: t('orderApi.error.unsupportedType') } });
  if (status >= 400 && status < 500) {
    const message = e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? t('orderApi.error.emptyBody') : t('orderApi.error.notJson');
    return send(reply, { status: 400, body: { error: 'bad_request', message } });
  }
  reply.log.error(err);
  return send(reply, { status: 500, body: { error: 'internal', message: t('orderApi.error.internal') } });
}

export function registerOrderApiRoutes(app: FastifyInstance, deps: { api: OrderApi }): void {
  const { api } = deps;
  const keyOf = new WeakMap<FastifyRequest, VerifiedKey>();

  for (const client of ORDER_API_CLIENTS) {
    app.post(client.path, {
      bodyLimit: MAX_BODY_BYTES,
      errorHandler: (err, _req, reply) => orderError(err, reply),
      // The key first: nothing of the body is read for a caller without one.
      onRequest: async (req, reply) => {
        const result = api.authenticate(client, req.headers['x-api-key'], req.ip);
        if (!result.ok) return send(reply, result.answer);
        keyOf.set(req, result.key);
        return undefined;
      },
      handler: async (req, reply) => {
        const key = keyOf.get(req);
        if (!key) return send(reply, { status: 401, body: { error: 'unauthorized', message: t('orderApi.error.missingKey') } });
        return send(reply, api.submit(client, key, req.body, req.headers['idempotency-key']));
      },
    });
  }

  app.get('/api/docs', async (_req, reply) => {
    void reply.header('Cache-Control', 'no-cache');
    return api.docs();
  });

  const requireAdmin = (req: FastifyRequest) => {
    const p = principalOf(req);
    if (!p.groups.includes('machine-admin')) throw new AuthError(403, 'forbidden', 'orderApi.error.adminOnly');
    return p;
  };
  app.post('/api/admin/api-keys', async (req, reply) => {
    const admin = requireAdmin(req);
    return send(reply, api.createKey(req.body, admin.id));
  });
  app.get('/api/admin/api-keys', async (req) => {
    requireAdmin(req);
    return api.listKeys();
  });
  app.delete<{ Params: { id: string } }>('/api/admin/api-keys/:id', async (req, reply) => {
    requireAdmin(req);
    return send(reply, api.revokeKey(req.params.id));
  });
}
