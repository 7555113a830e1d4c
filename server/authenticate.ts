/**
 * Authenticated by default: one hook asks every `/api` route for a valid session
 * (`Authorization: Bearer <accessToken>`), except the routes of PUBLIC_API (server/app.ts:
 * signing in and out, password reset, health; the clients' order API and its documentation,
 * which check their own `X-Api-Key`, join it with their routes). A route added tomorrow is
 * closed until someone puts it on that list on purpose. The signed-in user reaches
 * the handlers as `request.principal` (read it with `principalOf`); role checks stay in the
 * routes. Refusals are the AuthService's (401 with a Spanish message, see the error handler).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService } from './auth';
import { AuthError, type Authenticated } from './authCore';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of a route outside PUBLIC_API (set by the authentication hook), null on public routes. */
    principal: Authenticated | null;
  }
}

/**
 * A matcher of a public list of `METHOD path` entries (registered path patterns, e.g.
 * `GET /api/sync/:collection/pull`); HEAD follows GET.
 */
export function publicRoutes(list: readonly string[]): (method: string, url: string) => boolean {
  const open = new Set(list);
  return (method, url) => open.has(`${method === 'HEAD' ? 'GET' : method} ${url}`);
}

/** Installs the hook; `publicApi` is the app's list of open routes (PUBLIC_API in server/app.ts). */
export function registerAuthentication(app: FastifyInstance, auth: AuthService, publicApi: readonly string[]): void {
  const isPublic = publicRoutes(publicApi);
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (req) => {
    const url = req.routeOptions.url;
    // No route matched (the JSON 404 of the API, the pages of the PWA) or not the API.
    if (url === undefined || !(url === '/api' || url.startsWith('/api/'))) return;
    if (isPublic(req.method, url)) return;
    req.principal = auth.authenticate(req.headers.authorization);
  });
}

/** The signed-in user of a request on a route outside PUBLIC_API. */
export function principalOf(req: FastifyRequest): Authenticated {
  // Only a public route calling this would get here: refuse like a missing session.
  if (!req.principal) throw new AuthError(401, 'no_token', 'server.auth.noToken');
  return req.principal;
}
