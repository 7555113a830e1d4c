/**
 * The backend seam (docs/architecture.md §2). Everything above it (screens, domain, local database) is the
 * same whether the app talks to the embedded server (`server/`, the default) or to Firebase.
 * Shaped after RxDB's replication protocol: pull by checkpoint, push with conflicts, one change
 * stream for all collections.
 */
import type { Observable } from 'rxjs';
import type { InterfaceGroup, SystemRole } from '../domain/access/groups';
import type { LocalCollection } from '../domain/collections';

/** The signed-in user as the backend describes him. */
export interface SessionUser {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  /** Role id (a catalog role). */
  readonly role: string;
  /** System role whose data rights the role has. */
  readonly base_role: SystemRole;
  readonly groups: readonly InterfaceGroup[];
  readonly hub: number;
}

export interface Session {
  readonly accessToken: string;
  readonly refreshToken: string;
  /** Epoch ms when the access token stops being valid. */
  readonly expiresAt: number;
  readonly user: SessionUser;
}

/** A backend failure with a Spanish message for people and a stable code for code. */
export class BackendError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 0,
  ) {
    super(message);
    this.name = 'BackendError';
  }
  /** No answer at all (offline, server down, timeout). */
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

export interface AuthBackend {
  login(email: string, password: string): Promise<Session>;
  /** New tokens from the refresh token (throws BackendError 401 when the session is over). */
  refresh(session: Session): Promise<Session>;
  logout(session: Session): Promise<void>;
  requestPasswordReset(email: string): Promise<string>;
  resetPassword(token: string, password: string): Promise<void>;
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
  /** Checks the signed-in user's password (inactivity lock). */
  verifyPassword(password: string): Promise<boolean>;
  /** users-admin: sets the initial password of a user. */
  setUserPassword(userId: string, password: string): Promise<void>;
}

export interface Checkpoint {
  readonly seq: number;
}

export type SyncDoc = Record<string, unknown> & { id: string; _deleted: boolean };

export interface PullPage {
  readonly documents: SyncDoc[];
  readonly checkpoint: Checkpoint;
}

export interface PushRow {
  readonly assumedMasterState?: Record<string, unknown> | null;
  readonly newDocumentState: Record<string, unknown>;
  /**
   * This device's earlier pushed states of the document whose answer never arrived, newest
   * last (src/data/pushLedger.ts). The server takes its current state as the base when it is
   * one of them (the device's own write, not someone else's). Optional.
   */
  readonly unansweredStates?: readonly Record<string, unknown>[];
}

/** A master state sent back by a push; `_refused` says why a write was not stored. */
export type MasterState = SyncDoc & { _refused?: string };

export type StreamEvent =
  | { readonly type: 'resync' }
  | { readonly type: 'change'; readonly collection: LocalCollection; readonly documents: SyncDoc[]; readonly checkpoint: Checkpoint };

export interface SyncTransport {
  pull(collection: LocalCollection, checkpoint: Checkpoint | null, limit: number): Promise<PullPage>;
  push(collection: LocalCollection, rows: readonly PushRow[]): Promise<MasterState[]>;
  /** One change stream for every collection; emits `resync` whenever it (re)connects. */
  stream(): Observable<StreamEvent>;
}

export interface FileTransport {
  /** Uploads bytes (write-once); resolves on 2xx, rejects with BackendError otherwise. */
  upload(path: string, body: Blob, contentType: string): Promise<void>;
  /** Loads a stored file (signatures and photos on record screens). */
  fetch(path: string): Promise<Blob>;
}

/** A field both a device and the server changed; the server's value was kept. */
export interface ConflictEntry {
  readonly seq: number;
  readonly at: number;
  readonly collection: string;
  readonly doc_id: string;
  readonly user_id: string;
  readonly fields: string[];
  readonly local: Record<string, unknown>;
  readonly server: Record<string, unknown>;
}

/** A client's order-API key as the admins see it (never the secret). */
export interface ApiKeyInfo {
  readonly id: string;
  readonly client: string;
  readonly name: string;
  readonly created_at: number;
  readonly created_by: string;
  readonly expires_at: number;
  readonly last_used_at: number | null;
  readonly revoked_at: number | null;
}

/** What an admin sends to create a key (`expires_at`: last valid day, YYYY-MM-DD, Madrid). */
export interface NewApiKey {
  readonly client: 'pascual' | 'bimbo';
  readonly name: string;
  readonly expires_at?: string;
}

export interface AdminBackend {
  /** The sync conflict log (machine-admin). */
  conflicts(): Promise<ConflictEntry[]>;
  /** The clients' order-API keys (machine-admin). */
  listApiKeys(): Promise<ApiKeyInfo[]>;
  /** Creates a key; the answer holds the secret, shown only this once. */
  createApiKey(input: NewApiKey): Promise<{ id: string; key: string }>;
  /** Revokes a key at once. */
  revokeApiKey(id: string): Promise<ApiKeyInfo>;
}

export interface Backend {
  readonly kind: 'server' | 'firebase';
  readonly auth: AuthBackend;
  readonly sync: SyncTransport;
  readonly files: FileTransport;
  readonly admin: AdminBackend;
}
