/**
 * The HTTP handlers of CargoBici's Firebase function, free of any Firebase package so the
 * Firebase suite tests them against the emulators (tests/firebase/functions.test.ts) and the
 * function (./index.ts) runs them with firebase-admin:
 *
 *   POST /api/auth/admin/password { userId, password }  (users-admin, as the embedded server's)
 *     creates or updates the Firebase Auth account whose uid is the profile's id, with the
 *     profile's e-mail. Only an active admin (role read from his profile, as firestore.rules do).
 *   POST /api/ordersqualianza, /api/ordersbimbo, GET /api/docs, /api/admin/api-keys…
 *     the clients' order API (./orders.ts): the same answers as the embedded server's.
 *   GET /api/routing/status, POST /api/routing/table
 *     the planning board's travel times from the OSRM service of OSRM_URL (server/osrmProxy.ts,
 *     as the embedded server's); operators and admins.
 */
// The functions word texts of every catalogue (the order API's answers, the refusals).
import '../../src/i18n/messages.es';
import { t } from '../../src/i18n';
import { FirestoreOrderApi, type OrderRequest } from './orders.js';
import { PLANNING_ROLES, travelStatus, travelTable, type OsrmProxyOptions } from '../../server/osrmProxy';

export interface Profile {
  readonly email: string;
  readonly active: boolean;
  readonly baseRole: string;
}

export interface FunctionDeps {
  /** The uid of a valid Firebase ID token, or null. */
  verifyIdToken(token: string): Promise<string | null>;
  /** A user's profile with the base role of his role (null when there is none). */
  profile(uid: string): Promise<Profile | null>;
  /** Creates or updates the Auth account `uid` with this e-mail and password. */
  setPassword(uid: string, email: string, password: string): Promise<void>;
  /** The clients' order API of this instance (keys, orders, Idempotency-Keys in Firestore). */
  readonly orderApi: FirestoreOrderApi;
  /** The OSRM-compatible service for travel times (OSRM_URL; none: the board's estimate). */
  readonly osrm: OsrmProxyOptions;
}

export type HttpRequest = OrderRequest;

export interface HttpAnswer {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body: unknown;
}

export const PASSWORD_MIN = 8;

const fail = (status: number, error: string, message: string): HttpAnswer => ({ status, body: { error, message } });

/** The caller's uid when he is active with one of `roles`, else the answer that refuses him. */
async function callerOf(req: HttpRequest, deps: FunctionDeps, roles: readonly string[], refusal: string): Promise<{ ok: true; uid: string } | { ok: false; answer: HttpAnswer }> {
  const header = req.headers.authorization;
  const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : '';
  const caller = token ? await deps.verifyIdToken(token) : null;
  if (!caller) return { ok: false, answer: fail(401, 'unauthorized', 'No has iniciado sesión') };
  const me = await deps.profile(caller);
  if (!me || !me.active || !roles.includes(me.baseRole)) return { ok: false, answer: fail(403, 'forbidden', refusal) };
  return { ok: true, uid: caller };
}

const adminOf = (req: HttpRequest, deps: FunctionDeps, refusal: string) => callerOf(req, deps, ['admin'], refusal);

export async function handle(req: HttpRequest, deps: FunctionDeps): Promise<HttpAnswer> {
  if (FirestoreOrderApi.handles(req.path)) {
    try {
      const open = await deps.orderApi.public(req);
      if (open) return open;
      const admin = await adminOf(req, deps, t('orderApi.error.adminOnly'));
      return admin.ok ? await deps.orderApi.admin(req, admin.uid) : admin.answer;
    } catch (err) {
      console.error(err);
      return fail(500, 'internal', t('orderApi.error.internal'));
    }
  }
  if (req.path === '/api/routing/status' || req.path === '/api/routing/table') {
    const planner = await callerOf(req, deps, PLANNING_ROLES, t('planning.travel.forbidden'));
    if (!planner.ok) return planner.answer;
    if (req.path === '/api/routing/status') return req.method === 'GET' ? travelStatus(deps.osrm) : fail(405, 'method', 'Usa GET');
    return req.method === 'POST' ? travelTable(deps.osrm, req.body) : fail(405, 'method', 'Usa POST');
  }
  if (req.path !== '/api/auth/admin/password') return fail(404, 'not_found', 'No existe esa dirección');
  if (req.method !== 'POST') return fail(405, 'method', 'Usa POST');
  const admin = await adminOf(req, deps, 'Solo un administrador puede poner contraseñas');
  if (!admin.ok) return admin.answer;
  const body = (req.body ?? {}) as { userId?: unknown; password?: unknown };
  if (typeof body.userId !== 'string' || body.userId === '' || typeof body.password !== 'string') {
    return fail(400, 'bad_request', 'Envía { userId, password }');
  }
  if (body.password.length < PASSWORD_MIN) return fail(400, 'weak_password', `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres`);
  const target = await deps.profile(body.userId);
  if (!target || target.email === '') return fail(404, 'no_user', 'No existe ese usuario');
  await deps.setPassword(body.userId, target.email, body.password);
  return { status: 204, body: null };
}
