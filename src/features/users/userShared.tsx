/**
 * Users administration (users-admin): /user-model (overview), /crud-user (list), /create-user,
 * /user-edit/:user_id. Users are an entity of the record layer (the CRUD kit,
 * src/ui/crud/entity.tsx): admins edit, deactivate and delete profiles (soft delete); a new
 * user is saved with his initial password (his profile first, the password once it synced,
 * src/data/users.ts) and opens on his edit page, where an admin sets a password or sends a
 * password-reset link. Nobody changes his own role or active flag, nor deletes himself.
 */
import { useMemo } from 'react';
import { Badge } from '@mantine/core';
import { z } from 'zod';
import { t } from '../../i18n';
import { useSession, sessionBackend } from '../../data/session';
import { createUserWithPassword } from '../../data/users';
import type { Actor } from '../../data/action';
import { userSchema, type User } from '../../domain/entities/operation';
import type { Hub, Role } from '../../domain/entities/reference';
import type { FieldDef } from '../../ui/crud/EntityForm';
import { collectionRows, entityLabels, type EntityConfig } from '../../ui/crud/entity';
import { formSchema, hubOrAll } from '../../ui/crud/options';
import { href } from '../../links/registry';
import { hubOptions, roleOptions, useHubs, useRoles } from './shared';
import '../../i18n/es/users';

/**
 * The form's values: the home hub comes from a select as text, the hubs he writes in from a
 * multi-select (texts); a new user has his initial password.
 */
export type UserForm = Omit<User, 'hub' | 'hubs'> & { hub: string; hubs: string[]; password: string };

interface UserRefs {
  readonly roles: readonly Role[];
  readonly hubs: readonly Hub[];
  /** The signed-in admin (he may not change his own role or active flag). */
  readonly me: string;
  readonly loaded: boolean;
}

function useUserRefs(): UserRefs {
  const roles = useRoles();
  const hubs = useHubs();
  const me = useSession((s) => s.user?.id ?? '');
  return useMemo(() => ({ roles: roles.data, hubs: hubs.data, me, loaded: !roles.loading && !hubs.loading }), [roles.data, roles.loading, hubs.data, hubs.loading, me]);
}

export function userFields(refs: UserRefs, mode: 'create' | 'edit', values: UserForm): FieldDef<UserForm>[] {
  const self = mode === 'edit' && values.id === refs.me;
  const password: FieldDef<UserForm>[] = mode === 'create' ? [{ name: 'password', label: t('users.initialPassword'), kind: 'text', description: t('users.initialPasswordHelp') }] : [];
  return [
    { name: 'name', label: t('users.name'), kind: 'text' },
    { name: 'email', label: t('users.email'), kind: 'email', readOnly: self },
    { name: 'role', label: t('users.role'), kind: 'select', options: roleOptions(refs.roles), readOnly: self },
    { name: 'hub', label: t('users.hub'), kind: 'select', options: hubOptions(refs.hubs), description: t('users.hubHelp') },
    { name: 'hubs', label: t('users.hubs'), kind: 'multiselect', options: hubOptions(refs.hubs).filter((o) => o.value !== '0'), description: t('users.hubsHelp') },
    { name: 'phone', label: t('users.phone'), kind: 'tel' },
    { name: 'active', label: t('users.active'), kind: 'checkbox', readOnly: self },
    ...password,
  ];
}

/** The chosen hubs as numbers, each once, in order. */
/** Who acts now (the signed-in user and his system role): read when a button is pressed, outside render. */
function currentActor(): Actor {
  const user = useSession.getState().user;
  return { userId: user?.id ?? '', role: user?.base_role ?? 'anonimus' };
}

function hubNumbers(values: readonly string[]): number[] {
  return [...new Set(values.map(Number))].sort((a, b) => a - b);
}

const activeText = (u: User) => (u.active ? t('crud.active') : t('crud.inactive'));

export const userConfig: EntityConfig<'users', User, UserForm, UserRefs> = {
  collection: 'users',
  labels: entityLabels({ list: 'users.list', create: 'users.create', what: 'users.what' }, 'usuarios'),
  paths: { list: href('crudUser'), create: href('createUser'), edit: (id) => href('userEdit', { user_id: id }) },
  idPrefix: 'u',
  useRefs: useUserRefs,
  ready: (r) => r.loaded,
  useRows: collectionRows('users'),
  columns: (r) => [
    { key: 'name', header: t('users.name'), value: (u) => u.name, width: '2fr' },
    { key: 'email', header: t('users.email'), value: (u) => u.email, width: '2fr' },
    { key: 'role', header: t('users.role'), value: (u) => r.roles.find((x) => x.id === u.role)?.name ?? u.role },
    { key: 'hub', header: t('users.hub'), value: (u) => hubOrAll(r.hubs, u.hub), width: '1.2fr' },
    { key: 'hubs', header: t('users.hubs'), value: (u) => u.hubs.map((n) => hubOrAll(r.hubs, n)).join(', '), width: '1.4fr' },
    {
      key: 'active',
      header: t('users.active'),
      value: activeText,
      render: (u) => (
        <Badge color={u.active ? 'teal' : 'gray'} variant="light">
          {activeText(u)}
        </Badge>
      ),
      width: '110px',
    },
  ],
  filters: (r) => [
    { key: 'role', label: t('users.role'), options: roleOptions(r.roles), test: (u, v) => u.role === v },
    { key: 'active', label: t('users.active'), options: [{ value: 'yes', label: t('crud.active') }, { value: 'no', label: t('crud.inactive') }], test: (u, v) => u.active === (v === 'yes') },
  ],
  fields: (refs, mode, values) => userFields(refs, mode, values),
  schema: formSchema(
    userSchema,
    {
      hub: z.string().regex(/^\d{1,4}$/, { error: () => t('users.hubInvalid') }),
      hubs: z.array(z.string().regex(/^[1-9]\d{0,3}$/, { error: () => t('users.hubInvalid') })).max(50),
      password: z.string().max(200),
    },
    (v) => ({ ...v, hub: Number(v.hub), hubs: Array.isArray(v.hubs) ? hubNumbers(v.hubs.map(String)) : [] }),
  ).superRefine((v, ctx) => {
    // A new user (no id yet) needs his initial password.
    if (v.id === '' && String(v.password).length < 8) ctx.addIssue({ code: 'custom', path: ['password'], message: t('auth.passwordTooShort') });
  }),
  blank: () => ({ id: '', name: '', email: '', role: 'rider', hub: '0', hubs: [], phone: '', active: true, updated_at: 0, password: '' }),
  toForm: (u) => ({ ...u, hub: String(u.hub), hubs: u.hubs.map(String), password: '' }),
  toDoc: (v, ctx) => {
    const { password: _password, ...profile } = v;
    const old = ctx.existing;
    // Nobody changes his own e-mail, role or active flag (the fields are read-only; kept here too).
    const own = old !== null && old.id === ctx.refs.me ? { email: old.email, role: old.role, active: old.active } : {};
    return { ...profile, id: old?.id ?? ctx.id, hub: Number(v.hub), hubs: hubNumbers(v.hubs), email: v.email.trim().toLowerCase(), ...own, updated_at: ctx.now };
  },
  insert: async (engine, doc, values) =>
    (await createUserWithPassword(engine, sessionBackend().auth, currentActor(), doc, values.password)) === 'created'
      ? { color: 'teal', message: t('crud.created') }
      : { color: 'orange', message: t('users.passwordPending'), autoClose: 10_000 },
  openCreated: true,
  deleteBlocked: (u, r) => (u.id === r.me ? t('users.selfDelete') : null),
  name: (u) => u.name,
};
