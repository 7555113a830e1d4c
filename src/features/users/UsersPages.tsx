/**
 * Users administration (users-admin): /user-model (overview), /crud-user (list), /create-user,
 * /user-edit/:user_id. Admins edit, deactivate and delete profiles (soft delete), set an initial
 * password and send a password-reset link. Nobody changes his own role or active flag.
 */
import { useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, PasswordInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { IconPlus } from '@tabler/icons-react';
import { t } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import { useEngine } from '../../data/hooks';
import { sessionBackend, useSession } from '../../data/session';
import { userSchema, type User } from '../../domain/entities/operation';
import { EntityTable, type Column } from '../../ui/crud/EntityTable';
import { EntityForm, type FieldDef } from '../../ui/crud/EntityForm';
import { ConfirmButton } from '../../ui/crud/ConfirmButton';
import { hubOptions, roleOptions, useHubs, useRoles, useUsers } from './shared';
import { errorText } from '../../ui/errors';

export function UserModelPage() {
  const { data: users } = useUsers();
  const { data: roles } = useRoles();
  const counts = roles.map((r) => ({ role: r, n: users.filter((u) => u.role === r.id).length })).filter((c) => c.n > 0);
  return (
    <Stack>
      <Group>
        <Button component={Link} to="/crud-user" variant="light">
          {t('users.list')}
        </Button>
        <Button component={Link} to="/create-user" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('users.create')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {counts.map((c) => (
          <Card key={c.role.id} withBorder>
            <Text size="sm" c="dimmed">
              {c.role.name}
            </Text>
            <Text size="xl" fw={700}>
              {c.n}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function UsersListPage() {
  const { data: users, loading } = useUsers();
  const { data: roles } = useRoles();
  const roleName = useMemo(() => new Map(roles.map((r) => [r.id, r.name])), [roles]);
  const columns: Column<User>[] = [
    { key: 'name', header: t('users.name'), value: (u) => u.name, width: '2fr', render: (u) => <Anchor component={Link} to={`/user-edit/${u.id}`}>{u.name}</Anchor> },
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
        <Button component={Link} to="/create-user" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('users.create')}
        </Button>
      }
      actions={(u) => (
        <Button size="xs" variant="subtle" component={Link} to={`/user-edit/${u.id}`}>
          {t('common.edit')}
        </Button>
      )}
    />
  );
}

const createSchema = userSchema.extend({
  password: z.string().min(8, { error: t('auth.passwordTooShort') }).max(200),
});

// Form-level schemas: the hub comes from a Select as a string.
const formHub = z.coerce.number({ error: 'El hub debe ser un número' }).int().min(0).max(9999);
const createFormSchema = createSchema.extend({ hub: formHub }).omit({ id: true, updated_at: true });
const editFormSchema = userSchema.extend({ hub: formHub });

function userFields(roles: ReturnType<typeof roleOptions>, hubs: ReturnType<typeof hubOptions>, self: boolean): FieldDef[] {
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
function withNumericHub<T extends { hub: unknown }>(v: T): T {
  return { ...v, hub: Number(v.hub) };
}

/**
 * Waits until the new user `id` reached the server (then its password can be set there), or
 * gives up after `ms` (offline).
 * It asks the outbox about this very document: the badge's pending count is refreshed
 * asynchronously and counts other changes too. The bound is generous: a busy phone or server
 * may take a while, and giving up means setting the password again later.
 */
async function waitForServer(engine: NonNullable<ReturnType<typeof useEngine>>, id: string, ms = 30_000): Promise<boolean> {
  engine.syncNow();
  const pushed = (async () => {
    await engine.awaitInSync();
    return !(await engine.outbox.list()).some((i) => i.collection === 'users' && i.id === id);
  })();
  return Promise.race([pushed, new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);
}

export function UserCreatePage() {
  const engine = useEngine();
  const navigate = useNavigate();
  const { data: roles } = useRoles();
  const { data: hubs } = useHubs();
  if (!engine) return null;
  const fields: FieldDef[] = [
    ...userFields(roleOptions(roles), hubOptions(hubs), false),
    { name: 'password', label: t('users.initialPassword'), kind: 'text', description: t('users.initialPasswordHelp') },
  ];
  return (
    <EntityForm
      schema={createFormSchema}
      fields={fields}
      initialValues={{ id: '', name: '', email: '', role: 'rider', hub: '0', phone: '', active: true, updated_at: Date.now(), password: '' }}
      onSubmit={async (values) => {
        const { password, ...rest } = withNumericHub(values);
        const id = `u-${crypto.randomUUID().slice(0, 12)}`;
        const doc = { ...rest, id, email: String(rest.email).trim().toLowerCase(), updated_at: Date.now() } as unknown as User;
        await engine.writer.insert('users', doc);
        const onServer = await waitForServer(engine, id);
        if (onServer) {
          await sessionBackend().auth.setUserPassword(id, String(password));
          notifications.show({ color: 'teal', message: t('crud.created') });
        } else {
          notifications.show({ color: 'orange', message: t('users.passwordPending'), autoClose: 10_000 });
        }
        await navigate({ to: `/user-edit/${id}` });
      }}
    />
  );
}


export function UserEditPage({ params }: ScreenProps) {
  const engine = useEngine();
  const me = useSession((s) => s.user);
  const navigate = useNavigate();
  const { data: users, loading } = useUsers();
  const { data: roles } = useRoles();
  const { data: hubs } = useHubs();
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<{ color: string; text: string } | null>(null);
  const user = users.find((u) => u.id === params.user_id);
  if (!engine || loading) return null;
  if (!user) return <Alert color="orange">{t('crud.notFound', { id: params.user_id ?? '' })}</Alert>;
  const self = me?.id === user.id;

  const report = (err: unknown) => setMessage({ color: 'red', text: errorText(err) });

  return (
    <Stack>
      {self && <Alert color="blue">{t('users.selfProtected')}</Alert>}
      {message && (
        <Alert color={message.color} role="status">
          {message.text}
        </Alert>
      )}
      <EntityForm
        key={user.id}
        schema={editFormSchema}
        fields={userFields(roleOptions(roles), hubOptions(hubs), self)}
        initialValues={{ ...user, hub: String(user.hub) }}
        onSubmit={async (values) => {
          await engine.writer.save('users', withNumericHub(values) as unknown as User);
          notifications.show({ color: 'teal', message: t('crud.updated') });
        }}
        extraActions={
          !self && (
            <ConfirmButton
              color="red"
              variant="light"
              title={t('crud.confirmDeleteTitle', { what: 'el usuario' })}
              message={t('crud.confirmDeleteBody', { name: user.name })}
              onConfirm={async () => {
                await engine.writer.remove('users', user.id);
                notifications.show({ color: 'teal', message: t('crud.deleted') });
                await navigate({ to: '/crud-user' });
              }}
            >
              {t('common.delete')}
            </ConfirmButton>
          )
        }
      />
      <Card withBorder>
        <Stack>
          <Group align="end">
            <PasswordInput label={t('users.setPassword')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} description={t('users.initialPasswordHelp')} style={{ flex: 1 }} />
            <Button
              variant="light"
              disabled={password.length < 8}
              onClick={async () => {
                try {
                  await sessionBackend().auth.setUserPassword(user.id, password);
                  setPassword('');
                  setMessage({ color: 'teal', text: t('users.passwordSet') });
                } catch (err) {
                  report(err);
                }
              }}
            >
              {t('users.setPassword')}
            </Button>
          </Group>
          <Group>
            <Button
              variant="default"
              onClick={async () => {
                try {
                  await sessionBackend().auth.requestPasswordReset(user.email);
                  setMessage({ color: 'teal', text: t('users.resetSent', { email: user.email }) });
                } catch (err) {
                  report(err);
                }
              }}
            >
              {t('users.sendReset')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
