import { useState } from 'react';
import { Alert, Button, Card, Group, PasswordInput, Stack } from '@mantine/core';
import { t } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import { sessionBackend, useSession } from '../../data/session';
import type { User } from '../../domain/entities/operation';
import { EntityEditPage } from '../../ui/crud/EntityPages';
import { useAction } from '../../ui/action/useAction';
import { ActionFeedback } from '../../ui/action/ActionFeedback';
import { useUsers } from './shared';
import { userConfig } from './userShared';
import '../../i18n/es/users';

/** A user's profile (the record layer's form), and his account: a password or a reset link. */
export function UserEditPage({ params }: ScreenProps<'userEdit'>) {
  const me = useSession((s) => s.user);
  const { data: users } = useUsers();
  const user = users.find((u) => u.id === params.user_id);
  return (
    <Stack>
      {user && me?.id === user.id && <Alert color="blue">{t('users.selfProtected')}</Alert>}
      <EntityEditPage config={userConfig} id={params.user_id}>
        {user && <AccountCard user={user} />}
      </EntityEditPage>
    </Stack>
  );
}

function AccountCard({ user }: { user: User }) {
  const [password, setPassword] = useState('');
  // The account's actions (set a password, send a reset link): each answers its success text.
  const account = useAction((step: () => Promise<string>) => step());
  return (
    <Card withBorder>
      <Stack>
        <ActionFeedback action={account} success={(text) => text} />
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
  );
}
