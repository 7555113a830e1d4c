/**
 * The sync status every tab shows: online/offline, local changes not yet on the server, files
 * waiting to upload, time of the last successful sync, the last error in plain Spanish and the
 * notices of changes the server did not keep (./syncNotices.ts). The
 * leader tab (the one that replicates) computes it and broadcasts it to the other tabs.
 */
import { BehaviorSubject, type Observable } from 'rxjs';
import type { SyncNotice } from './syncNotices';

export type SyncState = 'offline' | 'syncing' | 'synced' | 'error' | 'idle';

export interface SyncStatus {
  readonly online: boolean;
  readonly state: SyncState;
  /** Local changes the server has not acknowledged. */
  readonly pending: number;
  readonly uploadsQueued: number;
  readonly uploadsParked: number;
  /** Epoch ms of the last time everything was in sync, or null. */
  readonly lastSyncAt: number | null;
  readonly error: string | null;
  /** This tab runs the replication. */
  readonly leader: boolean;
  /** Changes of this device the server did not keep, until the person dismisses them. */
  readonly notices: readonly SyncNotice[];
}

export const INITIAL_STATUS: SyncStatus = {
  online: true,
  state: 'idle',
  pending: 0,
  uploadsQueued: 0,
  uploadsParked: 0,
  lastSyncAt: null,
  error: null,
  leader: false,
  notices: [],
};

/**
 * True while this user's first complete sync on this device has not finished: local queries
 * may still be missing what the server holds, so a screen says it is waiting instead of showing
 * a confident 0. Without an engine (signed out) nothing is awaited.
 */
export function awaitingFirstSync(status: Pick<SyncStatus, 'lastSyncAt'> | null): boolean {
  return status !== null && status.lastSyncAt === null;
}

const CHANNEL = 'cb-sync-status';
const ASK = 'cb-sync-status?';

/** Holds the status of this tab and exchanges it with the other tabs of the same browser. */
export class SyncStatusHub {
  private readonly subject = new BehaviorSubject<SyncStatus>(INITIAL_STATUS);
  private readonly channel: BroadcastChannel | null;
  private closed = false;

  constructor() {
    this.channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    if (this.channel) {
      this.channel.onmessage = (e: MessageEvent<SyncStatus | typeof ASK>) => {
        if (e.data === ASK) {
          // A tab opened later asks for the status instead of waiting for the next change.
          if (this.subject.value.leader) this.channel?.postMessage(this.subject.value);
          return;
        }
        // Followers take the leader's view, keeping their own idea of being followers.
        if (!this.subject.value.leader) this.subject.next({ ...e.data, leader: false });
      };
    }
  }

  get status$(): Observable<SyncStatus> {
    return this.subject.asObservable();
  }

  get value(): SyncStatus {
    return this.subject.value;
  }

  /** A follower asks the leader for its status now (a tab opened later, or after start-up). */
  askLeader(): void {
    if (!this.closed && !this.subject.value.leader) this.channel?.postMessage(ASK);
  }

  update(patch: Partial<SyncStatus>): void {
    // A sync round may still finish after the engine stopped (sign-out, tests): nothing to tell.
    if (this.closed) return;
    const next = { ...this.subject.value, ...patch };
    this.subject.next(next);
    if (next.leader) this.channel?.postMessage(next);
  }

  close(): void {
    this.closed = true;
    this.channel?.close();
    this.subject.complete();
  }
}
