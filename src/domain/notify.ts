/**
 * The shapes the receivers' tracking page, the office's notices panel and the admins' webhooks
 * screen exchange with the server (issue 33; server/routes/notify.ts). Types only.
 */

/** What the public page says of an order's status (`on_the_way`: it is the rider's next stop). */
export type PublicTrackingStatus = 'pending' | 'planned' | 'on_the_way' | 'out_for_delivery' | 'delivered' | 'partially_delivered' | 'failed' | 'returned' | 'cancelled';

export interface PublicTracking {
  readonly code: string;
  readonly status: PublicTrackingStatus;
  /** The order's day, `YYYY-MM-DD`. */
  readonly date: string;
  /** The expected window, Madrid wall-clock `HH:mm`, or null. */
  readonly window: { readonly from: string; readonly to: string } | null;
  /** The rider's first name while the order is on its way ('' otherwise). */
  readonly rider: string;
  /** The rider's last position, only while he heads to this stop. */
  readonly position: { readonly lat: number; readonly lng: number; readonly at: number } | null;
  readonly point: { readonly name: string; readonly address: string; readonly city: string };
  /** The albarán through the same token, once the order is delivered or failed. */
  readonly proof_url: string | null;
  readonly expires_at: number;
}

export type NoticeKind = 'published' | 'on_the_way' | 'delivered' | 'failed';
export type NoticeChannel = 'email' | 'sms';
export type NoticeState = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';

export interface NoticeInfo {
  readonly kind: NoticeKind;
  readonly channel: NoticeChannel;
  readonly recipient: string;
  readonly state: NoticeState;
  /** `no_provider`, `no_smtp`, `opted_out`, or the last error. */
  readonly reason: string;
  readonly attempts: number;
  readonly created_at: number;
  readonly sent_at: number;
}

export interface NoticeContact {
  readonly email: string;
  readonly phone: string;
  readonly lang: 'es' | 'en';
  readonly opted_out: boolean;
}

export interface OrderNotices {
  readonly code: string;
  readonly notices: readonly NoticeInfo[];
  readonly point_id: string;
  readonly contact: NoticeContact;
  readonly client: { readonly id: string; readonly name: string; readonly opted_out: boolean };
}

export interface TrackingLink {
  readonly token: string;
  readonly path: string;
  readonly expires_at: number;
}

export interface WebhookInfo {
  readonly id: string;
  readonly client_id: string;
  readonly client_name: string;
  readonly url: string;
  readonly paused: boolean;
  readonly created_at: number;
  readonly updated_at: number;
  readonly pending: number;
  readonly expired: number;
}

export interface WebhookAttempt {
  readonly at: number;
  /** The HTTP status answered, 0 when none came. */
  readonly status: number;
  readonly error: string;
  readonly duration_ms: number;
}

export interface WebhookEventInfo {
  readonly id: string;
  readonly order_code: string;
  readonly status: string;
  readonly state: 'pending' | 'delivered' | 'expired';
  readonly attempts: number;
  readonly created_at: number;
  readonly delivered_at: number;
  readonly last_status: number;
  readonly last_error: string;
  readonly attempts_log: readonly WebhookAttempt[];
}

export interface NewWebhook {
  readonly client_id: string;
  readonly url: string;
  readonly secret: string;
}

export interface WebhookEdit {
  readonly url?: string;
  readonly secret?: string;
  readonly paused?: boolean;
}
