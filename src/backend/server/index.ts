/** The embedded-server implementation of the backend seam (the default). */
import { BackendError, errorOf, type AdminBackend, type ApiKeyInfo, type AuthBackend, type Backend, type BackendStorage, type ConflictEntry, type FileTransport, type ProofBackend, type RoutingBackend, type NotifyBackend, type Session, type TrackingBackend, type ReportsBackend } from '../types';
import { Observable } from 'rxjs';
import type { ProofLink, PublicProof } from '../../domain/proof';
import type { PositionBatchAnswer, RoutePosition } from '../../domain/tracking/positions';
import type { NoticeContact, OrderNotices, PublicTracking, TrackingLink, WebhookEventInfo, WebhookInfo } from '../../domain/notify';
import type { ReportFilters, ReportPeriod } from '../../domain/reports/reportTypes';
import { Http } from './http';
import { sessionFromResponse, SessionManager, type LoginResponse } from './session';
import { ServerSyncTransport, type StreamOptions } from './transport';

export interface ServerBackendOptions {
  /** Origin of the server ('' = the page's own origin). */
  readonly baseUrl?: string;
  /** Where the session is kept on the device (the app's cb_app store). */
  readonly store: BackendStorage;
  readonly fetchImpl?: typeof fetch;
  readonly stream?: StreamOptions;
}

export interface ServerBackend extends Backend {
  readonly session: SessionManager;
  readonly http: Http;
}

export function createServerBackend(opts: ServerBackendOptions): ServerBackend {
  const baseUrl = opts.baseUrl ?? '';
  const fetchImpl = opts.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const session = new SessionManager(opts.store, baseUrl, fetchImpl);
  const http = new Http(baseUrl, session, fetchImpl);

  const auth: AuthBackend = {
    async login(email, password) {
      const res = await http.send('/api/auth/login', { method: 'POST', body: { email, password }, auth: false });
      if (!res.ok) throw await errorOf(res);
      const s = sessionFromResponse((await res.json()) as LoginResponse);
      await session.set(s, 'signed-in');
      return s;
    },
    async refresh(current: Session) {
      if (session.current()?.refreshToken !== current.refreshToken) await session.set(current, 'refreshed');
      const next = await session.refresh();
      if (!next) throw new BackendError('session_expired', 'La sesión ha caducado: vuelve a iniciar sesión', 401);
      return next;
    },
    async logout(current: Session) {
      try {
        await http.send('/api/auth/logout', { method: 'POST', body: { refreshToken: current.refreshToken }, auth: false });
      } finally {
        await session.set(null, 'signed-out');
      }
    },
    async requestPasswordReset(email) {
      const res = await http.send('/api/auth/reset-request', { method: 'POST', body: { email }, auth: false });
      if (!res.ok) throw await errorOf(res);
      return ((await res.json()) as { message: string }).message;
    },
    async resetPassword(token, password) {
      const res = await http.send('/api/auth/reset', { method: 'POST', body: { token, password }, auth: false });
      if (!res.ok) throw await errorOf(res);
    },
    async changePassword(currentPassword, newPassword) {
      await http.json('/api/auth/password', { method: 'POST', body: { currentPassword, newPassword } });
    },
    async verifyPassword(password) {
      const res = await http.send('/api/auth/verify', { method: 'POST', body: { password } });
      if (res.status === 204) return true;
      if (res.status === 401) return false;
      throw await errorOf(res);
    },
    async setUserPassword(userId, password) {
      await http.json('/api/auth/admin/password', { method: 'POST', body: { userId, password } });
    },
  };

  const files: FileTransport = {
    async upload(path, body, contentType) {
      const res = await http.send(`/api/files/${path}`, { method: 'PUT', raw: body, headers: { 'Content-Type': contentType } });
      if (!res.ok) throw await errorOf(res);
    },
    async fetch(path) {
      const res = await http.send(`/api/files/${path}`);
      if (!res.ok) throw await errorOf(res);
      return res.blob();
    },
  };

  const admin: AdminBackend = {
    conflicts: () => http.json<ConflictEntry[]>('/api/admin/conflicts'),
    listApiKeys: () => http.json<ApiKeyInfo[]>('/api/admin/api-keys'),
    createApiKey: (input) => http.json<{ id: string; key: string }>('/api/admin/api-keys', { method: 'POST', body: input }),
    revokeApiKey: (id) => http.json<ApiKeyInfo>(`/api/admin/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  };

  const proof: ProofBackend = {
    createLink: (orderId) => http.json<ProofLink>('/api/proof-links', { method: 'POST', body: { order_id: orderId } }),
    revokeLinks: (orderId) => http.json<{ revoked: number }>('/api/proof-links/revoke', { method: 'POST', body: { order_id: orderId } }),
    // The client's link needs no session: the token is its key.
    publicProof: (token) => http.json<PublicProof>(`/api/public/proof/${encodeURIComponent(token)}`, { auth: false }),
  };

  const enc = encodeURIComponent;
  const notify: NotifyBackend = {
    // The receiver's link needs no session: the token is its key.
    publicTracking: (token) => http.json<PublicTracking>(`/api/public/tracking/${enc(token)}`, { auth: false }),
    createTrackingLink: (orderId) => http.json<TrackingLink>('/api/tracking-links', { method: 'POST', body: { order_id: orderId } }),
    orderNotices: (orderId) => http.json<OrderNotices>(`/api/notify/orders/${enc(orderId)}`),
    saveContact: (pointId, contact) => http.json<NoticeContact>(`/api/notify/points/${enc(pointId)}`, { method: 'PUT', body: contact }),
    saveClientOptOut: (clientId, optedOut) => http.json<{ id: string; opted_out: boolean }>(`/api/notify/clients/${enc(clientId)}`, { method: 'PUT', body: { opted_out: optedOut } }),
    listWebhooks: () => http.json<WebhookInfo[]>('/api/admin/webhooks'),
    createWebhook: (input) => http.json<WebhookInfo>('/api/admin/webhooks', { method: 'POST', body: input }),
    editWebhook: (id, edit) => http.json<WebhookInfo>(`/api/admin/webhooks/${enc(id)}`, { method: 'PATCH', body: edit }),
    deleteWebhook: (id) => http.json<{ deleted: boolean }>(`/api/admin/webhooks/${enc(id)}`, { method: 'DELETE' }),
    webhookEvents: (id) => http.json<WebhookEventInfo[]>(`/api/admin/webhooks/${enc(id)}/events`),
    resendEvent: (id, eventId) => http.json<{ resent: string }>(`/api/admin/webhooks/${enc(id)}/events/${enc(eventId)}/resend`, { method: 'POST', body: {} }),
  };

  const routing: RoutingBackend = {
    status: () => http.json<{ osrm: boolean }>('/api/routing/status'),
    table: (request) => http.json<unknown>('/api/routing/table', { method: 'POST', body: request }),
  };

  const sync = new ServerSyncTransport(http, opts.stream);
  const tracking: TrackingBackend = {
    available: true,
    sendPositions: (batch) => http.json<PositionBatchAnswer>('/api/positions', { method: 'POST', body: batch }),
    latestPositions: async () => (await http.json<{ positions: RoutePosition[] }>('/api/tracking/positions')).positions,
    // The stream stays open while the office listens (in a tab that does not replicate, too).
    livePositions: () =>
      new Observable<RoutePosition[]>((subscriber) => {
        const positions = sync.positions$.subscribe(subscriber);
        const stream = sync.stream().subscribe({ error: () => undefined });
        return () => {
          positions.unsubscribe();
          stream.unsubscribe();
        };
      }),
  };

  // Reports over the server's data (issue 34): the filters as the route's query (no `hubs`: the
  // server decides them from the session).
  const reportQuery = (period: ReportPeriod, f: ReportFilters): Record<string, string | number> => ({
    from: period.from,
    to: period.to,
    ...(f.hub !== null ? { hub: f.hub } : {}),
    ...(f.clientId !== null ? { client: f.clientId } : {}),
    ...(f.riderId !== null ? { rider: f.riderId } : {}),
  });
  const reports: ReportsBackend = {
    report: (period, filters) => http.json(`/api/reports?${new URLSearchParams(Object.entries(reportQuery(period, filters)).map(([k, v]) => [k, String(v)])).toString()}`),
    orderIds: async (period, filters, figure) => (await http.json<{ orderIds: string[] }>('/api/reports/orders', { method: 'POST', body: { ...reportQuery(period, filters), figure } })).orderIds,
  };
  return { kind: 'server', auth, sync, files, admin, proof, routing, tracking, notify, reports, session, http };
}
