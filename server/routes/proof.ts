/**
 * Proof of delivery and the client's public link (issue 13). An operator manages the links of
 * his hub's orders only, an admin of every order (issue 29, finding 6: 403 otherwise).
 *
 *   POST /api/proof-links                     operator/admin session, `{ order_id }` → 201
 *                                             `{ token, path, expires_at }` (the token is shown only here)
 *   GET  /api/public/proof/:token             public → the order's proof (src/domain/proof.ts), no internal ids
 *   GET  /api/public/proof/:token/signature   public → the signature as an SVG image
 *   GET  /api/public/proof/:token/photos/:n   public → the proof's n-th photo from the file store
 *
 * The token is 32 random bytes (base64url, 43 characters); the server keeps only its SHA-256 with
 * the order and the expiry (PROOF_LINK_DAYS), so a copy of the database opens no link. A link
 * answers only its order: every public answer is built from the order the token names. A wrong
 * token → 404, an expired one → 410, both with a Spanish message.
 *
 *   POST /api/proof-links/revoke              operator/admin session, `{ order_id }` → 200 `{ revoked }`:
 *                                             every live link of the order stops working before its
 *                                             expiry; it answers 410 «revocado» (issue 29, finding 9)
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../authenticate';
import type { DocStore, StoredDoc } from '../store';
import { imageTypeOf } from './files';
import { SERVER_FILE_AUTHOR, uploaderOf } from '../fileRefs';
import { PROOF_LINK_MS, closingEvent, proofLinkExpired, proofOfDelivery, signatureSvg, type Proof, type PublicProof } from '../../src/domain/proof';
import type { DeliveryEvent, Incidence } from '../../src/domain/entities/events';
import type { DeliveryPoint, Order } from '../../src/domain/entities/operation';
import { t } from '../../src/i18n';
import { userHubsOf } from '../../src/domain/access/checkWrite';

/** Routes of this module open without a session (server/app.ts puts them on PUBLIC_API). */
export const PROOF_PUBLIC_PATHS: readonly string[] = [
  'GET /api/public/proof/:token',
  'GET /api/public/proof/:token/signature',
  'GET /api/public/proof/:token/photos/:n',
];

const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
const bodySchema = z.object({ order_id: z.string({ error: () => t('proof.errors.orderRequired') }).trim().min(1, { error: () => t('proof.errors.orderRequired') }).max(64) });

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export function registerProofRoutes(app: FastifyInstance, deps: { store: DocStore; dataDir: string; now?: () => number }): void {
  const { store } = deps;
  const now = deps.now ?? Date.now;
  const filesRoot = join(deps.dataDir, 'files');

  /** The proof of a stored order, or an error message. */
  const proofOf = (orderId: string): { proof: Proof } | { status: number; error: string; message: string } => {
    const order = store.get('orders', orderId) as (StoredDoc & Order) | null;
    if (!order || order._deleted) return { status: 404, error: 'not_found', message: t('proof.errors.orderNotFound', { id: orderId }) };
    const events = store.docsByRoute('deliveries', order.route_id).filter((e) => e.order_id === order.id) as unknown as DeliveryEvent[];
    const incidences = store.docsByRoute('incidences', order.route_id).filter((i) => i.order_id === order.id) as unknown as Incidence[];
    const point = store.get('delivery_points', order.delivery_point_id) as (StoredDoc & DeliveryPoint) | null;
    const client = store.get('catalog', order.client_id);
    const closing = closingEvent(events);
    const rider = closing ? store.get('users', closing.rider_id) : null;
    const proof = proofOfDelivery({
      order,
      events,
      point,
      incidences,
      clientName: typeof client?.name === 'string' ? client.name : '',
      riderName: typeof rider?.name === 'string' ? rider.name : '',
      reasonName: (id) => {
        const s = store.get('catalog', id);
        return typeof s?.name === 'string' ? s.name : '';
      },
    });
    if (!proof) return { status: 409, error: 'not_done', message: t('proof.errors.notDone', { code: order.code }) };
    // A photo is shown only when its recorded uploader wrote a document of this order that names
    // it (issue 29, finding 7): never another user's file named by someone else.
    const authors = new Map<string, Set<string>>();
    for (const d of [...events, ...incidences] as { created_by: string; photo_file?: string; signature_file?: string }[]) {
      for (const path of [d.photo_file, d.signature_file]) if (path) authors.set(path, (authors.get(path) ?? new Set()).add(d.created_by));
    }
    const photo_files = proof.photo_files.filter((path) => {
      const uploader = uploaderOf(store, path);
      return uploader !== null && (uploader === SERVER_FILE_AUTHOR || (authors.get(path)?.has(uploader) ?? false));
    });
    return { proof: { ...proof, photo_files } };
  };

  /**
   * Whether the user may manage the proof links of an order (issue 29, finding 6): admins of
   * every order, operators of their hub's orders only (the access table's `hub` scope).
   */
  const mayManage = (p: { id: string; role: string }, order: StoredDoc): boolean => {
    if (p.role === 'admin') return true;
    return typeof order.hub === 'number' && userHubsOf(store.get('users', p.id)).includes(order.hub);
  };
  const otherHub = (reply: FastifyReply, order: StoredDoc) =>
    reply.code(403).send({ error: 'forbidden', message: t('proof.errors.otherHub', { code: String(order.code), hub: String(order.hub) }) });

  /** The order a token opens, or the refusal. */
  const resolve = (token: string, reply: FastifyReply): { orderId: string; expiresAt: number } | null => {
    const row = TOKEN_RE.test(token)
      ? (store.db.prepare('SELECT order_id, expires_at, revoked_at FROM proof_links WHERE token_hash = ?').get(hashOf(token)) as
          | { order_id: string; expires_at: number; revoked_at: number }
          | undefined)
      : undefined;
    if (!row) {
      void reply.code(404).send({ error: 'invalid_link', message: t('proof.errors.linkInvalid') });
      return null;
    }
    if (row.revoked_at > 0) {
      void reply.code(410).send({ error: 'revoked_link', message: t('proof.errors.linkRevoked') });
      return null;
    }
    if (proofLinkExpired(row.expires_at, now())) {
      void reply.code(410).send({ error: 'expired_link', message: t('proof.errors.linkExpired') });
      return null;
    }
    return { orderId: row.order_id, expiresAt: row.expires_at };
  };

  app.post('/api/proof-links', async (req, reply) => {
    const p = principalOf(req);
    if (p.role !== 'operator' && p.role !== 'admin') return reply.code(403).send({ error: 'forbidden', message: t('proof.errors.operatorOnly') });
    const body = bodySchema.safeParse(req.body ?? {});
    if (!body.success) return reply.code(400).send({ error: 'bad_request', message: body.error.issues[0]?.message ?? t('proof.errors.orderRequired') });
    const found = proofOf(body.data.order_id);
    if (!('proof' in found)) return reply.code(found.status).send({ error: found.error, message: found.message });
    const order = store.get('orders', body.data.order_id) as StoredDoc;
    if (!mayManage(p, order)) return otherHub(reply, order);
    const token = randomBytes(32).toString('base64url');
    const createdAt = now();
    const expiresAt = createdAt + PROOF_LINK_MS;
    store.db
      .prepare('INSERT INTO proof_links (token_hash, order_id, created_at, created_by, expires_at) VALUES (?, ?, ?, ?, ?)')
      .run(hashOf(token), body.data.order_id, createdAt, p.id, expiresAt);
    return reply.code(201).send({ token, path: `/albaran/${token}`, expires_at: expiresAt });
  });

  app.post('/api/proof-links/revoke', async (req, reply) => {
    const p = principalOf(req);
    if (p.role !== 'operator' && p.role !== 'admin') return reply.code(403).send({ error: 'forbidden', message: t('proof.errors.operatorOnly') });
    const body = bodySchema.safeParse(req.body ?? {});
    if (!body.success) return reply.code(400).send({ error: 'bad_request', message: body.error.issues[0]?.message ?? t('proof.errors.orderRequired') });
    const order = store.get('orders', body.data.order_id);
    if (!order || order._deleted) return reply.code(404).send({ error: 'not_found', message: t('proof.errors.orderNotFound', { id: body.data.order_id }) });
    if (!mayManage(p, order)) return otherHub(reply, order);
    const at = now();
    const { changes } = store.db
      .prepare('UPDATE proof_links SET revoked_at = ?, revoked_by = ? WHERE order_id = ? AND revoked_at = 0 AND expires_at > ?')
      .run(at, p.id, body.data.order_id, at);
    return { revoked: changes };
  });

  app.get<{ Params: { token: string } }>('/api/public/proof/:token', async (req, reply) => {
    const link = resolve(req.params.token, reply);
    if (!link) return reply;
    const found = proofOf(link.orderId);
    if (!('proof' in found)) return reply.code(found.status).send({ error: found.error, message: found.message });
    const { photo_files, signature_strokes, ...rest } = found.proof;
    const base = `/api/public/proof/${req.params.token}`;
    const answer: PublicProof = {
      ...rest,
      signature_url: signature_strokes.length > 0 ? `${base}/signature` : null,
      photo_urls: photo_files.map((_f, i) => `${base}/photos/${i}`),
      expires_at: link.expiresAt,
    };
    return reply.header('Cache-Control', 'no-store').send(answer);
  });

  app.get<{ Params: { token: string } }>('/api/public/proof/:token/signature', async (req, reply) => {
    const link = resolve(req.params.token, reply);
    if (!link) return reply;
    const found = proofOf(link.orderId);
    if (!('proof' in found) || found.proof.signature_strokes.length === 0) {
      return reply.code(404).send({ error: 'not_found', message: t('proof.errors.fileNotFound') });
    }
    return reply.header('Cache-Control', 'no-store').type('image/svg+xml').send(signatureSvg(found.proof.signature_strokes));
  });

  app.get<{ Params: { token: string; n: string } }>('/api/public/proof/:token/photos/:n', async (req, reply) => {
    const link = resolve(req.params.token, reply);
    if (!link) return reply;
    const found = proofOf(link.orderId);
    const n = /^\d{1,3}$/.test(req.params.n) ? Number(req.params.n) : -1;
    const path = 'proof' in found ? found.proof.photo_files[n] : undefined;
    const file = path ? join(filesRoot, path) : '';
    const row = path ? (store.db.prepare('SELECT content_type FROM files WHERE path = ?').get(path) as { content_type: string } | undefined) : undefined;
    if (!path || !row || !existsSync(file)) return reply.code(404).send({ error: 'not_found', message: t('proof.errors.fileNotFound') });
    const bytes = readFileSync(file);
    if (imageTypeOf(bytes) !== row.content_type) return reply.code(404).send({ error: 'not_found', message: t('proof.errors.fileNotFound') });
    return reply.header('Cache-Control', 'no-store').type(row.content_type).send(bytes);
  });
}
