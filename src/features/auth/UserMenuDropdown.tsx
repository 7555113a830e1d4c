import { useEffect, useRef, useState } from 'react';
import { Button, Menu, Modal, Stack, Text } from '@mantine/core';
import { IconLock, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { t } from '../../i18n';
import { lockNow, signOut } from '../../data/session';
import type { SessionUser } from '../../backend/types';
import { href, linkTo } from '../../links/registry';
import { useAction } from '../../ui/action/useAction';
import { UserMenuButton } from './UserMenuButton';

/**
 * The user menu with its entries, loaded when its button is first pressed (./UserMenu.tsx): it
 * opens at once and keeps the focus on the button.
 */
export function UserMenuDropdown({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  const signOutAction = useAction(async () => {
    const result = await signOut();
    if (result.ok) await navigate({ ...linkTo('login'), replace: true });
    else setRefusal(result.reason);
  }, { onError: setRefusal }); // a failure (it was lost before) is told like a refusal
  const busy = signOutAction.busy;

  return (
    <>
      <Menu defaultOpened position="bottom-end" withArrow>
        <Menu.Target>
          <UserMenuButton name={user.name} ref={button} />
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
