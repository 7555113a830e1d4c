/// <reference types="vite/client" />
/**
 * The service worker's side of the file upload queue: Background Sync (tag `cb-uploads`) and a
 * `process-uploads` message from the page both run the shared queue (src/data/uploadQueue.ts)
 * with the session's token from cb_app. The page runs the same queue on start, `online` and
 * visibility change, for browsers without Background Sync; uploads are idempotent on the server.
 *
 * Which backend: the one the app was built for (VITE_BACKEND, src/backend/config.ts). With the
 * embedded server the worker PUTs to /api/files and can refresh the session itself; with Firebase
 * it uploads to Cloud Storage with the stored Firebase ID token. The worker cannot renew a
 * Firebase token (only Firebase Auth in the page can): while the stored one is expired or missing,
 * the item stays queued (a 'network' outcome, not a parked one) for the page to upload.
 */
import { appStore } from '../src/data/appStore';
import { UploadQueue, type UploadDeps } from '../src/data/uploadQueue';
import { SessionManager } from '../src/backend/server/session';
import { SESSION_KEY } from '../src/backend/storedSession';
import { FirebaseFileTransport } from '../src/backend/firebase/files';
import { BackendError, type Session } from '../src/backend/types';

export const UPLOAD_SYNC_TAG = 'cb-uploads';

const queue = new UploadQueue(appStore);

type Sender = Pick<UploadDeps, 'send' | 'refreshAuth'>;

function serverSender(): Sender {
  const session = new SessionManager(appStore, '');
  return {
    send: async (item) => {
      const token = await session.accessToken().catch(() => null);
      if (!token) return 401;
      try {
        const res = await fetch(`/api/files/${item.path}`, {
          method: 'PUT',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': item.contentType },
          body: item.body,
        });
        return res.status;
      } catch {
        return 'network';
      }
    },
    refreshAuth: async () => (await session.refresh().catch(() => null)) !== null,
  };
}

function firebaseSender(bucket: string, storageUrl: string | undefined): Sender {
  const stored = () => appStore.kvGet<Session>(SESSION_KEY);
  let uploader: string | null = null;
  const files = new FirebaseFileTransport({
    bucket,
    baseUrl: storageUrl,
    token: async () => {
      const s = await stored();
      return s && s.expiresAt > Date.now() ? s.accessToken : null;
    },
    userId: () => uploader,
  });
  return {
    send: async (item) => {
      const s = await stored();
      if (!s || s.expiresAt <= Date.now()) return 'network';
      uploader = s.user.id;
      try {
        await files.upload(item.path, item.body, item.contentType);
        return 200;
      } catch (err) {
        return err instanceof BackendError && !err.isNetwork ? err.status : 'network';
      }
    },
    refreshAuth: () => Promise.resolve(false),
  };
}

// A build-time constant (as in src/backend/load.ts): the default build drops the Firebase sender.
const sender =
  import.meta.env.VITE_BACKEND === 'firebase'
    ? firebaseSender(String(import.meta.env.VITE_FIREBASE_STORAGE_BUCKET ?? ''), (import.meta.env.VITE_FIREBASE_STORAGE_URL as string | undefined) || undefined)
    : serverSender();

/**
 * Uploads due items. `connectionBack`: the browser woke the worker because the network is back
 * (Background Sync), so items waiting for their back-off go at once.
 */
export async function processUploads(opts: { connectionBack?: boolean } = {}): Promise<void> {
  if (opts.connectionBack) await queue.retryNow();
  await queue.process(sender);
}
