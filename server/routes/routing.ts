/**
 * Travel times for the planning board (issue 11): GET /api/routing/status says whether an
 * OSRM-compatible service is configured (CB_OSRM_URL); POST /api/routing/table asks it for one
 * block of a `table` (server/osrmProxy.ts). Operators and admins only.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuthError } from '../authCore';
import { principalOf } from '../authenticate';
import { PLANNING_ROLES, travelStatus, travelTable, type OsrmProxyOptions, type ProxyAnswer } from '../osrmProxy';

export function registerRoutingRoutes(app: FastifyInstance, opts: OsrmProxyOptions): void {
  const requirePlanner = (req: FastifyRequest) => {
    const p = principalOf(req);
    if (!PLANNING_ROLES.includes(p.role)) throw new AuthError(403, 'forbidden', 'planning.travel.forbidden');
  };
  const send = (reply: FastifyReply, answer: ProxyAnswer) => reply.code(answer.status).send(answer.body);
  app.get('/api/routing/status', async (req, reply) => {
    requirePlanner(req);
    return send(reply, travelStatus(opts));
  });
  app.post('/api/routing/table', async (req, reply) => {
    requirePlanner(req);
    return send(reply, await travelTable(opts, req.body));
  });
}
