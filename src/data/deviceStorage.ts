/**
 * The device's storage (issue 15, part 4). Riders and pickers keep their day's work only on the
 * device until it syncs, so their browsers are asked to make the site's storage persistent (not
 * evicted under storage pressure) when they sign in; `/test` shows use, quota and that state; a
 * write refused because the device is full gets a Spanish message and stores nothing.
 */
import type { SessionUser } from '../backend/types';
import { t } from '../i18n';

/** Roles that work in the field on phones and hub tablets. */
const FIELD_ROLES: ReadonlySet<string> = new Set(['rider', 'operator']);

/** Asks once per sign-in for persistent storage for riders and pickers; resolves with the state (null: not available). */
export async function requestPersistentStorage(user: Pick<SessionUser, 'base_role'>, storage: StorageManager | undefined = globalThis.navigator?.storage): Promise<boolean | null> {
  if (!FIELD_ROLES.has(user.base_role) || !storage?.persist) return null;
  try {
    if (await storage.persisted?.()) return true;
    return await storage.persist();
  } catch {
    return null;
  }
}

export interface StorageReport {
  /** Bytes used by the site, or null when the browser does not say. */
  readonly usage: number | null;
  /** Bytes the site may use, or null when the browser does not say. */
  readonly quota: number | null;
  readonly persisted: boolean | null;
}

export async function storageReport(storage: StorageManager | undefined = globalThis.navigator?.storage): Promise<StorageReport> {
  const estimate = await storage?.estimate?.().catch(() => undefined);
  const persisted = (await storage?.persisted?.().catch(() => null)) ?? null;
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted };
}

/** True when an error (or an error it wraps: Dexie, RxDB, `cause`) is the browser's quota error. */
export function isQuotaError(err: unknown, depth = 0): boolean {
  if (depth > 5 || err === null || typeof err !== 'object') return false;
  const e = err as { name?: unknown; message?: unknown; inner?: unknown; cause?: unknown; parameters?: { error?: unknown } };
  if (e.name === 'QuotaExceededError' || (typeof e.message === 'string' && e.message.includes('QuotaExceededError'))) return true;
  return [e.inner, e.cause, e.parameters?.error].some((inner) => isQuotaError(inner, depth + 1));
}

export class StorageFull extends Error {
  constructor(readonly original: unknown) {
    super(t('deviceStorage.full'));
    this.name = 'StorageFull';
  }
}

/** Runs one local write; a quota error becomes `StorageFull` with its Spanish message. */
export async function localWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw isQuotaError(err) ? new StorageFull(err) : err;
  }
}
