/**
 * Authentication of the embedded server: e-mail + password (scrypt), short-lived signed access
 * tokens, rotating refresh tokens, sign-out, password reset with one-time tokens, and a login
 * rate limit. User profiles are documents of the `users` collection; credentials live only here.
 */
import { createHash, createHmac, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import type { DocStore, StoredDoc } from './store';
import { DEFAULT_ROLE_GROUPS, SYSTEM_ROLES, type InterfaceGroup, type SystemRole } from '../src/domain/access/groups';

export const ACCOUNT_SCHEMA = `
CREATE TABLE IF NOT EXISTS accounts (
  user_id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  salt TEXT NOT NULL,
  hash TEXT NOT NULL,
  password_changed_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked INTEGER NOT NULL DEFAULT 0,
  -- When a token was exchanged for a new pair (rotation), 0 otherwise. Sign-out and password
  -- resets revoke without a rotation time, so the grace period below never applies to them.
  rotated_at INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS reset_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  used INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
`;

export interface AuthOptions {
  /** Lifetime of access tokens in seconds (default 15 minutes). */
  readonly accessTtlS?: number;
  /** Lifetime of refresh tokens in seconds (default 30 days). */
  readonly refreshTtlS?: number;
  /** Lifetime of password-reset tokens in seconds (default 1 hour). */
  readonly resetTtlS?: number;
  /** Login attempts allowed per e-mail and per address within the window (default 10 per 10 minutes). */
  readonly loginAttempts?: number;
  readonly loginWindowS?: number;
  readonly now?: () => number;
}

export interface Principal {
  readonly id: string;
  readonly role: SystemRole;
  readonly roleId: string;
  readonly groups: InterfaceGroup[];
  readonly profile: StoredDoc;
}

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const b64url = (buf: Buffer) => buf.toString('base64url');
/** How long a just-rotated refresh token may still be exchanged (a lost answer on a bad network). */
export const ROTATION_GRACE_MS = 60_000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export function hashPassword(password: string, salt = randomBytes(16).toString('hex')): { salt: string; hash: string } {
  return { salt, hash: scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 }).toString('hex') };
}

function verifyPassword(password: string, salt: string, hash: string): boolean {
  const candidate = Buffer.from(hashPassword(password, salt).hash, 'hex');
  const expected = Buffer.from(hash, 'hex');
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}

/** A fixed-window counter of attempts per key. */
class RateLimiter {
  private readonly hits = new Map<string, { start: number; count: number }>();
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}
  /** Seconds to wait when the key is over its limit, else 0. */
  blockedFor(key: string): number {
    const h = this.hits.get(key);
    if (!h) return 0;
    const elapsed = this.now() - h.start;
    if (elapsed >= this.windowMs) {
      this.hits.delete(key);
      return 0;
    }
    return h.count >= this.max ? Math.ceil((this.windowMs - elapsed) / 1000) : 0;
  }
  hit(key: string): void {
    const now = this.now();
    const h = this.hits.get(key);
    if (!h || now - h.start >= this.windowMs) this.hits.set(key, { start: now, count: 1 });
    else h.count += 1;
  }
  clear(key: string): void {
    this.hits.delete(key);
  }
}

export class AuthService {
  private readonly secret: Buffer;
  private readonly now: () => number;
  private readonly limiter: RateLimiter;
  readonly accessTtlS: number;
  private readonly refreshTtlS: number;
  private readonly resetTtlS: number;

  constructor(
    private readonly store: DocStore,
    opts: AuthOptions = {},
  ) {
    store.db.exec(ACCOUNT_SCHEMA);
    // Data directories made before refresh-token rotation times existed get the column.
    const columns = store.db.prepare('PRAGMA table_info(refresh_tokens)').all() as { name: string }[];
    if (!columns.some((c) => c.name === 'rotated_at')) store.db.exec('ALTER TABLE refresh_tokens ADD COLUMN rotated_at INTEGER NOT NULL DEFAULT 0');
    this.now = opts.now ?? Date.now;
    this.accessTtlS = opts.accessTtlS ?? 15 * 60;
    this.refreshTtlS = opts.refreshTtlS ?? 30 * 24 * 3600;
    this.resetTtlS = opts.resetTtlS ?? 3600;
    this.limiter = new RateLimiter(opts.loginAttempts ?? 10, (opts.loginWindowS ?? 600) * 1000, this.now);
    let secret = store.kvGet('token_secret');
    if (!secret) {
      secret = randomBytes(32).toString('hex');
      store.kvSet('token_secret', secret);
    }
    this.secret = Buffer.from(secret, 'hex');
  }

  /** Creates or replaces the credentials of a user. */
  setPassword(userId: string, email: string, password: string): void {
    const { salt, hash } = hashPassword(password);
    this.store.db
      .prepare(
        `INSERT INTO accounts (user_id, email, salt, hash, password_changed_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET email = excluded.email, salt = excluded.salt, hash = excluded.hash,
           password_changed_at = excluded.password_changed_at`,
      )
      .run(userId, email.toLowerCase(), salt, hash, this.now());
  }

  hasAccount(userId: string): boolean {
    return this.store.db.prepare('SELECT 1 FROM accounts WHERE user_id = ?').get(userId) !== undefined;
  }

  /** Keeps the sign-in e-mail equal to the profile's (called when a users document is written). */
  syncEmail(userId: string, email: string): void {
    this.store.db.prepare('UPDATE accounts SET email = ? WHERE user_id = ?').run(email.toLowerCase(), userId);
  }

  /** The signed-in identity of a user id: profile, system role and interface groups. */
  principal(userId: string): Principal | null {
    const profile = this.store.get('users', userId);
    if (!profile || profile._deleted || profile.active !== true) return null;
    const roleId = typeof profile.role === 'string' ? profile.role : 'anonimus';
    const roleDoc = this.store.get('catalog', roleId);
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

  private sign(payload: Record<string, unknown>): string {
    const body = b64url(Buffer.from(JSON.stringify(payload)));
    const mac = b64url(createHmac('sha256', this.secret).update(body).digest());
    return `${body}.${mac}`;
  }

  /** The user id of a valid access token. */
  verifyAccessToken(token: string): string {
    const [body, mac] = token.split('.');
    if (!body || !mac) throw new AuthError(401, 'invalid_token', 'Sesión no válida: vuelve a iniciar sesión');
    const expected = createHmac('sha256', this.secret).update(body).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AuthError(401, 'invalid_token', 'Sesión no válida: vuelve a iniciar sesión');
    }
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { sub?: unknown; exp?: unknown; typ?: unknown };
    if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') {
      throw new AuthError(401, 'invalid_token', 'Sesión no válida: vuelve a iniciar sesión');
    }
    if (payload.exp * 1000 <= this.now()) throw new AuthError(401, 'token_expired', 'La sesión ha caducado');
    return payload.sub;
  }

  /** Principal of an `Authorization: Bearer …` header; 401 without a valid token or active user. */
  authenticate(header: string | undefined): Principal {
    if (!header || !header.startsWith('Bearer ')) throw new AuthError(401, 'no_token', 'Falta la sesión: inicia sesión');
    const userId = this.verifyAccessToken(header.slice('Bearer '.length).trim());
    const principal = this.principal(userId);
    if (!principal) throw new AuthError(401, 'inactive', 'Tu usuario no existe o está desactivado');
    return principal;
  }

  private issue(userId: string): { accessToken: string; refreshToken: string; expiresIn: number } {
    const iat = Math.floor(this.now() / 1000);
    const accessToken = this.sign({ typ: 'access', sub: userId, iat, exp: iat + this.accessTtlS, jti: b64url(randomBytes(6)) });
    const refreshToken = b64url(randomBytes(32));
    this.store.db
      .prepare('INSERT INTO refresh_tokens (token_hash, user_id, expires_at) VALUES (?, ?, ?)')
      .run(sha256(refreshToken), userId, this.now() + this.refreshTtlS * 1000);
    return { accessToken, refreshToken, expiresIn: this.accessTtlS };
  }

  login(email: string, password: string, clientKey: string) {
    const keys = [`e:${email.toLowerCase()}`, `c:${clientKey}`];
    const wait = Math.max(...keys.map((k) => this.limiter.blockedFor(k)));
    if (wait > 0) throw new AuthError(429, 'too_many_attempts', `Demasiados intentos. Espera ${Math.ceil(wait / 60)} min y vuelve a probar`);
    const account = this.store.db.prepare('SELECT user_id, salt, hash FROM accounts WHERE email = ?').get(email.toLowerCase()) as
      | { user_id: string; salt: string; hash: string }
      | undefined;
    // Hash even for unknown addresses so timing does not reveal which exist.
    const ok = account ? verifyPassword(password, account.salt, account.hash) : (hashPassword(password), false);
    if (!account || !ok) {
      keys.forEach((k) => this.limiter.hit(k));
      throw new AuthError(401, 'wrong_credentials', 'Correo o contraseña incorrectos');
    }
    const principal = this.principal(account.user_id);
    if (!principal) throw new AuthError(403, 'inactive', 'Tu usuario está desactivado. Habla con un administrador');
    this.limiter.clear(keys[0] as string);
    return { ...this.issue(account.user_id), user: publicUser(principal) };
  }

  /**
   * New tokens for a refresh token, which is spent (rotation). A token spent less than
   * ROTATION_GRACE_MS ago may be used once more: the answer to the first exchange can be lost on a
   * bad connection, and without this the device would be signed out although nobody stole anything.
   */
  refresh(refreshToken: string) {
    const row = this.store.db.prepare('SELECT user_id, expires_at, revoked, rotated_at FROM refresh_tokens WHERE token_hash = ?').get(sha256(refreshToken)) as
      | { user_id: string; expires_at: number; revoked: number; rotated_at: number }
      | undefined;
    const inGrace = !!row && row.revoked === 1 && row.rotated_at > 0 && this.now() - row.rotated_at < ROTATION_GRACE_MS;
    if (!row || (row.revoked && !inGrace) || row.expires_at <= this.now()) {
      throw new AuthError(401, 'invalid_refresh', 'La sesión ha caducado: vuelve a iniciar sesión');
    }
    const principal = this.principal(row.user_id);
    if (!principal) throw new AuthError(401, 'inactive', 'Tu usuario no existe o está desactivado');
    if (!row.revoked) {
      this.store.db.prepare('UPDATE refresh_tokens SET revoked = 1, rotated_at = ? WHERE token_hash = ?').run(this.now(), sha256(refreshToken));
    }
    return { ...this.issue(row.user_id), user: publicUser(principal) };
  }

  logout(refreshToken: string): void {
    this.store.db.prepare('UPDATE refresh_tokens SET revoked = 1 WHERE token_hash = ?').run(sha256(refreshToken));
  }

  /** A one-time reset token for the address, or null when no account has it (never revealed to the caller). */
  createResetToken(email: string): { token: string; userId: string } | null {
    const account = this.store.db.prepare('SELECT user_id FROM accounts WHERE email = ?').get(email.toLowerCase()) as { user_id: string } | undefined;
    if (!account || !this.principal(account.user_id)) return null;
    const token = b64url(randomBytes(24));
    this.store.db
      .prepare('INSERT INTO reset_tokens (token_hash, user_id, expires_at) VALUES (?, ?, ?)')
      .run(sha256(token), account.user_id, this.now() + this.resetTtlS * 1000);
    return { token, userId: account.user_id };
  }

  resetPassword(token: string, password: string): void {
    const row = this.store.db.prepare('SELECT user_id, expires_at, used FROM reset_tokens WHERE token_hash = ?').get(sha256(token)) as
      | { user_id: string; expires_at: number; used: number }
      | undefined;
    if (!row || row.used || row.expires_at <= this.now()) {
      throw new AuthError(400, 'invalid_reset', 'El enlace para cambiar la contraseña no es válido o ha caducado. Pide otro');
    }
    const account = this.store.db.prepare('SELECT email FROM accounts WHERE user_id = ?').get(row.user_id) as { email: string };
    this.store.transaction(() => {
      this.setPassword(row.user_id, account.email, password);
      this.store.db.prepare('UPDATE reset_tokens SET used = 1 WHERE token_hash = ?').run(sha256(token));
      this.store.db.prepare('UPDATE refresh_tokens SET revoked = 1 WHERE user_id = ?').run(row.user_id);
    });
  }

  changePassword(userId: string, current: string, next: string): void {
    const account = this.store.db.prepare('SELECT email, salt, hash FROM accounts WHERE user_id = ?').get(userId) as
      | { email: string; salt: string; hash: string }
      | undefined;
    if (!account || !verifyPassword(current, account.salt, account.hash)) {
      throw new AuthError(400, 'wrong_password', 'La contraseña actual no es correcta');
    }
    this.setPassword(userId, account.email, next);
  }

  /** Checks a password without issuing tokens (the inactivity lock of shared tablets). */
  verifyUserPassword(userId: string, password: string): boolean {
    const account = this.store.db.prepare('SELECT salt, hash FROM accounts WHERE user_id = ?').get(userId) as { salt: string; hash: string } | undefined;
    return !!account && verifyPassword(password, account.salt, account.hash);
  }
}

/** What the client receives about the signed-in user. */
export function publicUser(p: Principal) {
  const { _deleted: _d, ...profile } = p.profile;
  return { ...profile, id: p.id, role: p.roleId, base_role: p.role, groups: p.groups };
}
