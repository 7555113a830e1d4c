/**
 * The clients' order-API keys for the admins' screen (/config/api-keys): list, create, revoke
 * through the backend seam (the screen never fetches), the state of a key and the create form's
 * schema with a Spanish message per field.
 */
import { z } from 'zod';
import type { AdminBackend, ApiKeyInfo, NewApiKey } from '../backend/types';
import { madridDate } from '../domain/dates';
import { addDays } from '../domain/intake';
import { ORDER_API_CLIENTS } from '../domain/orderApi/shapes';
import { t } from '../i18n';
import { sessionBackend } from './session';

export type { ApiKeyInfo } from '../backend/types';
export type ApiKeyState = 'active' | 'expired' | 'revoked';
export type ApiKeyClient = NewApiKey['client'];

/** The clients that may have keys (`pascual`, `bimbo`). */
export const API_KEY_CLIENTS = ORDER_API_CLIENTS.map((c) => c.key) as ApiKeyClient[];

const adminApi = (): AdminBackend => sessionBackend().admin;

export function listApiKeys(admin: AdminBackend = adminApi()): Promise<ApiKeyInfo[]> {
  return admin.listApiKeys();
}

/** Creates a key; the answer's `key` is the secret, to show once. */
export function createApiKey(input: NewApiKey, admin: AdminBackend = adminApi()): Promise<{ id: string; key: string }> {
  return admin.createApiKey({ client: input.client, name: input.name.trim(), ...(input.expires_at ? { expires_at: input.expires_at } : {}) });
}

export function revokeApiKey(id: string, admin: AdminBackend = adminApi()): Promise<ApiKeyInfo> {
  return admin.revokeApiKey(id);
}

/** Revoked wins over expired; a key expires at the instant `expires_at`. */
export function apiKeyState(key: ApiKeyInfo, now: number = Date.now()): ApiKeyState {
  if (key.revoked_at !== null) return 'revoked';
  return now >= key.expires_at ? 'expired' : 'active';
}

/** Newest first; active keys before the others. */
export function sortApiKeys(keys: readonly ApiKeyInfo[], now: number = Date.now()): ApiKeyInfo[] {
  const rank = (k: ApiKeyInfo) => (apiKeyState(k, now) === 'active' ? 0 : 1);
  return [...keys].sort((a, b) => rank(a) - rank(b) || b.created_at - a.created_at);
}

/** The default last day of a new key: one year from today (Madrid), as the server does. */
export function defaultApiKeyExpiry(now: number = Date.now()): string {
  return addDays(madridDate(now), 365);
}

export interface ApiKeyFormValues {
  client: string;
  name: string;
  expires_at: string;
}

/** The create form's schema (`today`: Madrid date, YYYY-MM-DD). */
export function apiKeyFormSchema(today: string = madridDate()) {
  return z.object({
    client: z.enum(API_KEY_CLIENTS as [ApiKeyClient, ...ApiKeyClient[]], { error: t('apiKeys.clientRequired') }),
    name: z.string().trim().min(1, { error: t('apiKeys.nameRequired') }).max(80, { error: t('apiKeys.nameTooLong') }),
    expires_at: z.iso.date({ error: t('apiKeys.expiryInvalid') }).refine((d) => d >= today, { error: t('apiKeys.expiryPast') }),
  });
}
