/**
 * The service worker's side of the file upload queue: Background Sync (tag `cb-uploads`) and a
 * `process-uploads` message from the page both run the shared queue (src/data/uploadQueue.ts)
 * with the session's token from cb_app. The page runs the same queue on start, `online` and
 * visibility change, for browsers without Background Sync; uploads are idempotent on the server.
 */
import { appStore } from '../src/data/appStore';
import { UploadQueue } from '../src/data/uploadQueue';
import { SessionManager } from '../src/backend/server/session';

export const UPLOAD_SYNC_TAG = 'cb-uploads';

const queue = new UploadQueue(appStore);
const session = new SessionManager(appStore, '');

/**
 * Uploads due items. `connectionBack`: the browser woke the worker because the network is back
 * (Background Sync), so items waiting for their back-off go at once.
 */
export async function processUploads(opts: { connectionBack?: boolean } = {}): Promise<void> {
  if (opts.connectionBack) await queue.retryNow();
  await queue.process({
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
  });
}
