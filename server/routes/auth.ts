/**
 * Authentication API:
 *   POST /api/auth/login          { email, password } → { accessToken, refreshToken, expiresIn, user }
 *                                 (+ the `cb_device` cookie: this browser signed in to this account)
 *   POST /api/auth/refresh        { refreshToken }    → same shape, new tokens (the old refresh token is spent)
 *   POST /api/auth/logout         { refreshToken }    (the session ends)
 *   POST /api/auth/reset-request  { email }           → 202, whether or not the address exists
 *   POST /api/auth/reset          { token, password }
 *   POST /api/auth/password       { currentPassword, newPassword } (signed in)
 *   POST /api/auth/verify         { password } (signed in; unlocks the inactivity lock)
 *   GET  /api/auth/me             the signed-in user
 *   POST /api/auth/admin/password { userId, password } (users-admin: initial password of a new user)
 */
import { t } from '../../src/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthService } from '../auth';
import { AuthError, publicUser } from '../authCore';
import { principalOf } from '../authenticate';
import type { Mailer } from '../mail';
import { PASSWORD_MAX, passwordSchema } from '../passwords';
import '../../src/i18n/es/server';

const email = z
  .string({ error: () => t('server.auth.emailRequired') })
  .trim()
  .toLowerCase()
  .max(254, { error: () => t('server.auth.emailTooLong') })
  .email({ error: () => t('server.auth.emailInvalid') });
const anyPassword = z
  .string({ error: () => t('server.auth.passwordRequired') })
  .min(1, { error: () => t('server.auth.passwordRequired') })
  .max(PASSWORD_MAX, { error: () => t('server.auth.passwordTooLong') });

const schemas = {
  login: z.object({ email, password: anyPassword }),
  refresh: z.object({ refreshToken: z.string().min(10).max(200) }),
  resetRequest: z.object({ email }),
  reset: z.object({ token: z.string().min(10).max(200), password: passwordSchema }),
  change: z.object({ currentPassword: anyPassword, newPassword: passwordSchema }),
  verify: z.object({ password: anyPassword }),
  adminPassword: z.object({ userId: z.string().min(1).max(64), password: passwordSchema }),
};

/** The cookie that marks a browser as one that signed in before (see AuthService.login). */
export const DEVICE_COOKIE = 'cb_device';
const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 3600;

function deviceIdOf(req: FastifyRequest): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === DEVICE_COOKIE) return value.join('=') || null;
  }
  return null;
}

function setDeviceCookie(req: FastifyRequest, reply: FastifyReply, deviceId: string): void {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  void reply.header('Set-Cookie', `${DEVICE_COOKIE}=${deviceId}; Path=/api/auth; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Strict${secure}`);
}

export function registerAuthRoutes(app: FastifyInstance, deps: { auth: AuthService; mailer: Mailer; publicUrl: string }): void {
  const { auth, mailer } = deps;

  function parse<T>(schema: z.ZodType<T>, body: unknown): T {
    const r = schema.safeParse(body);
    if (!r.success) throw new AuthError(400, 'bad_request', 'common.worded', { text: r.error.issues.map((i) => i.message).join('; ') });
    return r.data;
  }

  app.post('/api/auth/login', async (req, reply) => {
    const body = parse(schemas.login, req.body);
    const { body: answer, deviceId } = await auth.login(body.email, body.password, { address: req.ip, deviceId: deviceIdOf(req) });
    setDeviceCookie(req, reply, deviceId);
    return answer;
  });

  app.post('/api/auth/refresh', async (req) => auth.refresh(parse(schemas.refresh, req.body).refreshToken));

  app.post('/api/auth/logout', async (req, reply) => {
    auth.logout(parse(schemas.refresh, req.body).refreshToken);
    return reply.code(204).send();
  });

  app.post('/api/auth/reset-request', async (req, reply) => {
    const { email: address } = parse(schemas.resetRequest, req.body);
    auth.limitResetRequest(address, req.ip);
    const created = auth.createResetToken(address);
    if (created) {
      const link = `${deps.publicUrl}/reset/form?token=${encodeURIComponent(created.token)}`;
      // In the background: the answer must not depend on the mail server (nor reveal the account).
      mailer
        .send(
          address,
          t('server.auth.resetMailSubject'),
          t('server.auth.resetMailBody', { link }),
        )
        .catch((err: unknown) => app.log.error({ err, userId: created.userId }, t('server.log.resetMailFailed')));
    }
    return reply.code(202).send({ message: t('server.auth.resetSent'), key: 'server.auth.resetSent' });
  });

  app.post('/api/auth/reset', async (req, reply) => {
    const body = parse(schemas.reset, req.body);
    await auth.resetPassword(body.token, body.password);
    return reply.code(204).send();
  });

  app.post('/api/auth/password', async (req, reply) => {
    const principal = principalOf(req);
    const body = parse(schemas.change, req.body);
    await auth.changePassword(principal, body.currentPassword, body.newPassword);
    return reply.code(204).send();
  });

  app.post('/api/auth/verify', async (req, reply) => {
    const principal = principalOf(req);
    if (!(await auth.verifyUserPassword(principal.id, parse(schemas.verify, req.body).password))) {
      throw new AuthError(401, 'wrong_password', 'server.auth.wrongPassword');
    }
    return reply.code(204).send();
  });

  app.get('/api/auth/me', async (req) => publicUser(principalOf(req)));

  app.post('/api/auth/admin/password', async (req, reply) => {
    const principal = principalOf(req);
    if (!principal.groups.includes('users-admin') && !principal.groups.includes('machine-admin')) {
      throw new AuthError(403, 'forbidden', 'server.auth.onlyUserAdmins');
    }
    const body = parse(schemas.adminPassword, req.body);
    const target = auth.principal(body.userId);
    const profile = target?.profile;
    if (!profile || typeof profile.email !== 'string') throw new AuthError(404, 'no_user', 'server.auth.noUser');
    const holder = auth.accountOfEmail(profile.email);
    if (holder !== null && holder !== body.userId) throw new AuthError(409, 'email_in_use', 'server.auth.emailInUse', { email: String(profile.email) });
    await auth.storePassword(body.userId, profile.email, body.password);
    return reply.code(204).send();
  });
}
