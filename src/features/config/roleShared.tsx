/**
 * Configuration (machine-admin): /config (overview and the sync conflict log), roles
 * (/config/roles, /create-rol, /rol-edit/:rol_id): which interface groups each role opens and
 * which system role's data rights it has. Roles are an entity of the record layer (the CRUD
 * kit, src/ui/crud/entity.tsx). A new role's identifier is chosen once; system roles cannot be
 * deleted or change data rights.
 */
import { useMemo } from 'react';
import { Badge, Group } from '@mantine/core';
import { z } from 'zod';
import { t } from '../../i18n';
import { useLiveQuery } from '../../data/hooks';
import { catalogOfKind } from '../../data/queries';
import { INTERFACE_GROUPS, SYSTEM_ROLES } from '../../domain/access/groups';
import { roleSchema, type Role } from '../../domain/entities/reference';
import type { FieldDef } from '../../ui/crud/EntityForm';
import { catalogRows, entityLabels, type EntityConfig } from '../../ui/crud/entity';
import { formSchema } from '../../ui/crud/options';
import { href } from '../../links/registry';
import '../../i18n/es/config';

export function useRoles() {
  return useLiveQuery<Role[]>((db) => catalogOfKind(db, 'role'), [], []);
}

interface RoleRefs {
  readonly roles: readonly Role[];
  readonly loaded: boolean;
}

function useRoleRefs(): RoleRefs {
  const { data, loading } = useRoles();
  return useMemo(() => ({ roles: data, loaded: !loading }), [data, loading]);
}

const groupOptions = INTERFACE_GROUPS.map((g) => ({ value: g, label: g }));

const baseOptions = SYSTEM_ROLES.map((r) => ({ value: r, label: r }));

export function roleFields(isNew: boolean, system: boolean): FieldDef<Role>[] {
  const id: FieldDef<Role>[] = isNew ? [{ name: 'id', label: t('roles.id'), kind: 'text', description: t('roles.idHelp') }] : [];
  return [
    ...id,
    { name: 'name', label: t('roles.name'), kind: 'text' },
    { name: 'base_role', label: t('roles.baseRole'), kind: 'select', options: baseOptions, readOnly: system },
    { name: 'groups', label: t('roles.groups'), kind: 'multiselect', options: groupOptions, wide: true },
    { name: 'active', label: t('crud.active'), kind: 'checkbox', readOnly: system },
  ];
}

export const roleConfig: EntityConfig<'catalog', Role, Role, RoleRefs> = {
  collection: 'catalog',
  kinds: ['role'],
  labels: entityLabels({ list: 'roles.list', create: 'roles.create', what: 'roles.what' }, 'roles'),
  paths: { list: href('configRoles'), create: href('createRol'), edit: (id) => href('rolEdit', { rol_id: id }) },
  idPrefix: 'role',
  useRefs: useRoleRefs,
  ready: (r) => r.loaded,
  useRows: catalogRows(['role']),
  columns: () => [
    { key: 'name', header: t('roles.name'), value: (r) => r.name },
    { key: 'base', header: t('roles.baseRole'), value: (r) => r.base_role },
    {
      key: 'groups',
      header: t('roles.groups'),
      value: (r) => r.groups.join(', '),
      width: '3fr',
      render: (r) => (
        <Group gap={4}>
          {r.groups.map((g) => (
            <Badge key={g} variant="light">
              {g}
            </Badge>
          ))}
        </Group>
      ),
    },
    { key: 'system', header: t('roles.system'), value: (r) => (r.system ? t('common.yes') : t('common.no')), width: '120px' },
  ],
  fields: (_refs, mode, values) => roleFields(mode === 'create', values.system),
  // The identifier is chosen when the role is made (lower case, digits and dashes) and kept.
  schema: formSchema(roleSchema, { id: z.string().regex(/^[a-z0-9-]{2,40}$/, { error: () => t('roles.idHelp') }) }),
  check: (values, ctx) => (ctx.existing === null && ctx.refs.roles.some((r) => r.id === values.id) ? [{ path: 'id', message: t('roles.idTaken') }] : []),
  blank: () => ({ id: '', kind: 'role', name: '', active: true, updated_at: 0, groups: [], base_role: 'operator', system: false }),
  toForm: (r) => r,
  // A system role keeps its data rights and stays active, whatever the form holds.
  toDoc: (v, ctx) => {
    const old = ctx.existing;
    if (!old) return { ...v, system: false, updated_at: ctx.now };
    return old.system ? { ...v, id: old.id, system: true, base_role: old.base_role, active: old.active, updated_at: ctx.now } : { ...v, id: old.id, system: false, updated_at: ctx.now };
  },
  deleteBlocked: (r) => (r.system ? t('roles.systemLocked') : null),
  name: (r) => r.name,
};
