import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, NumberInput, Stack, Text, SimpleGrid } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatMoney, t } from '../../i18n';
import { domainText } from '../../i18n/domain';
import type { ScreenProps } from '../../ui/page/types';
import { checkDeliveredLines, decodeSummary, deliverableUnits, encodeSummary, orderOutcome } from '../../domain/delivery';
import type { DeliveredLine } from '../../domain/entities/events';
import { SyncNotices } from '../../ui/sync/SyncNotices';
import { useOrderOnRoute } from './hooks';
import { href, linkTo } from '../../links/registry';
import { OrderNotFound } from './stopShared';
import '../../i18n/es/delivery';

/** /order_id/:id/rider_id/:riderId/route_id/:routeId: the order's products, delivered in full, in part or refused. */
export function OrderDeliveryPage({ params }: ScreenProps<'deliveryProducts'>) {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { summary?: string };
  const { order, route, events, loading } = useOrderOnRoute(params.id, params.routeId);
  const [lines, setLines] = useState<DeliveredLine[] | null>(null);
  if (loading) return null;
  if (!order || !route) return <OrderNotFound />;
  const current = lines ?? decodeSummary(order, search.summary);
  const outcome = orderOutcome(order.id, events);
  const check = checkDeliveredLines(order, current);
  const set = (lineId: string, patch: Partial<DeliveredLine>) => setLines(current.map((l) => (l.line_id === lineId ? { ...l, ...patch } : l)));
  const rider = params.riderId ?? route.rider_id;
  const units = current.reduce((n, l) => n + l.delivered, 0);
  const deliveryId = `dlv-${order.id}`;

  return (
    <Stack>
      <Text fw={700}>{order.code}</Text>
      <SyncNotices docs={[{ collection: 'orders', id: order.id }]} />
      {outcome === 'delivered' || outcome === 'partial' ? <Alert color="teal">{t('delivery.alreadyDelivered')}</Alert> : null}
      {order.lines.map((line) => {
        const l = current.find((x) => x.line_id === line.line_id);
        const max = deliverableUnits(line);
        return (
          <Card key={line.line_id} withBorder padding="sm" data-testid="order-line">
            <Group justify="space-between" wrap="nowrap" align="start">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {line.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('delivery.ordered')}: {line.quantity} · {formatMoney(line.unit_price_cents)}
                </Text>
              </div>
              <Button
                size="compact-md"
                variant="subtle"
                color="orange"
                style={{ flexShrink: 0 }}
                leftSection={<IconAlertTriangle size={16} aria-hidden />}
                component={Link}
                to={href('incidenceDeliveryProduct', { id: order.id, product_id: line.product_id, product_name: line.name, picking_charge: max, rider_id: rider, route_id: route.id })}
              >
                {t('delivery.incidence')}
              </Button>
            </Group>
            <Group grow mt="xs">
              <NumberInput
                label={t('delivery.deliveredQty')}
                value={l?.delivered ?? 0}
                min={0}
                max={max}
                allowDecimal={false}
                size="lg"
                onChange={(v) => set(line.line_id, { delivered: typeof v === 'number' ? Math.max(0, Math.round(v)) : 0 })}
              />
              <NumberInput
                label={t('delivery.refusedQty')}
                value={l?.refused ?? 0}
                min={0}
                max={max}
                allowDecimal={false}
                size="lg"
                onChange={(v) => set(line.line_id, { refused: typeof v === 'number' ? Math.max(0, Math.round(v)) : 0 })}
              />
            </Group>
          </Card>
        );
      })}
      {!check.ok && (
        <Alert color="red" role="alert">
          {domainText(check.message)}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Button size="lg" variant="default" onClick={() => setLines(order.lines.map((l) => ({ line_id: l.line_id, product_id: l.product_id, delivered: deliverableUnits(l), refused: 0 })))}>
          {t('delivery.deliveredAll')}
        </Button>
        <Button
          size="lg"
          disabled={!check.ok || outcome === 'delivered' || outcome === 'partial'}
          onClick={() =>
            void navigate({
              ...linkTo('signAndCollect', { pe_id: order.delivery_point_id, id: order.id, totalUnits: units, rider_id: rider, route_id: route.id, summary: encodeSummary(current), delivery: deliveryId }),
            })
          }
        >
          {t('delivery.continueSign')}
        </Button>
      </SimpleGrid>
      <Anchor component={Link} to={href('distributionStop', { id: order.delivery_point_id, riderId: rider, routeId: route.id })}>
        {t('delivery.backToStop')}
      </Anchor>
    </Stack>
  );
}
