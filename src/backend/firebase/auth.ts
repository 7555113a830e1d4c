/**
 * Sign-in of the Firebase backend: Firebase Auth with e-mail and password. The user's role and
 * hub come from his profile document (`<prefix>users/<uid>`, the specification's «users») and
 * his role's document in the catalog, as firestore.rules read them: the Auth account holds only
 * the credentials. No custom claims are needed (docs/firebase.md: the rules read the profile, so
 * a role change or a deactivation applies at once, not at the next token refresh).
 *
 * The session's access token is the Firebase ID token (one hour), refreshed by the Firebase SDK
 * with its refresh token; the service worker's uploads send it to Storage.
 */
import {
  confirmPasswordReset,
  EmailAuthProvider,
  reauthenticateWithCredential,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updatePassword,
  type Auth,
  type User as FirebaseUser,
} from 'firebase/auth';
import { doc, getDocFromServer, type CollectionReference } from 'firebase/firestore';
import { DEFAULT_ROLE_GROUPS, INTERFACE_GROUPS, SYSTEM_ROLES, type InterfaceGroup, type SystemRole } from '../../domain/access/groups';
import { BackendError, errorOf, type AuthBackend, type Session, type SessionReason, type SessionUser } from '../types';

export const PASSWORD_MIN = 8;
export const RESET_MESSAGE = 'Si el correo corresponde a un usuario, le hemos enviado un enlace para cambiar la contraseña.';

export interface FirebaseAuthOptions {
  readonly auth: Auth;
  readonly users: CollectionReference;
  readonly catalog: CollectionReference;
  /** Origin of the HTTP function that sets passwords (users-admin). */
  readonly functionsUrl: string;
  readonly fetchImpl?: typeof fetch;
  /** Told of every sign-in, refresh and sign-out (the seam's stored session). */
  readonly onSession?: (session: Session | null, reason: SessionReason) => Promise<void>;
}

function authCode(err: unknown): string {
  return typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '';
}

/** A Firebase Auth failure as the seam's BackendError, in Spanish. */
export function authError(err: unknown): BackendError {
  if (err instanceof BackendError) return err;
  switch (authCode(err)) {
    case 'auth/invalid-credential':
    case 'auth/wrong-password':
    case 'auth/user-not-found':
    case 'auth/invalid-email':
    case 'auth/invalid-login-credentials':
      return new BackendError('bad_credentials', 'Correo o contraseña incorrectos', 401);
    case 'auth/user-disabled':
      return new BackendError('inactive', 'Tu usuario está desactivado: habla con un administrador', 403);
    case 'auth/too-many-requests':
      return new BackendError('rate_limited', 'Demasiados intentos seguidos: espera unos minutos y vuelve a intentarlo', 429);
    case 'auth/network-request-failed':
      return new BackendError('network', 'Sin conexión con el servidor', 0);
    case 'auth/expired-action-code':
    case 'auth/invalid-action-code':
      return new BackendError('bad_token', 'El enlace para cambiar la contraseña no es válido o ha caducado: pide otro', 400);
    case 'auth/weak-password':
      return new BackendError('weak_password', `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres`, 400);
    case 'auth/requires-recent-login':
    case 'auth/user-token-expired':
      return new BackendError('session_expired', 'La sesión ha caducado: vuelve a iniciar sesión', 401);
    default:
      return new BackendError('auth_error', `No se pudo completar la operación (${authCode(err) || 'error desconocido'})`, 500);
  }
}

function checkPassword(password: string): void {
  if (password.length < PASSWORD_MIN) throw new BackendError('weak_password', `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres`, 400);
}

export class FirebaseAuthBackend implements AuthBackend {
  private readonly fetchImpl: typeof fetch;
  private session: Session | null = null;

  /** The session of the last sign-in or refresh (null once signed out). */
  current(): Session | null {
    return this.session;
  }

  constructor(private readonly opts: FirebaseAuthOptions) {
    this.fetchImpl = opts.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  }

  /** The profile of a signed-in account: role, system role, interface groups and hub. */
  async profileOf(uid: string): Promise<SessionUser> {
    let profile: Record<string, unknown> | undefined;
    let role: Record<string, unknown> | undefined;
    try {
      profile = (await getDocFromServer(doc(this.opts.users, uid))).data();
      if (profile && typeof profile.role === 'string' && profile.role !== '') role = (await getDocFromServer(doc(this.opts.catalog, profile.role))).data();
    } catch (err) {
      const code = authCode(err);
      if (code === 'unavailable') throw new BackendError('network', 'Sin conexión con el servidor', 0);
      if (code !== 'permission-denied') throw new BackendError('server', 'No se pudo leer tu perfil', 500);
    }
    if (!profile || profile.active !== true || profile._deleted === true) {
      throw new BackendError('inactive', 'Tu usuario no está activo en CargoBici: habla con un administrador', 403);
    }
    const base = (SYSTEM_ROLES as readonly string[]).includes(String(role?.base_role)) ? (role?.base_role as SystemRole) : 'anonimus';
    const groups = Array.isArray(role?.groups)
      ? (role.groups as unknown[]).filter((g): g is InterfaceGroup => (INTERFACE_GROUPS as readonly unknown[]).includes(g))
      : [...DEFAULT_ROLE_GROUPS[base]];
    return {
      id: uid,
      name: typeof profile.name === 'string' ? profile.name : '',
      email: typeof profile.email === 'string' ? profile.email : '',
      role: String(profile.role),
      base_role: base,
      groups,
      hub: typeof profile.hub === 'number' ? profile.hub : 0,
      hubs: Array.isArray(profile.hubs) ? (profile.hubs as unknown[]).filter((h): h is number => typeof h === 'number' && h > 0) : [],
    };
  }

  private async sessionOf(user: FirebaseUser, profile: SessionUser, force = false): Promise<Session> {
    const token = await user.getIdTokenResult(force);
    return { accessToken: token.token, refreshToken: user.refreshToken, expiresAt: Date.parse(token.expirationTime), user: profile };
  }

  async login(email: string, password: string): Promise<Session> {
    try {
      const cred = await signInWithEmailAndPassword(this.opts.auth, email.trim(), password);
      try {
        this.session = await this.sessionOf(cred.user, await this.profileOf(cred.user.uid));
        await this.opts.onSession?.(this.session, 'signed-in');
        return this.session;
      } catch (err) {
        await signOut(this.opts.auth);
        throw err;
      }
    } catch (err) {
      throw authError(err);
    }
  }

  async refresh(session: Session): Promise<Session> {
    await this.opts.auth.authStateReady();
    const user = this.opts.auth.currentUser;
    if (!user || user.uid !== session.user.id) throw new BackendError('session_expired', 'La sesión ha caducado: vuelve a iniciar sesión', 401);
    try {
      // The role and the hub may have changed since the last token.
      this.session = await this.sessionOf(user, await this.profileOf(user.uid), true);
    } catch (err) {
      throw authError(err);
    }
    await this.opts.onSession?.(this.session, 'refreshed');
    return this.session;
  }

  async logout(_session?: Session): Promise<void> {
    this.session = null;
    try {
      await signOut(this.opts.auth);
    } finally {
      await this.opts.onSession?.(null, 'signed-out');
    }
  }

  async requestPasswordReset(email: string): Promise<string> {
    try {
      await sendPasswordResetEmail(this.opts.auth, email.trim());
    } catch (err) {
      // The answer never tells whether an address has an account.
      const code = authCode(err);
      if (code !== 'auth/user-not-found' && code !== 'auth/invalid-email') throw authError(err);
    }
    return RESET_MESSAGE;
  }

  async resetPassword(token: string, password: string): Promise<void> {
    checkPassword(password);
    try {
      await confirmPasswordReset(this.opts.auth, token, password);
    } catch (err) {
      throw authError(err);
    }
  }

  private signedIn(): FirebaseUser & { email: string } {
    const user = this.opts.auth.currentUser;
    if (!user || !user.email) throw new BackendError('signed_out', 'No has iniciado sesión', 401);
    return user as FirebaseUser & { email: string };
  }

  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    checkPassword(newPassword);
    const user = this.signedIn();
    try {
      await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword));
    } catch (err) {
      const e = authError(err);
      if (e.code === 'bad_credentials') throw new BackendError('bad_password', 'La contraseña actual no es correcta', 400);
      throw e;
    }
    try {
      await updatePassword(user, newPassword);
    } catch (err) {
      throw authError(err);
    }
  }

  async verifyPassword(password: string): Promise<boolean> {
    const user = this.signedIn();
    try {
      await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
      return true;
    } catch (err) {
      const e = authError(err);
      if (e.code === 'bad_credentials') return false;
      throw e;
    }
  }

  /** users-admin: the HTTP function creates or updates the Auth account of a profile. */
  async setUserPassword(userId: string, password: string): Promise<void> {
    checkPassword(password);
    await this.callFunction<null>('/api/auth/admin/password', { method: 'POST', body: { userId, password } });
  }

  /**
   * A call to the HTTP function (firebase.json's `/api/**`) with this user's ID token: its JSON
   * answer, or a BackendError with the function's Spanish message and code.
   */
  async callFunction<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
    const user = this.signedIn();
    const token = await user.getIdToken();
    let res: Response;
    try {
      res = await this.fetchImpl(`${this.opts.functionsUrl}${path}`, {
        method: init.method ?? 'GET',
        headers: { ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }), Authorization: `Bearer ${token}` },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
    } catch {
      throw new BackendError('network', 'Sin conexión con el servidor', 0);
    }
    if (res.ok) return (res.status === 204 ? null : await res.json()) as T;
    throw await errorOf(res);
  }
}
