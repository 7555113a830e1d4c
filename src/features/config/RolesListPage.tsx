import { Anchor, Badge, Button, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconPlus } from '@tabler/icons-react';
import { t } from '../../i18n';
import { EntityTable } from '../../ui/crud/EntityTable';
import { useRoles } from './roleShared';
import { href } from '../../routes/registry';

export function RolesListPage() {
  const { data, loading } = useRoles();
  return (
    <EntityTable
      label={t('roles.list')}
      rows={data}
      loading={loading}
      rowKey={(r) => r.id}
      csvName="roles"
      columns={[
        { key: 'name', header: t('roles.name'), value: (r) => r.name, render: (r) => <Anchor component={Link} to={href('rolEdit', { rol_id: r.id })}>{r.name}</Anchor> },
        { key: 'base', header: t('roles.baseRole'), value: (r) => r.base_role },
        { key: 'groups', header: t('roles.groups'), value: (r) => r.groups.join(', '), width: '3fr', render: (r) => <Group gap={4}>{r.groups.map((g) => <Badge key={g} variant="light">{g}</Badge>)}</Group> },
        { key: 'system', header: t('roles.system'), value: (r) => (r.system ? t('common.yes') : t('common.no')), width: '120px' },
      ]}
      toolbar={
        <Button component={Link} to={href('createRol')} leftSection={<IconPlus size={16} aria-hidden />}>
          {t('roles.create')}
        </Button>
      }
    />
  );
}
