import { memo, type ReactNode } from 'react';
import { AppShell, Burger, Group, NavLink, Text, Anchor, Breadcrumbs } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBike } from '@tabler/icons-react';
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
  /** After the page's content, in its flow (never laid over it): e.g. the rider's position notice. */
  readonly footer?: ReactNode;
}

/**
 * From this width up (a desk's screen, 1280 px) the side menu stays open; below it (phones and
 * tablets, a picker's 1024×768 in landscape) the page gets the whole width and the menu opens on
 * demand from the burger (issue 28). The burger hides at the same width (global.css, .cb-burger).
 */
const MENU_STAYS_OPEN = '80em';

/**
 * The application shell: a side navigation on a desk, a compact header with a drawer on phones
 * and tablets (the same tree; Mantine collapses the navbar below MENU_STAYS_OPEN).
 */
export function ShellLayout({ menu, crumbs, status, footer }: ShellLayoutProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 264, breakpoint: MENU_STAYS_OPEN, collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              className="cb-burger"
              size="sm"
              style={{ minWidth: 44, minHeight: 44 }}
              aria-label={opened ? t('app.closeMenu') : t('app.openMenu')}
            />
            {/* On a phone the name gives its room to the sync badge (issue 28: «SIN CONEXIÓN» whole
                at 360 px): a bike stands for it (global.css, .cb-brand). */}
            <Anchor component={Link} to="/" fw={700} c="teal.8" underline="never" aria-label={t('app.name')} className="cb-brand">
              <IconBike size={28} aria-hidden className="cb-brand-icon" />
              <span className="cb-brand-name">{t('app.name')}</span>
            </Anchor>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {status}
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs" aria-label={t('app.navigation')} component="nav">
        {/* The browser's own scrolling (Mantine's ScrollArea brought floating-ui and its scrollbars
            to every first screen, issue 31). */}
        <AppShell.Section grow style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
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
        {footer}
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
