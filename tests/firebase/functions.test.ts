/**
 * The Firebase function's handlers (functions/src/handlers.ts) against the emulators: an admin
 * sets the first password of a new user from the app (FirebaseAuthBackend.setUserPassword), and
 * the account's uid is the profile's id, so the rules find his role. The test runs the handlers
 * in a local HTTP server with emulator-backed dependencies (the deployed function binds them
 * to firebase-admin instead); the clients' order endpoints answer 501 (not on Firebase yet).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handle, type FunctionDeps } from '../../functions/src/handlers';
import { createFirebaseBackend, type FirebaseBackend } from '../../src/backend/firebase';
import { BackendError } from '../../src/backend/types';
import { PASSWORD, user } from '../helpers/fixtures';
import { clientDb, closeClients, newProject, seed, seedSmallOperation, settingsFor } from './emulator';
import { emulatorFunctionDeps } from './functionDeps';

const project = newProject('functions');
let server: Server;
let url = '';
const backends: FirebaseBackend[] = [];

/** Emulator-backed dependencies (the Auth emulator's tokens are unsigned: decoded, not verified). */
const deps: FunctionDeps = emulatorFunctionDeps(project);

beforeAll(async () => {
  await seedSmallOperation(project);
  // Accounts of this file (the Auth emulator is shared by every test file).
  const admin = { ...user('u-fn-admin', 'admin', 'fn-admin@cargobici.test', 'Admin funciones') };
  const rider = { ...user('u-fn-rider', 'rider', 'fn-rider@cargobici.test', 'Rider funciones') };
  const fresh = { ...user('u-fn-new', 'rider', 'fn-nuevo@cargobici.test', 'Nuevo') };
  await seed(clientDb(project, 'owner'), { users: [admin, rider, fresh] });
  await deps.setPassword(admin.id, admin.email, PASSWORD);
  await deps.setPassword(rider.id, rider.email, PASSWORD);
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString();
      void handle({ method: req.method ?? 'GET', path: new URL(req.url ?? '/', 'http://x').pathname, headers: req.headers, body: text ? (JSON.parse(text) as unknown) : null }, deps).then((a) => {
        res.writeHead(a.status, { 'Content-Type': 'application/json' });
        res.end(a.body === null ? undefined : JSON.stringify(a.body));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const b of backends) await b.close();
  await closeClients();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function signedIn(email: string, password = PASSWORD): Promise<FirebaseBackend> {
  const b = await createFirebaseBackend(settingsFor(project, { functionsUrl: url }), { name: `fn-${backends.length}`, memoryAuth: true });
  backends.push(b);
  await b.auth.login(email, password);
  return b;
}

describe('the Firebase function', () => {
  it('lets an admin set the first password of a new user, whose account then signs in with his role', async () => {
    const admin = await signedIn('fn-admin@cargobici.test');
    await admin.auth.setUserPassword('u-fn-new', 'primera-clave');
    const fresh = await signedIn('fn-nuevo@cargobici.test', 'primera-clave');
    expect(fresh.current()?.user).toMatchObject({ id: 'u-fn-new', base_role: 'rider' });
    // Set again (a forgotten password): the same account, a new password.
    await admin.auth.setUserPassword('u-fn-new', 'segunda-clave');
    await signedIn('fn-nuevo@cargobici.test', 'segunda-clave');
  });

  it('refuses everyone else, short passwords and unknown users, in Spanish', async () => {
    const rider = await signedIn('fn-rider@cargobici.test');
    const refused = await rider.auth.setUserPassword('u-fn-new', 'tercera-clave').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BackendError);
    expect([(refused as BackendError).status, (refused as BackendError).message]).toEqual([403, 'Solo un administrador puede poner contraseñas']);
    const admin = await signedIn('fn-admin@cargobici.test');
    expect(((await admin.auth.setUserPassword('u-fn-new', 'corta').catch((e: unknown) => e)) as BackendError).code).toBe('weak_password');
    expect(((await admin.auth.setUserPassword('u-nadie', 'clave-larga-1').catch((e: unknown) => e)) as BackendError).status).toBe(404);
    const anonymous = await handle({ method: 'POST', path: '/api/auth/admin/password', headers: {}, body: {} }, deps);
    expect(anonymous.status).toBe(401);
  });

  it('says plainly that the clients’ order endpoints are not on Firebase yet', async () => {
    const res = await fetch(`${url}/api/orders`, { method: 'POST' });
    expect(res.status).toBe(501);
    expect(((await res.json()) as { message: string }).message).toMatch(/todavía no está disponible en el backend Firebase/);
  });
});
