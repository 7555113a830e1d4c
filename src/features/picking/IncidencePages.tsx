/**
 * Picking incidences and picker errors (issue 12):
 * - /incidence-product/pe/:pe_name/:pe_id/productId/:product_id/order/:order_id: units of a
 *   product that do not go in the box («Falta», «Dañado»…), with quantity, note and photo;
 * - /error-picking-producto/:pe_name/:order_id/:product_id/: the wrong codes read for a product
 *   of an order (who, when, what), and a scanner to scan the right one again;
 * - /incidence-all-picking: the day's picking incidences (filterable, with their resolution) and
 *   the picker errors per picker.
 */
import { useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, FileInput, Group, NumberInput, SegmentedControl, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { z } from 'zod';
import { formatDate, t, type MessageKey } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import { useEngine, useLiveQuery } from '../../data/hooks';
import { allUsers } from '../../data/queries';
import { pickByScan, PICKING_INCIDENCE_TYPES, recordPickingIncidence, type PickingIncidenceType } from '../../data/picking';
import { isLineDone, orderPickingProgress, PICKABLE_ROUTE_STATUSES } from '../../domain/picking';
import { MACHINES } from '../../domain/status/machines';
import type { User } from '../../domain/entities/operation';
import { Scanner } from '../../ui/scanner';
import { MissingUntilSynced } from '../../ui/sync/FirstSync';
import { DayHubSelector, errorMessage, productPath } from './shared';
import { useIncidencesOfDay, useOrderDoc, useOrdersByIds, usePickingActor, usePickingDay, usePickingEvents, usePickingRoute, usePickingSettlement, usePointsByIds, useProductDoc, useProductsByIds, useRoutesByIds } from './hooks';

function useUserNames(): Map<string, string> {
  const { data } = useLiveQuery<User[]>((db) => allUsers(db), [], []);
  return useMemo(() => new Map(data.map((u) => [u.id, u.name])), [data]);
}

function isIncidenceType(v: unknown): v is PickingIncidenceType {
  return typeof v === 'string' && (PICKING_INCIDENCE_TYPES as readonly string[]).includes(v);
}

/** /incidence-product/…: record a picking incidence for a product of an order. */
export function IncidenceProductPage({ params }: ScreenProps) {
  usePickingSettlement();
  const engine = useEngine();
  const actor = usePickingActor();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { type?: unknown };
  const order = useOrderDoc(params.order_id);
  const product = useProductDoc(params.product_id);
  const route = usePickingRoute(order.data?.route_id || undefined);
  const events = usePickingEvents(params.order_id ? [params.order_id] : []);
  const [id] = useState(() => `inc-${crypto.randomUUID()}`);
  const [type, setType] = useState<PickingIncidenceType>(isIncidenceType(search.type) ? search.type : 'missing');
  const [quantity, setQuantity] = useState<number | string>('');
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [qtyError, setQtyError] = useState<string | null>(null);
  if (order.loading || product.loading) return null;
  const progress = order.data ? orderPickingProgress(order.data, events.index) : null;
  const lines = progress?.lines.filter((l) => l.product_id === params.product_id) ?? [];
  if (!order.data || !engine || lines.length === 0) {
    return (
      <MissingUntilSynced>
        <Alert color="orange">{t('pickingScreens.productMissing')}</Alert>
      </MissingUntilSynced>
    );
  }
  const o = order.data;
  const max = lines.reduce((n, l) => n + l.remaining, 0);
  const back = productPath(params.pe_id ?? o.delivery_point_id, params.product_id ?? '', o.id);
  const pickable = route.data !== null && PICKABLE_ROUTE_STATUSES.includes(route.data.status);
  const shown = quantity === '' && max > 0 ? max : quantity;
  return (
    <Stack>
      <Anchor component={Link} to={back}>
        {t('pickingScreens.backToProduct')}
      </Anchor>
      <Text fw={700}>
        {product.data?.name ?? lines[0]?.name} · {t('pickingScreens.orderLine', { code: o.code })} · {params.pe_name}
      </Text>
      {route.data && !pickable && <Alert color="gray">{t('pickingScreens.notPickable', { status: MACHINES.route.labels[route.data.status] })}</Alert>}
      {max === 0 && <Alert color="gray">{t('pickingScreens.nothingToDeclare')}</Alert>}
      <div>
        <Text size="sm" fw={500} id="incidence-type-label">
          {t('pickingScreens.incidenceType')}
        </Text>
        <SegmentedControl
          aria-labelledby="incidence-type-label"
          size="lg"
          fullWidth
          value={type}
          onChange={(v) => isIncidenceType(v) && setType(v)}
          data={PICKING_INCIDENCE_TYPES.map((x) => ({ value: x, label: t(`picking.incidenceTypes.${x}` as MessageKey) }))}
          data-testid="incidence-type"
        />
      </div>
      <NumberInput
        size="lg"
        label={t('pickingScreens.incidenceQuantity')}
        description={t('pickingScreens.incidenceQuantityHelp', { max })}
        value={shown}
        onChange={setQuantity}
        min={1}
        max={max}
        allowDecimal={false}
        allowNegative={false}
        error={qtyError ?? undefined}
      />
      <Textarea label={t('pickingScreens.incidenceNote')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={500} />
      <FileInput label={t('pickingScreens.incidencePhoto')} accept="image/png,image/jpeg,image/webp" capture="environment" value={photo} onChange={setPhoto} clearable size="lg" />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Button
        size="xl"
        color="orange"
        loading={busy}
        disabled={max === 0 || !pickable}
        onClick={async () => {
          const parsed = z.number().int().min(1).max(max).safeParse(typeof shown === 'number' ? shown : Number.NaN);
          if (!parsed.success) {
            setQtyError(t('pickingScreens.badIncidenceQuantity', { max }));
            return;
          }
          setQtyError(null);
          setBusy(true);
          try {
            await recordPickingIncidence(engine, { id, order_id: o.id, product_id: params.product_id ?? '', type, quantity: parsed.data, note, photo, actor });
            notifications.show({ color: 'teal', message: t('pickingScreens.incidenceSaved') });
            await navigate({ to: back });
          } catch (err) {
            setError(errorMessage(err));
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('pickingScreens.incidenceSubmit')}
      </Button>
    </Stack>
  );
}

/** /error-picking-producto/:pe_name/:order_id/:product_id/: wrong codes read for this product, and scan again. */
export function ErrorPickingPage({ params }: ScreenProps) {
  usePickingSettlement();
  const engine = useEngine();
  const actor = usePickingActor();
  const navigate = useNavigate();
  const order = useOrderDoc(params.order_id);
  const product = useProductDoc(params.product_id);
  const events = usePickingEvents(params.order_id ? [params.order_id] : []);
  const names = useUserNames();
  const [feedback, setFeedback] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (order.loading || product.loading) return null;
  if (!order.data || !product.data || !engine) {
    return (
      <MissingUntilSynced>
        <Alert color="orange">{t('pickingScreens.productMissing')}</Alert>
      </MissingUntilSynced>
    );
  }
  const o = order.data;
  const p = product.data;
  const errors = events.incidences.filter((i) => i.kind === 'picker-error' && i.product_id === p.id).sort((a, b) => b.at - a.at);
  const progress = orderPickingProgress(o, events.index);
  const line = progress.lines.find((l) => l.product_id === p.id && !isLineDone(l)) ?? progress.lines.find((l) => l.product_id === p.id);
  const back = productPath(o.delivery_point_id, p.id, o.id);
  return (
    <Stack>
      <Anchor component={Link} to={back}>
        {t('pickingScreens.backToProduct')}
      </Anchor>
      <Alert color="red">{t('pickingScreens.errorIntro')}</Alert>
      <Text fw={700}>{t('pickingScreens.expected', { product: `${p.name} (${p.barcode || p.sku})` })}</Text>
      {line && (
        <Card withBorder padding="md">
          <Text fw={500} mb="xs">
            {t('pickingScreens.scanAgain')}
          </Text>
          <Scanner
            label={t('pickingScreens.scanLabel')}
            disabled={busy}
            onScan={(code) => {
              setBusy(true);
              pickByScan(engine, { order_id: o.id, line_id: line.line_id, code, actor })
                .then(async (outcome) => {
                  if (outcome.ok) await navigate({ to: back });
                  else setFeedback(t('pickingScreens.scanWrong', { code, product: p.name }));
                })
                .catch((err: unknown) => setFeedback(errorMessage(err)))
                .finally(() => setBusy(false));
            }}
          />
          {feedback && (
            <Alert color="red" role="alert" mt="sm">
              {feedback}
            </Alert>
          )}
        </Card>
      )}
      <Title order={2} size="h4">
        {t('pickingScreens.errorsOfLine', { order: o.code })}
      </Title>
      {errors.length === 0 && <Text c="dimmed">{t('pickingScreens.noErrors')}</Text>}
      <Stack gap={4} data-testid="picker-errors">
        {errors.map((e) => (
          <Text key={e.id} size="sm" data-testid="picker-error">
            {t('pickingScreens.errorRow', { when: formatDate(e.at), who: names.get(e.created_by) ?? e.created_by, code: e.scanned_barcode ?? '' })}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}

/** /incidence-all-picking: the day's picking incidences and picker errors at the selected hub. */
export function IncidenceAllPickingPage() {
  usePickingSettlement();
  const { date, hub } = usePickingDay();
  const incidences = useIncidencesOfDay('picker-product', date);
  const errors = useIncidencesOfDay('picker-error', date);
  const names = useUserNames();
  const [type, setType] = useState<string>('');
  const [query, setQuery] = useState('');
  const mine = incidences.data.filter((i) => i.hub === hub);
  const myErrors = errors.data.filter((i) => i.hub === hub);
  const { data: orders } = useOrdersByIds(mine.map((i) => i.order_id));
  const { data: products } = useProductsByIds([...mine, ...myErrors].map((i) => i.product_id));
  const { data: points } = usePointsByIds(mine.map((i) => i.delivery_point_id).filter((x) => x !== ''));
  const { data: routes } = useRoutesByIds(mine.map((i) => i.route_id).filter((x) => x !== ''));
  const q = query.trim().toLowerCase();
  const rows = mine
    .filter((i) => type === '' || i.type === type)
    .map((i) => ({
      i,
      product: products.get(i.product_id)?.name ?? i.product_id,
      order: orders.get(i.order_id)?.code ?? i.order_id,
      point: points.get(i.delivery_point_id)?.name ?? i.delivery_point_id,
      route: routes.get(i.route_id),
    }))
    .filter((r) => q === '' || `${r.product} ${r.order} ${r.point}`.toLowerCase().includes(q))
    .sort((a, b) => b.i.at - a.i.at);
  const perPicker = new Map<string, number>();
  for (const e of myErrors) perPicker.set(e.created_by, (perPicker.get(e.created_by) ?? 0) + 1);
  return (
    <Stack>
      <DayHubSelector />
      <Group grow align="flex-end">
        <Select
          size="lg"
          label={t('pickingScreens.filterType')}
          value={type}
          onChange={(v) => setType(v ?? '')}
          data={[{ value: '', label: t('pickingScreens.filterAll') }, ...PICKING_INCIDENCE_TYPES.map((x) => ({ value: x, label: t(`picking.incidenceTypes.${x}` as MessageKey) }))]}
          allowDeselect={false}
        />
        <TextInput size="lg" label={t('pickingScreens.search')} value={query} onChange={(e) => setQuery(e.currentTarget.value)} />
      </Group>
      {!incidences.loading && rows.length === 0 && <Alert color="gray">{t('pickingScreens.noIncidences')}</Alert>}
      <Stack gap="xs" data-testid="picking-incidences">
        {rows.map(({ i, product, order, point, route }) => {
          const resolved = route !== undefined && !PICKABLE_ROUTE_STATUSES.includes(route.status);
          return (
            <Card withBorder padding="sm" key={i.id} data-testid="picking-incidence">
              <Group justify="space-between" wrap="nowrap">
                <div>
                  <Text fw={700}>{t(`picking.incidenceTypes.${i.type}` as MessageKey)}</Text>
                  <Text size="sm">{t('pickingScreens.incidenceRow', { qty: i.quantity, product, order, point })}</Text>
                  <Text size="sm" c="dimmed">
                    {formatDate(i.at)} · {t('pickingScreens.byWho', { who: names.get(i.created_by) ?? i.created_by })}
                    {route ? ` · ${t('pickingScreens.routeOf', { code: route.code })}` : ''}
                    {i.note ? ` · ${i.note}` : ''}
                  </Text>
                </div>
                <Badge color={resolved ? 'teal' : 'orange'} variant="light" size="lg" aria-label={t('pickingScreens.resolution')}>
                  {resolved && route ? t('pickingScreens.resolved', { status: MACHINES.route.labels[route.status] }) : t('pickingScreens.open')}
                </Badge>
              </Group>
            </Card>
          );
        })}
      </Stack>
      <Title order={2} size="h4">
        {t('pickingScreens.errorsTitle')}
      </Title>
      {perPicker.size === 0 && <Text c="dimmed">{t('pickingScreens.noPickerErrors')}</Text>}
      {[...perPicker].map(([who, n]) => (
        <Card withBorder padding="sm" key={who} data-testid="picker-error-summary">
          <Text fw={700}>
            {names.get(who) ?? who} · {t('pickingScreens.errorsCount', { n })}
          </Text>
          {myErrors
            .filter((e) => e.created_by === who)
            .map((e) => (
              <Text size="sm" key={e.id}>
                {formatDate(e.at)} · {t('pickingScreens.expected', { product: products.get(e.product_id)?.name ?? e.product_id })} · «{e.scanned_barcode ?? ''}»
              </Text>
            ))}
        </Card>
      ))}
    </Stack>
  );
}
