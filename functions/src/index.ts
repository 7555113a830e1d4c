/**
 * The Firebase function behind firebase.json's `/api/**` rewrite. Deploy: `cd functions && npm
 * install && npm run build && cd .. && firebase deploy --only functions`. Its handlers live in
 * ./handlers.ts (tested against the emulators by the Firebase suite); this file only binds them
 * to firebase-admin, which is installed in functions/ at deploy time, not in the app.
 */
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { handle, type FunctionDeps } from './handlers.js';

initializeApp();
const PREFIX = process.env.FIRESTORE_PREFIX ?? 'cb_';

const deps: FunctionDeps = {
  async verifyIdToken(token) {
    try {
      return (await getAuth().verifyIdToken(token, true)).uid;
    } catch {
      return null;
    }
  },
  async profile(uid) {
    const db = getFirestore();
    const user = (await db.collection(`${PREFIX}users`).doc(uid).get()).data();
    if (!user) return null;
    const role = typeof user.role === 'string' && user.role !== '' ? (await db.collection(`${PREFIX}catalog`).doc(user.role).get()).data() : undefined;
    return { email: String(user.email ?? ''), active: user.active === true && user._deleted !== true, baseRole: String(role?.base_role ?? 'anonimus') };
  },
  async setPassword(uid, email, password) {
    try {
      await getAuth().updateUser(uid, { email, password });
    } catch (err) {
      if ((err as { code?: string }).code !== 'auth/user-not-found') throw err;
      await getAuth().createUser({ uid, email, password });
    }
  },
};

export const api = onRequest({ region: 'europe-west1' }, async (req, res) => {
  const answer = await handle({ method: req.method, path: req.path, headers: req.headers, body: req.body }, deps);
  res.status(answer.status);
  if (answer.body === null) res.end();
  else res.json(answer.body);
});
