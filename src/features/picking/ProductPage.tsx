import { useDocById, useDocsByIds } from '../../data/hooks';
import '../../i18n/es/picking';
/**
 * The picker's product page (issue 12): /picking/products/pe/:pe_id/:product_id/order/:order_id.
 * One product of one order: what is asked and what is in the box, scan to count a unit (a code of
 * another product is refused and recorded as a picker error), «−»/«+», a typed quantity, undo,
 * and «Falta» / «Dañado» → picking incidence. Everything is written locally first (offline).
 */
import { useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { IconMinus, IconPlus, IconArrowBackUp } from '@tabler/icons-react';
import { z } from 'zod';
import { t } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import { MAX_PICK_QUANTITY, pickByScan, recordPick, setPickedQuantity, undoLastPick } from '../../data/picking';
import { isLineDone, orderPickingProgress, PICKABLE_ROUTE_STATUSES, type LineProgress } from '../../domain/picking';
import type { Order } from '../../domain/entities/operation';
import { Scanner } from '../../ui/scanner';
import { useAction } from '../../ui/action/useAction';
import { useOrderProduct, usePickingEvents, usePickingRoute } from './hooks';
import { LineStateBadge, ProductMissing, productPath, RouteStatusBadge } from './shared';
import { href, linkTo, type AppHref } from '../../links/registry';

const typedSchema = z.number().int().min(0).max(MAX_PICK_QUANTITY);

/** The line of `productId` the picker works on: the first one not done yet, else the first. */
function currentLine(lines: readonly LineProgress[], productId: string): LineProgress | undefined {
  const mine = lines.filter((l) => l.product_id === productId);
  return mine.find((l) => !isLineDone(l)) ?? mine[0];
}

type Feedback = { readonly kind: 'ok' | 'error' | 'info'; readonly text: string; readonly errorsLink?: boolean } | null;

export function incidencePath(pointName: string, pointId: string, productId: string, orderId: string): AppHref {
  return href('incidenceProduct', { pe_name: pointName || pointId, pe_id: pointId, product_id: productId, order_id: orderId });
}

/** The same page as a typed link target, for `navigate` with the incidence's `?type=`. */
function incidenceTarget(pointName: string, pointId: string, productId: string, orderId: string) {
  return linkTo('incidenceProduct', { pe_name: pointName || pointId, pe_id: pointId, product_id: productId, order_id: orderId });
}

export function errorPath(pointName: string, orderId: string, productId: string): AppHref {
  return href('errorPicking', { pe_name: pointName || '-', order_id: orderId, product_id: productId });
}

/** The next line of the same stop still to pick (this order first, then the stop's other orders). */
function nextLine(order: Order, stopOrders: readonly Order[], lines: Map<string, LineProgress[]>, current: LineProgress): { orderId: string; productId: string } | null {
  const sequence = [order, ...stopOrders.filter((o) => o.id !== order.id)];
  for (const o of sequence) {
    const next = (lines.get(o.id) ?? []).find((l) => !isLineDone(l) && !(o.id === order.id && l.line_id === current.line_id));
    if (next) return { orderId: o.id, productId: next.product_id };
  }
  return null;
}

export function PickerProductPage({ params }: ScreenProps<'pickerProduct'>) {
  const { engine, actor, order, product } = useOrderProduct(params.order_id, params.product_id);
  const navigate = useNavigate();
  const point = useDocById('delivery_points', params.pe_id);
  const route = usePickingRoute(order.data?.route_id || undefined);
  const stop = route.data?.stops.find((s) => s.order_ids.includes(params.order_id ?? ''));
  const stopOrderIds = useMemo(() => stop?.order_ids ?? (params.order_id ? [params.order_id] : []), [stop, params.order_id]);
  const events = usePickingEvents(stopOrderIds);
  const stopOrders = useStopOrders(stopOrderIds);
  // The feedback line belongs to the product it was about: the next product opens without the
  // previous one's «Leído…» or «Cantidad guardada» (issue 28).
  const pageKey = `${params.order_id ?? ''}/${params.product_id ?? ''}`;
  const [said, setSaid] = useState<{ readonly key: string; readonly feedback: Feedback }>({ key: pageKey, feedback: null });
  const feedback = said.key === pageKey ? said.feedback : null;
  const setFeedback = (next: Feedback) => setSaid({ key: pageKey, feedback: next });
  // Each step's outcome (or its failure) becomes the feedback line.
  const step = useAction(async (action: () => Promise<Feedback>) => setFeedback(await action()), { onError: (text) => setFeedback({ kind: 'error', text }) });
  const busy = step.busy;
  const [typed, setTyped] = useState<number | string>('');
  const [typedError, setTypedError] = useState<string | null>(null);

  const progress = useMemo(() => (order.data ? orderPickingProgress(order.data, events.index) : null), [order.data, events.index]);
  const linesByOrder = useMemo(
    () => new Map(stopOrders.map((o) => [o.id, orderPickingProgress(o, events.index).lines as LineProgress[]])),
    [stopOrders, events.index],
  );
  if (order.loading || product.loading) return null;
  const line = progress ? currentLine(progress.lines, params.product_id ?? '') : undefined;
  if (!order.data || !product.data || !line || !engine) {
    return <ProductMissing />;
  }
  const o = order.data;
  const p = product.data;
  const r = route.data;
  const pickable = r !== null && PICKABLE_ROUTE_STATUSES.includes(r.status);
  const pointName = point.data?.name ?? '';

  const run = step.run;

  const onScan = (code: string) =>
    void run(async () => {
      const outcome = await pickByScan(engine, { order_id: o.id, line_id: line.line_id, code }, actor);
      if (outcome.ok) return { kind: 'ok', text: t('pickingScreens.scanOk', { product: p.name }) };
      if (outcome.partial) return { kind: 'error', text: t('pickingScreens.scanPartial', { code }) };
      return { kind: 'error', text: t('pickingScreens.scanWrong', { code, product: p.name }), errorsLink: true };
    });

  const next = nextLine(o, stopOrders, linesByOrder, line);
  return (
    <Stack data-testid="picker-product">
      <Group justify="space-between">
        <Anchor component={Link} to={r && stop ? href('pickingRoutePe', { id: r.id, idPE: stop.delivery_point_id }) : href('picking')}>
          {t('pickingScreens.backToStop')}
        </Anchor>
        {r && <RouteStatusBadge route={r} />}
      </Group>
      <Card withBorder padding="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h3" data-testid="picker-product-name">
              {p.name}
            </Title>
            <Text size="sm" c="dimmed">
              {t('pickingScreens.sku', { sku: p.sku })} · {p.barcode ? t('pickingScreens.ean', { ean: p.barcode }) : t('pickingScreens.noEan')} · {t('pickingScreens.unit', { unit: p.unit })}
            </Text>
            <Text size="sm">
              {t('pickingScreens.orderLine', { code: o.code })} · {t('pickingScreens.point', { name: pointName || o.delivery_point_id })}
              {r ? ` · ${t('pickingScreens.routeOf', { code: r.code })}` : ''}
            </Text>
          </div>
          <Group gap="xs">
            {p.cold && <Badge color="cyan">{t('pickingScreens.cold')}</Badge>}
            <LineStateBadge line={line} />
          </Group>
        </Group>
        <SimpleGrid cols={3} mt="md">
          <Figure label={t('pickingScreens.asked')} value={line.quantity} testId="qty-asked" />
          <Figure label={t('pickingScreens.picked')} value={line.picked} testId="qty-picked" />
          <Figure label={line.short > 0 ? t('pickingScreens.short') : t('pickingScreens.remaining')} value={line.short > 0 ? line.short : line.remaining} testId="qty-rest" />
        </SimpleGrid>
      </Card>

      {r?.status === 'ready' && (
        <Alert color="teal" data-testid="route-ready">
          {t('pickingScreens.ready')}{' '}
          <Anchor component={Link} to={href('pickingRoute', { id: r.id })}>
            {t('pickingScreens.routeReadyGo')}
          </Anchor>
        </Alert>
      )}

      {feedback && (
        <Alert color={feedback.kind === 'ok' ? 'teal' : feedback.kind === 'error' ? 'red' : 'blue'} role={feedback.kind === 'error' ? 'alert' : 'status'} data-testid="pick-feedback">
          {feedback.text}
          {feedback.errorsLink && (
            <>
              {' '}
              <Anchor component={Link} to={errorPath(pointName, o.id, p.id)}>
                {t('pickingScreens.seeErrors')}
              </Anchor>
            </>
          )}
        </Alert>
      )}

      {pickable && (
        <>
          <Card withBorder padding="md">
            <Text size="sm" c="dimmed" mb="xs">
              {t('pickingScreens.scanHelp')}
            </Text>
            <Scanner onScan={onScan} label={t('pickingScreens.scanLabel')} disabled={busy} />
          </Card>
          <Group grow>
            <Button
              size="xl"
              variant="default"
              aria-label={t('pickingScreens.minus')}
              disabled={busy || line.picked === 0}
              onClick={() =>
                void run(async () => {
                  await setPickedQuantity(engine, { order_id: o.id, line_id: line.line_id, quantity: line.picked - 1 }, actor);
                  return null;
                })
              }
            >
              <IconMinus size={28} aria-hidden />
            </Button>
            <Button
              size="xl"
              aria-label={t('pickingScreens.plus')}
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  await recordPick(engine, { order_id: o.id, line_id: line.line_id, quantity: 1 }, actor);
                  return null;
                })
              }
            >
              <IconPlus size={28} aria-hidden />
            </Button>
          </Group>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              const parsed = typedSchema.safeParse(typeof typed === 'number' ? typed : Number.NaN);
              if (!parsed.success) {
                setTypedError(t('pickingScreens.badTyped', { max: MAX_PICK_QUANTITY }));
                return;
              }
              setTypedError(null);
              void run(async () => {
                await setPickedQuantity(engine, { order_id: o.id, line_id: line.line_id, quantity: parsed.data }, actor);
                setTyped('');
                return { kind: 'info', text: t('pickingScreens.saved') };
              });
            }}
          >
            <Group align="flex-end" wrap="nowrap">
              <NumberInput
                size="lg"
                style={{ flex: 1 }}
                label={t('pickingScreens.typedQuantity')}
                description={t('pickingScreens.typedHelp')}
                value={typed}
                onChange={setTyped}
                min={0}
                max={MAX_PICK_QUANTITY}
                allowDecimal={false}
                allowNegative={false}
                error={typedError ?? undefined}
              />
              <Button type="submit" size="lg" disabled={busy}>
                {t('pickingScreens.saveQuantity')}
              </Button>
            </Group>
          </form>
          <Group grow>
            <Button
              size="lg"
              variant="default"
              leftSection={<IconArrowBackUp size={20} aria-hidden />}
              disabled={busy || line.picks.length === 0}
              onClick={() =>
                void run(async () => {
                  const res = await undoLastPick(engine, { route_id: o.route_id, filter: { order_id: o.id, line_id: line.line_id } }, actor);
                  return res ? { kind: 'info', text: t('pickingScreens.undone', { n: res.undone.quantity }) } : { kind: 'info', text: t('pickingScreens.nothingToUndo') };
                })
              }
            >
              {t('pickingScreens.undo')}
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Button size="lg" color="orange" variant="light" onClick={() => void navigate({ ...incidenceTarget(pointName, o.delivery_point_id, p.id, o.id), search: { type: 'missing' } })}>
              {t('pickingScreens.missing')}
            </Button>
            <Button size="lg" color="orange" variant="light" onClick={() => void navigate({ ...incidenceTarget(pointName, o.delivery_point_id, p.id, o.id), search: { type: 'damaged' } })}>
              {t('pickingScreens.damaged')}
            </Button>
            <Button size="lg" color="orange" variant="light" onClick={() => void navigate({ ...incidenceTarget(pointName, o.delivery_point_id, p.id, o.id), search: { type: 'other' } })}>
              {t('pickingScreens.otherIncidence')}
            </Button>
          </SimpleGrid>
        </>
      )}
      {next && (
        <Button component={Link} to={productPath(o.delivery_point_id, next.productId, next.orderId)} size="lg" variant={isLineDone(line) ? 'filled' : 'default'}>
          {t('pickingScreens.nextProduct')}
        </Button>
      )}
    </Stack>
  );
}

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={40} fw={700} lh={1.1} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** The orders of a stop (live), in the stop's order. */
function useStopOrders(ids: readonly string[]): Order[] {
  const { data } = useDocsByIds('orders', ids);
  return useMemo(
    () =>
      ids.flatMap((id) => {
        const o = data.get(id);
        return o ? [o] : [];
      }),
    [ids, data],
  );
}
