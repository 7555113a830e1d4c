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
import { useAction } from '../../ui/action/useAction';
import { ActionFeedback } from '../../ui/action/ActionFeedback';
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
  // The account's actions (set a password, send a reset link): each answers its success text.
  const account = useAction((step: () => Promise<string>) => step());
  const user = users.find((u) => u.id === params.user_id);
  if (!engine || loading) return null;
  if (!user) return <Alert color="orange">{t('crud.notFound', { id: params.user_id ?? '' })}</Alert>;
  const self = me?.id === user.id;

  return (
    <Stack>
      {self && <Alert color="blue">{t('users.selfProtected')}</Alert>}
      <ActionFeedback action={account} success={(text) => text} />
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
              loading={account.busy}
              onClick={() =>
                void account.run(async () => {
                  await sessionBackend().auth.setUserPassword(user.id, password);
                  setPassword('');
                  return t('users.passwordSet');
                })
              }
            >
              {t('users.setPassword')}
            </Button>
          </Group>
          <Group>
            <Button
              variant="default"
              disabled={account.busy}
              onClick={() =>
                void account.run(async () => {
                  await sessionBackend().auth.requestPasswordReset(user.email);
                  return t('users.resetSent', { email: user.email });
                })
              }
            >
              {t('users.sendReset')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
