/**
 * Live tracking (issue 33):
 *
 *   POST /api/positions            rider's session, `{ device_id, samples: [{ seq, route_id, at, lat,
 *                                  lng, accuracy, speed }] }` → 200 `{ stored, repeated, refused, acked }`
 *                                  (server/tracking/positions.ts says what is checked); 400 with a
 *                                  Spanish message when the batch itself is not valid
 *   GET  /api/tracking/positions   operator/admin session → `{ positions: [...] }`, the latest
 *                                  position of every route in progress (the live map's first paint;
 *                                  then the stream's `positions` events)
 */
import type { FastifyInstance } from 'fastify';
import { AuthError } from '../authCore';
import { principalOf } from '../authenticate';
import type { DocStore } from '../store';
import { latestPositionsOfRoutes, maySeePositions, routesInProgress, storeBatch, type PositionFeed } from '../tracking/positions';

export function registerTrackingRoutes(app: FastifyInstance, deps: { store: DocStore; feed: PositionFeed; now?: () => number }): void {
  const now = deps.now ?? Date.now;
  app.post('/api/positions', async (req, reply) => {
    const principal = principalOf(req);
    const result = storeBatch(deps.store, principal.id, req.body, now());
    if ('error' in result) return reply.code(400).send({ error: 'invalid', message: result.error });
    deps.feed.push(result.latest);
    return result.answer;
  });
  app.get('/api/tracking/positions', async (req) => {
    const principal = principalOf(req);
    if (!maySeePositions(principal)) throw new AuthError(403, 'forbidden', 'tracking.errors.officeOnly');
    const routes = routesInProgress(deps.store);
    return { positions: latestPositionsOfRoutes(deps.store, routes.map((r) => r.id)) };
  });
}
