/** What the route-level screens of the round share: the route status badge, the sync-notice targets, the navigation link. */
import { Badge } from '@mantine/core';
import { MACHINES } from '../../domain/status/machines';
import type { Route } from '../../domain/entities/operation';
import type { NoticeTarget } from '../../ui/sync/SyncNotices';
import { ROUTE_STATUS_COLOR } from '../../ui/statusColors';
import { statusText } from '../../i18n/status';

export function RouteStatusBadge({ route }: { route: Route }) {
  return (
    <Badge color={ROUTE_STATUS_COLOR[route.status]} variant="light" data-testid="route-status">
      {statusText(MACHINES.route, route.status)}
    </Badge>
  );
}

/** The documents whose sync notices a route's screens show: the route and the orders on it. */
export function routeAndOrders(route: Route): NoticeTarget[] {
  return [{ collection: 'routes', id: route.id }, ...route.stops.flatMap((s) => s.order_ids.map((id) => ({ collection: 'orders' as const, id })))];
}

export function navigationUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}&travelmode=bicycling`;
}
