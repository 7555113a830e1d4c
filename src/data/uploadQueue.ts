/**
 * The file upload queue (signatures, photos). Items are saved locally first and uploaded by the
 * service worker (Background Sync where the browser has it; otherwise on app start, `online`
 * and visibility change). Shared by the page and the service worker. When the connection comes
 * back, waiting items are due at once (`retryNow`), not at the end of their back-off.
 *
 * Rules: retry on network errors, 5xx, 408 and 429 with exponential back-off capped at 64 s;
 * 401 refreshes the token once and retries; any other 4xx parks the item visibly; an item leaves
 * the queue only after a 2xx.
 */
import { t } from '../i18n';
import { WatchedStore } from './listeners';
import type { UploadItem } from './appStore';

export const MAX_BACKOFF_MS = 64_000;
export const BASE_BACKOFF_MS = 1_000;

export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

/** How an upload attempt ended. */
export type UploadOutcome = { kind: 'done' } | { kind: 'retry'; error: string } | { kind: 'auth' } | { kind: 'park'; error: string };

export function outcomeOf(status: number | 'network'): UploadOutcome {
  if (status === 'network') return { kind: 'retry', error: t('data.upload.offline') };
  if (status >= 200 && status < 300) return { kind: 'done' };
  if (status === 401) return { kind: 'auth' };
  // 429: the server's upload rate or daily quota (server/routes/files.ts); the file waits here.
  if (status === 429) return { kind: 'retry', error: t('data.upload.limited') };
  if (status >= 500 || status === 408) return { kind: 'retry', error: t('data.upload.serverError', { status }) };
  if (status === 409) return { kind: 'park', error: t('data.upload.conflict') };
  if (status === 413) return { kind: 'park', error: t('data.upload.tooLarge') };
  if (status === 415) return { kind: 'park', error: t('data.upload.badType') };
  if (status === 403) return { kind: 'park', error: t('data.upload.forbidden') };
  return { kind: 'park', error: t('data.upload.refused', { status }) };
}

export interface UploadDeps {
  /** Sends one item; resolves with the HTTP status, or 'network' when there was no answer. */
  send(item: UploadItem): Promise<number | 'network'>;
  /** Gets a fresh access token after a 401; false when the session is over. */
  refreshAuth(): Promise<boolean>;
  now?: () => number;
}

export class UploadQueue extends WatchedStore {
  private running: Promise<void> | null = null;

  async enqueue(path: string, body: Blob, contentType: string, now = Date.now()): Promise<void> {
    const db = await this.store.db();
    // Write-once: a path already queued keeps its first bytes.
    if (await db.get('uploads', path)) return;
    await db.put('uploads', { path, body, contentType, createdAt: now, attempts: 0, nextAt: now, state: 'queued', error: '' });
    this.emit();
  }

  async items(): Promise<UploadItem[]> {
    return (await this.store.db()).getAll('uploads');
  }

  async get(path: string): Promise<UploadItem | undefined> {
    return (await this.store.db()).get('uploads', path);
  }

  /** Puts parked items back in the queue (after the user fixed the cause, e.g. signed in again). */
  async retryParked(): Promise<void> {
    const db = await this.store.db();
    for (const item of await db.getAll('uploads')) {
      if (item.state === 'parked') await db.put('uploads', { ...item, state: 'queued', nextAt: 0, error: '' });
    }
    this.emit();
  }

  /**
   * The connection is back: queued items are due now instead of at the end of their back-off
   * (up to 64 s). Attempts are kept, so a server that still fails backs off as before.
   */
  async retryNow(now = Date.now()): Promise<void> {
    const db = await this.store.db();
    let changed = false;
    for (const item of await db.getAll('uploads')) {
      if (item.state === 'queued' && item.nextAt > now) {
        await db.put('uploads', { ...item, nextAt: now });
        changed = true;
      }
    }
    if (changed) this.emit();
  }

  /** Uploads every due item once; concurrent calls share one run. Returns ms until the next due retry, or null. */
  process(deps: UploadDeps): Promise<void> {
    this.running ??= this.run(deps).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Epoch ms of the next retry of a queued item, or null when nothing waits. */
  async nextDue(): Promise<number | null> {
    const queued = (await this.items()).filter((i) => i.state === 'queued');
    return queued.length === 0 ? null : Math.min(...queued.map((i) => i.nextAt));
  }

  private async run(deps: UploadDeps): Promise<void> {
    const now = deps.now ?? Date.now;
    const db = await this.store.db();
    for (const item of await db.getAll('uploads')) {
      if (item.state !== 'queued' || item.nextAt > now()) continue;
      let outcome = outcomeOf(await deps.send(item));
      if (outcome.kind === 'auth') {
        outcome = (await deps.refreshAuth())
          ? outcomeOf(await deps.send(item))
          : { kind: 'park', error: t('data.upload.sessionExpired') };
        if (outcome.kind === 'auth') outcome = { kind: 'park', error: t('data.upload.sessionExpired') };
      }
      if (outcome.kind === 'done') {
        await db.delete('uploads', item.path);
      } else if (outcome.kind === 'retry') {
        const attempts = item.attempts + 1;
        await db.put('uploads', { ...item, attempts, nextAt: now() + backoffMs(attempts), error: outcome.error });
      } else if (outcome.kind === 'park') {
        await db.put('uploads', { ...item, attempts: item.attempts + 1, state: 'parked', error: outcome.error });
      }
      this.emit();
    }
  }
}
