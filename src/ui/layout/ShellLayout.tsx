import { memo, type ReactNode } from 'react';
import { AppShell, Burger, Group, NavLink, ScrollArea, Text, Anchor, Breadcrumbs } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { t, type MessageKey } from '../../i18n';
import { InstallPrompt } from '../pwa/InstallPrompt';
import { OfflineReadiness } from '../pwa/OfflineReadiness';

/** The landing screens where phones and tablets are offered to install the app. */
const INSTALL_PATHS: ReadonlySet<string> = new Set(['/', '/distribution']);
/** The rider's route list, where he reads whether his day is on the phone (issue 28). */
const READINESS_PATH = '/distribution';

export interface ShellMenuItem {
  readonly label: MessageKey;
  readonly description: MessageKey;
  readonly to: string;
  readonly icon: ReactNode;
}

export interface Crumb {
  readonly label: string;
  readonly to: string | null;
}

interface ShellLayoutProps {
  readonly menu: readonly ShellMenuItem[];
  /** Breadcrumbs of the current page, root first. */
  readonly crumbs: readonly Crumb[];
  /** Right side of the header: sync indicator, user menu. */
  readonly status: ReactNode;
}

/**
 * The application shell: a side navigation on desktop, a compact header with a drawer on
 * phones (the same tree; Mantine collapses the navbar below the `sm` breakpoint).
 */
export function ShellLayout({ menu, crumbs, status }: ShellLayoutProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              style={{ minWidth: 44, minHeight: 44 }}
              aria-label={opened ? t('app.closeMenu') : t('app.openMenu')}
            />
            <Anchor component={Link} to="/" fw={700} c="teal.8" underline="never">
              {t('app.name')}
            </Anchor>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {status}
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs" aria-label={t('app.navigation')} component="nav">
        <AppShell.Section grow component={ScrollArea}>
          {menu.map((item) => (
            <MenuLink key={item.label} item={item} active={item.to === '/' ? pathname === '/' : pathname.startsWith(item.to)} onNavigate={close} />
          ))}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id="main">
        {crumbs.length > 1 && (
          <nav aria-label={t('app.breadcrumbs')}>
          <Breadcrumbs mb="sm" separatorMargin={6}>
            {crumbs.map((c, i) =>
              c.to && i < crumbs.length - 1 ? (
                <Anchor key={c.to} component={Link} to={c.to} size="sm">
                  {c.label}
                </Anchor>
              ) : (
                <Text key={`${c.label}-${i}`} size="sm" c="dimmed" aria-current={i === crumbs.length - 1 ? 'page' : undefined}>
                  {c.label}
                </Text>
              ),
            )}
          </Breadcrumbs>
          </nav>
        )}
        {INSTALL_PATHS.has(pathname) && <InstallPrompt />}
        {pathname === READINESS_PATH && <OfflineReadiness />}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

/**
 * One entry of the side navigation. Memoised: a change of page renders again only the entries
 * whose «active» state changes, not the whole menu (a Mantine NavLink and a router Link each).
 */
const MenuLink = memo(function MenuLink({ item, active, onNavigate }: { item: ShellMenuItem; active: boolean; onNavigate: () => void }) {
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={t(item.label)}
      description={t(item.description)}
      leftSection={item.icon}
      active={active}
      onClick={onNavigate}
      style={{ minHeight: 44 }}
    />
  );
});
