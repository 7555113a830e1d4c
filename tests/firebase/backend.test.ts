/**
 * The Firebase backend as the app will use it: Firebase Auth (the Auth emulator of firebase-tools)
 * for sign-in, the profile and role from Firestore, the real ID token on Firestore's rules, and
 * files through Storage's upload endpoints (a wire-compatible fake: tests/firebase/fakeStorage.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, setDoc, serverTimestamp } from 'firebase/firestore';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { filter, firstValueFrom } from 'rxjs';
import { createFirebaseBackend, type FirebaseBackend } from '../../src/backend/firebase';
import { memoryStorage } from '../../src/backend/storedSession';
import { BackendError, type BackendStorage } from '../../src/backend/types';
import { SERVER_TIME_FIELD } from '../../src/domain/access/firestoreRules';
import { PASSWORD, user } from '../helpers/fixtures';
import { authProject, clientDb, closeClients, createAccounts, emulatorHosts, newProject, seedSmallOperation, settingsFor } from './emulator';
import { startFakeStorage, type FakeStorage } from './fakeStorage';

const project = newProject('backend');
let storage: FakeStorage;
const backends: FirebaseBackend[] = [];
let count = 0;

async function backend(device?: BackendStorage): Promise<FirebaseBackend> {
  count += 1;
  const b = await createFirebaseBackend(settingsFor(project, { storageUrl: storage.url }), { name: `device-${count}`, memoryAuth: true, storage: device });
  backends.push(b);
  return b;
}

async function rejection(p: Promise<unknown>): Promise<BackendError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(BackendError);
    return err as BackendError;
  }
  throw new Error('expected a rejection');
}

beforeAll(async () => {
  await seedSmallOperation(project, { accounts: true });
  storage = await startFakeStorage({ projectId: project });
});
afterAll(async () => {
  for (const b of backends) await b.close();
  await closeClients();
  await storage.close();
});

describe('sign-in with Firebase Auth', () => {
  it('signs in with e-mail and password; role, groups and hub come from the profile', async () => {
    const b = await backend();
    const session = await b.auth.login('rider1@cargobici.test', PASSWORD);
    expect(session.user).toMatchObject({ id: 'u-rider1', email: 'rider1@cargobici.test', role: 'rider', base_role: 'rider', groups: ['machine-rider'], hub: 1 });
    expect(session.expiresAt).toBeGreaterThan(Date.now());
    // The ID token itself passes firestore.rules: the rider pulls his routes.
    const page = await b.sync.pull('routes', null, 100);
    expect(page.documents.map((d) => d.id)).toEqual(['r1']);
    const refreshed = await b.auth.refresh(session);
    expect(refreshed.user.id).toBe('u-rider1');
    // The seam's session (Backend.session) follows sign-in, refresh and sign-out.
    expect(b.session.current()).toEqual(refreshed);
    const renewed = await b.session.refresh();
    expect(renewed?.user.id).toBe('u-rider1');
    expect(b.session.current()).toEqual(renewed);
    await b.auth.logout(refreshed);
    expect(b.current()).toBeNull();
    expect(b.session.current()).toBeNull();
    expect(await b.session.refresh()).toBeNull();
    expect((await rejection(b.sync.pull('routes', null, 10))).status).toBe(401);
  });

  it("after a page load syncs as the stored session's user once Firebase Auth restored him (issue 14)", async () => {
    // The device's storage (cb_app) keeps the session of a sign-in made before the reload.
    const device = memoryStorage();
    const before = await backend(device);
    await before.auth.login('rider1@cargobici.test', PASSWORD);
    // The reloaded page: a new backend on the same storage. Firebase Auth restores its user from
    // its own persistence (here: signed in on the SDK directly); nobody calls login() or refresh().
    const after = await backend(device);
    await signInWithEmailAndPassword(after.firebaseAuth, 'rider1@cargobici.test', PASSWORD);
    expect(after.auth.current()).toBeNull();
    const replication = after.sync.stream();
    const events: string[] = [];
    const sub = replication.subscribe((e) => events.push(e.type));
    const routesHeard = firstValueFrom(replication.pipe(filter((e) => e.type === 'change' && e.collection === 'routes')));
    // Pull and the live listeners run as the stored session's user (they were «signed out»).
    const page = await after.sync.pull('routes', null, 100);
    expect(page.documents.map((d) => d.id)).toEqual(['r1']);
    await routesHeard;
    expect(events[0]).toBe('resync');
    sub.unsubscribe();

    // A stored session of another user than the one Firebase Auth restored is nobody's.
    const other = await backend(device);
    await signInWithEmailAndPassword(other.firebaseAuth, 'operador@cargobici.test', PASSWORD);
    expect((await rejection(other.sync.pull('routes', null, 10))).status).toBe(401);
  });

  it('refuses a wrong password and a deactivated profile, in Spanish', async () => {
    const b = await backend();
    const wrong = await rejection(b.auth.login('operador@cargobici.test', 'no-es-esta'));
    expect([wrong.code, wrong.status, wrong.message]).toEqual(['bad_credentials', 401, 'Correo o contraseña incorrectos']);
    const owner = clientDb(project, 'owner');
    await setDoc(doc(owner, 'cb_users', 'u-off'), { ...user('u-off', 'operator', 'baja@cargobici.test', 'De baja'), active: false, _deleted: false, [SERVER_TIME_FIELD]: serverTimestamp() });
    await createAccounts([{ id: 'u-off', email: 'baja@cargobici.test' }]);
    const off = await rejection(b.auth.login('baja@cargobici.test', PASSWORD));
    expect([off.code, off.status]).toEqual(['inactive', 403]);
    expect(b.firebaseAuth.currentUser).toBeNull();
  });

  it('verifies and changes the password; a reset link sets a new one', async () => {
    const b = await backend();
    await b.auth.login('operador@cargobici.test', PASSWORD);
    expect(await b.auth.verifyPassword(PASSWORD)).toBe(true);
    expect(await b.auth.verifyPassword('otra-cosa')).toBe(false);
    expect((await rejection(b.auth.changePassword('mal', 'nueva-clave-1'))).code).toBe('bad_password');
    expect((await rejection(b.auth.changePassword(PASSWORD, 'corta'))).code).toBe('weak_password');
    await b.auth.changePassword(PASSWORD, 'nueva-clave-1');
    await b.auth.logout(b.current() as never);
    await b.auth.login('operador@cargobici.test', 'nueva-clave-1');
    await b.auth.logout(b.current() as never);

    expect(await b.auth.requestPasswordReset('operador@cargobici.test')).toMatch(/Si el correo corresponde/);
    expect(await b.auth.requestPasswordReset('nadie@cargobici.test')).toMatch(/Si el correo corresponde/);
    const codes = (await (await fetch(`http://${emulatorHosts().auth}/emulator/v1/projects/${authProject()}/oobCodes`)).json()) as { oobCodes: { email: string; oobCode: string; requestType: string }[] };
    const code = codes.oobCodes.filter((c) => c.email === 'operador@cargobici.test' && c.requestType === 'PASSWORD_RESET').pop();
    expect(code).toBeDefined();
    expect((await rejection(b.auth.resetPassword('codigo-falso', 'otra-clave-2'))).code).toBe('bad_token');
    await b.auth.resetPassword(code?.oobCode ?? '', 'otra-clave-2');
    expect((await b.auth.login('operador@cargobici.test', 'otra-clave-2')).user.base_role).toBe('operator');
  });
});

describe('files in Storage (fake of its upload endpoints)', () => {
  const png = (bytes: number[]) => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, ...bytes])], { type: 'image/png' });

  it('uploads write-once with the ID token: a repeat of the same bytes is done, other bytes are a 409', async () => {
    const b = await backend();
    await b.auth.login('rider1@cargobici.test', PASSWORD);
    const path = 'deliveries/u-rider1/ev-firma-1.png';
    await b.files.upload(path, png([1, 2, 3]), 'image/png');
    // The answer of the first upload was lost: the queue sends the same bytes again.
    await b.files.upload(path, png([1, 2, 3]), 'image/png');
    const other = await rejection(b.files.upload(path, png([9, 9]), 'image/png'));
    expect([other.status, other.message]).toEqual([409, 'Ya existe un fichero distinto en esa ruta; los ficheros no se sobrescriben']);
    expect(new Uint8Array(await (await b.files.fetch(path)).arrayBuffer())).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    expect(storage.objects.get(path)?.metadata).toMatchObject({ createdBy: 'u-rider1' });
  });

  it('a rider writes and reads only under his own id; admins read everything; only images', async () => {
    const rider = await backend();
    await rider.auth.login('rider2@cargobici.test', PASSWORD);
    expect((await rejection(rider.files.upload('deliveries/u-rider1/ev-ajeno.png', png([4]), 'image/png'))).status).toBe(403);
    expect((await rejection(rider.files.fetch('deliveries/u-rider1/ev-firma-1.png'))).status).toBe(403);
    expect((await rejection(rider.files.upload('deliveries/u-rider2/doc.png', new Blob(['hola']), 'text/plain'))).status).toBe(403);
    const admin = await backend();
    await admin.auth.login('admin@cargobici.test', PASSWORD);
    expect((await admin.files.fetch('deliveries/u-rider1/ev-firma-1.png')).size).toBe(7);
    expect((await rejection(admin.files.fetch('deliveries/u-rider1/no-existe.png'))).status).toBe(404);
  });
});
