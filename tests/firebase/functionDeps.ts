/**
 * The HTTP function's dependencies (functions/src/handlers.ts) backed by the emulators, for the
 * Firebase suite and the Firebase e2e project (the deployed function binds them to
 * firebase-admin instead, functions/src/index.ts). The Auth emulator's ID tokens are unsigned:
 * they are decoded here, not verified.
 */
import type { FunctionDeps } from '../../functions/src/handlers';
import { authProject, emulatorHosts, readField } from './emulator';

export function emulatorFunctionDeps(project: string, prefix = 'cb_'): FunctionDeps {
  return {
    async verifyIdToken(token) {
      try {
        const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { user_id?: string };
        return claims.user_id ?? null;
      } catch {
        return null;
      }
    },
    async profile(uid) {
      const email = await readField(project, `${prefix}users/${uid}`, 'email');
      if (typeof email !== 'string') return null;
      const role = await readField(project, `${prefix}users/${uid}`, 'role');
      const base = await readField(project, `${prefix}catalog/${String(role)}`, 'base_role');
      return { email, active: (await readField(project, `${prefix}users/${uid}`, 'active')) === true, baseRole: String(base ?? 'anonimus') };
    },
    async setPassword(uid, email, password) {
      const api = `http://${emulatorHosts().auth}/identitytoolkit.googleapis.com/v1/projects/${authProject()}`;
      const call = (path: string) =>
        fetch(`${api}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' }, body: JSON.stringify({ localId: uid, email, password }) });
      const updated = await call('/accounts:update');
      if (updated.ok) return;
      const created = await call('/accounts');
      if (!created.ok) throw new Error(`setPassword ${uid}: ${created.status}`);
    },
  };
}
