/**
 * The app's session on this device: who is signed in, his data engine, the inactivity lock and
 * an expired session (tokens refused: the user signs in again, his local work is kept).
 *
 * Rules (issue «Users, roles and permissions»):
 * - sign-out is refused while local changes or files are not yet on the server;
 * - after sign-out the local database, cb_app and cached files of that user are deleted, so the
 *   next user of a shared tablet sees nothing of the previous one;
 * - the inactivity lock asks for the password again without losing local work; it works offline
 *   (a PBKDF2 verifier of the password is kept on the device while signed in).
 */
import { create } from 'zustand';
import type { InterfaceGroup } from '../domain/access/groups';
import { BackendError, type Backend, type Session, type SessionUser } from '../backend/types';
import type { AppStore } from './appStore';
// The data engine (RxDB, its storage and the sync) is loaded when a user is signed in, never for
// the sign-in page (issue 15: the login page loads no database).
import type { DataEngine, SignOutCheck } from './engine';
import type { StorageChoice } from './database';
import type { Actor } from './action';
import { t } from '../i18n';
import { requestPersistentStorage } from './deviceStorage';
import { loadWhenReachable } from './chunks';

const VERIFIER_KEY = 'passwordVerifier';
const USER_KEY = 'sessionUser';
/** A device setting (survives sign-out), not user data: kept in localStorage. */
const LOCK_KEY = 'cb.lockMinutes';

function readLockMinutes(): number {
  if (typeof localStorage === 'undefined') return DEFAULT_LOCK_MINUTES;
  const n = Number(localStorage.getItem(LOCK_KEY) ?? DEFAULT_LOCK_MINUTES);
  return Number.isFinite(n) && n >= 0 ? n : DEFAULT_LOCK_MINUTES;
}
export const DEFAULT_LOCK_MINUTES = 0;

interface Verifier {
  salt: string;
  hash: string;
  iterations: number;
}

async function pbkdf2(password: string, salt: Uint8Array, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations }, key, 256);
  return btoa(String.fromCharCode(...new Uint8Array(bits)));
}

async function makeVerifier(password: string): Promise<Verifier> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iterations = 100_000;
  return { salt: btoa(String.fromCharCode(...salt)), hash: await pbkdf2(password, salt, iterations), iterations };
}

async function checkVerifier(v: Verifier, password: string): Promise<boolean> {
  const salt = Uint8Array.from(atob(v.salt), (c) => c.charCodeAt(0));
  return (await pbkdf2(password, salt, v.iterations)) === v.hash;
}

export type Phase = 'loading' | 'signed-out' | 'signed-in';

export interface SessionState {
  readonly phase: Phase;
  readonly user: SessionUser | null;
  readonly engine: DataEngine | null;
  /** Tokens were refused: sign in again (same user) to sync; local work goes on meanwhile. */
  readonly expired: boolean;
  readonly locked: boolean;
  /** Minutes of inactivity before the lock (0 = never). */
  readonly lockMinutes: number;
  readonly error: string | null;
}

/** The wiring of the session, made once at start-up (src/main.tsx) and handed to `initSession`. */
export interface SessionConfig {
  /** The backend chosen by configuration (src/backend/load.ts); the data layer sees only the seam. */
  readonly backend: Backend;
  readonly store: AppStore;
  readonly storage: StorageChoice;
}

let config: SessionConfig | null = null;

function cfg(): SessionConfig {
  if (!config) throw new Error('initSession() must run before the session is used (src/main.tsx)');
  return config;
}

export function groupsOf(user: SessionUser | null): readonly InterfaceGroup[] {
  return user ? user.groups : ['login'];
}

export const useSession = create<SessionState>()(() => ({
  phase: 'loading',
  user: null,
  engine: null,
  expired: false,
  locked: false,
  lockMinutes: DEFAULT_LOCK_MINUTES,
  error: null,
}));

/** Who acts on this device now (the signed-in user and his system role), read when a button is pressed. */
export function currentActor(): Actor {
  const user = useSession.getState().user;
  return { userId: user?.id ?? '', role: user?.base_role ?? 'anonimus' };
}

async function startEngine(user: SessionUser): Promise<DataEngine> {
  const c = cfg();
  const { DataEngine } = await loadWhenReachable(() => import('./engine'));
  return DataEngine.start({ backend: c.backend, userId: user.id, store: c.store, storage: c.storage });
}

/** Restores the session of this device at start-up (works offline), with the app's wiring. */
export async function initSession(wiring: SessionConfig): Promise<void> {
  config = wiring;
  const c = wiring;
  c.backend.session.onChange((session, reason) => {
    if (reason === 'expired') useSession.setState({ expired: true });
    if (session && reason === 'refreshed') useSession.setState({ expired: false });
  });
  await c.backend.session.load();
  const session = c.backend.session.current();
  const storedUser = session?.user ?? (await c.store.kvGet<SessionUser>(USER_KEY)) ?? null;
  const lockMinutes = readLockMinutes();
  if (!storedUser) {
    useSession.setState({ phase: 'signed-out', user: null, engine: null, lockMinutes });
    return;
  }
  const engine = await startEngine(storedUser);
  useSession.setState({ phase: 'signed-in', user: storedUser, engine, expired: !session, lockMinutes, locked: lockMinutes > 0 });
}

/** Signs in; a different user than the one whose data is on the device cannot (sign-out wipes it). */
export async function signIn(email: string, password: string): Promise<void> {
  const c = cfg();
  const current = useSession.getState();
  const session: Session = await c.backend.auth.login(email, password);
  if (current.user && current.user.id !== session.user.id) {
    await c.backend.session.set(null, 'signed-out');
    throw new BackendError(
      'other_user',
      t('data.otherUser', { name: current.user.name }),
      409,
    );
  }
  await c.store.kvSet(USER_KEY, session.user);
  await c.store.kvSet(VERIFIER_KEY, await makeVerifier(password));
  if (current.engine) {
    useSession.setState({ user: session.user, expired: false, locked: false, error: null });
    current.engine.syncNow();
    return;
  }
  void requestPersistentStorage(session.user);
  const engine = await startEngine(session.user);
  useSession.setState({ phase: 'signed-in', user: session.user, engine, expired: false, locked: false, error: null });
}

/** Signs out when nothing is pending; then deletes every local trace of the user. */
export async function signOut(): Promise<SignOutCheck> {
  const c = cfg();
  const { engine } = useSession.getState();
  if (engine) {
    const check = await engine.checkSignOut();
    if (!check.ok) return check;
  }
  const session = c.backend.session.current();
  if (session) {
    try {
      await c.backend.auth.logout(session);
    } catch {
      // Offline: the tokens are dropped locally; the server lets them expire.
    }
  }
  if (engine) await engine.wipe();
  else await c.store.clear();
  await c.backend.session.set(null, 'signed-out');
  useSession.setState({ phase: 'signed-out', user: null, engine: null, expired: false, locked: false });
  return { ok: true };
}

export function lockNow(): void {
  if (useSession.getState().phase === 'signed-in') useSession.setState({ locked: true });
}

/** Unlocks with the password, checked on the device (works offline). */
export async function unlock(password: string): Promise<boolean> {
  const v = await cfg().store.kvGet<Verifier>(VERIFIER_KEY);
  const ok = v ? await checkVerifier(v, password) : false;
  if (ok) useSession.setState({ locked: false });
  return ok;
}

export async function setLockMinutes(minutes: number): Promise<void> {
  const m = Math.max(0, Math.min(240, Math.round(minutes)));
  if (typeof localStorage !== 'undefined') localStorage.setItem(LOCK_KEY, String(m));
  useSession.setState({ lockMinutes: m });
}

/** The backend of the session (screens use it through src/data only). */
export function sessionBackend(): Backend {
  return cfg().backend;
}
