/**
 * Payments review (issue 13): /payments/all_orders — the order payments of a day (filters: hub,
 * rider, method, status; totals per method and status; CSV) and, in a second tab, the riders'
 * cash and its reconciliation, in a third the settling of card and transfer payments from a
 * provider's or a bank's statement — and /payments/details_orders/:route_id/status/:status_id — one
 * route's payments in one status, with the route's totals.
 */
import { useMemo, useState } from 'react';
import { Alert, Badge, Group, Loader, Select, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatMoney, t } from '../../i18n';
import { formatDate, formatDay } from '../../i18n/dates';
import type { ScreenProps } from '../../ui/page/types';
import { useLiveQuery } from '../../data/hooks';
import { useCatalog } from '../../data/reference';
import { docById, docsByIds, paymentsOfRoutes, routesOfDay } from '../../data/queries';
import { madridDate } from '../../domain/dates';
import { PAYMENT_METHODS, type Order, type PaymentDoc, type PaymentMethod, type Route } from '../../domain/entities/operation';
import { detailsStatusOf, filterPaymentRows, paymentRows, paymentTotals, type PaymentFilter, type PaymentRow } from '../../domain/payments/list';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../domain/status/machines';
import { EntityTable, RowLink, type Column } from '../../ui/crud/EntityTable';
import { hubLabel, hubOptions } from '../../ui/crud/options';
import { CashPanel } from './CashPanel';
import { SettlementPanel } from './SettlementPanel';
import { methodLabel, PaymentStatusBadge, formatSigned, statusLabel, TotalsPanel, useUserNames } from './shared';
import { href, linkTo } from '../../links/registry';
import { eurosCell } from '../../domain/money';
import '../../i18n/es/payments';
import '../../i18n/es/proof';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Link to a route's payments in one status. */
export function detailsPath(routeId: string, status: PaymentStatus | 'all'): string {
  return href('paymentsDetails', { route_id: routeId, status_id: status });
}

/** Payments read first, so that a day of 20,000 shows its first screen at once (bench/crud). */
const FIRST_PAYMENTS = 150;

/** What the whole day's query holds before it is asked (told apart from an empty answer by identity). */
const NOT_READ: PaymentDoc[] = [];

/**
 * The order payments of some routes, joined with their routes and orders. The first
 * FIRST_PAYMENTS are read first and shown; every payment of the day is read once they are on
 * screen (reading both at once, the whole day's copy holds the main thread before the first
 * screen shows). Until then `loading` is true.
 */
function usePaymentRows(routes: readonly Route[]): { rows: PaymentRow[]; docs: PaymentDoc[]; loading: boolean } {
  const routeIds = useMemo(() => routes.map((r) => r.id), [routes]);
  const key = routeIds.join(',');
  const first = useLiveQuery<PaymentDoc[]>((db) => (routeIds.length > 0 ? paymentsOfRoutes(db, routeIds, FIRST_PAYMENTS) : null), [key], []);
  const firstShown = !first.loading;
  const all = useLiveQuery<PaymentDoc[]>((db) => (routeIds.length > 0 && firstShown ? paymentsOfRoutes(db, routeIds) : null), [key, firstShown], NOT_READ);
  const complete = routeIds.length === 0 ? firstShown : firstShown && !all.loading && all.data !== NOT_READ;
  const payments = complete ? all : { data: first.data, loading: true };
  const orderIds = useMemo(() => [...new Set(payments.data.flatMap((p) => (p.kind === 'order' ? [p.order_id] : [])))], [payments.data]);
  const { data: orders } = useLiveQuery<Map<string, Order>>((db) => (orderIds.length > 0 ? docsByIds(db, 'orders', orderIds) : null), [orderIds.join(',')], new Map());
  const rows = useMemo(() => {
    const byId = new Map(routes.map((r) => [r.id, r]));
    return paymentRows(
      payments.data.flatMap((p) => (p.kind === 'order' ? [p] : [])),
      byId,
      orders,
    );
  }, [routes, payments.data, orders]);
  return { rows, docs: payments.data, loading: payments.loading };
}

function usePaymentColumns(withRoute: boolean): Column<PaymentRow>[] {
  const { data: hubs } = useCatalog('hub');
  const { data: clients } = useCatalog('client');
  const name = useUserNames();
  return useMemo<Column<PaymentRow>[]>(() => {
    const clientOf = (r: PaymentRow) => clients.find((c) => c.id === r.client_id)?.name ?? r.client_id;
    return [
      // At 1440 px every column shown is read whole (issue 28): the hub (filtered above, and in
      // the route's code) and the client (under the order's code) are searched and exported only.
      { key: 'date', header: t('payments.list.date'), value: (r) => (r.payment.collected_at > 0 ? formatDate(r.payment.collected_at, 'dd/MM/yyyy HH:mm') : formatDay(r.date, 'dd/MM/yyyy')), width: '110px' },
      { key: 'hub', header: t('payments.list.hub'), value: (r) => hubLabel(hubs, r.hub), shown: false },
      ...(withRoute ? [{ key: 'route', header: t('payments.list.route'), value: (r: PaymentRow) => r.route_code, width: '136px' }] : []),
      { key: 'rider', header: t('payments.list.rider'), value: (r) => name(r.payment.rider_id), width: '1.2fr' },
      { key: 'client', header: t('payments.list.client'), value: (r) => clientOf(r), shown: false },
      {
        key: 'order',
        header: t('payments.list.order'),
        value: (r) => r.order_code,
        search: (r) => r.client_ref,
        // The order's albarán (proof of delivery): every collected payment has one.
        render: (r) => (
          <>
            {r.order_code === '' ? (
              '—'
            ) : (
              <RowLink to={href('proofOfDelivery', { order_id: r.payment.order_id })} label={t('proof.openOf', { code: r.order_code })}>
                {r.order_code}
              </RowLink>
            )}
            <Text size="xs" c="dimmed" component="div" truncate="end" title={clientOf(r)}>
              {clientOf(r)}
            </Text>
          </>
        ),
        width: '1.6fr',
      },
      { key: 'method', header: t('payments.list.method'), value: (r) => methodLabel(r.payment.method), width: '110px' },
      { key: 'due', header: t('payments.list.due'), value: (r) => r.payment.amount_due_cents / 100, csv: (r) => eurosCell(r.payment.amount_due_cents), render: (r) => formatMoney(r.payment.amount_due_cents), width: '96px' },
      { key: 'collected', header: t('payments.list.collected'), value: (r) => r.payment.amount_collected_cents / 100, csv: (r) => eurosCell(r.payment.amount_collected_cents), render: (r) => formatMoney(r.payment.amount_collected_cents), width: '96px' },
      {
        key: 'difference',
        header: t('payments.list.difference'),
        value: (r) => r.difference_cents / 100,
        csv: (r) => eurosCell(r.difference_cents),
        render: (r) => (
          <Text span size="sm" c={r.difference_cents < 0 ? 'red.8' : undefined}>
            {formatSigned(r.difference_cents)}
          </Text>
        ),
        width: '96px',
      },
      {
        key: 'status',
        header: t('payments.list.status'),
        value: (r) => statusLabel(r.payment.status),
        render: (r) => (
          <RowLink to={detailsPath(r.payment.route_id, r.payment.status)} label={t('payments.list.details', { route: r.route_code, status: statusLabel(r.payment.status) })}>
            <PaymentStatusBadge status={r.payment.status} />
          </RowLink>
        ),
        width: '204px',
      },
    ];
  }, [hubs, clients, name, withRoute]);
}

function FilterSelect({ label, value, onChange, data, testId }: { label: string; value: string; onChange: (v: string) => void; data: { value: string; label: string }[]; testId: string }) {
  return (
    <Select
      label={label}
      data={[{ value: '', label: t('payments.list.all') }, ...data]}
      value={value}
      onChange={(v) => onChange(v ?? '')}
      allowDeselect={false}
      data-testid={testId}
      style={{ flex: '0 1 190px' }}
    />
  );
}

export function PaymentsAllPage() {
  const [date, setDate] = useState(() => madridDate());
  const [tab, setTab] = useState<string | null>('payments');
  const [filter, setFilter] = useState<PaymentFilter>({ hub: '', rider: '', method: '', status: '' });
  const validDate = DAY.test(date);
  const { data: dayRoutes, loading } = useLiveQuery<Route[]>((db) => (validDate ? routesOfDay(db, date) : null), [date, validDate], []);
  const { data: hubs } = useCatalog('hub');
  const name = useUserNames();
  const { rows, loading: paymentsLoading } = usePaymentRows(dayRoutes);
  const shown = useMemo(() => filterPaymentRows(rows, filter), [rows, filter]);
  const totals = useMemo(() => paymentTotals(shown), [shown]);
  const columns = usePaymentColumns(true);
  const riderIds = useMemo(() => [...new Set(dayRoutes.map((r) => r.rider_id).filter((id) => id !== ''))], [dayRoutes]);
  const riderOptions = riderIds.map((id) => ({ value: id, label: name(id) })).sort((a, b) => a.label.localeCompare(b.label, 'es'));
  const cashRoutes = dayRoutes.filter((r) => (filter.hub === '' || String(r.hub) === filter.hub) && (filter.rider === '' || r.rider_id === filter.rider));
  const set = (key: keyof PaymentFilter) => (v: string) => setFilter((f) => ({ ...f, [key]: v }));

  return (
    <Stack gap="md">
      <Group gap="sm" align="end" wrap="wrap">
        <TextInput
          label={t('payments.list.day')}
          type="date"
          value={date}
          onChange={(e) => setDate(e.currentTarget.value)}
          error={validDate ? undefined : t('payments.list.dayInvalid')}
          data-testid="payments-date"
          style={{ flex: '0 1 170px' }}
        />
        <FilterSelect label={t('payments.list.hub')} value={filter.hub} onChange={set('hub')} data={hubOptions(hubs)} testId="filter-hub" />
        <FilterSelect label={t('payments.list.rider')} value={filter.rider} onChange={set('rider')} data={riderOptions} testId="filter-rider" />
        {tab === 'payments' && (
          <>
            <FilterSelect label={t('payments.list.method')} value={filter.method} onChange={(v) => setFilter((f) => ({ ...f, method: v as PaymentMethod | '' }))} data={PAYMENT_METHODS.map((m) => ({ value: m, label: methodLabel(m) }))} testId="filter-method" />
            <FilterSelect label={t('payments.list.status')} value={filter.status} onChange={(v) => setFilter((f) => ({ ...f, status: v as PaymentStatus | '' }))} data={PAYMENT_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))} testId="filter-status" />
          </>
        )}
      </Group>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List aria-label={t('payments.tabs.label')}>
          <Tabs.Tab value="payments">{t('payments.tabs.payments')}</Tabs.Tab>
          <Tabs.Tab value="cash">{t('payments.tabs.cash')}</Tabs.Tab>
          <Tabs.Tab value="settlement">{t('settlement.tab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="payments" pt="md">
          <Stack gap="md">
            {/* Totals of the whole day only: none while its payments are still being read. */}
            {loading || paymentsLoading ? <Loader size="sm" aria-label={t('common.loading')} /> : <TotalsPanel totals={totals} title={t('payments.totals.title')} />}
            <EntityTable
              label={t('payments.list.label')}
              rows={shown}
              loading={loading || paymentsLoading}
              columns={columns}
              rowKey={(r) => r.payment.id}
              csvName={t('payments.list.csv', { date })}
              emptyText={t('payments.list.empty')}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="cash" pt="md">
          {validDate && <CashPanel date={date} routes={cashRoutes} />}
        </Tabs.Panel>
        <Tabs.Panel value="settlement" pt="md">
          <SettlementPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export function PaymentsDetailsPage({ params }: ScreenProps<'paymentsDetails'>) {
  const routeId = params.route_id ?? '';
  const status = detailsStatusOf(params.status_id);
  const { data: route, loading } = useLiveQuery<Route | null>((db) => (routeId !== '' ? docById(db, 'routes', routeId) : null), [routeId], null);
  const routes = useMemo(() => (route ? [route] : []), [route]);
  const { rows } = usePaymentRows(routes);
  const shown = useMemo(() => (status === 'all' || status === null ? rows : rows.filter((r) => r.payment.status === status)), [rows, status]);
  const totals = useMemo(() => paymentTotals(shown), [shown]);
  const present = useMemo(() => PAYMENT_STATUSES.filter((s) => rows.some((r) => r.payment.status === s)), [rows]);
  const columns = usePaymentColumns(false);
  const { data: hubs } = useCatalog('hub');
  if (status === null) return <Alert color="orange">{t('payments.details.badStatus', { status: params.status_id ?? '' })}</Alert>;
  if (loading) return <Loader aria-label={t('app.loading')} />;
  if (!route) return <Alert color="orange">{t('payments.details.routeMissing', { id: routeId })}</Alert>;
  return (
    <Stack gap="md">
      <Alert color="gray" data-testid="details-route">
        <Text size="sm">{t('payments.details.routeOf', { code: route.code, name: route.name, date: formatDay(route.date), hub: hubLabel(hubs, route.hub) })}</Text>
        <Text size="sm" fw={600}>
          {t('payments.details.statusIs', { status: status === 'all' ? t('payments.details.allStatuses') : statusLabel(status) })}
        </Text>
      </Alert>
      <Group gap="xs" aria-label={t('payments.details.otherStatuses')} role="navigation">
        <Badge component={Link} to={detailsPath(route.id, 'all')} variant={status === 'all' ? 'filled' : 'outline'} style={{ cursor: 'pointer' }}>
          {t('payments.list.all')}
        </Badge>
        {present.map((s) => (
          <Badge key={s} component={Link} to={detailsPath(route.id, s)} variant={status === s ? 'filled' : 'outline'} style={{ cursor: 'pointer' }}>
            {statusLabel(s)}
          </Badge>
        ))}
      </Group>
      <TotalsPanel totals={totals} title={t('payments.details.routeTotals')} />
      <EntityTable
        label={t('payments.list.label')}
        rows={shown}
        columns={columns}
        rowKey={(r) => r.payment.id}
        csvName={`pagos-${route.code}-${status}`}
        emptyText={t('payments.list.empty')}
      />
      <Text size="sm">
        <Link {...linkTo('paymentsAll')}>{t('payments.details.back')}</Link>
      </Text>
    </Stack>
  );
}
