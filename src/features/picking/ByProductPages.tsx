/**
 * Picking by delivery point and by product (issue 12):
 * - /picking/pe (blank layout, fixed station): the day's delivery points at the hub, with progress;
 * - /picking/products/pe/:id: the products a delivery point's orders of the day ask for;
 * - /picking/products/pe/:id/orders/hub/product/:idHub/:idProduct: every order of the day at
 *   that hub needing that product (take it once from the shelf, split it into the boxes).
 */
import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { t } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import { useEngine } from '../../data/hooks';
import { recordPick } from '../../data/picking';
import { isLineDone, orderPickingProgress, PICKABLE_ORDER_STATUSES, routePickingProgress, type PickingTotals } from '../../domain/picking';
import type { Order } from '../../domain/entities/operation';
import { FirstSyncNotice } from '../../ui/sync/FirstSync';
import { useDayOrders, useDayRoutes, usePickingActor, usePickingDay, usePickingEvents, usePickingSettlement, usePointOrders, usePointsByIds, useProductDoc, useRoutesByIds } from './hooks';
import { DayHubSelector, errorMessage, LineStateBadge, ProgressFigures, productPath } from './shared';

/** Orders of the day that the picking flow handles (on a route, not delivered or cancelled). */
function pickableOrders(orders: readonly Order[], date: string): Order[] {
  return orders.filter((o) => o.date === date && o.route_id !== '' && PICKABLE_ORDER_STATUSES.includes(o.status));
}

/** /picking/pe: the day's delivery points at the hub, each with its picking progress. */
export function PickingPointsPage() {
  usePickingSettlement();
  const { date, hub } = usePickingDay();
  const routes = useDayRoutes(date, hub);
  const orders = useDayOrders(date, hub);
  const live = useMemo(() => routes.data.filter((r) => r.status !== 'draft' && r.status !== 'cancelled'), [routes.data]);
  const events = usePickingEvents(live.flatMap((r) => r.stops.flatMap((s) => s.order_ids)));
  const stops = useMemo(
    () =>
      live
        .flatMap((r) => routePickingProgress(r, orders.data, events.index).stops.map((s) => ({ route: r, stop: s })))
        .sort((a, b) => a.route.code.localeCompare(b.route.code) || a.stop.seq - b.stop.seq),
    [live, orders.data, events.index],
  );
  const { data: points } = usePointsByIds(stops.map((s) => s.stop.delivery_point_id));
  return (
    <Stack>
      <Anchor component={Link} to="/picking">
        {t('routeTitles.picking')}
      </Anchor>
      <DayHubSelector />
      <FirstSyncNotice />
      {!routes.loading && stops.length === 0 && <Alert color="gray">{t('pickingScreens.noPoints')}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {stops.map(({ route, stop }) => (
          <Card withBorder padding="md" key={`${route.id}-${stop.seq}`} data-testid="picking-point">
            <Text fw={700}>{points.get(stop.delivery_point_id)?.name ?? stop.delivery_point_id}</Text>
            <Text size="sm" c="dimmed">
              {t('pickingScreens.routeOf', { code: route.code })} · {t('pickingScreens.stop', { seq: stop.seq })}
            </Text>
            <ProgressFigures totals={stop} />
            <Group grow mt="sm">
              <Button component={Link} to={`/picking/route/${encodeURIComponent(route.id)}/pe/${encodeURIComponent(stop.delivery_point_id)}`} size="xl">
                {t('pickingScreens.prepare')}
              </Button>
              <Button component={Link} to={`/picking/products/pe/${encodeURIComponent(stop.delivery_point_id)}`} size="xl" variant="default">
                {t('routeTitles.pickingPeProducts')}
              </Button>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

interface ProductRow {
  readonly product_id: string;
  readonly name: string;
  readonly totals: Pick<PickingTotals, 'units_total' | 'units_picked'>;
  readonly orders: { order: Order; done: boolean }[];
}

/** /picking/products/pe/:id: the products of a delivery point's orders of the day. */
export function PointProductsPage({ params }: ScreenProps) {
  usePickingSettlement();
  const { date, hub } = usePickingDay();
  const all = usePointOrders(params.id);
  const orders = useMemo(() => pickableOrders(all.data, date), [all.data, date]);
  const events = usePickingEvents(orders.map((o) => o.id));
  const { data: points } = usePointsByIds(params.id ? [params.id] : []);
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
      <Text c="dimmed">{t('pickingScreens.pointProducts', { date })}</Text>
      <FirstSyncNotice />
      {!all.loading && rows.length === 0 && <Alert color="gray">{t('pickingScreens.noPointProducts', { date })}</Alert>}
      {rows.map((r) => (
        <Card withBorder padding="sm" key={r.product_id} data-testid="point-product">
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text fw={700}>{r.name}</Text>
              <Text size="sm" c="dimmed">
                {t('pickingScreens.productTotal', { picked: r.totals.units_picked, total: r.totals.units_total, orders: r.orders.length })}
              </Text>
            </div>
            <Button component={Link} to={`/picking/products/pe/${encodeURIComponent(params.id ?? '')}/orders/hub/product/${pointHub}/${encodeURIComponent(r.product_id)}`} size="lg" variant="default">
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

/** /picking/products/pe/:id/orders/hub/product/:idHub/:idProduct: one product across the hub's orders of the day. */
export function ProductOrdersHubPage({ params }: ScreenProps) {
  usePickingSettlement();
  const engine = useEngine();
  const actor = usePickingActor();
  const { date } = usePickingDay();
  const hub = Number(params.idHub);
  const dayOrders = useDayOrders(date, Number.isInteger(hub) ? hub : -1);
  const product = useProductDoc(params.idProduct);
  const orders = useMemo(() => pickableOrders(dayOrders.data, date).filter((o) => o.lines.some((l) => l.product_id === params.idProduct)), [dayOrders.data, date, params.idProduct]);
  const events = usePickingEvents(orders.map((o) => o.id));
  const { data: points } = usePointsByIds(orders.map((o) => o.delivery_point_id));
  const { data: routes } = useRoutesByIds(orders.map((o) => o.route_id));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const name = product.data?.name ?? params.idProduct ?? '';
  return (
    <Stack>
      {params.id && (
        <Anchor component={Link} to={`/picking/products/pe/${encodeURIComponent(params.id)}`}>
          {t('routeTitles.pickingPeProducts')}
        </Anchor>
      )}
      <DayHubSelector />
      <Title order={2} size="h3">
        {name}
      </Title>
      <Text c="dimmed">{t('pickingScreens.productOrdersIntro')}</Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {!dayOrders.loading && orders.length === 0 && <Alert color="gray">{t('pickingScreens.noProductOrders', { hub: params.idHub ?? '', date })}</Alert>}
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
                  disabled={!engine || busy !== null || isLineDone(line)}
                  loading={busy === o.id}
                  aria-label={t('pickingScreens.addOne', { order: o.code })}
                  onClick={() => {
                    if (!engine) return;
                    setBusy(o.id);
                    setError(null);
                    recordPick(engine, { order_id: o.id, line_id: line.line_id, quantity: 1, actor })
                      .catch((err: unknown) => setError(errorMessage(err)))
                      .finally(() => setBusy(null));
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
