import { useMemo, useState } from 'react';
import { Button, TextInput } from '@mantine/core';
import { Link, useSearch } from '@tanstack/react-router';
import { IconPlus } from '@tabler/icons-react';
import { formatMoney, t } from '../../i18n';
import { useLiveQuery } from '../../data/hooks';
import { useCatalog } from '../../data/reference';
import { docsByIds, ordersOfDay } from '../../data/queries';
import { madridDate } from '../../domain/dates';
import type { DeliveryPoint, Order } from '../../domain/entities/operation';
import { eurosCell, orderTotals } from '../../domain/money';
import { MACHINES, ORDER_STATUSES } from '../../domain/status/machines';
import { EntityTable, RowLink, RowTag, type Column } from '../../ui/crud/EntityTable';
import { hubFilter, hubLabel } from '../../ui/crud/options';
import { ORDER_STATUS_COLOR } from '../../ui/statusColors';
import { href } from '../../links/registry';
import { statusText } from '../../i18n/status';
import '../../i18n/es/orders';

/**
 * An order's total, worked out when a row needs it (shown, sorted or searched) and kept per
 * lines array: the lines of an unchanged order are the same array from one emission of the
 * list to the next, so 5,000 orders are not totalled again on every change of the day.
 */
const grossByLines = new WeakMap<readonly unknown[], number>();
function grossOf(o: Order): number {
  let gross = grossByLines.get(o.lines);
  if (gross === undefined) {
    gross = orderTotals(o.lines).gross_cents;
    grossByLines.set(o.lines, gross);
  }
  return gross;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day the list opens on: `?date=YYYY-MM-DD` (e.g. from the import's «Ver los pedidos»), else today. */
export function initialOrdersDay(search: { date?: unknown }, today: string): string {
  return typeof search.date === 'string' && ISO_DAY.test(search.date) ? search.date : today;
}

export function OrdersListPage() {
  const search = useSearch({ strict: false }) as { date?: unknown };
  const [date, setDate] = useState(() => initialOrdersDay(search, madridDate()));
  const { data: orders, loading } = useLiveQuery<Order[]>((db) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? ordersOfDay(db, date) : null), [date], []);
  const { data: hubs } = useCatalog('hub');
  const { data: clients } = useCatalog('client');
  const pointIds = useMemo(() => [...new Set(orders.map((o) => o.delivery_point_id))], [orders]);
  const { data: points } = useLiveQuery<Map<string, DeliveryPoint>>(
    (db) => (pointIds.length > 0 ? docsByIds(db, 'delivery_points', pointIds) : null),
    [pointIds.join(',')],
    new Map(),
  );
  const columns = useMemo<Column<Order>[]>(
    () => [
      {
        key: 'code',
        header: t('orders.code'),
        value: (o) => o.code,
        // The client's own number («4500218302», «BIM/26/88101») finds the order too (issue 28);
        // it is read on the order's page and the albarán.
        search: (o) => o.external_ref,
        render: (o) => <RowLink to={href('editOrder', { id: o.id })}>{o.code}</RowLink>,
        width: '1.3fr',
      },
      { key: 'window', header: t('orders.window'), value: (o) => `${o.window_start}–${o.window_end}`, width: '110px' },
      { key: 'client', header: t('orders.client'), value: (o) => clients.find((c) => c.id === o.client_id)?.name ?? o.client_id, width: '1.5fr' },
      { key: 'point', header: t('orders.point'), value: (o) => points.get(o.delivery_point_id)?.name ?? o.delivery_point_id, width: '2fr' },
      { key: 'hub', header: t('backoffice.hub'), value: (o) => hubLabel(hubs, o.hub), width: '1.3fr' },
      { key: 'status', header: t('orders.status'), value: (o) => statusText(MACHINES.order, o.status), render: (o) => <RowTag color={ORDER_STATUS_COLOR[o.status] ?? 'gray'}>{statusText(MACHINES.order, o.status)}</RowTag>, width: '170px' },
      { key: 'lines', header: t('orders.lineCount'), value: (o) => o.lines.length, width: '80px' },
      { key: 'gross', header: t('orders.gross'), value: grossOf, csv: (o) => eurosCell(grossOf(o)), render: (o) => formatMoney(grossOf(o)), width: '110px' },
    ],
    [clients, points, hubs],
  );
  const filters = useMemo(
    () => [
      hubFilter<Order>(hubs),
      { key: 'status', label: t('orders.status'), options: ORDER_STATUSES.map((s) => ({ value: s, label: statusText(MACHINES.order, s) })), test: (o: Order, v: string) => o.status === v },
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
          <Button component={Link} to={href('createOrder')} leftSection={<IconPlus size={16} aria-hidden />}>
            {t('orders.create')}
          </Button>
        </>
      }
      actionsWidth="90px"
      actions={(o) => (
        <RowLink button to={href('editOrder', { id: o.id })}>
          {t('common.edit')}
        </RowLink>
      )}
    />
  );
}
