/**
 * The backend seam (docs/architecture.md §2). Everything above it (screens, domain, local database) is the
 * same whether the app talks to the embedded server (`server/`, the default) or to Firebase.
 * Shaped after RxDB's replication protocol: pull by checkpoint, push with conflicts, one change
 * stream for all collections.
 */
import type { TravelTableRequest } from '../domain/routing/travelTable';
import type { Observable } from 'rxjs';
import type { InterfaceGroup, SystemRole } from '../domain/access/groups';
import type { LocalCollection } from '../domain/collections';
import type { Checkpoint, MasterState, PullPage, PushRow, StreamEvent } from '../domain/sync/protocol';

import type { Report, ReportFilters, ReportPeriod } from '../domain/reports/reportTypes';
import type { FigureRef } from '../domain/reports/figures';
import type { ProofLink, PublicProof } from '../domain/proof';
import type { PositionBatch, PositionBatchAnswer, RoutePosition } from '../domain/tracking/positions';
import type { NewWebhook, NoticeContact, OrderNotices, PublicTracking, TrackingLink, WebhookEdit, WebhookEventInfo, WebhookInfo } from '../domain/notify';

/** The protocol's shapes (src/domain/sync/protocol.ts), as the seam's transports speak them. */
export type { Checkpoint, MasterState, PullPage, PushRow, StreamEvent, SyncDoc } from '../domain/sync/protocol';

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
  /** His home hub (0: none): where his screens start. */
  readonly hub: number;
  /**
   * The hubs he writes in (issue 29, finding 6). Absent in a session stored before it: his home
   * hub stands in until the next sign-in or refresh (as the users migration 1 does).
   */
  readonly hubs?: readonly number[];
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

/** A non-2xx answer of our backend as a BackendError: its `{ error, message }` body, else the status. */
export async function errorOf(res: Response): Promise<BackendError> {
  let code = 'http_error';
  let message = `El servidor respondió ${res.status}`;
  try {
    const body = (await res.json()) as { error?: unknown; message?: unknown };
    if (typeof body.error === 'string') code = body.error;
    if (typeof body.message === 'string') message = body.message;
  } catch {
    // not JSON: keep the generic message
  }
  return new BackendError(code, message, res.status);
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

/**
 * What a backend keeps on the device: a small key-value store (the data layer hands in its
 * cb_app store, shared with the service worker). The backend stores its session there.
 */
export interface BackendStorage {
  kvGet<T>(key: string): Promise<T | undefined>;
  kvSet(key: string, value: unknown): Promise<void>;
  kvDelete(key: string): Promise<void>;
}

export type SessionReason = 'signed-in' | 'refreshed' | 'signed-out' | 'expired';
export type SessionListener = (session: Session | null, reason: SessionReason) => void;

/**
 * The session of this device as the backend keeps it (in its BackendStorage): loaded at
 * start-up, replaced by `auth.login`, refreshed before the tokens expire.
 */
export interface BackendSession {
  /** Loads the stored session once (a signed-in user reopening the app, offline too). */
  load(): Promise<void>;
  current(): Session | null;
  /** Replaces (or with null forgets) the session on this device. */
  set(session: Session | null, reason: SessionReason): Promise<void>;
  /**
   * New tokens now. Resolves null when the backend refuses them (the session is over:
   * listeners hear 'expired'); rejects with a BackendError on a network failure.
   */
  refresh(): Promise<Session | null>;
  onChange(listener: SessionListener): () => void;
}

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

/** Proof of delivery (issue 13): the client's public link to one order's proof. */
export interface ProofBackend {
  /** Makes a public link to an order's proof (operators and admins). */
  createLink(orderId: string): Promise<ProofLink>;
  /** Revokes every live public link of an order before its expiry (operators and admins); how many. */
  revokeLinks(orderId: string): Promise<{ revoked: number }>;
  /** The proof a public link opens (no session needed). */
  publicProof(token: string): Promise<PublicProof>;
}

/**
 * Receivers' notices, tracking links and clients' webhooks (issue 33): online only, on the
 * embedded server (server/routes/notify.ts).
 */
export interface NotifyBackend {
  /** The order's tracking a public link opens (no session needed). */
  publicTracking(token: string): Promise<PublicTracking>;
  /** Makes a tracking link of an order (operators and admins). */
  createTrackingLink(orderId: string): Promise<TrackingLink>;
  /** The order's notices, its point's contact for notices and its client's opt-out. */
  orderNotices(orderId: string): Promise<OrderNotices>;
  saveContact(pointId: string, contact: NoticeContact): Promise<NoticeContact>;
  saveClientOptOut(clientId: string, optedOut: boolean): Promise<{ id: string; opted_out: boolean }>;
  listWebhooks(): Promise<WebhookInfo[]>;
  createWebhook(input: NewWebhook): Promise<WebhookInfo>;
  editWebhook(id: string, edit: WebhookEdit): Promise<WebhookInfo>;
  deleteWebhook(id: string): Promise<{ deleted: boolean }>;
  webhookEvents(id: string): Promise<WebhookEventInfo[]>;
  resendEvent(id: string, eventId: string): Promise<{ resent: string }>;
}

/**
 * Travel times for the planning board (issue 11): the backend asks the OSRM-compatible service
 * configured for it (src/domain/routing/travelTable.ts); operators and admins only.
 */
export interface RoutingBackend {
  /** Whether a service is configured (false: the board uses the offline estimate). */
  status(): Promise<{ osrm: boolean }>;
  /** One block of OSRM's `table` (its JSON answer, validated by the optimiser). */
  table(request: TravelTableRequest): Promise<unknown>;
}

/**
 * Live tracking (issue 33): a rider's phone sends its recorded positions; the office reads the
 * latest position of every route in progress and hears new ones as they arrive.
 */
export interface TrackingBackend {
  /** Whether this backend takes positions (false: phones record none, the office sees «sin posición»). */
  readonly available: boolean;
  /** Sends a batch of samples (idempotent: a batch sent again stores nothing twice). */
  sendPositions(batch: PositionBatch): Promise<PositionBatchAnswer>;
  /** The latest position of every route in progress (operators and admins). */
  latestPositions(): Promise<RoutePosition[]>;
  /** New latest positions as they arrive (keeps the change stream open while subscribed). */
  livePositions(): Observable<RoutePosition[]>;
}

/**
 * Reports over the server's data (issue 34, server/routes/reports.ts): for periods older than
 * what the device holds; operators their hubs only. Online only.
 */
export interface ReportsBackend {
  /** The report's counts over the server's data, and the names of the people in it. */
  report(period: ReportPeriod, filters: ReportFilters): Promise<{ report: Report; users: { id: string; name: string }[] }>;
  /** The orders behind one figure of that report. */
  orderIds(period: ReportPeriod, filters: ReportFilters, figure: FigureRef): Promise<string[]>;
}

export interface Backend {
  readonly kind: 'server' | 'firebase';
  /** Reports over the server's data; absent on Firebase (no server: the device's data only). */
  readonly reports?: ReportsBackend;
  readonly session: BackendSession;
  readonly auth: AuthBackend;
  readonly sync: SyncTransport;
  readonly files: FileTransport;
  readonly admin: AdminBackend;
  readonly proof: ProofBackend;
  readonly routing: RoutingBackend;
  readonly tracking: TrackingBackend;
  readonly notify: NotifyBackend;
}
