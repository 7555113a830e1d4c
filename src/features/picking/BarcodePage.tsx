/**
 * /barcode (issue 12): scan anything and see what it is: a box label (its order), a product by
 * GTIN or SKU (with today's demand at the hub), an order (id or number), a delivery point or a
 * route (id or code). Everything is looked up in the local database, so it works offline.
 */
import { useState } from 'react';
import { Alert, Anchor, Badge, Card, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { t } from '../../i18n';
import { useLiveQuery } from '../../data/hooks';
import { docById, orderByCode, productByBarcode, productBySku, routeByCode } from '../../data/queries';
import { classifyCode } from '../../domain/picking';
import { MACHINES } from '../../domain/status/machines';
import type { DeliveryPoint, Order, Product, Route } from '../../domain/entities/operation';
import { Scanner } from '../../ui/scanner';
import { useDayOrders, usePickingDay } from './hooks';
import { productPath, RouteStatusBadge } from './shared';
import { href } from '../../links/registry';
import { statusText } from '../../i18n/status';
import '../../i18n/es/picking';

/** What a code names on this device. */
function useLookup(code: string) {
  const c = classifyCode(code);
  const orderId = c.kind === 'box-label' ? c.label.order_id : code;
  const ean13 = c.kind === 'gtin' && c.gtin.startsWith('0') ? c.gtin.slice(1) : '';
  const enabled = code !== '';
  const byId = useLiveQuery<Order | null>((db) => (enabled ? docById(db, 'orders', orderId) : null), [enabled, orderId], null);
  const byCode = useLiveQuery<Order | null>((db) => (enabled && c.kind === 'text' ? orderByCode(db, code) : null), [enabled, code, c.kind], null);
  const byEan = useLiveQuery<Product | null>((db) => (ean13 !== '' ? productByBarcode(db, ean13) : null), [ean13], null);
  const bySku = useLiveQuery<Product | null>((db) => (enabled && c.kind === 'text' ? productBySku(db, code) : null), [enabled, code, c.kind], null);
  const point = useLiveQuery<DeliveryPoint | null>((db) => (enabled && c.kind === 'text' ? docById(db, 'delivery_points', code) : null), [enabled, code, c.kind], null);
  const routeById = useLiveQuery<Route | null>((db) => (enabled && c.kind === 'text' ? docById(db, 'routes', code) : null), [enabled, code, c.kind], null);
  const routeCode = useLiveQuery<Route | null>((db) => (enabled && c.kind === 'text' ? routeByCode(db, code) : null), [enabled, code, c.kind], null);
  const loading = [byId, byCode, byEan, bySku, point, routeById, routeCode].some((q) => q.loading);
  return {
    kind: c.kind,
    label: c.kind === 'box-label' ? c.label : null,
    order: byId.data ?? byCode.data,
    product: byEan.data ?? bySku.data,
    point: point.data,
    route: routeById.data ?? routeCode.data,
    loading,
  };
}

function ProductDemand({ product }: { product: Product }) {
  const { date, hub } = usePickingDay();
  const { data: orders } = useDayOrders(date, hub);
  const asking = orders.filter((o) => o.status !== 'cancelled' && o.lines.some((l) => l.product_id === product.id));
  const units = asking.reduce((n, o) => n + o.lines.filter((l) => l.product_id === product.id).reduce((m, l) => m + l.quantity, 0), 0);
  return <Text data-testid="barcode-demand">{t('pickingScreens.barcodeDemand', { hub, units, orders: asking.length })}</Text>;
}

function Result({ code }: { code: string }) {
  const r = useLookup(code);
  if (r.loading) return null;
  const found = r.order || r.product || r.point || r.route;
  if (!found) return <Alert color="orange" data-testid="barcode-unknown">{t('pickingScreens.barcodeUnknown', { code })}</Alert>;
  return (
    <Stack gap="sm" data-testid="barcode-result">
      {r.product && (
        <Card withBorder padding="md">
          <Text fw={700}>{t('pickingScreens.barcodeProduct', { name: r.product.name })}</Text>
          <Text size="sm" c="dimmed">
            {t('pickingScreens.sku', { sku: r.product.sku })} · {r.product.barcode ? t('pickingScreens.ean', { ean: r.product.barcode }) : t('pickingScreens.noEan')}
          </Text>
          <ProductDemand product={r.product} />
        </Card>
      )}
      {r.order && (
        <Card withBorder padding="md">
          {r.label && <Badge size="lg">{t('pickingScreens.barcodeBox', { box: r.label.box, of: r.label.of })}</Badge>}
          <Text fw={700}>{t('pickingScreens.barcodeOrder', { code: r.order.code })}</Text>
          <Text size="sm">{t('pickingScreens.barcodeOrderStatus', { status: statusText(MACHINES.order, r.order.status), picking: statusText(MACHINES.picking, r.order.picking_status) })}</Text>
          {r.order.lines[0] && (
            <Anchor component={Link} to={productPath(r.order.delivery_point_id, r.order.lines[0].product_id, r.order.id)}>
              {t('pickingScreens.open_')}
            </Anchor>
          )}
        </Card>
      )}
      {r.point && (
        <Card withBorder padding="md">
          <Text fw={700}>{t('pickingScreens.barcodePoint', { name: r.point.name })}</Text>
          <Text size="sm">{`${r.point.address}, ${r.point.city}`}</Text>
          <Anchor component={Link} to={href('pickingPeProducts', { id: r.point.id })}>
            {t('pickingScreens.open_')}
          </Anchor>
        </Card>
      )}
      {r.route && (
        <Card withBorder padding="md">
          <Text fw={700}>{t('pickingScreens.barcodeRoute', { code: r.route.code, name: r.route.name })}</Text>
          <RouteStatusBadge route={r.route} />
          <Anchor component={Link} to={href('pickingRoute', { id: r.route.id })}>
            {t('pickingScreens.open_')}
          </Anchor>
        </Card>
      )}
    </Stack>
  );
}

export function BarcodePage() {
  const [code, setCode] = useState('');
  return (
    <Stack>
      <Text c="dimmed">{t('pickingScreens.barcodeIntro')}</Text>
      <Scanner onScan={(c) => setCode(c.trim())} label={t('pickingScreens.barcodeLabel')} />
      {code === '' ? (
        <Text c="dimmed">{t('pickingScreens.barcodeNone')}</Text>
      ) : (
        <>
          <Text fw={500} data-testid="barcode-read">
            {t('pickingScreens.read', { code })}
          </Text>
          <Result key={code} code={code} />
        </>
      )}
    </Stack>
  );
}
