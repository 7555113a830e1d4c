import { useState } from 'react';
import { Alert, Button, Card, Group, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { t } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import { useEngine } from '../../data/hooks';
import { sessionBackend, useSession } from '../../data/session';
import { userSchema, type User } from '../../domain/entities/operation';
import { EntityForm } from '../../ui/crud/EntityForm';
import { ConfirmButton } from '../../ui/crud/ConfirmButton';
import { hubOptions, roleOptions, useHubs, useRoles, useUsers } from './shared';
import { errorText } from '../../ui/errors';
import { formHub, userFields, withNumericHub } from './userShared';
import { linkTo } from '../../routes/registry';

const editFormSchema = userSchema.extend({ hub: formHub });

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
                await navigate({ ...linkTo('crudUser') });
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
