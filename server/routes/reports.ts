/**
 * Reports over the server's data (issue 34, server/reports.ts):
 *
 *   GET  /api/reports?from=YYYY-MM-DD&to=YYYY-MM-DD[&hub=N][&client=ID][&rider=ID]
 *        operator/admin session → 200 `{ report, users }`: the report's counts (no orders behind
 *        them) and the names of the people in it
 *   POST /api/reports/orders  `{ from, to, hub?, client?, rider?, figure }` → 200 `{ orderIds }`:
 *        the orders behind one figure of that report (src/domain/reports/figures.ts)
 *
 * An operator's report covers his hubs only (a hub he does not work in → 403); an administrator's
 * every hub; anyone else → 403. A period that is not valid → 400, with a Spanish message.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { principalOf } from '../authenticate';
import type { DocStore } from '../store';
import { reportRequestSchema, serverFigureOrders, serverReport, type ReportRequest } from '../reports';
import { userHubsOf } from '../../src/domain/access/checkWrite';
import type { FigureRef } from '../../src/domain/reports/figures';
import { t } from '../../src/i18n';

export function registerReportRoutes(app: FastifyInstance, deps: { store: DocStore }): void {
  const { store } = deps;

  /** The hubs the caller may read (null: every hub), or the refusal sent. */
  const hubsOf = (req: FastifyRequest, reply: FastifyReply, hub: number | undefined): readonly number[] | null | undefined => {
    const p = principalOf(req);
    if (p.role === 'admin') return null;
    if (p.role !== 'operator') {
      void reply.code(403).send({ error: 'forbidden', message: t('reports.server.officeOnly') });
      return undefined;
    }
    const hubs = userHubsOf(store.get('users', p.id));
    if (hub !== undefined && !hubs.includes(hub)) {
      void reply.code(403).send({ error: 'forbidden', message: t('reports.server.otherHub', { hub }) });
      return undefined;
    }
    return hubs;
  };

  const parse = (input: unknown, reply: FastifyReply): ReportRequest | undefined => {
    const parsed = reportRequestSchema.safeParse(input);
    if (parsed.success) return parsed.data;
    void reply.code(400).send({ error: 'bad_request', message: parsed.error.issues[0]?.message ?? t('reports.server.badFrom') });
    return undefined;
  };

  app.get('/api/reports', async (req, reply) => {
    const q = parse(req.query, reply);
    if (!q) return reply;
    const hubs = hubsOf(req, reply, q.hub);
    if (hubs === undefined) return reply;
    return serverReport(store, q, hubs);
  });

  app.post('/api/reports/orders', async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const q = parse(body, reply);
    if (!q) return reply;
    const figure = body.figure;
    if (typeof figure !== 'object' || figure === null || typeof (figure as { kind?: unknown }).kind !== 'string') {
      return reply.code(400).send({ error: 'bad_request', message: t('reports.server.badFigure') });
    }
    const hubs = hubsOf(req, reply, q.hub);
    if (hubs === undefined) return reply;
    try {
      return { orderIds: serverFigureOrders(store, q, hubs, figure as FigureRef) };
    } catch {
      return reply.code(400).send({ error: 'bad_request', message: t('reports.server.badFigure') });
    }
  });
}
