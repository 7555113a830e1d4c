/**
 * What the embedded server's authentication shares (./auth.ts): its options, the signed-in
 * principal and how it is read from the user's profile and role, the refusal, what the client
 * receives about the user, and password hashing that answers 503 when the hashing pool is busy.
 */
import { t, type MessageKey, type MessageVars } from '../src/i18n';
import { createHash } from 'node:crypto';
import type { DocStore, StoredDoc } from './store';
import { DEFAULT_ROLE_GROUPS, SYSTEM_ROLES, type InterfaceGroup, type SystemRole } from '../src/domain/access/groups';
import { BusyError, hashPassword, verifyPassword, type PasswordHash } from './passwords';

export interface AuthOptions {
  /** Lifetime of access tokens in seconds (default 15 minutes). */
  readonly accessTtlS?: number;
  /** Lifetime of refresh tokens in seconds (default 30 days). */
  readonly refreshTtlS?: number;
  /** Lifetime of password-reset tokens in seconds (default 1 hour). */
  readonly resetTtlS?: number;
  readonly now?: () => number;
}

export interface Principal {
  readonly id: string;
  readonly role: SystemRole;
  readonly roleId: string;
  readonly groups: InterfaceGroup[];
  readonly profile: StoredDoc;
}

/** The principal of a request with an access token: his session and when the token expires. */
export interface Authenticated extends Principal {
  readonly sessionId: string;
  /** Expiry of the access token (epoch ms). */
  readonly expiresAt: number;
}

/**
 * A refused request of the auth layer: its HTTP status, a stable code, and the catalogue's key
 * and values (issue 30 §4), worded when `message` is read (src/i18n/es/server.ts).
 */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly key: MessageKey,
    readonly vars: MessageVars = {},
  ) {
    super(key);
    Object.defineProperty(this, 'message', { get: () => t(this.key, this.vars), enumerable: false, configurable: true });
  }
}


export const b64url = (buf: Buffer) => buf.toString('base64url');
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Who tries to sign in: his address, and the device id of the `cb_device` cookie if any. */
export interface ClientInfo {
  readonly address: string;
  readonly deviceId: string | null;
}

export type SessionListener = (userId: string) => void;

/** The signed-in identity of a user id: profile, system role and interface groups. */
export function principalOf(store: DocStore, userId: string): Principal | null {
  const profile = store.get('users', userId);
  if (!profile || profile._deleted || profile.active !== true) return null;
  const roleId = typeof profile.role === 'string' ? profile.role : 'anonimus';
  const roleDoc = store.get('catalog', roleId);
  let role: SystemRole;
  let groups: InterfaceGroup[];
  if (roleDoc && !roleDoc._deleted && roleDoc.kind === 'role') {
    role = roleDoc.base_role as SystemRole;
    groups = (roleDoc.groups as InterfaceGroup[]) ?? [];
  } else if ((SYSTEM_ROLES as readonly string[]).includes(roleId)) {
    role = roleId as SystemRole;
    groups = [...DEFAULT_ROLE_GROUPS[role]];
  } else {
    role = 'anonimus';
    groups = [...DEFAULT_ROLE_GROUPS.anonimus];
  }
  return { id: userId, role, roleId, groups, profile };
}

/** A password hashed off the event loop; 503 when the hashing pool is busy. */
export async function hashOrBusy(password: string): Promise<PasswordHash> {
  try {
    return await hashPassword(password);
  } catch (err) {
    if (err instanceof BusyError) throw new AuthError(503, 'busy', 'server.auth.busy');
    throw err;
  }
}

/** Whether a password matches its stored hash; 503 when the hashing pool is busy. */
export async function checkOrBusy(password: string, stored: PasswordHash): Promise<boolean> {
  try {
    return await verifyPassword(password, stored);
  } catch (err) {
    if (err instanceof BusyError) throw new AuthError(503, 'busy', 'server.auth.busy');
    throw err;
  }
}

/** What the client receives about the signed-in user. */
export function publicUser(p: Principal) {
  const { _deleted: _d, ...profile } = p.profile;
  return { ...profile, id: p.id, role: p.roleId, base_role: p.role, groups: p.groups };
}
