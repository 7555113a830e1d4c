/**
 * Users administration (users-admin): /user-model (overview), /crud-user (list), /create-user,
 * /user-edit/:user_id. Admins edit, deactivate and delete profiles (soft delete), set an initial
 * password and send a password-reset link. Nobody changes his own role or active flag.
 */
import { z } from 'zod';
import { t } from '../../i18n';
import type { FieldDef } from '../../ui/crud/EntityForm';
import type { hubOptions, roleOptions } from './shared';

// Form-level schemas: the hub comes from a Select as a string.
export const formHub = z.coerce.number({ error: 'El hub debe ser un número' }).int().min(0).max(9999);

export function userFields(roles: ReturnType<typeof roleOptions>, hubs: ReturnType<typeof hubOptions>, self: boolean): FieldDef[] {
  return [
    { name: 'name', label: t('users.name'), kind: 'text' },
    { name: 'email', label: t('users.email'), kind: 'email', readOnly: self },
    { name: 'role', label: t('users.role'), kind: 'select', options: roles, readOnly: self },
    { name: 'hub', label: t('users.hub'), kind: 'select', options: hubs },
    { name: 'phone', label: t('users.phone'), kind: 'tel' },
    { name: 'active', label: t('users.active'), kind: 'checkbox', readOnly: self },
  ];
}

/** Hub selects hold strings; the schema wants the number. */
export function withNumericHub<T extends { hub: unknown }>(v: T): T {
  return { ...v, hub: Number(v.hub) };
}
