/**
 * HTTP of the replication protocol (docs/architecture.md §3):
 *   GET  /api/sync/:collection/pull?checkpoint=<seq>&limit=<n>  → { documents, checkpoint }
 *   POST /api/sync/:collection/push  [{ assumedMasterState, newDocumentState, unansweredStates? }] → conflicting master states
 *   GET  /api/sync/stream  → ONE server-sent-events stream for all collections
 * Every request is authenticated (Authorization: Bearer <accessToken>) by server/authenticate.ts.
 */
import { refusal } from '../answers';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { LocalCollection } from '../../src/domain/collections';
import { DEFAULT_PULL, describeProtocolError, MAX_PULL, MAX_PUSH_ROWS, pullRequestSchema, pushRequestSchema, type Checkpoint } from '../../src/domain/sync/protocol';
import { domainText } from '../../src/i18n/domain';
import { t } from '../../src/i18n';
import type { Principal } from '../authCore';
import { principalOf } from '../authenticate';
import { isLocalCollection, PushFormatError, type SyncService, type SyncUser } from '../sync';
import type { StreamHub } from '../stream';

function parseCheckpoint(raw: unknown): Checkpoint | null {
  if (raw === undefined || raw === '' || raw === null) return null;
  const text = String(raw);
  let seq: unknown = text;
  if (text.startsWith('{')) {
    try {
      seq = (JSON.parse(text) as { seq?: unknown }).seq;
    } catch {
      return null;
    }
  }
  const n = Number(seq);
  return Number.isInteger(n) && n >= 0 ? { seq: n } : null;
}

export function syncUserOf(p: Principal): SyncUser {
  return { id: p.id, role: p.role };
}

export function registerSyncRoutes(app: FastifyInstance, deps: { sync: SyncService; streams: StreamHub }): void {
  const { sync } = deps;

  const collectionOf = (name: string, reply: FastifyReply): LocalCollection | null => {
    if (isLocalCollection(name)) return name;
    void reply.code(404).send(refusal('unknown_collection', 'server.sync.unknownCollection', { name }));
    return null;
  };

  app.get<{ Params: { collection: string }; Querystring: { checkpoint?: string; limit?: string } }>(
    '/api/sync/:collection/pull',
    async (req, reply) => {
      const principal = principalOf(req);
      const collection = collectionOf(req.params.collection, reply);
      if (!collection) return reply;
      const rawCheckpoint = req.query.checkpoint;
      const checkpoint = parseCheckpoint(rawCheckpoint);
      if (rawCheckpoint !== undefined && rawCheckpoint !== '' && checkpoint === null) {
        return reply.code(400).send(refusal('bad_checkpoint', 'server.sync.badCheckpoint'));
      }
      const request = pullRequestSchema.safeParse({ checkpoint, limit: req.query.limit === undefined ? DEFAULT_PULL : Number(req.query.limit) });
      if (!request.success) {
        return reply.code(400).send(refusal('bad_limit', 'server.sync.badLimit', { max: MAX_PULL }));
      }
      return sync.pull(syncUserOf(principal), collection, request.data.checkpoint, request.data.limit);
    },
  );

  app.post<{ Params: { collection: string } }>('/api/sync/:collection/push', { bodyLimit: 20 * 1024 * 1024 }, async (req, reply) => {
    const principal = principalOf(req);
    const collection = collectionOf(req.params.collection, reply);
    if (!collection) return reply;
    const parsed = pushRequestSchema.safeParse(req.body);
    if (!parsed.success) {
      return reply.code(400).send(refusal('bad_push', 'server.sync.badPush', { max: MAX_PUSH_ROWS, detail: domainText(describeProtocolError(parsed.error, t('server.sync.pushWhat'))) }));
    }
    try {
      return sync.push(syncUserOf(principal), collection, parsed.data);
    } catch (err) {
      if (err instanceof PushFormatError) return reply.code(400).send(refusal('bad_push', err.key));
      throw err;
    }
  });

  // Open change streams never finish on their own: end them when the server closes, or
  // close() would wait for every connected device (they reconnect to the next server).
  app.addHook('preClose', async () => deps.streams.closeAll());

  app.get('/api/sync/stream', (req, reply) => {
    const principal = principalOf(req);
    deps.streams.open(req, reply, principal);
  });
}
