import { useState } from 'react';
import { Button, Menu, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconLock, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { t } from '../../i18n';
import { lockNow, signOut, useSession } from '../../data/session';
import { href, linkTo } from '../../links/registry';
import { useAction } from '../../ui/action/useAction';

/** The signed-in user in the header: profile, lock, sign-out (refused while work is unsynced). */
export function UserMenu() {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | null>(null);
  const signOutAction = useAction(async () => {
    const result = await signOut();
    if (result.ok) await navigate({ ...linkTo('login'), replace: true });
    else setRefusal(result.reason);
  }, { onError: setRefusal }); // a failure (it was lost before) is told like a refusal
  const busy = signOutAction.busy;
  if (!user) return null;

  return (
    <>
      <Menu position="bottom-end" withArrow>
        <Menu.Target>
          <UnstyledButton aria-label={t('auth.userMenu')} data-testid="user-menu" style={{ minHeight: 44, minWidth: 44, display: 'flex', alignItems: 'center', gap: 6 }}>
            <IconUserCircle size={26} aria-hidden />
            <Text size="sm" visibleFrom="sm" data-testid="user-name">
              {user.name}
            </Text>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{user.name}</Menu.Label>
          <Menu.Item component={Link} to={href('profileUser')} leftSection={<IconUserCircle size={16} aria-hidden />}>
            {t('auth.profile')}
          </Menu.Item>
          <Menu.Item onClick={lockNow} leftSection={<IconLock size={16} aria-hidden />}>
            {t('auth.lockNow')}
          </Menu.Item>
          <Menu.Item color="red" onClick={() => void signOutAction.run()} disabled={busy} leftSection={<IconLogout size={16} aria-hidden />}>
            {busy ? t('auth.signingOut') : t('auth.signOut')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={refusal !== null} onClose={() => setRefusal(null)} title={t('auth.signOutRefused')} centered>
        <Stack>
          <Text data-testid="signout-refused">{refusal}</Text>
          <Button onClick={() => setRefusal(null)}>{t('common.understood')}</Button>
        </Stack>
      </Modal>
    </>
  );
}
