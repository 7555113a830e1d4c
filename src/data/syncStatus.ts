/**
 * The sync status every tab shows: online/offline, local changes not yet on the server, files
 * waiting to upload, time of the last successful sync, and the last error in plain Spanish. The
 * leader tab (the one that replicates) computes it and broadcasts it to the other tabs.
 */
import { BehaviorSubject, type Observable } from 'rxjs';

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
};

const CHANNEL = 'cb-sync-status';

/** Holds the status of this tab and exchanges it with the other tabs of the same browser. */
export class SyncStatusHub {
  private readonly subject = new BehaviorSubject<SyncStatus>(INITIAL_STATUS);
  private readonly channel: BroadcastChannel | null;

  constructor() {
    this.channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    if (this.channel) {
      this.channel.onmessage = (e: MessageEvent<SyncStatus>) => {
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

  update(patch: Partial<SyncStatus>): void {
    const next = { ...this.subject.value, ...patch };
    this.subject.next(next);
    if (next.leader) this.channel?.postMessage(next);
  }

  close(): void {
    this.channel?.close();
    this.subject.complete();
  }
}
