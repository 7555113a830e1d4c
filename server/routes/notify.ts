/**
 * Receivers' tracking page, notices and clients' webhooks over HTTP (issue 33, second half).
 *
 *   GET    /api/public/tracking/:token            public → the order's tracking (no internal ids)
 *   POST   /api/tracking-links                    operator/admin `{ order_id }` → 201 `{ token, path, expires_at }`
 *   GET    /api/notify/orders/:id                 operator/admin → the order's notices, its point's
 *                                                 contact for notices and its client's opt-out
 *   PUT    /api/notify/points/:id                 operator/admin `{ email, phone, lang, opted_out }`
 *   PUT    /api/notify/clients/:id                operator/admin `{ opted_out }`
 *   GET    /api/admin/webhooks                    admin → every webhook (never its secret)
 *   POST   /api/admin/webhooks                    admin `{ client_id, url, secret }` → 201
 *   PATCH  /api/admin/webhooks/:id                admin `{ url?, secret?, paused? }`
 *   DELETE /api/admin/webhooks/:id                admin
 *   GET    /api/admin/webhooks/:id/events         admin → the latest 50 events with their attempts
 *   POST   /api/admin/webhooks/:id/events/:event/resend   admin → the event is sent again («Reenviar»)
 *
 * A tracking link is a row of proof_links with kind `tracking`: the same token format, hash-only
 * storage, expiry (PROOF_LINK_DAYS) and revocation (POST /api/proof-links/revoke revokes every
 * link of the order) as the albarán's; the same token opens the albarán once the order is closed.
 * An operator manages the orders and points of his hub only, an admin all.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../authenticate';
import type { DocStore, StoredDoc } from '../store';
import { PROOF_LINK_MS, proofLinkExpired } from '../../src/domain/proof';
import { userHubsOf } from '../../src/domain/access/checkWrite';
import { t } from '../../src/i18n';
import { firstName, tokenHash, trackingPath } from '../notify/outbox';
import { madridClock } from '../notify/templates';
import { orderClosed, stopOfOrder, type TrackingSource } from '../notify/tracking';
import type { PublicTracking, PublicTrackingStatus, WebhookInfo } from '../../src/domain/notify';

export const NOTIFY_PUBLIC_PATHS: readonly string[] = ['GET /api/public/tracking/:token'];

const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
const ID_RE = /^[A-Za-z0-9_.:-]{1,64}$/;

const contactSchema = z.object({
  email: z.union([z.literal(''), z.email({ error: () => t('notices.errors.email') }).max(200, { error: () => t('notices.errors.email') })], { error: () => t('notices.errors.email') }),
  phone: z.string({ error: () => t('notices.errors.phone') }).trim().regex(/^$|^\+?[0-9 ]{9,19}$/, { error: () => t('notices.errors.phone') }),
  lang: z.enum(['es', 'en'], { error: () => t('notices.errors.lang') }),
  opted_out: z.boolean(),
});
const clientSchema = z.object({ opted_out: z.boolean() });

/** A webhook's address: https (or http to this machine), no credentials in it. */
function webhookUrlOk(raw: string): boolean {
  try {
    const url = new URL(raw);
    if (url.username !== '' || url.password !== '') return false;
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}
const urlField = z.string({ error: () => t('notices.errors.url') }).trim().max(500, { error: () => t('notices.errors.url') }).refine(webhookUrlOk, { error: () => t('notices.errors.url') });
const secretField = z.string({ error: () => t('notices.errors.secret') }).min(16, { error: () => t('notices.errors.secret') }).max(200, { error: () => t('notices.errors.secret') });
const newHookSchema = z.object({ client_id: z.string({ error: () => t('notices.errors.clientRequired') }).min(1, { error: () => t('notices.errors.clientRequired') }).max(64), url: urlField, secret: secretField });
const editHookSchema = z.object({ url: urlField.optional(), secret: secretField.optional(), paused: z.boolean().optional() });

const firstIssue = (e: z.ZodError) => e.issues[0]?.message ?? t('server.request.bad');

export function registerNotifyRoutes(app: FastifyInstance, deps: { store: DocStore; tracking: TrackingSource; now?: () => number; kick?: () => void }): void {
  const { store, tracking } = deps;
  const now = deps.now ?? Date.now;
  const db = store.db;

  const bad = (reply: FastifyReply, message: string) => reply.code(400).send({ error: 'bad_request', message });
  const notFound = (reply: FastifyReply, message: string) => reply.code(404).send({ error: 'not_found', message });

  const requireOps = (req: FastifyRequest, reply: FastifyReply) => {
    const p = principalOf(req);
    if (p.role === 'operator' || p.role === 'admin') return p;
    void reply.code(403).send({ error: 'forbidden', message: t('notices.errors.operatorOnly') });
    return null;
  };
  const requireAdmin = (req: FastifyRequest, reply: FastifyReply) => {
    const p = principalOf(req);
    if (p.role === 'admin') return p;
    void reply.code(403).send({ error: 'forbidden', message: t('notices.errors.adminOnly') });
    return null;
  };
  /** Admins every hub, operators their hubs (issue 29, finding 6). */
  const inHub = (p: { id: string; role: string }, doc: StoredDoc) =>
    p.role === 'admin' || (typeof doc.hub === 'number' && userHubsOf(store.get('users', p.id)).includes(doc.hub));
  const otherHub = (reply: FastifyReply, doc: StoredDoc) =>
    reply.code(403).send({ error: 'forbidden', message: t('notices.errors.otherHub', { code: String(doc.code ?? doc.name ?? doc.id), hub: String(doc.hub) }) });
  const liveDoc = (collection: 'orders' | 'delivery_points' | 'catalog', id: string) => {
    const doc = ID_RE.test(id) ? store.get(collection, id) : null;
    return doc && !doc._deleted ? doc : null;
  };

  // ── The receiver's page ──────────────────────────────────────────────────────────────────
  app.get<{ Params: { token: string } }>('/api/public/tracking/:token', async (req, reply) => {
    const token = req.params.token;
    const row = TOKEN_RE.test(token)
      ? (db.prepare('SELECT order_id, expires_at, revoked_at FROM proof_links WHERE token_hash = ?').get(tokenHash(token)) as { order_id: string; expires_at: number; revoked_at: number } | undefined)
      : undefined;
    if (!row) return reply.code(404).send({ error: 'invalid_link', message: t('notices.errors.linkInvalid') });
    if (row.revoked_at > 0) return reply.code(410).send({ error: 'revoked_link', message: t('notices.errors.linkRevoked') });
    const at = now();
    if (proofLinkExpired(row.expires_at, at)) return reply.code(410).send({ error: 'expired_link', message: t('notices.errors.linkExpired') });
    const order = store.get('orders', row.order_id);
    if (!order || order._deleted) return reply.code(404).send({ error: 'invalid_link', message: t('notices.errors.linkInvalid') });
    const found = stopOfOrder(store, order.id);
    const route = found?.route ?? null;
    const rider = route && typeof route.rider_id === 'string' && route.rider_id !== '' ? store.get('users', route.rider_id) : null;
    let status = String(order.status) as PublicTrackingStatus;
    if (found && route?.status === 'in_progress' && !orderClosed(order)) {
      // The next stop: every stop before this one has its orders closed.
      const stops = route.stops as { order_ids: string[] }[];
      const before = stops.slice(0, found.index).flatMap((s) => s.order_ids);
      if ([...store.getMany('orders', before).values()].every((o) => o._deleted || orderClosed(o))) status = 'on_the_way';
    }
    if (status === 'picking' as string || status === 'picked' as string) status = 'planned';
    const window = tracking.etaWindow(order.id, at);
    const point = store.get('delivery_points', String(order.delivery_point_id));
    const closed = ['delivered', 'partially_delivered', 'failed', 'returned'].includes(String(order.status));
    const hasProof = closed && store.docsByRoute('deliveries', String(order.route_id)).some((e) => e.order_id === order.id && ['delivered', 'partial', 'failed'].includes(String(e.kind)));
    const position = status === 'on_the_way' ? tracking.livePosition(order.id, at) : null;
    const answer: PublicTracking = {
      code: String(order.code),
      status,
      date: String(order.date),
      window: window ? { from: madridClock(window.fromMs), to: madridClock(window.toMs) } : null,
      rider: closed || !found ? '' : firstName(rider?.name),
      position: position ? { lat: position.lat, lng: position.lng, at: position.atMs } : null,
      point: {
        name: typeof point?.name === 'string' ? point.name : '',
        address: typeof point?.address === 'string' ? point.address : '',
        city: typeof point?.city === 'string' ? point.city : '',
      },
      proof_url: hasProof ? `/api/public/proof/${token}` : null,
      expires_at: row.expires_at,
    };
    return reply.header('Cache-Control', 'no-store').send(answer);
  });

  app.post('/api/tracking-links', async (req, reply) => {
    const p = requireOps(req, reply);
    if (!p) return reply;
    const body = z.object({ order_id: z.string().trim().min(1).max(64) }).safeParse(req.body ?? {});
    if (!body.success) return bad(reply, t('proof.errors.orderRequired'));
    const order = liveDoc('orders', body.data.order_id);
    if (!order) return notFound(reply, t('notices.errors.orderNotFound', { id: body.data.order_id }));
    if (!inHub(p, order)) return otherHub(reply, order);
    const token = randomBytes(32).toString('base64url');
    const at = now();
    db.prepare("INSERT INTO proof_links (token_hash, order_id, created_at, created_by, expires_at, kind) VALUES (?, ?, ?, ?, ?, 'tracking')").run(tokenHash(token), order.id, at, p.id, at + PROOF_LINK_MS);
    return reply.code(201).send({ token, path: trackingPath(token), expires_at: at + PROOF_LINK_MS });
  });

  // ── The office: an order's notices, contacts and opt-outs ────────────────────────────────
  const contactOf = (pointId: string) => {
    const row = db.prepare('SELECT email, phone, lang, opted_out FROM notice_contacts WHERE point_id = ?').get(pointId) as { email: string; phone: string; lang: string; opted_out: number } | undefined;
    return { email: row?.email ?? '', phone: row?.phone ?? '', lang: row?.lang === 'en' ? 'en' : 'es', opted_out: (row?.opted_out ?? 0) === 1 };
  };
  const clientOptOut = (clientId: string) => ((db.prepare('SELECT opted_out FROM notice_clients WHERE client_id = ?').get(clientId) as { opted_out: number } | undefined)?.opted_out ?? 0) === 1;

  app.get<{ Params: { id: string } }>('/api/notify/orders/:id', async (req, reply) => {
    const p = requireOps(req, reply);
    if (!p) return reply;
    const order = liveDoc('orders', req.params.id);
    if (!order) return notFound(reply, t('notices.errors.orderNotFound', { id: req.params.id }));
    if (!inHub(p, order)) return otherHub(reply, order);
    const notices = db
      .prepare('SELECT kind, channel, recipient, state, reason, attempts, created_at, sent_at FROM notice_outbox WHERE order_id = ? ORDER BY id')
      .all(order.id);
    const client = store.get('catalog', String(order.client_id));
    return {
      code: order.code,
      notices,
      point_id: order.delivery_point_id,
      contact: contactOf(String(order.delivery_point_id)),
      client: { id: order.client_id, name: typeof client?.name === 'string' ? client.name : '', opted_out: clientOptOut(String(order.client_id)) },
    };
  });

  app.put<{ Params: { id: string } }>('/api/notify/points/:id', async (req, reply) => {
    const p = requireOps(req, reply);
    if (!p) return reply;
    const point = liveDoc('delivery_points', req.params.id);
    if (!point) return notFound(reply, t('notices.errors.pointNotFound', { id: req.params.id }));
    if (!inHub(p, point)) return otherHub(reply, point);
    const body = contactSchema.safeParse(req.body ?? {});
    if (!body.success) return bad(reply, firstIssue(body.error));
    const c = body.data;
    db.prepare(
      `INSERT INTO notice_contacts (point_id, email, phone, lang, opted_out, updated_at, updated_by) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (point_id) DO UPDATE SET email = excluded.email, phone = excluded.phone, lang = excluded.lang, opted_out = excluded.opted_out, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
    ).run(point.id, c.email, c.phone.trim(), c.lang, c.opted_out ? 1 : 0, now(), p.id);
    return contactOf(point.id);
  });

  app.put<{ Params: { id: string } }>('/api/notify/clients/:id', async (req, reply) => {
    const p = requireOps(req, reply);
    if (!p) return reply;
    const client = liveDoc('catalog', req.params.id);
    if (!client || client.kind !== 'client') return notFound(reply, t('notices.errors.clientNotFound', { id: req.params.id }));
    const body = clientSchema.safeParse(req.body ?? {});
    if (!body.success) return bad(reply, t('server.notify.optedOutBoolean'));
    db.prepare(
      `INSERT INTO notice_clients (client_id, opted_out, updated_at, updated_by) VALUES (?, ?, ?, ?)
       ON CONFLICT (client_id) DO UPDATE SET opted_out = excluded.opted_out, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
    ).run(client.id, body.data.opted_out ? 1 : 0, now(), p.id);
    return { id: client.id, opted_out: body.data.opted_out };
  });

  // ── Admins: webhooks ───────────────────────────────────────────────────────────────────────
  const hookInfo = (id: string): WebhookInfo | null => {
    const row = db
      .prepare(
        `SELECT w.id, w.client_id, w.url, w.paused, w.created_at, w.updated_at,
           (SELECT COUNT(*) FROM webhook_events e WHERE e.webhook_id = w.id AND e.state = 'pending') AS pending,
           (SELECT COUNT(*) FROM webhook_events e WHERE e.webhook_id = w.id AND e.state = 'expired') AS expired
         FROM webhooks w WHERE w.id = ?`,
      )
      .get(id) as (Omit<WebhookInfo, 'paused' | 'client_name'> & { paused: number }) | undefined;
    if (!row) return null;
    const client = store.get('catalog', row.client_id);
    return { ...row, paused: row.paused === 1, client_name: typeof client?.name === 'string' ? client.name : row.client_id };
  };

  app.get('/api/admin/webhooks', async (req, reply) => {
    if (!requireAdmin(req, reply)) return reply;
    const ids = db.prepare('SELECT id FROM webhooks ORDER BY created_at').all() as { id: string }[];
    return ids.map((r) => hookInfo(r.id));
  });

  app.post('/api/admin/webhooks', async (req, reply) => {
    if (!requireAdmin(req, reply)) return reply;
    const body = newHookSchema.safeParse(req.body ?? {});
    if (!body.success) return bad(reply, firstIssue(body.error));
    const client = liveDoc('catalog', body.data.client_id);
    if (!client || client.kind !== 'client') return notFound(reply, t('notices.errors.clientNotFound', { id: body.data.client_id }));
    if (db.prepare('SELECT 1 FROM webhooks WHERE client_id = ?').get(client.id)) {
      return reply.code(409).send({ error: 'conflict', message: t('notices.errors.clientTaken', { client: String(client.name) }) });
    }
    const id = `wh_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const at = now();
    db.prepare('INSERT INTO webhooks (id, client_id, url, secret, paused, created_at, updated_at) VALUES (?, ?, ?, ?, 0, ?, ?)').run(id, client.id, body.data.url, body.data.secret, at, at);
    return reply.code(201).send(hookInfo(id));
  });

  app.patch<{ Params: { id: string } }>('/api/admin/webhooks/:id', async (req, reply) => {
    if (!requireAdmin(req, reply)) return reply;
    if (!hookInfo(req.params.id)) return notFound(reply, t('notices.errors.webhookNotFound', { id: req.params.id }));
    const body = editHookSchema.safeParse(req.body ?? {});
    if (!body.success) return bad(reply, firstIssue(body.error));
    const { url, secret, paused } = body.data;
    db.prepare('UPDATE webhooks SET url = COALESCE(?, url), secret = COALESCE(?, secret), paused = COALESCE(?, paused), updated_at = ? WHERE id = ?').run(
      url ?? null,
      secret ?? null,
      paused === undefined ? null : paused ? 1 : 0,
      now(),
      req.params.id,
    );
    if (paused === false) deps.kick?.();
    return hookInfo(req.params.id);
  });

  app.delete<{ Params: { id: string } }>('/api/admin/webhooks/:id', async (req, reply) => {
    if (!requireAdmin(req, reply)) return reply;
    const found = db.prepare('DELETE FROM webhooks WHERE id = ?').run(req.params.id);
    if (found.changes === 0) return notFound(reply, t('notices.errors.webhookNotFound', { id: req.params.id }));
    db.prepare('DELETE FROM webhook_events WHERE webhook_id = ?').run(req.params.id);
    db.prepare('DELETE FROM webhook_attempts WHERE webhook_id = ?').run(req.params.id);
    return { deleted: true };
  });

  app.get<{ Params: { id: string } }>('/api/admin/webhooks/:id/events', async (req, reply) => {
    if (!requireAdmin(req, reply)) return reply;
    if (!hookInfo(req.params.id)) return notFound(reply, t('notices.errors.webhookNotFound', { id: req.params.id }));
    const events = db
      .prepare('SELECT id, order_id, body, state, attempts, created_at, delivered_at, last_status, last_error FROM webhook_events WHERE webhook_id = ? ORDER BY seq DESC LIMIT 50')
      .all(req.params.id) as { id: string; order_id: string; body: string; state: string; attempts: number; created_at: number; delivered_at: number; last_status: number; last_error: string }[];
    const attempts = db.prepare('SELECT at, status, error, duration_ms FROM webhook_attempts WHERE event_id = ? ORDER BY id DESC LIMIT 5');
    return events.map(({ body, order_id: _o, ...e }) => {
      const parsed = JSON.parse(body) as { data: { order: { code: string }; status: string } };
      return { ...e, order_code: parsed.data.order.code, status: parsed.data.status, attempts_log: attempts.all(e.id) };
    });
  });

  app.post<{ Params: { id: string; event: string } }>('/api/admin/webhooks/:id/events/:event/resend', async (req, reply) => {
    if (!requireAdmin(req, reply)) return reply;
    const res = db.prepare("UPDATE webhook_events SET state = 'pending', next_at = ?, first_at = 0 WHERE webhook_id = ? AND id = ?").run(now(), req.params.id, req.params.event);
    if (res.changes === 0) return notFound(reply, t('notices.errors.eventNotFound', { id: req.params.event }));
    // A resent event starts a new 24-hour window of retries (first_at = 0: its next attempt).
    deps.kick?.();
    return { resent: req.params.event };
  });
}
