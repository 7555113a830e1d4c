import { useDocsByIds } from '../../data/hooks';
import { useMemo } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { t } from '../../i18n';
import { formatDay } from '../../i18n/dates';
import type { ScreenProps } from '../../ui/page/types';
import { isLineDone, orderPickingProgress, type PickingTotals } from '../../domain/picking';
import type { Order } from '../../domain/entities/operation';
import { FirstSyncNotice } from '../../ui/sync/FirstSync';
import { usePickingDay, usePickingEvents, usePickingSettlement, usePointOrders } from './hooks';
import { DayHubSelector, productPath } from './shared';
import { pickableOrders } from './byProductShared';
import { href } from '../../links/registry';
import '../../i18n/es/picking';

interface ProductRow {
  readonly product_id: string;
  readonly name: string;
  readonly totals: Pick<PickingTotals, 'units_total' | 'units_picked'>;
  readonly orders: { order: Order; done: boolean }[];
}

/** /picking/products/pe/:id: the products of a delivery point's orders of the day. */
export function PointProductsPage({ params }: ScreenProps<'pickingPeProducts'>) {
  usePickingSettlement();
  const { date, hub } = usePickingDay();
  const all = usePointOrders(params.id);
  const orders = useMemo(() => pickableOrders(all.data, date), [all.data, date]);
  const events = usePickingEvents(orders.map((o) => o.id));
  const { data: points } = useDocsByIds('delivery_points', params.id ? [params.id] : []);
  const rows = useMemo(() => {
    const byProduct = new Map<string, { product_id: string; name: string; units_total: number; units_picked: number; orders: { order: Order; done: boolean }[] }>();
    for (const o of orders) {
      for (const l of orderPickingProgress(o, events.index).lines) {
        const row = byProduct.get(l.product_id) ?? { product_id: l.product_id, name: l.name, units_total: 0, units_picked: 0, orders: [] };
        row.units_total += l.quantity;
        row.units_picked += Math.min(l.picked, l.quantity);
        if (!row.orders.some((x) => x.order.id === o.id)) row.orders.push({ order: o, done: isLineDone(l) });
        byProduct.set(l.product_id, row);
      }
    }
    return [...byProduct.values()].map((r): ProductRow => ({ product_id: r.product_id, name: r.name, totals: r, orders: r.orders })).sort((a, b) => a.name.localeCompare(b.name));
  }, [orders, events.index]);
  const pointHub = points.get(params.id ?? '')?.hub ?? hub;
  return (
    <Stack>
      <DayHubSelector />
      <Title order={2} size="h3">
        {points.get(params.id ?? '')?.name ?? params.id}
      </Title>
      <Text c="dimmed">{t('pickingScreens.pointProducts', { date: formatDay(date) })}</Text>
      <FirstSyncNotice />
      {!all.loading && rows.length === 0 && <Alert color="gray">{t('pickingScreens.noPointProducts', { date: formatDay(date) })}</Alert>}
      {rows.map((r) => (
        <Card withBorder padding="sm" key={r.product_id} data-testid="point-product">
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text fw={700}>{r.name}</Text>
              <Text size="sm" c="dimmed">
                {t('pickingScreens.productTotal', { picked: r.totals.units_picked, total: r.totals.units_total, orders: r.orders.length })}
              </Text>
            </div>
            <Button component={Link} to={href('pickingOrdersHub', { id: params.id ?? '', idHub: pointHub, idProduct: r.product_id })} size="lg" variant="default">
              {t('pickingScreens.acrossOrders')}
            </Button>
          </Group>
          <Group gap="xs" mt="xs">
            {r.orders.map(({ order, done }) => (
              <Button key={order.id} component={Link} to={productPath(order.delivery_point_id, r.product_id, order.id)} size="lg" variant={done ? 'light' : 'filled'}>
                {t('pickingScreens.orderLine', { code: order.code })}
              </Button>
            ))}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
