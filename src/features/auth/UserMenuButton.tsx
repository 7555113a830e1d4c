import type { ComponentPropsWithoutRef, Ref } from 'react';
import { Text, UnstyledButton } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { t } from '../../i18n';

type MenuButtonProps = { readonly name: string; readonly ref?: Ref<HTMLButtonElement> } & ComponentPropsWithoutRef<'button'>;

/** The header's button of the user menu (44 px): his name, from a phone's width up. */
export function UserMenuButton({ name, ref, ...rest }: MenuButtonProps) {
  return (
    <UnstyledButton {...rest} ref={ref} aria-label={t('auth.userMenu')} data-testid="user-menu" style={{ minHeight: 44, minWidth: 44, display: 'flex', alignItems: 'center', gap: 6 }}>
      <IconUserCircle size={26} aria-hidden />
      <Text size="sm" visibleFrom="sm" data-testid="user-name">
        {name}
      </Text>
    </UnstyledButton>
  );
}

