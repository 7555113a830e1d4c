import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { t } from '../../i18n';
import { formatDay } from '../../i18n/dates';
import type { ScreenProps } from '../../ui/page/types';
import { useDocById, useDocsByIds, useEngine } from '../../data/hooks';
import { recordPick, type ActionEngine } from '../../data/picking';
import { useAction } from '../../ui/action/useAction';
import { isLineDone, orderPickingProgress } from '../../domain/picking';
import { useDayOrders, usePickingActor, usePickingDay, usePickingEvents, usePickingSettlement } from './hooks';
import { DayHubSelector, LineStateBadge, productPath } from './shared';
import { pickableOrders } from './byProductShared';
import { href } from '../../links/registry';
import '../../i18n/es/picking';

/** /picking/products/pe/:id/orders/hub/product/:idHub/:idProduct: one product across the hub's orders of the day. */
export function ProductOrdersHubPage({ params }: ScreenProps<'pickingOrdersHub'>) {
  usePickingSettlement();
  const engine = useEngine();
  const actor = usePickingActor();
  const { date } = usePickingDay();
  const hub = Number(params.idHub);
  const dayOrders = useDayOrders(date, Number.isInteger(hub) ? hub : -1);
  const product = useDocById('products', params.idProduct);
  const orders = useMemo(() => pickableOrders(dayOrders.data, date).filter((o) => o.lines.some((l) => l.product_id === params.idProduct)), [dayOrders.data, date, params.idProduct]);
  const events = usePickingEvents(orders.map((o) => o.id));
  const { data: points } = useDocsByIds('delivery_points', orders.map((o) => o.delivery_point_id));
  const { data: routes } = useDocsByIds('routes', orders.map((o) => o.route_id));
  const pick = useAction((engine: ActionEngine, input: Parameters<typeof recordPick>[1]) => recordPick(engine, input, actor));
  // The order whose «+1» was pressed last: its button shows the action running.
  const [pressed, setPressed] = useState<string | null>(null);
  const name = product.data?.name ?? params.idProduct ?? '';
  return (
    <Stack>
      {params.id && (
        <Anchor component={Link} to={href('pickingPeProducts', { id: params.id })}>
          {t('routeTitles.pickingPeProducts')}
        </Anchor>
      )}
      <DayHubSelector />
      <Title order={2} size="h3">
        {name}
      </Title>
      <Text c="dimmed">{t('pickingScreens.productOrdersIntro')}</Text>
      {pick.error && (
        <Alert color="red" role="alert">
          {pick.error}
        </Alert>
      )}
      {!dayOrders.loading && orders.length === 0 && <Alert color="gray">{t('pickingScreens.noProductOrders', { hub: params.idHub ?? '', date: formatDay(date) })}</Alert>}
      {orders.map((o) => {
        const lines = orderPickingProgress(o, events.index).lines.filter((l) => l.product_id === params.idProduct);
        const line = lines.find((l) => !isLineDone(l)) ?? lines[0];
        if (!line) return null;
        const route = routes.get(o.route_id);
        return (
          <Card withBorder padding="sm" key={o.id} data-testid="product-order">
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Text fw={700}>
                  {t('pickingScreens.orderLine', { code: o.code })} · {points.get(o.delivery_point_id)?.name ?? o.delivery_point_id}
                </Text>
                <Text size="sm" c="dimmed">
                  {route ? `${t('pickingScreens.routeOf', { code: route.code })} · ` : ''}
                  {t('pickingScreens.asked')}: {line.quantity} · {t('pickingScreens.picked')}: {line.picked}
                </Text>
              </div>
              <Group gap="xs" wrap="nowrap">
                <LineStateBadge line={line} />
                <Button
                  size="lg"
                  disabled={!engine || pick.busy || isLineDone(line)}
                  loading={pick.busy && pressed === o.id}
                  aria-label={t('pickingScreens.addOne', { order: o.code })}
                  onClick={() => {
                    if (!engine) return;
                    setPressed(o.id);
                    void pick.run(engine, { order_id: o.id, line_id: line.line_id, quantity: 1 });
                  }}
                >
                  {t('pickingScreens.plusOne')}
                </Button>
                <Button component={Link} to={productPath(o.delivery_point_id, line.product_id, o.id)} size="lg" variant="default">
                  {t('pickingScreens.open_')}
                </Button>
              </Group>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
