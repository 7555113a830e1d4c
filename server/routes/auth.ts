/**
 * Authentication API:
 *   POST /api/auth/login          { email, password } → { accessToken, refreshToken, expiresIn, user }
 *   POST /api/auth/refresh        { refreshToken }    → same shape, new tokens (the old refresh token is spent)
 *   POST /api/auth/logout         { refreshToken }
 *   POST /api/auth/reset-request  { email }           → 202, whether or not the address exists
 *   POST /api/auth/reset          { token, password }
 *   POST /api/auth/password       { currentPassword, newPassword } (signed in)
 *   POST /api/auth/verify         { password } (signed in; unlocks the inactivity lock)
 *   GET  /api/auth/me             the signed-in user
 *   POST /api/auth/admin/password { userId, password } (users-admin: initial password of a new user)
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AuthError, publicUser, type AuthService } from '../auth';
import type { Mailer } from '../mail';

export const PASSWORD_MIN = 8;

const password = z
  .string({ error: 'La contraseña es obligatoria' })
  .min(PASSWORD_MIN, { error: `La contraseña necesita al menos ${PASSWORD_MIN} caracteres` })
  .max(200, { error: 'La contraseña es demasiado larga' });
const email = z.string({ error: 'El correo es obligatorio' }).trim().toLowerCase().email({ error: 'El correo electrónico no es válido' });

const schemas = {
  login: z.object({ email, password: z.string({ error: 'La contraseña es obligatoria' }).min(1, { error: 'La contraseña es obligatoria' }).max(200) }),
  refresh: z.object({ refreshToken: z.string().min(10).max(200) }),
  resetRequest: z.object({ email }),
  reset: z.object({ token: z.string().min(10).max(200), password }),
  change: z.object({ currentPassword: z.string().min(1).max(200), newPassword: password }),
  verify: z.object({ password: z.string().min(1).max(200) }),
  adminPassword: z.object({ userId: z.string().min(1).max(64), password }),
};

export function registerAuthRoutes(app: FastifyInstance, deps: { auth: AuthService; mailer: Mailer; publicUrl: string }): void {
  const { auth, mailer } = deps;

  function parse<T>(schema: z.ZodType<T>, body: unknown): T {
    const r = schema.safeParse(body);
    if (!r.success) throw new AuthError(400, 'bad_request', r.error.issues.map((i) => i.message).join('; '));
    return r.data;
  }

  app.post('/api/auth/login', async (req) => {
    const body = parse(schemas.login, req.body);
    return auth.login(body.email, body.password, req.ip);
  });

  app.post('/api/auth/refresh', async (req) => auth.refresh(parse(schemas.refresh, req.body).refreshToken));

  app.post('/api/auth/logout', async (req, reply) => {
    auth.logout(parse(schemas.refresh, req.body).refreshToken);
    return reply.code(204).send();
  });

  app.post('/api/auth/reset-request', async (req, reply) => {
    const { email: address } = parse(schemas.resetRequest, req.body);
    const created = auth.createResetToken(address);
    if (created) {
      const link = `${deps.publicUrl}/reset/form?token=${encodeURIComponent(created.token)}`;
      await mailer.send(
        address,
        'CargoBici: cambia tu contraseña',
        `Hola:\n\nPara elegir una contraseña nueva abre este enlace (caduca en una hora):\n${link}\n\nSi no lo has pedido tú, ignora este mensaje.`,
      );
    }
    return reply.code(202).send({ message: 'Si el correo corresponde a un usuario, le hemos enviado un enlace para cambiar la contraseña.' });
  });

  app.post('/api/auth/reset', async (req, reply) => {
    const body = parse(schemas.reset, req.body);
    auth.resetPassword(body.token, body.password);
    return reply.code(204).send();
  });

  app.post('/api/auth/password', async (req, reply) => {
    const principal = auth.authenticate(req.headers.authorization);
    const body = parse(schemas.change, req.body);
    auth.changePassword(principal.id, body.currentPassword, body.newPassword);
    return reply.code(204).send();
  });

  app.post('/api/auth/verify', async (req, reply) => {
    const principal = auth.authenticate(req.headers.authorization);
    if (!auth.verifyUserPassword(principal.id, parse(schemas.verify, req.body).password)) {
      throw new AuthError(401, 'wrong_password', 'La contraseña no es correcta');
    }
    return reply.code(204).send();
  });

  app.get('/api/auth/me', async (req) => publicUser(auth.authenticate(req.headers.authorization)));

  app.post('/api/auth/admin/password', async (req, reply) => {
    const principal = auth.authenticate(req.headers.authorization);
    if (!principal.groups.includes('users-admin') && !principal.groups.includes('machine-admin')) {
      throw new AuthError(403, 'forbidden', 'Solo un administrador de usuarios puede fijar contraseñas');
    }
    const body = parse(schemas.adminPassword, req.body);
    const target = auth.principal(body.userId);
    const profile = target?.profile;
    if (!profile || typeof profile.email !== 'string') throw new AuthError(404, 'no_user', 'No existe un usuario activo con ese id');
    auth.setPassword(body.userId, profile.email, body.password);
    return reply.code(204).send();
  });
}
