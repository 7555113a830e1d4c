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
    components: {
      schemas,
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        AdminBearer: { type: 'http', scheme: 'bearer' },
      },
    },
  };
}
