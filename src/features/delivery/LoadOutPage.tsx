import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Card, Group, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from '@tanstack/react-router';
import { t } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import type { DataEngine } from '../../data/engine';
import { useAction } from '../../ui/action/useAction';
import { useDocById, useDocsByIds, useEngine, useFirstSync } from '../../data/hooks';
import { confirmLoadOut, currentPosition, type LoadOutInput } from '../../data/round';
import { loadDifferences, loadOut } from '../../domain/delivery';
import { FirstSyncNotice, MissingUntilSynced } from '../../ui/sync/FirstSync';
import { LoadOutBoxScan } from './BoxScan';
import { useActor, useRouteOrders } from './hooks';
import { href, type AppHref } from '../../links/registry';
import '../../i18n/es/delivery';

/**
 * Load-out at the hub (/distribution/id_hub/…/id_route/… and /distribution/product-receive/…):
 * products and quantities expected for the route; the rider confirms what he received, by
 * counting or scanning; differences become incidences.
 */
export function LoadOutPage({ params }: ScreenProps<'distributionLoadOut' | 'distributionReceive'>) {
  const routeId = 'id_route' in params ? params.id_route : params.route_id;
  const engine = useEngine();
  const actor = useActor();
  const navigate = useNavigate();
  const { data: route, loading } = useDocById('routes', routeId);
  const { data: orders } = useRouteOrders(routeId);
  const expected = useMemo(() => loadOut(orders), [orders]);
  const { data: products } = useDocsByIds('products', expected.map((l) => l.product_id));
  const [received, setReceived] = useState<Record<string, number>>({});
  const [note, setNote] = useState('');
  const confirm = useAction(
    async (engine: DataEngine, input: Omit<LoadOutInput, 'position'>, next: AppHref) => {
      await confirmLoadOut(engine, { ...input, position: await currentPosition() }, actor);
      notifications.show({ color: 'teal', message: t('delivery.loadDone') });
      await navigate({ href: next });
    },
    { onError: (message) => notifications.show({ color: 'red', message }) },
  );
  const { awaiting } = useFirstSync();
  if (loading) return null;
  if (!route || !engine) return <MissingUntilSynced><Alert color="orange">{t('delivery.routeNotFound')}</Alert></MissingUntilSynced>;
  const value = (productId: string, fallback: number) => received[productId] ?? fallback;
  const diffs = loadDifferences(expected, received);
  const done = route.status !== 'ready' && route.status !== 'picking' && route.status !== 'planned' && route.status !== 'draft';
  const onScan = (code: string) => {
    const trimmed = code.trim();
    if (!trimmed) return;
    const product = [...products.values()].find((p) => p.barcode === trimmed || p.sku === trimmed);
    const line = product ? expected.find((l) => l.product_id === product.id) : undefined;
    if (!product || !line) {
      notifications.show({ color: 'orange', message: t('delivery.scanUnknown', { code: trimmed }) });
      return;
    }
    // The first scan of a product starts its count at 1; each further scan adds one.
    setReceived((r) => ({ ...r, [line.product_id]: (r[line.product_id] ?? 0) + 1 }));
    notifications.show({ color: 'teal', message: t('delivery.scanned', { name: line.name }), autoClose: 1200 });
  };

  return (
    <Stack>
      <Text>{t('delivery.loadOutIntro')}</Text>
      <FirstSyncNotice />
      {done && <Alert color="teal">{t('delivery.loadDone')}</Alert>}
      <LoadOutBoxScan route={route} orders={orders} disabled={done} onProductCode={onScan} />
      <Stack gap="xs" data-testid="load-lines">
        {expected.map((l) => (
          <Card key={l.product_id} withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                {/* Read whole (issue 28): products differing only at the end are told apart. */}
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {l.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('delivery.expected')}: {l.expected}
                </Text>
              </div>
              <NumberInput
                aria-label={`${t('delivery.received')}: ${l.name}`}
                value={value(l.product_id, l.expected)}
                onChange={(v) => setReceived((r) => ({ ...r, [l.product_id]: typeof v === 'number' ? Math.max(0, Math.round(v)) : 0 }))}
                min={0}
                max={9999}
                allowDecimal={false}
                size="lg"
                w={130}
                disabled={done}
              />
            </Group>
          </Card>
        ))}
      </Stack>
      {diffs.length > 0 && !done && <Alert color="orange">{t('delivery.loadDifferences', { n: diffs.length })}</Alert>}
      <Textarea label={t('delivery.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} disabled={done} maxLength={500} />
      <Button
        size="lg"
        disabled={done || expected.length === 0 || awaiting}
        loading={confirm.busy}
        onClick={() => void confirm.run(engine, { route, orders, expected, received, note }, href('distributionRoute', { id: route.id }))}
      >
        {t('delivery.confirmLoad')}
      </Button>
      <Anchor component={Link} to={href('distributionRoute', { id: route.id })}>
        {t('delivery.backToRoute')}
      </Anchor>
    </Stack>
  );
}
