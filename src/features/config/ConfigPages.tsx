/**
 * Configuration (machine-admin): /config (overview and the sync conflict log), roles
 * (/config/roles, /create-rol, /rol-edit/:rol_id): which interface groups each role opens and
 * which system role's data rights it has. System roles cannot be deleted or change data rights.
 */
import { useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from '@tanstack/react-router';
import { IconPlus } from '@tabler/icons-react';
import { z } from 'zod';
import { formatDate, t } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import { useEngine, useLiveQuery } from '../../data/hooks';
import { catalogOfKind } from '../../data/queries';
import { sessionBackend } from '../../data/session';
import { INTERFACE_GROUPS, SYSTEM_ROLES } from '../../domain/access/groups';
import { roleSchema, type Role } from '../../domain/entities/reference';
import type { ConflictEntry } from '../../backend/types';
import { EntityTable } from '../../ui/crud/EntityTable';
import { EntityForm, type FieldDef } from '../../ui/crud/EntityForm';
import { ConfirmButton } from '../../ui/crud/ConfirmButton';

const LINKS = [
  { to: '/config/roles', label: 'config.roles' },
  { to: '/config/taxes', label: 'config.taxes' },
  { to: '/config/status', label: 'config.status' },
  { to: '/config/api-keys', label: 'apiKeys.configLink' },
  { to: '/synlab', label: 'config.synlab' },
] as const;

function ConflictLog() {
  const [rows, setRows] = useState<ConflictEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    sessionBackend()
      .admin.conflicts()
      .then(setRows)
      .catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)));
  }, []);
  return (
    <Card withBorder>
      <Title order={2} size="h4">
        {t('config.conflicts')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('config.conflictsIntro')}
      </Text>
      {error && <Alert color="orange">{error}</Alert>}
      {rows && rows.length === 0 && <Text>{t('config.noConflicts')}</Text>}
      {rows && rows.length > 0 && (
        <Table striped data-testid="conflict-log">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Colección</Table.Th>
              <Table.Th>Documento</Table.Th>
              <Table.Th>Campos</Table.Th>
              <Table.Th>Usuario</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.seq}>
                <Table.Td>{formatDate(r.at, 'd MMM, HH:mm:ss')}</Table.Td>
                <Table.Td>{r.collection}</Table.Td>
                <Table.Td>{r.doc_id}</Table.Td>
                <Table.Td>{r.fields.join(', ')}</Table.Td>
                <Table.Td>{r.user_id}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

export function ConfigPage() {
  return (
    <Stack>
      <Text c="dimmed">{t('config.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {LINKS.map((l) => (
          <Card key={l.to} withBorder component={Link} to={l.to} style={{ minHeight: 64 }}>
            <Text fw={600}>{t(l.label)}</Text>
          </Card>
        ))}
      </SimpleGrid>
      <ConflictLog />
    </Stack>
  );
}

function useRoles() {
  return useLiveQuery<Role[]>((db) => catalogOfKind(db, 'role'), [], []);
}

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
        { key: 'name', header: t('roles.name'), value: (r) => r.name, render: (r) => <Anchor component={Link} to={`/rol-edit/${r.id}`}>{r.name}</Anchor> },
        { key: 'base', header: t('roles.baseRole'), value: (r) => r.base_role },
        { key: 'groups', header: t('roles.groups'), value: (r) => r.groups.join(', '), width: '3fr', render: (r) => <Group gap={4}>{r.groups.map((g) => <Badge key={g} variant="light">{g}</Badge>)}</Group> },
        { key: 'system', header: t('roles.system'), value: (r) => (r.system ? t('common.yes') : t('common.no')), width: '120px' },
      ]}
      toolbar={
        <Button component={Link} to="/create-rol" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('roles.create')}
        </Button>
      }
    />
  );
}

const groupOptions = INTERFACE_GROUPS.map((g) => ({ value: g, label: g }));
const baseOptions = SYSTEM_ROLES.map((r) => ({ value: r, label: r }));

function roleFields(isNew: boolean, system: boolean): FieldDef[] {
  return [
    ...(isNew ? [{ name: 'id', label: t('roles.id'), kind: 'text' as const, description: t('roles.idHelp') }] : []),
    { name: 'name', label: t('roles.name'), kind: 'text' },
    { name: 'base_role', label: t('roles.baseRole'), kind: 'select', options: baseOptions, readOnly: system },
    { name: 'groups', label: t('roles.groups'), kind: 'multiselect', options: groupOptions, wide: true },
    { name: 'active', label: t('crud.active'), kind: 'checkbox', readOnly: system },
  ];
}

const newRoleSchema = roleSchema.extend({ id: z.string().regex(/^[a-z0-9-]{2,40}$/, { error: t('roles.idHelp') }) });

export function RoleCreatePage() {
  const engine = useEngine();
  const navigate = useNavigate();
  if (!engine) return null;
  const initial: Role = { id: '', kind: 'role', name: '', active: true, updated_at: Date.now(), groups: [], base_role: 'operator', system: false };
  return (
    <EntityForm
      schema={newRoleSchema}
      fields={roleFields(true, false)}
      initialValues={initial}
      onSubmit={async (values) => {
        await engine.writer.insert('catalog', { ...(values as Role), updated_at: Date.now() });
        notifications.show({ color: 'teal', message: t('crud.created') });
        await navigate({ to: '/config/roles' });
      }}
    />
  );
}

export function RoleEditPage({ params }: ScreenProps) {
  const engine = useEngine();
  const navigate = useNavigate();
  const { data, loading } = useRoles();
  const role = data.find((r) => r.id === params.rol_id);
  if (!engine || loading) return null;
  if (!role) return <Alert color="orange">{t('crud.notFound', { id: params.rol_id ?? '' })}</Alert>;
  return (
    <Stack>
      {role.system && <Alert color="blue">{t('roles.systemLocked')}</Alert>}
      <EntityForm
        key={role.updated_at}
        schema={roleSchema}
        fields={roleFields(false, role.system)}
        initialValues={role}
        onSubmit={async (values) => {
          await engine.writer.save('catalog', values as Role);
          notifications.show({ color: 'teal', message: t('crud.updated') });
        }}
        extraActions={
          !role.system && (
            <ConfirmButton
              color="red"
              variant="light"
              title={t('crud.confirmDeleteTitle', { what: 'el rol' })}
              message={t('crud.confirmDeleteBody', { name: role.name })}
              onConfirm={async () => {
                await engine.writer.remove('catalog', role.id);
                await navigate({ to: '/config/roles' });
              }}
            >
              {t('common.delete')}
            </ConfirmButton>
          )
        }
      />
    </Stack>
  );
}
