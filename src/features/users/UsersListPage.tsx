import { useMemo } from 'react';
import { Anchor, Badge, Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconPlus } from '@tabler/icons-react';
import { t } from '../../i18n';
import type { User } from '../../domain/entities/operation';
import { EntityTable, type Column } from '../../ui/crud/EntityTable';
import { roleOptions, useRoles, useUsers } from './shared';
import { href } from '../../routes/registry';

export function UsersListPage() {
  const { data: users, loading } = useUsers();
  const { data: roles } = useRoles();
  const roleName = useMemo(() => new Map(roles.map((r) => [r.id, r.name])), [roles]);
  const columns: Column<User>[] = [
    { key: 'name', header: t('users.name'), value: (u) => u.name, width: '2fr', render: (u) => <Anchor component={Link} to={href('userEdit', { user_id: u.id })}>{u.name}</Anchor> },
    { key: 'email', header: t('users.email'), value: (u) => u.email, width: '2fr' },
    { key: 'role', header: t('users.role'), value: (u) => roleName.get(u.role) ?? u.role },
    { key: 'hub', header: t('users.hub'), value: (u) => u.hub, width: '80px' },
    {
      key: 'active',
      header: t('users.active'),
      value: (u) => (u.active ? t('crud.active') : t('crud.inactive')),
      render: (u) => <Badge color={u.active ? 'teal' : 'gray'} variant="light">{u.active ? t('crud.active') : t('crud.inactive')}</Badge>,
      width: '110px',
    },
  ];
  return (
    <EntityTable
      label={t('users.list')}
      rows={users}
      loading={loading}
      columns={columns}
      rowKey={(u) => u.id}
      csvName="usuarios"
      filters={[
        { key: 'role', label: t('users.role'), options: roleOptions(roles), test: (u, v) => u.role === v },
        { key: 'active', label: t('users.active'), options: [{ value: 'yes', label: t('crud.active') }, { value: 'no', label: t('crud.inactive') }], test: (u, v) => u.active === (v === 'yes') },
      ]}
      toolbar={
        <Button component={Link} to={href('createUser')} leftSection={<IconPlus size={16} aria-hidden />}>
          {t('users.create')}
        </Button>
      }
      actions={(u) => (
        <Button size="xs" variant="subtle" component={Link} to={href('userEdit', { user_id: u.id })}>
          {t('common.edit')}
        </Button>
      )}
    />
  );
}
