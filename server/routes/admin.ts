/**
 * Admin views of the sync layer: GET /api/admin/conflicts (fields both a device and the server
 * changed; the server's value was kept) and GET /api/admin/refusals (writes the access table or
 * the validation refused; the latest of every user, summarised when a device floods it). Only for
 * the machine-admin group.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AuthError } from '../authCore';
import { principalOf } from '../authenticate';
import type { DocStore } from '../store';

export function registerAdminRoutes(app: FastifyInstance, deps: { store: DocStore }): void {
  const { store } = deps;
  const requireAdmin = (req: FastifyRequest) => {
    const p = principalOf(req);
    if (!p.groups.includes('machine-admin')) throw new AuthError(403, 'forbidden', 'server.auth.adminsOnly');
    return p;
  };
  app.get('/api/admin/conflicts', async (req) => {
    requireAdmin(req);
    return store.conflicts();
  });
  // The latest refusals of every user (one device cannot push the others out of view).
  app.get('/api/admin/refusals', async (req) => {
    requireAdmin(req);
    return store.refusals();
  });
}
