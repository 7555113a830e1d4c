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
 */
import { t } from '../../src/i18n';
import { FirestoreOrderApi, type OrderRequest } from './orders.js';

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
}

export type HttpRequest = OrderRequest;

export interface HttpAnswer {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body: unknown;
}

export const PASSWORD_MIN = 8;

const fail = (status: number, error: string, message: string): HttpAnswer => ({ status, body: { error, message } });

/** The caller's uid when he is an active admin, else the answer that refuses him. */
async function adminOf(req: HttpRequest, deps: FunctionDeps, refusal: string): Promise<{ ok: true; uid: string } | { ok: false; answer: HttpAnswer }> {
  const header = req.headers.authorization;
  const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : '';
  const caller = token ? await deps.verifyIdToken(token) : null;
  if (!caller) return { ok: false, answer: fail(401, 'unauthorized', 'No has iniciado sesión') };
  const me = await deps.profile(caller);
  if (!me || !me.active || me.baseRole !== 'admin') return { ok: false, answer: fail(403, 'forbidden', refusal) };
  return { ok: true, uid: caller };
}

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
