/**
 * The Firebase suite's access to the emulators started by its global setup: one project id per
 * test file (isolated data in one emulator), Firestore clients signed as any user with
 * `mockUserToken` (or as the emulator's owner, past the rules), and seeding.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { collection, connectFirestoreEmulator, doc, getDoc, getDocs, initializeFirestore, memoryLocalCache, serverTimestamp, setLogLevel, terminate, writeBatch, type Firestore } from 'firebase/firestore';
import type { LocalCollection } from '../../src/domain/collections';
import { SERVER_TIME_FIELD } from '../../src/domain/access/firestoreRules';
import type { FirebaseSettings } from '../../src/backend/config';
import { encodeValue, fromSnapshot } from '../../src/backend/firebase/docs';
import { POINT_RIDERS_FIELD, allPointRiders, type StoredRoute } from '../../functions/src/routeWrite';
import { smallOperation, PASSWORD } from '../helpers/fixtures';

// The tests provoke refusals on purpose: the SDK's warning for each one is noise here.
setLogLevel('error');

export function emulatorHosts(): { firestore: string; auth: string } {
  const firestore = process.env.FIRESTORE_EMULATOR_HOST;
  const auth = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!firestore || !auth) throw new Error('Los emuladores de Firebase no están arrancados: ejecuta `npm run test:firebase`');
  return { firestore, auth };
}

let projects = 0;
/** A project id of its own for a test file (the emulators keep each project's data apart). */
export function newProject(name: string): string {
  projects += 1;
  return `demo-${name}-${process.pid}-${projects}`.toLowerCase().slice(0, 60);
}

export function settingsFor(projectId: string, extra: Partial<FirebaseSettings> = {}): FirebaseSettings {
  const hosts = emulatorHosts();
  return {
    apiKey: 'demo-api-key',
    authDomain: `${projectId}.firebaseapp.com`,
    projectId,
    storageBucket: `${projectId}.appspot.com`,
    appId: '',
    prefix: 'cb_',
    functionsUrl: '',
    firestoreEmulator: hosts.firestore,
    authEmulator: hosts.auth,
    ...extra,
  };
}

const apps: FirebaseApp[] = [];
let appCount = 0;

/** A Firestore client of a project, signed as `uid` (rules apply) or as the owner (rules do not). */
export function clientDb(projectId: string, uid: string | 'owner'): Firestore {
  appCount += 1;
  const app = initializeApp({ projectId, apiKey: 'demo-api-key' }, `client-${appCount}`);
  apps.push(app);
  const db = initializeFirestore(app, { localCache: memoryLocalCache(), ignoreUndefinedProperties: true });
  const [host, port] = emulatorHosts().firestore.split(':') as [string, string];
  connectFirestoreEmulator(db, host, Number(port), { mockUserToken: uid === 'owner' ? 'owner' : { user_id: uid, sub: uid } });
  return db;
}

export async function closeClients(): Promise<void> {
  const all = apps.splice(0);
  await Promise.all(
    all.map(async (app) => {
      try {
        const { getFirestore } = await import('firebase/firestore');
        await terminate(getFirestore(app));
      } finally {
        await deleteApp(app);
      }
    }),
  );
}

/** Writes documents as the owner, stamped like every write (`_deleted`, server time). */
export async function seed(owner: Firestore, docs: Partial<Record<LocalCollection, readonly Record<string, unknown>[]>>, prefix = 'cb_'): Promise<void> {
  const rows = Object.entries(docs).flatMap(([c, list]) => (list ?? []).map((d) => ({ c, d })));
  for (let i = 0; i < rows.length; i += 400) {
    const batch = writeBatch(owner);
    for (const { c, d } of rows.slice(i, i + 400)) {
      batch.set(doc(owner, `${prefix}${c}`, String(d.id)), { ...(encodeValue(d) as Record<string, unknown>), _deleted: d._deleted === true, [SERVER_TIME_FIELD]: serverTimestamp() });
    }
    await batch.commit();
  }
  await seedPointReaders(owner, docs, prefix);
}

/**
 * What the trusted route function (functions/src/routeWrite.ts) would have written for seeded
 * routes and points: each point's readers (`rider_ids`) from every stored route.
 */
async function seedPointReaders(owner: Firestore, docs: Partial<Record<LocalCollection, readonly Record<string, unknown>[]>>, prefix: string): Promise<void> {
  const points = new Set<string>((docs.delivery_points ?? []).map((p) => String(p.id)));
  for (const r of docs.routes ?? []) for (const s of (r.stops ?? []) as { delivery_point_id?: string }[]) if (s.delivery_point_id) points.add(s.delivery_point_id);
  if (points.size === 0) return;
  const routes = (await getDocs(collection(owner, `${prefix}routes`))).docs.map((d) => fromSnapshot(d)?.doc as StoredRoute | undefined).filter((r) => r !== undefined);
  const readers = allPointRiders(points, routes);
  const batch = writeBatch(owner);
  for (const [id, riders] of readers) {
    if ((await getDoc(doc(owner, `${prefix}delivery_points`, id))).exists()) batch.update(doc(owner, `${prefix}delivery_points`, id), { [POINT_RIDERS_FIELD]: riders });
  }
  await batch.commit();
}

/**
 * The Auth emulator answers the client SDK for one project (its own, GCLOUD_PROJECT): accounts
 * live there, whatever Firestore project a test file uses. Account e-mails must not collide
 * between test files.
 */
export function authProject(): string {
  return process.env.GCLOUD_PROJECT ?? 'demo-cargobici';
}

/** Creates Auth emulator accounts whose uid is the profile's id (as the admin function does). */
export async function createAccounts(users: readonly { id: string; email: string }[], password = PASSWORD): Promise<void> {
  const { auth } = emulatorHosts();
  for (const u of users) {
    const res = await fetch(`http://${auth}/identitytoolkit.googleapis.com/v1/projects/${authProject()}/accounts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: u.id, email: u.email, password }),
    });
    if (!res.ok) throw new Error(`cuenta ${u.email}: ${res.status} ${await res.text()}`);
  }
}

/** The small operation of the server tests, in Firestore and (optionally) with Auth accounts. */
export async function seedSmallOperation(projectId: string, opts: { accounts?: boolean } = {}): Promise<ReturnType<typeof smallOperation>> {
  const op = smallOperation();
  const owner = clientDb(projectId, 'owner');
  await seed(owner, op);
  if (opts.accounts) await createAccounts(op.users);
  return op;
}

/** One field of a stored document, read over Firestore's REST API as the emulator's owner. */
export async function readField(projectId: string, path: string, name: string): Promise<unknown> {
  const res = await fetch(`http://${emulatorHosts().firestore}/v1/projects/${projectId}/databases/(default)/documents/${path}`, { headers: { Authorization: 'Bearer owner' } });
  if (!res.ok) return undefined;
  const stored = (await res.json()) as { fields?: Record<string, Record<string, unknown>> };
  const value = stored.fields?.[name];
  return value ? Object.values(value)[0] : undefined;
}
