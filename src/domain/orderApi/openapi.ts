/**
 * The OpenAPI 3.1 document of the clients' order API (served at GET /api/docs), generated from
 * the zod schemas that validate the requests and type the answers: no hand-kept copy of the
 * validation. The example of each order body is made by the caller from the live catalogue and
 * today's date, so it is a valid request whenever the document is read.
 */
import { z } from 'zod';
import { apiErrorSchema, createdKeySchema, createKeySchema, keyInfoSchema, orderAnswerSchema } from './answers';
import { ORDER_API_CLIENTS } from './shapes';

/** Requests per minute and per key before 429 (the server's default). */
export const DEFAULT_RATE_PER_MINUTE = 120;
/** Largest body an order endpoint reads. */
export const MAX_BODY_BYTES = 1024 * 1024;

type JsonSchema = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const error = (description: string, extraHeaders: Record<string, unknown> = {}) => ({
  description,
  headers: extraHeaders,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
});

export interface DocsOptions {
  /** Example body per client key (valid for the data the server holds, dated from today). */
  readonly examples: Readonly<Record<string, unknown>>;
  readonly ratePerMinute: number;
}

/** One webhook event as POSTed (server/notify/outbox.ts builds it). */
export const WEBHOOK_EXAMPLE = {
  id: 'evt_3f0c6a9e2b7d4c1a8e5f90b1c2d3e4f5',
  type: 'order.status_changed',
  created_at: '2026-11-22T10:02:11.000Z',
  data: {
    order: { code: 'P-20261122-0042', external_ref: 'QZ-778812', client: 'pascual', date: '2026-11-22', window_start: '09:00', window_end: '12:00' },
    status: 'delivered',
    previous_status: 'out_for_delivery',
    at: '2026-11-22T10:02:09.000Z',
  },
};

const WEBHOOK_STATUS = { type: 'string', enum: ['planned', 'out_for_delivery', 'delivered', 'partially_delivered', 'failed', 'returned'] };

const WEBHOOK_SCHEMAS: Record<string, JsonSchema> = {
  WebhookEvent: {
    type: 'object',
    required: ['id', 'type', 'created_at', 'data'],
    properties: {
      id: { type: 'string', description: 'Unique id of the event: the same id is sent again on a retry or a «Reenviar»' },
      type: { type: 'string', const: 'order.status_changed' },
      created_at: { type: 'string', format: 'date-time' },
      data: {
        type: 'object',
        required: ['order', 'status', 'previous_status', 'at'],
        properties: {
          order: {
            type: 'object',
            required: ['code', 'external_ref', 'client', 'date', 'window_start', 'window_end'],
            properties: {
              code: { type: 'string' },
              external_ref: { type: 'string', description: 'The reference the client sent with the order ("" when none)' },
              client: { type: 'string', description: 'The client’s key (pascual, bimbo…)' },
              date: { type: 'string', format: 'date' },
              window_start: { type: 'string' },
              window_end: { type: 'string' },
            },
          },
          status: WEBHOOK_STATUS,
          previous_status: { type: ['string', 'null'] },
          at: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
  Webhook: {
    type: 'object',
    properties: {
      id: { type: 'string' },
      client_id: { type: 'string' },
      client_name: { type: 'string' },
      url: { type: 'string' },
      paused: { type: 'boolean' },
      created_at: { type: 'integer' },
      updated_at: { type: 'integer' },
      pending: { type: 'integer' },
      expired: { type: 'integer' },
    },
  },
  NewWebhook: {
    type: 'object',
    required: ['client_id', 'url', 'secret'],
    properties: { client_id: { type: 'string' }, url: { type: 'string', description: 'https:// (http:// only to localhost)' }, secret: { type: 'string', minLength: 16, maxLength: 200 } },
    example: { client_id: 'c-pascual', url: 'https://erp.qualianza.example/cargobici/webhook', secret: 'un-secreto-largo-de-32-caracteres' },
  },
};

function webhookAdminPaths(): Record<string, unknown> {
  const admin = [{ AdminBearer: [] }];
  const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
  const hook = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Webhook' } } } };
  return {
    '/api/admin/webhooks': {
      get: { operationId: 'listWebhooks', summary: 'The clients’ webhooks (admins; never their secrets)', security: admin, responses: { '200': { description: 'Every webhook', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Webhook' } } } } }, '403': error('Not an administrator') } },
      post: {
        operationId: 'createWebhook',
        summary: 'Register a client’s webhook (admins): one per client',
        security: admin,
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/NewWebhook' } } } },
        responses: { '201': { description: 'Registered', ...hook }, '400': error('Invalid URL or secret (Spanish message)'), '403': error('Not an administrator'), '404': error('No such client'), '409': error('The client has a webhook already') },
      },
    },
    '/api/admin/webhooks/{id}': {
      patch: {
        operationId: 'editWebhook',
        summary: 'Change the URL or the secret, or pause / resume (admins)',
        security: admin,
        parameters: [id],
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { url: { type: 'string' }, secret: { type: 'string' }, paused: { type: 'boolean' } } }, example: { paused: true } } } },
        responses: { '200': { description: 'Changed', ...hook }, '400': error('Invalid URL or secret'), '404': error('No such webhook') },
      },
      delete: { operationId: 'deleteWebhook', summary: 'Delete a webhook and its log (admins)', security: admin, parameters: [id], responses: { '200': { description: 'Deleted' }, '404': error('No such webhook') } },
    },
    '/api/admin/webhooks/{id}/events': {
      get: { operationId: 'webhookEvents', summary: 'The delivery log: the latest 50 events with their last 5 attempts (admins)', security: admin, parameters: [id], responses: { '200': { description: 'Events, newest first' }, '404': error('No such webhook') } },
    },
    '/api/admin/webhooks/{id}/events/{event}/resend': {
      post: {
        operationId: 'resendWebhookEvent',
        summary: '«Reenviar»: send one event again, with its same id (admins)',
        security: admin,
        parameters: [id, { name: 'event', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'Queued' }, '404': error('No such event in this webhook') },
      },
    },
  };
}

export function openApiDocument(opts: DocsOptions): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, JsonSchema> = {
    ApiError: schemaOf(apiErrorSchema, 'output'),
    OrderAnswer: schemaOf(orderAnswerSchema, 'output'),
    CreateApiKey: schemaOf(createKeySchema, 'input'),
    CreatedApiKey: schemaOf(createdKeySchema, 'output'),
    ApiKeyInfo: schemaOf(keyInfoSchema, 'output'),
  };
  for (const c of ORDER_API_CLIENTS) {
    const name = c.key === 'pascual' ? 'PedidoQualianza' : 'BimboOrder';
    schemas[name] = schemaOf(c.schema, 'input');
    const example = opts.examples[c.key];
    paths[c.path] = {
      post: {
        operationId: c.key === 'pascual' ? 'createOrderQualianza' : 'createOrderBimbo',
        summary: c.title,
        description:
          `Creates one order of client \`${c.key}\`, written whole or not at all. The same external reference (or the same ` +
          '`Idempotency-Key`) never creates a second order: repeating a request answers 200 with `result: "unchanged"`. ' +
          'A changed request with the same reference updates the order while it is not planned on a route (200, `result: "updated"`), ' +
          'and answers 409 once it is.',
        security: [{ ApiKey: [] }],
        parameters: [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description: 'Optional key of this request (1–200 printable characters). The same key with the same body answers what the first request answered; with another body, 409.',
            schema: { type: 'string', maxLength: 200 },
          },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` }, ...(example === undefined ? {} : { example }) } },
        },
        responses: {
          '201': { description: 'Order created', content: { 'application/json': { schema: { $ref: '#/components/schemas/OrderAnswer' } } } },
          '200': { description: 'The order existed: unchanged (nothing written) or updated', content: { 'application/json': { schema: { $ref: '#/components/schemas/OrderAnswer' } } } },
          '400': error('The body is not JSON (or is empty), or the Idempotency-Key header is not 1–200 printable characters'),
          '401': error('Missing, unknown, expired or revoked key (`X-Api-Key`)'),
          '403': error('The key belongs to another client'),
          '409': error('The order is already planned on a route and cannot change, or the Idempotency-Key was used with another body'),
          '413': error(`Body larger than ${MAX_BODY_BYTES} bytes (1 MB)`),
          '415': error('The body is not application/json'),
          '422': error('Invalid order: every problem listed in `errors`, each with its JSON path and a Spanish message'),
          '429': error(`More than ${opts.ratePerMinute} requests in a minute with this key (or too many wrong keys from this address)`, {
            'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
          }),
        },
      },
    };
  }
  paths['/api/admin/api-keys'] = {
    post: {
      operationId: 'createApiKey',
      summary: 'Create a client’s API key (admins)',
      security: [{ AdminBearer: [] }],
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/CreateApiKey' } } } },
      responses: {
        '201': { description: 'The key, shown only once', content: { 'application/json': { schema: { $ref: '#/components/schemas/CreatedApiKey' } } } },
        '401': error('No valid session'),
        '403': error('Not an administrator'),
        '422': error('Invalid body'),
      },
    },
    get: {
      operationId: 'listApiKeys',
      summary: 'List the API keys (admins; never the keys themselves)',
      security: [{ AdminBearer: [] }],
      responses: {
        '200': { description: 'Every key', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/ApiKeyInfo' } } } } },
        '401': error('No valid session'),
        '403': error('Not an administrator'),
      },
    },
  };
  paths['/api/admin/api-keys/{id}'] = {
    delete: {
      operationId: 'revokeApiKey',
      summary: 'Revoke an API key (admins): it stops working at once',
      security: [{ AdminBearer: [] }],
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        '200': { description: 'Revoked', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiKeyInfo' } } } },
        '401': error('No valid session'),
        '403': error('Not an administrator'),
        '404': error('No such key'),
      },
    },
  };
  Object.assign(paths, webhookAdminPaths());
  Object.assign(schemas, WEBHOOK_SCHEMAS);
  paths['/api/docs'] = {
    get: { operationId: 'openApi', summary: 'This document', security: [], responses: { '200': { description: 'OpenAPI 3.1 document (JSON)' } } },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'CargoBici — API de pedidos de clientes',
      version: '1.0.0',
      description:
        'Clients’ systems send their orders here. Each client sends its own key in `X-Api-Key`. Orders enter the same way as an ' +
        'imported file (same checks, prices and taxes from the catalogue) and reach every operator’s device through sync. See docs/api.md.',
    },
    paths,
    // Issue 33: what CargoBici POSTs to a client's webhook (docs/api.md, «Webhooks»).
    webhooks: {
      orderStatusChanged: {
        post: {
          operationId: 'orderStatusChanged',
          summary: 'An order of the client changed status',
          description:
            'POSTed to the client’s webhook URL for each status change of one of its orders (planned, out_for_delivery, delivered, ' +
            'partially_delivered, failed, returned). `X-CargoBici-Signature` is `sha256=` and the hex HMAC-SHA256 of the raw body with ' +
            'the webhook’s secret; `X-CargoBici-Event` repeats the event id. Answer 2xx to acknowledge; anything else (or no answer ' +
            'in 10 s) is retried with back-off for 24 hours. Delivered at least once and in order per order: ignore an id you already processed.',
          parameters: [
            { name: 'X-CargoBici-Signature', in: 'header', required: true, schema: { type: 'string', pattern: '^sha256=[0-9a-f]{64}$' } },
            { name: 'X-CargoBici-Event', in: 'header', required: true, schema: { type: 'string' } },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookEvent' }, example: WEBHOOK_EXAMPLE } } },
          responses: { '2XX': { description: 'Received (any 2xx)' }, default: { description: 'Not received: the event is sent again later' } },
        },
      },
    },
    components: {
      schemas,
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        AdminBearer: { type: 'http', scheme: 'bearer' },
      },
    },
  };
}
