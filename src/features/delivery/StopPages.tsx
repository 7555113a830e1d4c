/**
 * The round, stop and order level: the stop with its orders, the order's products (delivered in
 * full, in part or refused), signature and collection, failed deliveries, product incidences,
 * the delivery record and the operators' incidence list. URL parameters (product name, units,
 * summary…) are hints for deep links: what is shown and recorded comes from the local database.
 */
import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  SimpleGrid,
  type ButtonProps,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { IconAlertTriangle, IconNavigation, IconPhone, IconX } from '@tabler/icons-react';
import { formatDate, formatMoney, t, type MessageKey } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import { useEngine, useLiveQuery } from '../../data/hooks';
import { confirmDelivery, currentPosition, recordFailure, reportIncidence } from '../../data/round';
import { checkDeliveredLines, collect, decodeSummary, deliverableUnits, encodeSummary, orderOutcome, type OrderOutcome } from '../../domain/delivery';
import { INCIDENCE_TYPES, type DeliveredLine, type Incidence, type IncidenceType } from '../../domain/entities/events';
import type { Order, PaymentMethod } from '../../domain/entities/operation';
import { riderPaymentMethods } from '../../domain/access/payments';
import { SignaturePad, SignatureView, signatureToPng, type Stroke } from '../../ui/signature/SignaturePad';
import { EntityTable } from '../../ui/crud/EntityTable';
import { MissingUntilSynced } from '../../ui/sync/FirstSync';
import { StopBoxScan } from './BoxScan';
import { SyncNotices } from '../../ui/sync/SyncNotices';
import { navigationUrl } from './RoutePages';
import { useActor, useDeliveryStatuses, useOrder, useOrderEvents, useOrderOnRoute, usePoint, useRoute, useRouteEvents } from './hooks';

const OUTCOME_COLOR: Record<OrderOutcome, string> = { pending: 'gray', delivered: 'teal', partial: 'orange', failed: 'red' };

function outcomeLabel(o: OrderOutcome): string {
  return t(`delivery.outcome_${o}` as MessageKey);
}

function BigButton({ to, children, ...rest }: ButtonProps & { to: string; children: ReactNode }) {
  return (
    <Button size="lg" component={Link} to={to} {...rest}>
      {children}
    </Button>
  );
}

/** /distribution/pe/:id/rider_id/:riderId/routeId/:routeId: one stop and its orders. */
export function StopPage({ params }: ScreenProps) {
  const { data: point, loading } = usePoint(params.id);
  const { data: route } = useRoute(params.routeId);
  const { data: events } = useRouteEvents(params.routeId);
  const stop = route?.stops.find((s) => s.delivery_point_id === params.id);
  const orderIds = stop?.order_ids ?? [];
  const { data: orders } = useLiveQuery<Map<string, Order>>((db) => (orderIds.length > 0 ? db.orders.findByIds([...orderIds]) : null), [orderIds.join(',')], new Map());
  if (loading) return null;
  if (!point || !route) return <MissingUntilSynced><Alert color="orange">{t('delivery.pointNotFound')}</Alert></MissingUntilSynced>;
  const rider = params.riderId ?? route.rider_id;
  return (
    <Stack>
      {stop && (
        <Text c="dimmed" data-testid="stop-of">
          {t('delivery.stopOf', { n: stop.seq, total: route.stops.length })}
        </Text>
      )}
      <SyncNotices docs={[{ collection: 'routes', id: route.id }, ...orderIds.map((id) => ({ collection: 'orders' as const, id }))]} />
      <Card withBorder>
        <Text fw={700} size="lg">
          {point.name}
        </Text>
        <Text>
          {point.address}, {point.postal_code} {point.city}
        </Text>
        <Text size="sm" c="dimmed">
          {t('delivery.hours')}: {point.opens}–{point.closes}
        </Text>
        {point.contact_name && (
          <Text size="sm">
            {t('delivery.contact')}: {point.contact_name}
          </Text>
        )}
        {point.notes && (
          <Alert color="blue" mt="xs" title={t('delivery.notes')}>
            {point.notes}
          </Alert>
        )}
        <SimpleGrid mt="sm" cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button size="lg" variant="light" component="a" href={navigationUrl(point.lat, point.lng)} target="_blank" rel="noopener" leftSection={<IconNavigation size={20} aria-hidden />}>
            {t('delivery.navigate')}
          </Button>
          {point.phone && (
            <Button size="lg" variant="light" component="a" href={`tel:${point.phone.replace(/\s/g, '')}`} leftSection={<IconPhone size={20} aria-hidden />}>
              {t('delivery.call')}
            </Button>
          )}
        </SimpleGrid>
      </Card>
      {stop && <StopBoxScan route={route} seq={stop.seq} orders={orders} riderId={rider} />}
      <Text fw={600}>{t('delivery.orders')}</Text>
      {orderIds.map((id) => {
        const order = orders.get(id);
        if (!order) return null;
        const outcome = orderOutcome(id, events);
        const units = order.lines.reduce((n, l) => n + deliverableUnits(l), 0);
        return (
          <Card key={id} withBorder data-testid="stop-order">
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Text fw={600}>{order.code}</Text>
                <Text size="sm" c="dimmed">
                  {t('delivery.window')} {order.window_start}–{order.window_end} · {t('delivery.unitsSummary', { units })}
                </Text>
              </div>
              <Badge color={OUTCOME_COLOR[outcome]} variant="light" data-testid="order-outcome">
                {outcomeLabel(outcome)}
              </Badge>
            </Group>
            {order.notes && (
              <Text size="sm" mt={4}>
                {order.notes}
              </Text>
            )}
            {outcome === 'pending' || outcome === 'failed' ? (
              <SimpleGrid mt="sm" cols={{ base: 1, xs: 2 }} spacing="sm">
                <BigButton to={`/order_id/${order.id}/rider_id/${rider}/route_id/${route.id}`}>{t('delivery.deliver')}</BigButton>
                {outcome === 'pending' && (
                  <BigButton color="red" variant="light" leftSection={<IconX size={18} aria-hidden />} to={`/deliveryFailed/pe/${point.id}/order/${order.id}/rider_id/${rider}/route_id/${route.id}`}>
                    {t('delivery.fail')}
                  </BigButton>
                )}
              </SimpleGrid>
            ) : (
              <Anchor component={Link} to={`/delivery/${order.id}`} mt="xs">
                {t('delivery.recordTitle')}
              </Anchor>
            )}
          </Card>
        );
      })}
      <Anchor component={Link} to={`/distribution/${route.id}`}>
        {t('delivery.backToRoute')}
      </Anchor>
    </Stack>
  );
}

/** /order_id/:id/rider_id/:riderId/route_id/:routeId: the order's products, delivered in full, in part or refused. */
export function OrderDeliveryPage({ params }: ScreenProps) {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { summary?: string };
  const { order, route, events, loading } = useOrderOnRoute(params.id, params.routeId);
  const [lines, setLines] = useState<DeliveredLine[] | null>(null);
  if (loading) return null;
  if (!order || !route) return <MissingUntilSynced><Alert color="orange">{t('delivery.orderNotFound')}</Alert></MissingUntilSynced>;
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
                <Text fw={600}>{line.name}</Text>
                <Text size="sm" c="dimmed">
                  {t('delivery.ordered')}: {line.quantity} · {formatMoney(line.unit_price_cents)}
                </Text>
              </div>
              <Button
                size="compact-md"
                variant="subtle"
                color="orange"
                leftSection={<IconAlertTriangle size={16} aria-hidden />}
                component={Link}
                to={`/incidenceByDeliveryProduct/order/${order.id}/product_id/${line.product_id}/product_name/${encodeURIComponent(line.name)}/products_charge/${max}/rider_id/${rider}/route_id/${route.id}`}
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
          {check.message}
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
              to: `/signAndCollect/pe/${order.delivery_point_id}/order/${order.id}/totalUnits/${units}/rider_id/${rider}/route_id/${route.id}/summary/${encodeSummary(current)}/delivery/${deliveryId}`,
            })
          }
        >
          {t('delivery.continueSign')}
        </Button>
      </SimpleGrid>
      <Anchor component={Link} to={`/distribution/pe/${order.delivery_point_id}/rider_id/${rider}/routeId/${route.id}`}>
        {t('delivery.backToStop')}
      </Anchor>
    </Stack>
  );
}

/** /signAndCollect/…: summary, amount due, payment method, collected and change, signature and signer's name. */
export function SignCollectPage({ params }: ScreenProps) {
  const engine = useEngine();
  const actor = useActor();
  const navigate = useNavigate();
  const { order, route, events, loading } = useOrderOnRoute(params.id, params.route_id);
  const lines = useMemo(() => (order ? decodeSummary(order, params.summary) : []), [order, params.summary]);
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [tendered, setTendered] = useState<number | null>(null);
  const [signer, setSigner] = useState('');
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (loading) return null;
  if (!order || !route || !engine) return <MissingUntilSynced><Alert color="orange">{t('delivery.orderNotFound')}</Alert></MissingUntilSynced>;
  const chosen = method ?? order.payment_method;
  const check = checkDeliveredLines(order, lines);
  const byCard = check.ok ? collect(order, lines, 'card', 0) : null;
  const dueCents = byCard?.ok ? byCard.value.due_cents : 0;
  const tenderedCents = chosen === 'cash' ? (tendered === null ? dueCents : Math.round(tendered * 100)) : dueCents;
  const collection = check.ok ? collect(order, lines, chosen, tenderedCents) : ({ ok: false, message: check.message } as const);
  const already = orderOutcome(order.id, events);
  const signed = events.find((e) => e.kind === 'signed');

  if (already === 'delivered' || already === 'partial') {
    return (
      <Stack>
        <Alert color="teal" data-testid="already-delivered">
          {t('delivery.alreadyDelivered')}
        </Alert>
        {signed && <SignatureView strokes={signed.signature_strokes} label={t('delivery.signedBy', { name: signed.signer_name })} />}
        <Button component={Link} to={`/distribution/${route.id}`} size="lg">
          {t('delivery.backToRoute')}
        </Button>
      </Stack>
    );
  }

  const submit = async () => {
    setError(null);
    if (!check.ok) return setError(check.message);
    if (!collection.ok) return setError(collection.message);
    if (strokes.length === 0) return setError(t('delivery.signatureRequired'));
    if (signer.trim() === '') return setError(t('delivery.signerRequired'));
    setBusy(true);
    try {
      const png = await signatureToPng(strokes);
      const created = await confirmDelivery(engine, {
        order,
        route,
        lines,
        kind: check.kind,
        collection: collection.value,
        signerName: signer,
        strokes,
        signaturePng: png,
        actor,
        position: await currentPosition(),
      });
      notifications.show({ color: 'teal', message: created ? t('delivery.delivered') : t('delivery.alreadyDelivered') });
      await navigate({ to: `/distribution/pe/${order.delivery_point_id}/rider_id/${route.rider_id}/routeId/${route.id}` });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Text fw={700}>{order.code}</Text>
      <Table withTableBorder data-testid="sign-summary">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('delivery.product')}</Table.Th>
            <Table.Th>{t('delivery.deliveredQty')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.lines.map((l) => (
            <Table.Tr key={l.line_id}>
              <Table.Td>{l.name}</Table.Td>
              <Table.Td>
                {lines.find((x) => x.line_id === l.line_id)?.delivered ?? 0} / {l.quantity}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Card withBorder>
        <Text size="sm" c="dimmed">
          {t('delivery.amountDue')}
        </Text>
        <Text size="xl" fw={700} data-testid="amount-due">
          {formatMoney(dueCents)}
        </Text>
      </Card>
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('delivery.paymentMethod')}
        </Text>
        <SegmentedControl
          fullWidth
          size="md"
          value={chosen}
          onChange={(v) => setMethod(v as PaymentMethod)}
          data={riderPaymentMethods(order.payment_method).map((m) => ({ value: m, label: t(`delivery.method_${m}` as MessageKey) }))}
        />
      </div>
      {chosen === 'cash' && (
        <Group grow align="end">
          <NumberInput
            label={t('delivery.tendered')}
            value={tendered ?? dueCents / 100}
            onChange={(v) => setTendered(typeof v === 'number' ? v : 0)}
            decimalScale={2}
            decimalSeparator=","
            suffix=" €"
            min={0}
            size="lg"
          />
          <Card withBorder padding="xs">
            <Text size="sm" c="dimmed">
              {t('delivery.change')}
            </Text>
            <Text fw={700} size="lg" data-testid="change">
              {collection.ok ? formatMoney(collection.value.change_cents) : '—'}
            </Text>
          </Card>
        </Group>
      )}
      {!collection.ok && <Alert color="red">{collection.message}</Alert>}
      <SignaturePad strokes={strokes} onChange={setStrokes} label={t('delivery.signHere')} />
      <TextInput label={t('delivery.signerName')} value={signer} onChange={(e) => setSigner(e.currentTarget.value)} size="lg" maxLength={120} required />
      {error && (
        <Alert color="red" role="alert" data-testid="sign-error">
          {error}
        </Alert>
      )}
      <Button size="xl" onClick={() => void submit()} loading={busy}>
        {t('delivery.confirmDelivery')}
      </Button>
    </Stack>
  );
}

/** /deliveryFailed/…: the order could not be delivered: reason, note, optional photo, what happens to the goods. */
export function FailedPage({ params }: ScreenProps) {
  const engine = useEngine();
  const actor = useActor();
  const navigate = useNavigate();
  const { order, route, events, loading } = useOrderOnRoute(params.id, params.route_id);
  const { data: statuses } = useDeliveryStatuses();
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [outcome, setOutcome] = useState<'return_to_hub' | 'reschedule'>('return_to_hub');
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (loading) return null;
  if (!order || !route || !engine) return <MissingUntilSynced><Alert color="orange">{t('delivery.orderNotFound')}</Alert></MissingUntilSynced>;
  const reasons = statuses.filter((s) => s.kind === 'status-delivery' && s.system_status === 'failed' && s.rider_visible && s.active);
  const done = orderOutcome(order.id, events) !== 'pending';
  return (
    <Stack>
      <Text fw={700}>{order.code}</Text>
      {done && <Alert color="teal">{t('delivery.alreadyFailed')}</Alert>}
      <Select
        label={t('delivery.failReason')}
        data={reasons.map((r) => ({ value: r.id, label: r.name }))}
        value={reason}
        onChange={setReason}
        size="lg"
        required
        disabled={done}
        allowDeselect={false}
      />
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('delivery.failOutcome')}
        </Text>
        <SegmentedControl
          fullWidth
          size="md"
          value={outcome}
          onChange={(v) => setOutcome(v as typeof outcome)}
          disabled={done}
          data={[
            { value: 'return_to_hub', label: t('delivery.outcome_return_to_hub') },
            { value: 'reschedule', label: t('delivery.outcome_reschedule') },
          ]}
        />
      </div>
      <Textarea label={t('delivery.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={500} disabled={done} />
      <FileInput label={t('delivery.photo')} accept="image/png,image/jpeg,image/webp" capture="environment" value={photo} onChange={setPhoto} clearable disabled={done} size="lg" />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Button
        size="xl"
        color="red"
        loading={busy}
        disabled={done}
        onClick={async () => {
          if (!reason) return setError(t('delivery.reasonRequired'));
          setBusy(true);
          try {
            await recordFailure(engine, { order, route, reasonStatusId: reason, note, outcome, photo, actor, position: await currentPosition() });
            notifications.show({ color: 'teal', message: t('delivery.failed') });
            await navigate({ to: `/distribution/pe/${order.delivery_point_id}/rider_id/${route.rider_id}/routeId/${route.id}` });
          } catch (err) {
            setError(err instanceof Error ? err.message : String(err));
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('delivery.recordFailure')}
      </Button>
    </Stack>
  );
}

/** /incidenceByDeliveryProduct/…: an incidence on one product line. */
export function IncidencePage({ params }: ScreenProps) {
  const engine = useEngine();
  const actor = useActor();
  const navigate = useNavigate();
  const { data: order, loading } = useOrder(params.id);
  const { data: route } = useRoute(params.route_id);
  const [id] = useState(() => `inc-${crypto.randomUUID()}`);
  const [type, setType] = useState<IncidenceType>('damaged');
  const [quantity, setQuantity] = useState(1);
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (loading) return null;
  if (!order || !engine) return <MissingUntilSynced><Alert color="orange">{t('delivery.orderNotFound')}</Alert></MissingUntilSynced>;
  const line = order.lines.find((l) => l.product_id === params.product_id);
  if (!line) return <MissingUntilSynced><Alert color="orange">{t('delivery.orderNotFound')}</Alert></MissingUntilSynced>;
  const types = INCIDENCE_TYPES.filter((x) => ['damaged', 'missing', 'wrong_product', 'refused', 'expired', 'other'].includes(x));
  return (
    <Stack>
      <Text fw={700}>
        {order.code} · {line.name}
      </Text>
      <Select
        label={t('delivery.incidenceType')}
        value={type}
        onChange={(v) => v && setType(v as IncidenceType)}
        data={types.map((x) => ({ value: x, label: t(`delivery.type_${x}` as MessageKey) }))}
        size="lg"
        allowDeselect={false}
      />
      <NumberInput label={t('delivery.quantity')} value={quantity} onChange={(v) => setQuantity(typeof v === 'number' ? Math.round(v) : 0)} min={1} max={deliverableUnits(line)} allowDecimal={false} size="lg" />
      <Textarea label={t('delivery.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={500} />
      <FileInput label={t('delivery.photo')} accept="image/png,image/jpeg,image/webp" capture="environment" value={photo} onChange={setPhoto} clearable size="lg" />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Button
        size="xl"
        color="orange"
        loading={busy}
        onClick={async () => {
          if (quantity < 1 || quantity > deliverableUnits(line)) return setError(`${t('delivery.quantity')}: 1–${deliverableUnits(line)}`);
          setBusy(true);
          try {
            await reportIncidence(engine, { id, order, route, productId: line.product_id, type, quantity, note, photo, actor, position: await currentPosition() });
            notifications.show({ color: 'teal', message: t('delivery.incidenceSaved') });
            await navigate({ to: `/order_id/${order.id}/rider_id/${params.rider_id ?? ''}/route_id/${order.route_id}` });
          } catch (err) {
            setError(err instanceof Error ? err.message : String(err));
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('delivery.reportIncidence')}
      </Button>
    </Stack>
  );
}

/** /delivery/:id: one delivery's record (what, when, where, signature, collected); `id` is the order's id. */
export function DeliveryRecordPage({ params }: ScreenProps) {
  const orderId = (params.id ?? '').replace(/^dlv-/, '');
  const { data: order, loading } = useOrder(orderId);
  const { data: events } = useOrderEvents(orderId);
  if (loading) return null;
  if (!order) return <MissingUntilSynced><Alert color="orange">{t('delivery.orderNotFound')}</Alert></MissingUntilSynced>;
  const main = events.find((e) => e.kind === 'delivered' || e.kind === 'partial') ?? events.find((e) => e.kind === 'failed');
  if (!main) return <MissingUntilSynced><Alert color="gray">{t('delivery.noRecord')}</Alert></MissingUntilSynced>;
  const signed = events.find((e) => e.kind === 'signed');
  const collected = events.find((e) => e.kind === 'collected');
  const outcome = orderOutcome(order.id, events);
  return (
    <Stack>
      <Group justify="space-between">
        <Text fw={700}>{order.code}</Text>
        <Badge color={OUTCOME_COLOR[outcome]} variant="light">
          {outcomeLabel(outcome)}
        </Badge>
      </Group>
      <SyncNotices docs={[{ collection: 'orders', id: order.id }]} />
      <Text>
        {t('delivery.when')}: {formatDate(main.at, "d MMM yyyy, HH:mm:ss")}
      </Text>
      <Text>
        {t('delivery.where')}: {main.position ? `${main.position.lat.toFixed(5)}, ${main.position.lng.toFixed(5)}` : t('delivery.noPosition')}
      </Text>
      {main.kind === 'failed' && main.note && <Alert color="red">{main.note}</Alert>}
      {main.lines.length > 0 && (
        <Table withTableBorder>
          <Table.Tbody>
            {order.lines.map((l) => {
              const d = main.lines.find((x) => x.line_id === l.line_id);
              return (
                <Table.Tr key={l.line_id}>
                  <Table.Td>{l.name}</Table.Td>
                  <Table.Td>
                    {d?.delivered ?? 0} / {l.quantity}
                    {d && d.refused > 0 ? ` (${t('delivery.refusedQty').toLowerCase()}: ${d.refused})` : ''}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {signed && (
        <Card withBorder>
          <Text size="sm" mb="xs">
            {t('delivery.signedBy', { name: signed.signer_name })}
          </Text>
          <SignatureView strokes={signed.signature_strokes} label={t('delivery.signedBy', { name: signed.signer_name })} />
        </Card>
      )}
      {collected && (
        <Card withBorder data-testid="record-collected">
          <Text>
            {t('delivery.collected')}: {formatMoney(collected.amount_collected_cents - collected.change_cents)} · {t(`delivery.method_${collected.payment_method || 'cash'}` as MessageKey)}
          </Text>
        </Card>
      )}
    </Stack>
  );
}

/** /incidence-all-delivered: delivery incidences with filters, for operators. */
export function IncidencesListPage() {
  const { data: incidences, loading } = useLiveQuery<Incidence[]>((db) => db.incidences.find({ selector: { kind: 'delivery-product' }, sort: [{ kind: 'asc' }, { at: 'desc' }] }), [], []);
  const { data: orders } = useLiveQuery<Order[]>((db) => db.orders.find(), [], []);
  const codes = useMemo(() => new Map(orders.map((o) => [o.id, o])), [orders]);
  const routes = [...new Set(incidences.map((i) => i.route_id).filter(Boolean))];
  return (
    <EntityTable
      label={t('menu.incidences')}
      rows={incidences}
      loading={loading}
      rowKey={(i) => i.id}
      csvName="incidencias"
      columns={[
        { key: 'at', header: t('delivery.when'), value: (i) => i.at, render: (i) => formatDate(i.at, 'd MMM, HH:mm'), width: '130px' },
        { key: 'type', header: t('delivery.incidenceType'), value: (i) => t(`delivery.type_${i.type}` as MessageKey) },
        { key: 'order', header: t('delivery.order'), value: (i) => codes.get(i.order_id)?.code ?? i.order_id, render: (i) => <Anchor component={Link} to={`/delivery/${i.order_id}`}>{codes.get(i.order_id)?.code ?? i.order_id}</Anchor> },
        { key: 'product', header: t('delivery.product'), value: (i) => codes.get(i.order_id)?.lines.find((l) => l.product_id === i.product_id)?.name ?? i.product_id, width: '2fr' },
        { key: 'qty', header: t('delivery.quantity'), value: (i) => i.quantity, width: '90px' },
        { key: 'route', header: t('delivery.filterRoute'), value: (i) => i.route_id },
        { key: 'note', header: t('delivery.note'), value: (i) => i.note, width: '2fr' },
      ]}
      filters={[
        { key: 'type', label: t('delivery.filterType'), options: INCIDENCE_TYPES.map((x) => ({ value: x, label: t(`delivery.type_${x}` as MessageKey) })), test: (i, v) => i.type === v },
        { key: 'route', label: t('delivery.filterRoute'), options: routes.map((r) => ({ value: r, label: r })), test: (i, v) => i.route_id === v },
      ]}
    />
  );
}
