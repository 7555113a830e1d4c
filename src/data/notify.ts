/**
 * Receivers' notices, tracking links and clients' webhooks (issue 33) through the backend seam
 * (the screens never fetch). Online only: these live in the server's tables, not on the device.
 * Apart from ./proofLinks' neighbours so that the receiver's public page loads no local queries.
 */
import type { NewWebhook, NoticeContact, NoticeInfo, OrderNotices, PublicTracking, TrackingLink, WebhookEdit, WebhookEventInfo, WebhookInfo } from '../domain/notify';
import { sessionBackend } from './session';

export type { NoticeContact, NoticeInfo, OrderNotices, PublicTracking, TrackingLink, WebhookEventInfo, WebhookInfo } from '../domain/notify';

const api = () => sessionBackend().notify;

/** The tracking a receiver's link opens (no account needed). */
export const loadPublicTracking = (token: string): Promise<PublicTracking> => api().publicTracking(token);
export const createTrackingLink = (orderId: string): Promise<TrackingLink> => api().createTrackingLink(orderId);
export const loadOrderNotices = (orderId: string): Promise<OrderNotices> => api().orderNotices(orderId);
export const saveNoticeContact = (pointId: string, contact: NoticeContact): Promise<NoticeContact> => api().saveContact(pointId, { ...contact, email: contact.email.trim(), phone: contact.phone.trim() });
export const saveClientOptOut = (clientId: string, optedOut: boolean) => api().saveClientOptOut(clientId, optedOut);
export const listWebhooks = (): Promise<WebhookInfo[]> => api().listWebhooks();
export const createWebhook = (input: NewWebhook): Promise<WebhookInfo> => api().createWebhook({ client_id: input.client_id, url: input.url.trim(), secret: input.secret });
export const editWebhook = (id: string, edit: WebhookEdit): Promise<WebhookInfo> => api().editWebhook(id, edit);
export const deleteWebhook = (id: string) => api().deleteWebhook(id);
export const webhookEvents = (id: string): Promise<WebhookEventInfo[]> => api().webhookEvents(id);
export const resendWebhookEvent = (id: string, eventId: string) => api().resendEvent(id, eventId);

/** The notices the office must see were not sent (no provider, opted out, failed). */
export function unsentNotices(notices: readonly NoticeInfo[]): NoticeInfo[] {
  return notices.filter((n) => n.state === 'skipped' || n.state === 'failed');
}
