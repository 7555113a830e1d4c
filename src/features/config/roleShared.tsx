/**
 * Configuration (machine-admin): /config (overview and the sync conflict log), roles
 * (/config/roles, /create-rol, /rol-edit/:rol_id): which interface groups each role opens and
 * which system role's data rights it has. System roles cannot be deleted or change data rights.
 */
import { t } from '../../i18n';
import { useLiveQuery } from '../../data/hooks';
import { catalogOfKind } from '../../data/queries';
import { INTERFACE_GROUPS, SYSTEM_ROLES } from '../../domain/access/groups';
import type { Role } from '../../domain/entities/reference';
import type { FieldDef } from '../../ui/crud/EntityForm';

export function useRoles() {
  return useLiveQuery<Role[]>((db) => catalogOfKind(db, 'role'), [], []);
}

const groupOptions = INTERFACE_GROUPS.map((g) => ({ value: g, label: g }));

const baseOptions = SYSTEM_ROLES.map((r) => ({ value: r, label: r }));

export function roleFields(isNew: boolean, system: boolean): FieldDef[] {
  return [
    ...(isNew ? [{ name: 'id', label: t('roles.id'), kind: 'text' as const, description: t('roles.idHelp') }] : []),
    { name: 'name', label: t('roles.name'), kind: 'text' },
    { name: 'base_role', label: t('roles.baseRole'), kind: 'select', options: baseOptions, readOnly: system },
    { name: 'groups', label: t('roles.groups'), kind: 'multiselect', options: groupOptions, wide: true },
    { name: 'active', label: t('crud.active'), kind: 'checkbox', readOnly: system },
  ];
}
