/**
 * Orders: /orders (the orders of a day, filtered by hub and status), /create-order and
 * /edit-order/:id. Status changes offer only the steps the user's role may take
 * (src/domain/status/machines.ts); the server checks them again.
 */
import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Loader, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from '@tanstack/react-router';
import { IconPlus } from '@tabler/icons-react';
import { formatMoney, t } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import { useEngine, useLiveQuery } from '../../data/hooks';
import { useSession } from '../../data/session';
import { useCatalog } from '../../data/reference';
import { docById, ordersOfDay } from '../../data/queries';
import { madridDate } from '../../domain/dates';
import type { DeliveryPoint, Order } from '../../domain/entities/operation';
import { orderTotals } from '../../domain/money';
import { newOrderCode } from '../../domain/orderForm';
import { MACHINES, nextStatuses, ORDER_STATUSES, type OrderStatus } from '../../domain/status/machines';
import { EntityTable, RowLink, RowTag, type Column } from '../../ui/crud/EntityTable';
import { ConfirmButton } from '../../ui/crud/ConfirmButton';
import { newId } from '../../ui/crud/entity';
import { hubFilter, hubLabel } from '../../ui/crud/options';
import { OrderForm } from './OrderForm';
import { ORDER_STATUS_COLOR } from '../../ui/statusColors';
import { SyncNotices } from '../../ui/sync/SyncNotices';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge color={ORDER_STATUS_COLOR[status] ?? 'gray'} variant="light">
      {MACHINES.order.labels[status]}
    </Badge>
  );
}

export function OrdersListPage() {
  const [date, setDate] = useState(() => madridDate());
  const { data: orders, loading } = useLiveQuery<Order[]>((db) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? ordersOfDay(db, date) : null), [date], []);
  const { data: hubs } = useCatalog('hub');
  const { data: clients } = useCatalog('client');
  const pointIds = useMemo(() => [...new Set(orders.map((o) => o.delivery_point_id))], [orders]);
  const { data: points } = useLiveQuery<Map<string, DeliveryPoint>>(
    (db) => (pointIds.length > 0 ? db.delivery_points.findByIds(pointIds) : null),
    [pointIds.join(',')],
    new Map(),
  );
  const gross = useMemo(() => new Map(orders.map((o) => [o.id, orderTotals(o.lines).gross_cents])), [orders]);
  const columns = useMemo<Column<Order>[]>(
    () => [
      {
        key: 'code',
        header: t('orders.code'),
        value: (o) => o.code,
        render: (o) => <RowLink to={`/edit-order/${encodeURIComponent(o.id)}`}>{o.code}</RowLink>,
        width: '1.3fr',
      },
      { key: 'window', header: t('orders.window'), value: (o) => `${o.window_start}–${o.window_end}`, width: '110px' },
      { key: 'client', header: t('orders.client'), value: (o) => clients.find((c) => c.id === o.client_id)?.name ?? o.client_id, width: '1.5fr' },
      { key: 'point', header: t('orders.point'), value: (o) => points.get(o.delivery_point_id)?.name ?? o.delivery_point_id, width: '2fr' },
      { key: 'hub', header: t('backoffice.hub'), value: (o) => hubLabel(hubs, o.hub), width: '1.3fr' },
      { key: 'status', header: t('orders.status'), value: (o) => MACHINES.order.labels[o.status], render: (o) => <RowTag color={ORDER_STATUS_COLOR[o.status] ?? 'gray'}>{MACHINES.order.labels[o.status]}</RowTag>, width: '170px' },
      { key: 'lines', header: t('orders.lineCount'), value: (o) => o.lines.length, width: '80px' },
      { key: 'gross', header: t('orders.gross'), value: (o) => gross.get(o.id) ?? 0, render: (o) => formatMoney(gross.get(o.id) ?? 0), width: '110px' },
    ],
    [clients, points, hubs, gross],
  );
  const filters = useMemo(
    () => [
      hubFilter<Order>(hubs),
      { key: 'status', label: t('orders.status'), options: ORDER_STATUSES.map((s) => ({ value: s, label: MACHINES.order.labels[s] })), test: (o: Order, v: string) => o.status === v },
    ],
    [hubs],
  );
  return (
    <EntityTable
      label={t('orders.list')}
      rows={orders}
      loading={loading}
      columns={columns}
      filters={filters}
      rowKey={(o) => o.id}
      csvName={`pedidos-${date}`}
      toolbar={
        <>
          <TextInput label={t('orders.date')} type="date" value={date} onChange={(e) => setDate(e.currentTarget.value)} data-testid="orders-date" style={{ flex: '0 1 170px' }} />
          <Button component={Link} to="/create-order" leftSection={<IconPlus size={16} aria-hidden />}>
            {t('orders.create')}
          </Button>
        </>
      }
      actionsWidth="90px"
      actions={(o) => (
        <RowLink button to={`/edit-order/${encodeURIComponent(o.id)}`}>
          {t('common.edit')}
        </RowLink>
      )}
    />
  );
}

export function OrderCreatePage() {
  const engine = useEngine();
  const navigate = useNavigate();
  const [initial] = useState<Order>(() => ({
    id: '',
    code: '',
    client_id: '',
    delivery_point_id: '',
    hub: 0,
    date: madridDate(),
    window_start: '09:00',
    window_end: '13:00',
    status: 'pending',
    picking_status: 'pending',
    status_id: '',
    route_id: '',
    lines: [{ line_id: 'l1', product_id: '', name: '', quantity: 1, unit_price_cents: 0, tax_id: '', tax_rate_bp: 0, picked_quantity: 0 }],
    payment_method: 'on_account',
    external_ref: '',
    notes: '',
    created_at: 0,
    updated_at: 0,
  }));
  if (!engine) return <Loader aria-label={t('app.loading')} />;
  return (
    <OrderForm
      initial={initial}
      statusOptions={[]}
      onSubmit={async (values) => {
        const now = Date.now();
        const id = newId('ord');
        await engine.writer.insert('orders', { ...values, id, code: newOrderCode(values.date, id.slice(4)), created_at: now, updated_at: now });
        notifications.show({ color: 'teal', message: t('orders.created') });
        await navigate({ to: `/edit-order/${encodeURIComponent(id)}` });
      }}
    />
  );
}

export function OrderEditPage({ params }: ScreenProps) {
  const engine = useEngine();
  const navigate = useNavigate();
  const role = useSession((s) => s.user?.base_role ?? 'anonimus');
  const id = params.id;
  const { data: order, loading } = useLiveQuery<Order | null>((db) => (id ? docById(db, 'orders', id) : null), [id], null);
  const [initial, setInitial] = useState<Order | null>(null);
  if (order && initial?.id !== order.id) setInitial(order);
  if (!engine || loading) return <Loader aria-label={t('app.loading')} />;
  if (!order || !initial) return <Alert color="orange">{t('crud.notFound', { id: id ?? '' })}</Alert>;
  const statusOptions = [order.status, ...nextStatuses(MACHINES.order, order.status, role)].map((s) => ({ value: s, label: MACHINES.order.labels[s] }));
  return (
    <Stack>
      <Alert color="gray" data-testid="order-code">
        {t('orders.codeIs', { code: order.code })}
        {order.route_id ? ` · ${t('orders.onRoute', { route: order.route_id })}` : ''}
      </Alert>
      <SyncNotices docs={[{ collection: 'orders', id: order.id }]} />
      <OrderForm
        key={order.id}
        initial={initial}
        statusOptions={statusOptions}
        onSubmit={async (values) => {
          await engine.writer.save('orders', { ...order, ...values, id: order.id, code: order.code, created_at: order.created_at });
          notifications.show({ color: 'teal', message: t('crud.updated') });
        }}
        actions={
          <ConfirmButton
            color="red"
            variant="light"
            disabled={order.route_id !== ''}
            title={t('crud.confirmDeleteTitle', { what: t('orders.what') })}
            message={t('crud.confirmDeleteBody', { name: order.code })}
            onConfirm={async () => {
              await engine.writer.remove('orders', order.id);
              notifications.show({ color: 'teal', message: t('crud.deleted') });
              await navigate({ to: '/orders' });
            }}
          >
            {t('common.delete')}
          </ConfirmButton>
        }
      />
      {order.route_id !== '' && (
        <Alert color="gray" data-testid="delete-blocked">
          {t('orders.deleteBlocked')}
        </Alert>
      )}
    </Stack>
  );
}
