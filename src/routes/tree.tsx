/**
 * The parts of the route tree that are not one per registry entry: the root, the two layouts
 * (shell and blank), the guard, and the options every screen route shares. The routes
 * themselves are generated into routeTree.gen.ts from the registry (`npm run routes`).
 */
import { createRootRoute, createRoute, Outlet, redirect, useMatches, type ParsedLocation } from '@tanstack/react-router';
import {
  IconBike,
  IconBuildingWarehouse,
  IconCategory,
  IconClipboardList,
  IconFileImport,
  IconHome,
  IconMapRoute,
  IconListCheck,
  IconMapPin,
  IconPackage,
  IconRoute,
  IconTruckDelivery,
  IconReceipt,
  IconBuildingStore,
  IconAlertTriangle,
  IconCash,
  IconChartBar,
  IconMapPins,
  IconUsers,
  IconSettings,
} from '@tabler/icons-react';
import { Suspense, useMemo, type ReactNode } from 'react';
import { ChunkBoundary, ChunkLoading, lazyChunk } from '../ui/lazyChunk';
import { t } from '../i18n';
import { BlankLayout } from '../ui/layout/BlankLayout';
import { OnlineBadge } from '../ui/layout/OnlineBadge';
import type { Crumb, ShellMenuItem } from '../ui/layout/ShellLayout';
import { NotFound } from '../ui/page/NotFound';
import { useEngine, useSyncStatus } from '../data/statusHooks';
import { groupsOf, useSession } from '../data/session';
import { mayOpen, type InterfaceGroup } from '../domain/access/groups';
import { homeOf } from '../features/auth/home';
import { breadcrumbTrail, MENU, pathParams, routeById, type MenuEntry, type RouteEntry } from '../links/registry';
import { RoutePage } from './RoutePage';
import { usePwaStore } from '../ui/pwa/serviceWorker';
import { SCREENS } from './screens';
import { fillPath } from '../links/href';

// The shell, the sync badge, the user menu and the session overlays load on their own, in one
// chunk (./shellParts), so the sign-in page downloads none of them (issue 31: bench/bundle.ts).
const shellParts = () => import('./shellParts');
const ShellLayout = lazyChunk(() => shellParts().then((m) => ({ default: m.ShellLayout })));
const SyncIndicator = lazyChunk(() => shellParts().then((m) => ({ default: m.SyncIndicator })));
const UserMenu = lazyChunk(() => shellParts().then((m) => ({ default: m.UserMenu })));
/**
 * A rider's position is shared while his route is in progress (issue 33); its code comes with the
 * rider's first screen (./riderHome), for riders only, and its notice sits after the page's
 * content (ShellLayout's footer), never over it.
 */
const RiderSharing = lazyChunk(() => import('./riderHome').then((m) => ({ default: m.RiderSharing })));
const RIDER_FOOTER = (
  <ChunkBoundary fallback="nothing">
    <Suspense fallback={null}>
      <RiderSharing />
    </Suspense>
  </ChunkBoundary>
);
const SessionOverlays = lazyChunk(() => shellParts().then((m) => ({ default: m.SessionOverlays })));
/** «Nueva versión disponible»: its code is fetched only when a new version waits (precached). */
const UpdatePrompt = lazyChunk(() => import('../ui/pwa/UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));

const ICONS: Record<MenuEntry['icon'], ReactNode> = {
  home: <IconHome size={20} aria-hidden />,
  import: <IconFileImport size={20} aria-hidden />,
  planning: <IconMapRoute size={20} aria-hidden />,
  routes: <IconRoute size={20} aria-hidden />,
  products: <IconPackage size={20} aria-hidden />,
  picking: <IconListCheck size={20} aria-hidden />,
  destination: <IconMapPin size={20} aria-hidden />,
  product: <IconClipboardList size={20} aria-hidden />,
  hub: <IconBuildingWarehouse size={20} aria-hidden />,
  bike: <IconBike size={20} aria-hidden />,
  bikeModel: <IconCategory size={20} aria-hidden />,
  distribution: <IconTruckDelivery size={20} aria-hidden />,
  orders: <IconReceipt size={20} aria-hidden />,
  points: <IconBuildingStore size={20} aria-hidden />,
  incidences: <IconAlertTriangle size={20} aria-hidden />,
  payments: <IconCash size={20} aria-hidden />,
  reports: <IconChartBar size={20} aria-hidden />,
  tracking: <IconMapPins size={20} aria-hidden />,
  users: <IconUsers size={20} aria-hidden />,
  config: <IconSettings size={20} aria-hidden />,
};

/** The menu entries a user's interface groups may open. */
function menuFor(groups: readonly InterfaceGroup[]): ShellMenuItem[] {
  return MENU.filter((m) => mayOpen(groups, routeById(m.routeId).access)).map((m) => ({
    label: m.label,
    description: m.description,
    to: m.to,
    icon: ICONS[m.icon],
  }));
}

/** Breadcrumbs from the registry: Home, the parents, the page. Parents link when their params are known. */
function crumbsFor(entry: RouteEntry, params: Readonly<Record<string, string>>): Crumb[] {
  const trail = breadcrumbTrail(entry.id);
  if (trail[0]?.id !== 'home') trail.unshift(routeById('home'));
  return trail.map((e) => {
    const names = pathParams(e.path);
    const known = names.every((n) => params[n] !== undefined);
    return { label: t(e.crumb ?? e.title), to: known ? fillPath(e.path, params) : null };
  });
}

function ShellRoute() {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const entryId = (leaf?.staticData as { entryId?: string } | undefined)?.entryId;
  const crumbs = entryId ? crumbsFor(routeById(entryId), (leaf?.params ?? {}) as Record<string, string>) : [];
  const user = useSession((s) => s.user);
  const menu = useMemo(() => menuFor(groupsOf(user)), [user]);
  return (
    <ChunkBoundary fallback="notice">
      <Suspense fallback={<ChunkLoading quiet />}>
        <ShellLayout menu={menu} crumbs={crumbs} status={SHELL_STATUS} footer={user?.base_role === 'rider' ? RIDER_FOOTER : null} />
      </Suspense>
    </ChunkBoundary>
  );
}

/**
 * The right side of the shell's header: the same element on every page, so a change of page
 * does not render the sync badge and the user menu again (they follow their own state).
 */
const SHELL_STATUS = (
  <>
    <ChunkBoundary fallback="nothing">
      <Suspense fallback={null}>
        <ShellSyncIndicator />
      </Suspense>
    </ChunkBoundary>
    <ChunkBoundary fallback="nothing">
      <Suspense fallback={null}>
        <UserMenu />
      </Suspense>
    </ChunkBoundary>
  </>
);

function ShellSyncIndicator() {
  const status = useSyncStatus();
  const engine = useEngine();
  if (!engine) return <OnlineBadge />;
  return <SyncIndicator status={status} onSyncNow={() => engine.syncNow()} onDismissNotices={() => void engine.dismissNotices()} />;
}

/**
 * The guard of every route: a signed-out visitor is sent to /login and back after signing in;
 * a signed-in user on /login goes to his home. Whether the role may open the page is checked by
 * RoutePage (it shows «Sin permiso»).
 */
function guard(entry: RouteEntry, location: ParsedLocation): void {
  const { phase, user } = useSession.getState();
  if (entry.access === 'public') {
    if (entry.id === 'login' && phase === 'signed-in' && user) throw redirect({ to: homeOf(user.groups), replace: true });
    return;
  }
  if (phase !== 'signed-in') throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
}

function RootView() {
  const signedIn = useSession((s) => s.phase === 'signed-in');
  const updateWaiting = usePwaStore((s) => s.updateWaiting);
  return (
    <>
      <a className="cb-skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Outlet />
      <ChunkBoundary fallback="nothing">
        <Suspense fallback={null}>
          {signedIn && <SessionOverlays />}
          {updateWaiting && <UpdatePrompt />}
        </Suspense>
      </ChunkBoundary>
    </>
  );
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    entryId?: string;
  }
}

export const rootRoute = createRootRoute({ component: RootView, notFoundComponent: NotFound });
export const shellLayoutRoute = createRoute({ getParentRoute: () => rootRoute, id: 'shell', component: ShellRoute });
export const blankLayoutRoute = createRoute({ getParentRoute: () => rootRoute, id: 'blank-layout', component: BlankLayout });

/** What every screen route has: its registry id, the guard, and the page that renders it. */
export function screenOptions(id: string) {
  const entry = routeById(id);
  return {
    staticData: { entryId: entry.id },
    // Screens read their own search parameters (`?type=missing`, `?redirect=…`) and check them.
    validateSearch: (search: Record<string, unknown>): Record<string, unknown> => search,
    beforeLoad: ({ location }: { location: ParsedLocation }) => guard(entry, location),
    // The screen's code starts loading when a link to it is about to be followed (the router
    // preloads on hover and focus, or when a link asks for it), not in the click's task. Not
    // awaited: the page changes at once and shows its loader while the code arrives, as before.
    loader: () => {
      SCREENS[entry.id]?.preload();
    },
    component: () => <RoutePage entry={entry} />,
  };
}
