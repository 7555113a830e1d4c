/**
 * The Firebase implementation of the backend seam: Firestore (sync), Firebase Auth (sign-in),
 * Cloud Storage (files). Loaded only when the app is built with VITE_BACKEND=firebase: import it
 * dynamically (`await import('./backend/firebase')`), so the Firebase SDK stays out of the default
 * bundle (src/backend/load.ts does).
 */
import { NEVER } from 'rxjs';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { browserLocalPersistence, browserSessionPersistence, connectAuthEmulator, indexedDBLocalPersistence, initializeAuth, inMemoryPersistence, type Auth } from 'firebase/auth';
import { collection, connectFirestoreEmulator, getDocsFromServer, initializeFirestore, limit, memoryLocalCache, orderBy, query, terminate, type Firestore } from 'firebase/firestore';
import type { FirebaseSettings } from '../config';
import { CONFLICTS_COLLECTION } from '../../domain/access/firestoreRules';
import { memoryStorage } from '../storedSession';
import { BackendError, type AdminBackend, type ApiKeyInfo, type Backend, type BackendStorage, type ConflictEntry, type Session } from '../types';

const trackingUnavailable = () => new BackendError('unavailable', 'El seguimiento en directo solo funciona con el servidor propio, no con Firebase', 501);
const notifyUnavailable = () => new BackendError('unavailable', 'Los avisos, el seguimiento y los webhooks solo funcionan con el servidor propio, no con Firebase', 501);
const proofLinksUnavailable = () =>
  new BackendError('unavailable', 'Los enlaces públicos de albarán solo funcionan con el servidor propio, no con Firebase', 501);
import { FirebaseAuthBackend } from './auth';
import { backendErrorOf, micros } from './docs';
import { FirebaseFileTransport } from './files';
import { FirebaseSession } from './session';
import { FirestoreSyncTransport, type FirestoreTransportOptions } from './transport';

export { FirestoreSyncTransport } from './transport';
export { FirebaseAuthBackend } from './auth';
export { FirebaseFileTransport } from './files';
export { FirebaseSession } from './session';

export interface FirebaseBackend extends Backend {
  readonly kind: 'firebase';
  readonly app: FirebaseApp;
  readonly firestore: Firestore;
  readonly firebaseAuth: Auth;
  readonly auth: FirebaseAuthBackend;
  readonly sync: FirestoreSyncTransport;
  readonly files: FirebaseFileTransport;
  readonly session: FirebaseSession;
  /** The signed-in session, kept in step with Firebase Auth (tokens refresh by themselves). */
  current(): Session | null;
  close(): Promise<void>;
}

export interface FirebaseBackendOptions {
  /** Name of the Firebase app instance (several devices in one test process). */
  readonly name?: string;
  /** Keep the Auth session in memory only (Node); the browser default is IndexedDB. */
  readonly memoryAuth?: boolean;
  readonly fetchImpl?: typeof fetch;
  /** Where the session is kept on the device (the app's cb_app store; default: memory). */
  readonly storage?: BackendStorage;
  readonly transport?: Partial<Pick<FirestoreTransportOptions, 'pushChunk' | 'retryMs' | 'afterPushRead'>>;
}

export async function createFirebaseBackend(settings: FirebaseSettings, opts: FirebaseBackendOptions = {}): Promise<FirebaseBackend> {
  const app = initializeApp(
    { apiKey: settings.apiKey, authDomain: settings.authDomain, projectId: settings.projectId, storageBucket: settings.storageBucket, appId: settings.appId },
    opts.name ?? '[DEFAULT]',
  );
  // RxDB is the offline store: Firestore keeps only a memory cache and every read goes to the server.
  const firestore = initializeFirestore(app, { localCache: memoryLocalCache(), ignoreUndefinedProperties: true });
  if (settings.firestoreEmulator) {
    const [host, port] = settings.firestoreEmulator.split(/:(?=\d+$)/) as [string, string];
    connectFirestoreEmulator(firestore, host, Number(port));
  }
  // Email and password only: no popup/redirect resolver (what getAuth() adds), so the SDK never
  // loads Google's sign-in iframe and script — mobile browsers would load them at start-up, and
  // the hosting's Content-Security-Policy refuses them (docs/firebase.md, «Hosting headers»).
  const firebaseAuth = initializeAuth(app, {
    persistence: opts.memoryAuth ? inMemoryPersistence : [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
  });
  if (settings.authEmulator) connectAuthEmulator(firebaseAuth, `http://${settings.authEmulator}`, { disableWarnings: true });

  const prefix = settings.prefix;
  const session = new FirebaseSession(opts.storage ?? memoryStorage());
  const auth = new FirebaseAuthBackend({
    onSession: (s, reason) => session.set(s, reason),
    auth: firebaseAuth,
    users: collection(firestore, `${prefix}users`),
    catalog: collection(firestore, `${prefix}catalog`),
    functionsUrl: settings.functionsUrl,
    fetchImpl: opts.fetchImpl,
  });
  session.attach(auth);
  /**
   * The signed-in user: the one of this page's sign-in or last refresh, or else — after a page
   * load, when Firebase Auth restored its user from its own persistence and nobody has signed in
   * or refreshed yet — the stored session's, if it names that same Firebase user. (Reading only
   * the sign-in's left the replication «signed out» after every reload: issue 14.)
   */
  const user = () => {
    const signedIn = auth.current()?.user;
    if (signedIn) return signedIn;
    const stored = session.current()?.user;
    return stored && firebaseAuth.currentUser?.uid === stored.id ? stored : null;
  };

  const sync = new FirestoreSyncTransport({
    db: firestore,
    prefix,
    // Auth's user restored from its persistence, and the stored session read from the device.
    authReady: async () => {
      await firebaseAuth.authStateReady();
      await session.load();
    },
    user: () => {
      const u = user();
      return u ? { id: u.id, role: u.base_role } : null;
    },
    ...opts.transport,
  });
  const files = new FirebaseFileTransport({
    bucket: settings.storageBucket,
    baseUrl: settings.storageUrl,
    token: async () => (firebaseAuth.currentUser ? firebaseAuth.currentUser.getIdToken() : null),
    userId: () => firebaseAuth.currentUser?.uid ?? null,
    fetchImpl: opts.fetchImpl,
  });
  const admin: AdminBackend = {
    async conflicts(): Promise<ConflictEntry[]> {
      if (!user()) throw new BackendError('signed_out', 'No has iniciado sesión', 401);
      try {
        const snap = await getDocsFromServer(query(sync.col(CONFLICTS_COLLECTION), orderBy('at', 'desc'), limit(200)));
        return snap.docs.map((d) => {
          const e = d.data();
          const at = e.at && typeof e.at === 'object' && 'seconds' in e.at ? Math.floor(micros(e.at as never) / 1000) : 0;
          return {
            seq: at,
            at,
            collection: String(e.collection ?? ''),
            doc_id: String(e.doc_id ?? ''),
            user_id: String(e.user_id ?? ''),
            fields: Array.isArray(e.fields) ? e.fields.map(String) : [],
            local: (e.local ?? {}) as Record<string, unknown>,
            server: (e.server ?? {}) as Record<string, unknown>,
          };
        });
      } catch (err) {
        throw backendErrorOf(err);
      }
    },
    // The clients' order API and its keys are the HTTP function's (functions/src/orders.ts).
    listApiKeys: () => auth.callFunction<ApiKeyInfo[]>('/api/admin/api-keys'),
    createApiKey: (input) => auth.callFunction<{ id: string; key: string }>('/api/admin/api-keys', { method: 'POST', body: input }),
    revokeApiKey: (id) => auth.callFunction<ApiKeyInfo>(`/api/admin/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  };

  return {
    kind: 'firebase',
    app,
    firestore,
    firebaseAuth,
    session,
    auth,
    sync,
    files,
    admin,
    // The client's public link needs a server that answers one order to a token holder without
    // an account: Firestore's rules cannot, so the links live only in the embedded server.
    proof: {
      createLink: () => Promise.reject(proofLinksUnavailable()),
      revokeLinks: () => Promise.reject(proofLinksUnavailable()),
      publicProof: () => Promise.reject(proofLinksUnavailable()),
    },
    // Notices and webhooks run from a function beside Firestore (docs/firebase.md, «Notices and
    // webhooks»); their screens and the receiver's page need the embedded server for now.
    notify: {
      publicTracking: () => Promise.reject(notifyUnavailable()),
      createTrackingLink: () => Promise.reject(notifyUnavailable()),
      orderNotices: () => Promise.reject(notifyUnavailable()),
      saveContact: () => Promise.reject(notifyUnavailable()),
      saveClientOptOut: () => Promise.reject(notifyUnavailable()),
      listWebhooks: () => Promise.reject(notifyUnavailable()),
      createWebhook: () => Promise.reject(notifyUnavailable()),
      editWebhook: () => Promise.reject(notifyUnavailable()),
      deleteWebhook: () => Promise.reject(notifyUnavailable()),
      webhookEvents: () => Promise.reject(notifyUnavailable()),
      resendEvent: () => Promise.reject(notifyUnavailable()),
    },
    // Travel times: the HTTP function asks the OSRM service (OSRM_URL) for the board.
    routing: {
      status: () => auth.callFunction<{ osrm: boolean }>('/api/routing/status'),
      table: (request) => auth.callFunction<unknown>('/api/routing/table', { method: 'POST', body: request }),
    },
    // Live tracking (issue 33) runs on the embedded server; on Firebase the positions would go to
    // Firestore by a function (docs/firebase.md, «What runs where»), not built yet: phones record
    // nothing and the office sees «sin posición».
    tracking: {
      available: false,
      sendPositions: () => Promise.reject(trackingUnavailable()),
      latestPositions: () => Promise.resolve([]),
      livePositions: () => NEVER,
    },
    current: () => auth.current(),
    async close() {
      await terminate(firestore);
      await deleteApp(app);
    },
  };
}
