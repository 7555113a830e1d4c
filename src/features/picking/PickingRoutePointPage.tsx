import { useDocsByIds } from '../../data/hooks';
import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { t } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import { routePickingProgress } from '../../domain/picking';
import { MissingOrdersNotice, MissingUntilSynced } from '../../ui/sync/FirstSync';
import { usePickingEvents, usePickingRefusal, usePickingRoute, usePickingSettlement, useRouteOrdersList } from './hooks';
import { LineStateBadge, ProgressFigures, productPath, RouteStatusBadge } from './shared';
import { href } from '../../links/registry';
import '../../i18n/es/picking';

/** /picking/route/:id/pe/:idPE: the products of one delivery point's orders on the route. */
export function PickingRoutePointPage({ params }: ScreenProps<'pickingRoutePe'>) {
  usePickingSettlement();
  const route = usePickingRoute(params.id);
  const orders = useRouteOrdersList(params.id);
  const stop = route.data?.stops.find((s) => s.delivery_point_id === params.idPE);
  const events = usePickingEvents(stop?.order_ids ?? []);
  const { data: points } = useDocsByIds('delivery_points', params.idPE ? [params.idPE] : []);
  // A route of another hub: shown, not picked (issue 28).
  const refusal = usePickingRefusal(route.data ?? null);
  if (route.loading) return null;
  if (!route.data || !stop) {
    return (
      <MissingUntilSynced>
        <Alert color="orange">{t('pickingScreens.routeMissing')}</Alert>
      </MissingUntilSynced>
    );
  }
  const progress = routePickingProgress({ id: route.data.id, stops: [stop] }, orders.data, events.index);
  const stopProgress = progress.stops[0];
  const point = points.get(stop.delivery_point_id);
  const codes = new Map(orders.data.map((o) => [o.id, o.code]));
  return (
    <Stack>
      <Anchor component={Link} to={href('pickingRoute', { id: route.data.id })}>
        {t('pickingScreens.backToRoute')}
      </Anchor>
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('pickingScreens.stop', { seq: stop.seq })} · {point?.name ?? '—'}
        </Title>
        <RouteStatusBadge route={route.data} />
      </Group>
      {refusal !== null && (
        <Alert color="orange" role="alert" data-testid="picking-refused">
          {refusal}
        </Alert>
      )}
      {stopProgress && <ProgressFigures totals={stopProgress} testId="picking-stop-progress" />}
      <MissingOrdersNotice count={progress.missing_orders.length} />
      {stopProgress?.orders.map((o) => (
        <Card withBorder padding="sm" key={o.order_id} data-testid="picking-order">
          <Text fw={700}>{t('pickingScreens.orderLine', { code: codes.get(o.order_id) ?? '—' })}</Text>
          <Stack gap="xs" mt="xs">
            {o.lines.map((l) => (
              <Group key={l.line_id} justify="space-between" wrap="nowrap" data-testid="picking-line" data-product={l.product_id}>
                <div>
                  <Text>{l.name}</Text>
                  <Text size="sm" c="dimmed">
                    {t('pickingScreens.asked')}: {l.quantity} · {t('pickingScreens.picked')}: {l.picked}
                    {l.short > 0 ? ` · ${t('pickingScreens.short')}: ${l.short}` : ''}
                  </Text>
                </div>
                <Group gap="xs" wrap="nowrap">
                  <LineStateBadge line={l} />
                  {refusal === null && (
                    <Button component={Link} to={productPath(stop.delivery_point_id, l.product_id, o.order_id)} size="lg" aria-label={`${t('pickingScreens.prepare')} ${l.name}`}>
                      {t('pickingScreens.prepare')}
                    </Button>
                  )}
                </Group>
              </Group>
            ))}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
