/**
 * Authentication of the embedded server: e-mail + password (scrypt, off the event loop),
 * sessions, short-lived signed access tokens, rotating refresh tokens, sign-out, password reset
 * with one-time tokens, and attempt limits that slow guessing without letting a stranger lock a
 * rider out. User profiles are documents of the `users` collection; credentials live only here.
 *
 * A session is one sign-in on one device (a refresh-token family). Access tokens name their
 * session (`sid`) and are refused as soon as it ends: sign-out, a password change (every other
 * session), a password reset (every session), or a spent refresh token used again (theft).
 * A session belongs to the password it was opened with (`password_at` = the account's
 * `password_changed_at`): a new password ends every session not carried over to it.
 *
 * Where it lives: ./authCore.ts (principal, error, hashing), ./authTokens.ts (signed access
 * tokens), ./authLimits.ts (attempt limits); the service here holds accounts, sessions, refresh
 * tokens, sign-in, password change and reset.
 */
import { randomBytes } from 'node:crypto';
import type { DocStore } from './store';
import { waitText, type Backoff } from './throttle';
import { hashPasswordSync, type PasswordHash } from './passwords';
import { AuthError, b64url, checkOrBusy, hashOrBusy, principalOf, publicUser, sha256, type AuthOptions, type Authenticated, type ClientInfo, type Principal, type SessionListener } from './authCore';
import { authLimits, type AuthLimits } from './authLimits';
import { ROTATION_GRACE_MS, readAccessToken, signToken, tokenSecret } from './authTokens';

export class AuthService {
  private readonly secret: Buffer;
  private readonly now: () => number;
  readonly accessTtlS: number;
  private readonly refreshTtlS: number;
  private readonly resetTtlS: number;
  private readonly limits: AuthLimits;
  private readonly listeners = new Set<SessionListener>();
  /** A hash made for unknown addresses, so a wrong e-mail costs the same time as a wrong password. */
  private readonly decoy: PasswordHash;

  constructor(
    private readonly store: DocStore,
    opts: AuthOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
    this.accessTtlS = opts.accessTtlS ?? 15 * 60;
    this.refreshTtlS = opts.refreshTtlS ?? 30 * 24 * 3600;
    this.resetTtlS = opts.resetTtlS ?? 3600;
    this.limits = authLimits(this.now);
    this.secret = tokenSecret(store);
    this.decoy = hashPasswordSync(randomBytes(12).toString('hex'));
    this.prune();
  }

  /** Forgets what can never be used again (at start): expired tokens and ended sessions without them. */
  private prune(): void {
    const now = this.now();
    this.store.db.prepare('DELETE FROM refresh_tokens WHERE expires_at <= ?').run(now);
    this.store.db.prepare('DELETE FROM reset_tokens WHERE expires_at <= ?').run(now);
    this.store.db
      .prepare('DELETE FROM sessions WHERE created_at <= ? AND NOT EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family = sessions.id AND r.revoked = 0)')
      .run(now - this.refreshTtlS * 1000);
  }

  /** Called with the user id whenever sessions of that user end (open change streams re-check themselves). */
  onSessionsEnded(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private sessionsEnded(userId: string): void {
    for (const l of this.listeners) l(userId);
  }

  private writeHash(userId: string, email: string, { salt, hash }: PasswordHash): void {
    this.store.db
      .prepare(
        `INSERT INTO accounts (user_id, email, salt, hash, password_changed_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET email = excluded.email, salt = excluded.salt, hash = excluded.hash,
           password_changed_at = excluded.password_changed_at`,
      )
      .run(userId, email.toLowerCase(), salt, hash, this.changeTime(userId));
    // Reset links made before this password are dead.
    this.store.db.prepare('UPDATE reset_tokens SET used = 1 WHERE user_id = ?').run(userId);
  }

  /** A new password time, strictly after the previous one (sessions are tied to it). */
  private changeTime(userId: string): number {
    const row = this.store.db.prepare('SELECT password_changed_at AS t FROM accounts WHERE user_id = ?').get(userId) as { t: number } | undefined;
    return Math.max(this.now(), (row?.t ?? 0) + 1);
  }

  /**
   * Creates or replaces the credentials of a user, blocking (the start-up seed and tests only;
   * requests use `storePassword`). Every session of the user ends.
   */
  setPassword(userId: string, email: string, password: string): void {
    this.writeHash(userId, email, hashPasswordSync(password));
    this.sessionsEnded(userId);
  }

  /** Creates or replaces the credentials of a user, hashing off the event loop. Every session of the user ends. */
  async storePassword(userId: string, email: string, password: string): Promise<void> {
    const hashed = await this.hash(password);
    this.writeHash(userId, email, hashed);
    this.sessionsEnded(userId);
  }

  hasAccount(userId: string): boolean {
    return this.store.db.prepare('SELECT 1 FROM accounts WHERE user_id = ?').get(userId) !== undefined;
  }

  /** The user holding a sign-in e-mail, if any. */
  accountOfEmail(email: string): string | null {
    const row = this.store.db.prepare('SELECT user_id FROM accounts WHERE email = ?').get(email.toLowerCase()) as { user_id: string } | undefined;
    return row?.user_id ?? null;
  }

  /** Keeps the sign-in e-mail equal to the profile's (called when a users document is written). */
  syncEmail(userId: string, email: string): void {
    this.store.db.prepare('UPDATE accounts SET email = ? WHERE user_id = ?').run(email.toLowerCase(), userId);
  }

  /** A deleted user loses his credentials and sessions (his e-mail is free for another user). */
  forget(userId: string): void {
    this.store.db.prepare('DELETE FROM accounts WHERE user_id = ?').run(userId);
    this.revokeSessions(userId, null);
  }

  /** The signed-in identity of a user id: profile, system role and interface groups. */
  principal(userId: string): Principal | null {
    return principalOf(this.store, userId);
  }

  private sign(payload: Record<string, unknown>): string {
    return signToken(this.secret, payload);
  }

  /** The user, session and expiry of a valid access token (signature checked in constant time). */
  verifyAccessToken(token: string): { userId: string; sessionId: string; expiresAt: number } {
    const payload = readAccessToken(this.secret, token);
    const expiresAt = payload.exp * 1000;
    if (expiresAt <= this.now()) throw new AuthError(401, 'token_expired', 'server.auth.tokenExpired');
    if (!this.sessionAlive(payload.sid, payload.sub)) throw new AuthError(401, 'session_ended', 'server.auth.sessionEnded');
    return { userId: payload.sub, sessionId: payload.sid, expiresAt };
  }

  /** Whether a session is open: not revoked, and opened with (or carried over to) the current password. */
  sessionAlive(sessionId: string, userId: string): boolean {
    const row = this.store.db
      .prepare('SELECT s.user_id, s.revoked, s.password_at, a.password_changed_at AS changed FROM sessions s JOIN accounts a ON a.user_id = s.user_id WHERE s.id = ?')
      .get(sessionId) as { user_id: string; revoked: number; password_at: number; changed: number } | undefined;
    return !!row && row.user_id === userId && row.revoked === 0 && row.password_at === row.changed;
  }

  /** Principal of an `Authorization: Bearer …` header; 401 without a valid token, open session and active user. */
  authenticate(header: string | undefined): Authenticated {
    if (!header || !header.startsWith('Bearer ')) throw new AuthError(401, 'no_token', 'server.auth.noToken');
    const { userId, sessionId, expiresAt } = this.verifyAccessToken(header.slice('Bearer '.length).trim());
    const principal = this.principal(userId);
    if (!principal) throw new AuthError(401, 'inactive', 'server.auth.inactive');
    return { ...principal, sessionId, expiresAt };
  }

  /**
   * Whether an authenticated principal still holds: token not expired, session open, user active
   * with the same role and interface groups. Open change streams ask before every send.
   */
  stillValid(p: Authenticated): boolean {
    if (p.expiresAt <= this.now() || !this.sessionAlive(p.sessionId, p.id)) return false;
    const now = this.principal(p.id);
    return !!now && now.role === p.role && now.roleId === p.roleId && [...now.groups].sort().join() === [...p.groups].sort().join();
  }

  private openSession(userId: string): string {
    const id = b64url(randomBytes(16));
    const account = this.store.db.prepare('SELECT password_changed_at AS t FROM accounts WHERE user_id = ?').get(userId) as { t: number };
    this.store.db.prepare('INSERT INTO sessions (id, user_id, created_at, password_at) VALUES (?, ?, ?, ?)').run(id, userId, this.now(), account.t);
    return id;
  }

  private issue(userId: string, sessionId: string): { accessToken: string; refreshToken: string; expiresIn: number } {
    const iat = Math.floor(this.now() / 1000);
    const accessToken = this.sign({ typ: 'access', sub: userId, sid: sessionId, iat, exp: iat + this.accessTtlS, jti: b64url(randomBytes(6)) });
    const refreshToken = b64url(randomBytes(32));
    this.store.db
      .prepare('INSERT INTO refresh_tokens (token_hash, user_id, expires_at, family) VALUES (?, ?, ?, ?)')
      .run(sha256(refreshToken), userId, this.now() + this.refreshTtlS * 1000, sessionId);
    return { accessToken, refreshToken, expiresIn: this.accessTtlS };
  }

  /** Ends sessions of a user (all, or all but `keep`) and their refresh tokens. */
  private revokeSessions(userId: string, keep: string | null): void {
    this.store.db.prepare('UPDATE sessions SET revoked = 1 WHERE user_id = ? AND id <> ?').run(userId, keep ?? '');
    this.store.db.prepare('UPDATE refresh_tokens SET revoked = 1 WHERE user_id = ? AND family <> ?').run(userId, keep ?? '');
    this.sessionsEnded(userId);
  }

  private revokeSession(sessionId: string, userId: string): void {
    this.store.db.prepare('UPDATE sessions SET revoked = 1 WHERE id = ?').run(sessionId);
    this.store.db.prepare('UPDATE refresh_tokens SET revoked = 1 WHERE family = ?').run(sessionId);
    this.sessionsEnded(userId);
  }

  private async hash(password: string): Promise<PasswordHash> {
    return hashOrBusy(password);
  }

  private async check(password: string, stored: PasswordHash): Promise<boolean> {
    return checkOrBusy(password, stored);
  }

  /** Whether this server issued a device id (it signed in to some account with it before). */
  private isIssuedDevice(deviceId: string): boolean {
    return /^[A-Za-z0-9_-]{20,64}$/.test(deviceId) && this.store.db.prepare('SELECT 1 FROM known_devices WHERE device_hash = ? LIMIT 1').get(sha256(deviceId)) !== undefined;
  }

  private isKnownDevice(deviceId: string | null, userId: string | null): boolean {
    if (!deviceId || !userId) return false;
    return this.store.db.prepare('SELECT 1 FROM known_devices WHERE device_hash = ? AND user_id = ?').get(sha256(deviceId), userId) !== undefined;
  }

  /**
   * Sign-in. Wrong passwords slow down what they come from, never the account's own devices:
   * - from a device that signed in to this account before (the `cb_device` cookie): only that
   *   device and account wait after repeated failures;
   * - from anywhere else: the account at that address, the account from everywhere and the
   *   address over every account wait (with free failures first, generous for an address,
   *   where a hub's users share one connection).
   * While a key waits, attempts are answered 429 without trying the password.
   * Returns the tokens and the device id to keep in the cookie.
   */
  async login(email: string, password: string, client: ClientInfo) {
    const address = email.toLowerCase();
    const account = this.store.db.prepare('SELECT user_id, salt, hash FROM accounts WHERE email = ?').get(address) as
      | { user_id: string; salt: string; hash: string }
      | undefined;
    const known = this.isKnownDevice(client.deviceId, account?.user_id ?? null);
    const limits: [Backoff, string][] = known
      ? [[this.limits.device, `${sha256(client.deviceId ?? '')}|${address}`]]
      : [
          [this.limits.pair, `${address}|${client.address}`],
          [this.limits.account, address],
          [this.limits.address, client.address],
        ];
    const wait = Math.max(...limits.map(([limit, key]) => limit.wait(key)));
    if (wait > 0) throw new AuthError(429, 'too_many_attempts', 'server.auth.tooManyAttempts', { wait: waitText(wait) });
    // Hash even for unknown addresses so timing does not reveal which exist.
    const ok = await this.check(password, account ?? this.decoy);
    if (!account || !ok) {
      for (const [limit, key] of limits) limit.fail(key);
      throw new AuthError(401, 'wrong_credentials', 'server.auth.wrongCredentials');
    }
    const principal = this.principal(account.user_id);
    if (!principal) throw new AuthError(403, 'inactive', 'server.auth.deactivated');
    // Success clears what the failures of this account at this place (or device) counted.
    const [ownLimit, ownKey] = limits[0] as [Backoff, string];
    ownLimit.clear(ownKey);
    // The server assigns device ids (issue 29, finding 9): the cookie's id is kept only when this
    // server issued it (it is known, for this or another account); any other gets a new one.
    const deviceId = client.deviceId && this.isIssuedDevice(client.deviceId) ? client.deviceId : b64url(randomBytes(24));
    this.store.db
      .prepare('INSERT INTO known_devices (device_hash, user_id, last_seen) VALUES (?, ?, ?) ON CONFLICT (device_hash, user_id) DO UPDATE SET last_seen = excluded.last_seen')
      .run(sha256(deviceId), account.user_id, this.now());
    const tokens = this.store.transaction(() => this.issue(account.user_id, this.openSession(account.user_id)));
    return { body: { ...tokens, user: publicUser(principal) }, deviceId };
  }

  /**
   * New tokens for a refresh token, which is spent (rotation). A token spent less than
   * ROTATION_GRACE_MS ago may be exchanged ONCE more: the answer to the first exchange can be
   * lost on a bad connection, and without this the device would be signed out although nobody
   * stole anything. Any further use of a spent token means two parties hold it: the whole
   * session (token family) ends.
   */
  refresh(refreshToken: string) {
    const hash = sha256(refreshToken);
    const row = this.store.db.prepare('SELECT user_id, expires_at, revoked, rotated_at, family, grace_used FROM refresh_tokens WHERE token_hash = ?').get(hash) as
      | { user_id: string; expires_at: number; revoked: number; rotated_at: number; family: string; grace_used: number }
      | undefined;
    const expired = () => new AuthError(401, 'invalid_refresh', 'server.auth.refreshExpired');
    if (!row || row.expires_at <= this.now()) throw expired();
    // Tokens made before sessions existed start one on their first exchange.
    const legacy = row.family === '';
    if (!legacy && !this.sessionAlive(row.family, row.user_id)) throw expired();
    if (row.revoked) {
      const spent = row.rotated_at > 0;
      const graceOpen = spent && row.grace_used === 0 && this.now() - row.rotated_at < ROTATION_GRACE_MS;
      if (!graceOpen) {
        if (spent && !legacy) this.revokeSession(row.family, row.user_id);
        throw expired();
      }
    }
    const principal = this.principal(row.user_id);
    if (!principal) throw new AuthError(401, 'inactive', 'server.auth.inactive');
    const tokens = this.store.transaction(() => {
      if (row.revoked) this.store.db.prepare('UPDATE refresh_tokens SET grace_used = 1 WHERE token_hash = ?').run(hash);
      else this.store.db.prepare('UPDATE refresh_tokens SET revoked = 1, rotated_at = ? WHERE token_hash = ?').run(this.now(), hash);
      return this.issue(row.user_id, legacy ? this.openSession(row.user_id) : row.family);
    });
    return { ...tokens, user: publicUser(principal) };
  }

  /** Sign-out: the session of this refresh token ends (its access tokens too). */
  logout(refreshToken: string): void {
    const row = this.store.db.prepare('SELECT user_id, family FROM refresh_tokens WHERE token_hash = ?').get(sha256(refreshToken)) as
      | { user_id: string; family: string }
      | undefined;
    if (!row) return;
    if (row.family === '') this.store.db.prepare('UPDATE refresh_tokens SET revoked = 1 WHERE token_hash = ?').run(sha256(refreshToken));
    else this.revokeSession(row.family, row.user_id);
  }

  /** Counts a password-reset request; 429 over the limits (the same for known and unknown addresses). */
  limitResetRequest(email: string, address: string): void {
    const wait = Math.max(this.limits.resetPerEmail.take(email.toLowerCase()), this.limits.resetPerAddress.take(address));
    if (wait > 0) throw new AuthError(429, 'too_many_requests', 'server.auth.tooManyResets', { wait: waitText(wait) });
  }

  /** A one-time reset token for the address, or null when no account has it (never revealed to the caller). */
  createResetToken(email: string): { token: string; userId: string } | null {
    const account = this.store.db.prepare('SELECT user_id FROM accounts WHERE email = ?').get(email.toLowerCase()) as { user_id: string } | undefined;
    if (!account || !this.principal(account.user_id)) return null;
    const token = b64url(randomBytes(24));
    this.store.db
      .prepare('INSERT INTO reset_tokens (token_hash, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)')
      .run(sha256(token), account.user_id, this.now() + this.resetTtlS * 1000, this.now());
    return { token, userId: account.user_id };
  }

  /**
   * A new password through a reset link. The link works once, only if made after the current
   * password (an older link dies when a newer one is used or the password changes), and every
   * session of the user ends.
   */
  async resetPassword(token: string, password: string): Promise<void> {
    const invalid = () => new AuthError(400, 'invalid_reset', 'server.auth.invalidReset');
    const find = () =>
      this.store.db
        .prepare('SELECT r.user_id, r.expires_at, r.used, r.created_at, a.email, a.password_changed_at AS changed FROM reset_tokens r JOIN accounts a ON a.user_id = r.user_id WHERE r.token_hash = ?')
        .get(sha256(token)) as { user_id: string; expires_at: number; used: number; created_at: number; email: string; changed: number } | undefined;
    const usable = (r: ReturnType<typeof find>) => !!r && r.used === 0 && r.expires_at > this.now() && r.created_at >= r.changed;
    const row = find();
    if (!usable(row) || !row) throw invalid();
    const hashed = await this.hash(password);
    // Checked again after hashing: another request may have used the link meanwhile.
    if (!usable(find())) throw invalid();
    this.store.transaction(() => {
      this.writeHash(row.user_id, row.email, hashed);
      this.store.db.prepare('UPDATE sessions SET revoked = 1 WHERE user_id = ?').run(row.user_id);
      this.store.db.prepare('UPDATE refresh_tokens SET revoked = 1 WHERE user_id = ?').run(row.user_id);
    });
    this.sessionsEnded(row.user_id);
  }

  /** A password check of a signed-in user (limited per user: the caller may hold a stolen token). */
  private async checkSignedIn(userId: string, password: string): Promise<{ email: string } | null> {
    const wait = this.limits.signedIn.wait(userId);
    if (wait > 0) throw new AuthError(429, 'too_many_attempts', 'server.auth.tooManyAttempts', { wait: waitText(wait) });
    const account = this.store.db.prepare('SELECT email, salt, hash FROM accounts WHERE user_id = ?').get(userId) as
      | { email: string; salt: string; hash: string }
      | undefined;
    const ok = await this.check(password, account ?? this.decoy);
    if (!account || !ok) {
      this.limits.signedIn.fail(userId);
      return null;
    }
    this.limits.signedIn.clear(userId);
    return account;
  }

  /**
   * A new password chosen by the signed-in user. The session he changes it from stays open;
   * every other session ends, and so do reset links.
   */
  async changePassword(p: Authenticated, current: string, next: string): Promise<void> {
    const account = await this.checkSignedIn(p.id, current);
    if (!account) throw new AuthError(400, 'wrong_password', 'server.auth.wrongCurrentPassword');
    const hashed = await this.hash(next);
    this.store.transaction(() => {
      this.writeHash(p.id, account.email, hashed);
      const changed = (this.store.db.prepare('SELECT password_changed_at AS t FROM accounts WHERE user_id = ?').get(p.id) as { t: number }).t;
      this.store.db.prepare('UPDATE sessions SET password_at = ? WHERE id = ? AND revoked = 0').run(changed, p.sessionId);
      this.store.db.prepare('UPDATE sessions SET revoked = 1 WHERE user_id = ? AND id <> ?').run(p.id, p.sessionId);
      this.store.db.prepare('UPDATE refresh_tokens SET revoked = 1 WHERE user_id = ? AND family <> ?').run(p.id, p.sessionId);
    });
    this.sessionsEnded(p.id);
  }

  /** Checks a password without issuing tokens (the inactivity lock of shared tablets). */
  async verifyUserPassword(userId: string, password: string): Promise<boolean> {
    return (await this.checkSignedIn(userId, password)) !== null;
  }
}
