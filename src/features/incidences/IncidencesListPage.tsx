/**
 * «Incidencias» (/incidence-all-delivered): the exceptions of a delivery day in one list (issue
 * 27 §3) — failed deliveries (shop, order, route, reason, photo), picking shortfalls, product
 * incidences at the door and cash counted with a difference — each with its kind, filtered by
 * the delivery day of the routes (not the day a record was written; src/domain/incidences/
 * exceptions.ts), and followed up from here: the follow-up of each (issue 13: state, who is in
 * charge, history; «Seguimiento») and, for a failed delivery, «Reentregar», «Devolver» or
 * «Cancelar» (src/domain/incidences/failedDelivery.ts). Operators read it; riders never open it.
 * The screen only draws: the records come from useDayExceptions, every change from src/data.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatMoney, t } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import { statusText } from '../../i18n/status';
import { useDocsByIds } from '../../data/hooks';
import { useCatalog } from '../../data/reference';
import { useSession } from '../../data/session';
import { madridDate } from '../../domain/dates';
import type { Incidence } from '../../domain/entities/events';
import type { Order, Route } from '../../domain/entities/operation';
import { EXCEPTION_KINDS, exceptionCounts, followUpSubject, type DayException } from '../../domain/incidences/exceptions';
import { failureActions, type FailureAction } from '../../domain/incidences/failedDelivery';
import { FOLLOW_UP_STATES, type FollowUpView } from '../../domain/incidences/followUp';
import { MACHINES } from '../../domain/status/machines';
import { useFollowUps } from '../../ui/incidences/useFollowUps';
import { useDayExceptions } from '../../ui/incidences/useDayExceptions';
import { FollowUpBadge, FollowUpDialog, followUpLabel } from '../../ui/incidences/FollowUpDialog';
import { EntityTable } from '../../ui/crud/EntityTable';
import { PhotoButton } from '../../ui/media/StoredPhoto';
import { href } from '../../links/registry';
import { FailureActionDialog } from './FailureActionDialog';
import '../../i18n/es/delivery';
import '../../i18n/es/incidences';

/** One row: the exception and what the list shows of it, looked up once. */
interface Row {
  readonly e: DayException;
  readonly kind: string;
  /** The order's code (never its internal id); '' for a cash difference. */
  readonly code: string;
  readonly order: Order | undefined;
  readonly shop: string;
  readonly route: string;
  readonly routeCode: string;
  readonly detail: string;
  readonly orderStatus: string;
  readonly subject: Incidence | null;
  readonly follow: FollowUpView;
  /** Failed deliveries: the changes the user may make to the order. */
  readonly actions: readonly FailureAction[];
}

/**
 * A cell of two lines: the main text, and a dimmed one under it (each cut with an ellipsis, its
 * whole text then in its tooltip: `topTitle`/`bottomTitle`, or the text itself when it is one).
 */
function TwoLines({ top, bottom, topTitle, bottomTitle }: { top: ReactNode; bottom: ReactNode; topTitle?: string; bottomTitle?: string }) {
  const title = (node: ReactNode, given?: string) => given ?? (typeof node === 'string' ? node : undefined);
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="sm" truncate="end" component="div" title={title(top, topTitle)}>
        {top}
      </Text>
      <Text size="xs" c="dimmed" truncate="end" component="div" title={title(bottom, bottomTitle)}>
        {bottom}
      </Text>
    </Stack>
  );
}

const unique = (xs: readonly string[]) => [...new Set(xs.filter((x) => x !== ''))];

function validDay(v: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T12:00:00Z`));
}

export function IncidencesListPage() {
  const [day, setDay] = useState(() => madridDate());
  const [typed, setTyped] = useState(day);
  const { exceptions, routes, loading } = useDayExceptions(day);
  const { data: orders } = useDocsByIds('orders', exceptions.map((e) => e.order_id));
  const { data: points } = useDocsByIds('delivery_points', exceptions.map((e) => e.delivery_point_id));
  const { data: products } = useDocsByIds('products', exceptions.map((e) => e.product_id));
  const { data: reasons } = useCatalog('status-delivery');
  const { data: hubs } = useCatalog('hub');
  const followUp = useFollowUps();
  const role = useSession((s) => s.user?.base_role) ?? 'anonimus';
  const [following, setFollowing] = useState<Row | null>(null);
  const [deciding, setDeciding] = useState<{ row: Row; action: FailureAction } | null>(null);

  const rows = useMemo<Row[]>(() => {
    const routeById = new Map<string, Route>(routes.map((r) => [r.id, r]));
    const reasonName = new Map(reasons.map((r) => [r.id, r.name]));
    return exceptions.map((e) => {
      const order = orders.get(e.order_id);
      const route = routeById.get(e.route_id);
      const code = e.order_id === '' ? '' : (order?.code ?? t('incidences.exceptions.unknownOrder'));
      const detail =
        e.kind === 'failed_delivery'
          ? [reasonName.get(e.reason_status_id) ?? '', e.outcome === '' ? '' : t(`incidences.exceptions.outcome.${e.outcome}`)].filter((x) => x !== '').join(' · ')
          : e.kind === 'cash_difference'
            ? t('incidences.exceptions.cashDetail', { amount: formatMoney(e.difference_cents), rider: followUp.name(e.rider_id) })
            : t('incidences.exceptions.productDetail', { type: t(`delivery.type_${e.type || 'other'}`), qty: e.quantity, product: products.get(e.product_id)?.name ?? '' });
      let orderStatus = '';
      if (order) {
        orderStatus = statusText(MACHINES.order, order.status);
        if (order.date !== e.day && order.status === 'pending') orderStatus = t('incidences.exceptions.redeliveryOn', { status: orderStatus, date: formatDate(Date.parse(`${order.date}T12:00:00Z`), 'd MMM') });
      }
      const subject = followUpSubject(e, order?.lines[0]?.product_id ?? e.order_id);
      return {
        e,
        kind: t(`incidences.exceptions.kinds.${e.kind}`),
        code,
        order,
        shop: points.get(e.delivery_point_id)?.name ?? '',
        route: route ? `${route.code} · ${route.name}` : e.route_id === '' ? '' : t('incidences.exceptions.unknownRoute'),
        routeCode: route?.code ?? '',
        detail,
        orderStatus,
        subject,
        follow: followUp.viewOf(e.id),
        actions: e.kind === 'failed_delivery' && order ? failureActions(order.status, role) : [],
      };
    });
  }, [exceptions, orders, points, products, routes, reasons, followUp, role]);

  const counts = exceptionCounts(exceptions);
  const hubOptions = unique(exceptions.map((e) => String(e.hub))).map((n) => ({ value: n, label: hubs.find((h) => String(h.number) === n)?.name ?? n }));
  const routeOptions = unique(rows.map((r) => r.routeCode)).sort().map((c) => ({ value: c, label: c }));
  const what = (r: Row) => `${r.kind} · ${r.code}`;

  return (
    <>
      <Group align="flex-start" mb="sm" gap="lg" wrap="wrap">
        <TextInput
          type="date"
          label={t('incidences.exceptions.day')}
          description={t('incidences.exceptions.dayHelp')}
          value={typed}
          error={validDay(typed) ? undefined : t('incidences.exceptions.badDay')}
          onChange={(ev) => {
            const v = ev.currentTarget.value;
            setTyped(v);
            if (validDay(v)) setDay(v);
          }}
          style={{ flex: '0 1 340px' }}
          data-testid="exceptions-day"
        />
        <Text size="sm" c="dimmed" mt={28} data-testid="exceptions-summary">
          {t('incidences.exceptions.summary', { total: counts.total, failed: counts.failed_delivery, picking: counts.picking_shortfall, product: counts.delivery_product, cash: counts.cash_difference })}
        </Text>
      </Group>
      <EntityTable
        label={t('menu.incidences')}
        rows={rows}
        loading={loading}
        rowKey={(r) => `${r.e.kind}:${r.e.id}`}
        csvName={`incidencias-${day}`}
        emptyText={t('incidences.exceptions.empty')}
        actionsWidth="256px"
        rowHeight={68}
        columns={[
          {
            key: 'kind',
            header: t('incidences.exceptions.kind'),
            value: (r) => `${r.kind} ${formatDate(r.e.at, 'd MMM, HH:mm')}`,
            render: (r) => <TwoLines top={<span data-testid="exception-kind" data-kind={r.e.kind}>{r.kind}</span>} topTitle={r.kind} bottom={formatDate(r.e.at, 'd MMM, HH:mm')} />,
            width: '150px',
          },
          {
            key: 'order',
            header: t('incidences.exceptions.order'),
            value: (r) => `${r.code} ${r.orderStatus}`,
            search: (r) => r.order?.external_ref ?? '',
            render: (r) => (
              <TwoLines
                top={r.code === '' ? '—' : r.order ? <Anchor component={Link} to={href('delivery', { id: r.e.order_id })}>{r.code}</Anchor> : r.code}
                topTitle={r.code}
                bottom={<span data-testid="exception-order-status">{r.orderStatus}</span>}
                bottomTitle={r.orderStatus}
              />
            ),
            width: 'minmax(120px, 1fr)',
          },
          { key: 'where', header: t('incidences.exceptions.where'), value: (r) => `${r.shop} ${r.route}`, render: (r) => <TwoLines top={r.shop || '—'} bottom={r.route} />, width: '1.2fr' },
          {
            key: 'detail',
            header: t('incidences.exceptions.detail'),
            value: (r) => `${r.detail} ${r.e.note}`,
            render: (r) => <TwoLines top={<span data-testid="exception-detail">{r.detail}</span>} topTitle={r.detail} bottom={r.e.note} />,
            width: '1.6fr',
          },
          {
            key: 'photo',
            header: t('incidences.exceptions.photo'),
            value: (r) => (r.e.photo_file === '' ? '' : t('media.showPhoto')),
            render: (r) => (r.e.photo_file === '' ? '—' : <PhotoButton path={r.e.photo_file} title={what(r)} />),
            width: '130px',
          },
          {
            key: 'followUp',
            header: t('incidences.followUp.state'),
            value: (r) => (r.subject ? `${followUpLabel(r.follow.state)} ${r.follow.assignee === '' ? '' : followUp.name(r.follow.assignee)}` : ''),
            render: (r) => (r.subject ? <TwoLines top={<FollowUpBadge state={r.follow.state} />} topTitle={followUpLabel(r.follow.state)} bottom={r.follow.assignee === '' ? '' : followUp.name(r.follow.assignee)} /> : '—'),
            width: '116px',
          },
        ]}
        filters={[
          { key: 'kind', label: t('incidences.exceptions.filterKind'), options: EXCEPTION_KINDS.map((k) => ({ value: k, label: t(`incidences.exceptions.kinds.${k}`) })), test: (r, v) => r.e.kind === v },
          { key: 'hub', label: t('incidences.exceptions.filterHub'), options: hubOptions, test: (r, v) => String(r.e.hub) === v },
          { key: 'route', label: t('incidences.exceptions.filterRoute'), options: routeOptions, test: (r, v) => r.routeCode === v },
          { key: 'followUp', label: t('incidences.followUp.filter'), options: FOLLOW_UP_STATES.map((x) => ({ value: x, label: followUpLabel(x) })), test: (r, v) => r.subject !== null && r.follow.state === v },
        ]}
        actions={(r) => (
          <Stack gap={4} align="flex-start">
            {r.subject ? (
              <Button size="compact-xs" variant="light" onClick={() => setFollowing(r)} aria-label={t('incidences.followUp.openLabel', { order: r.code })}>
                {t('incidences.followUp.openButton')}
              </Button>
            ) : (
              <Anchor component={Link} to={href('paymentsAll')} size="xs" aria-label={t('incidences.exceptions.seePaymentsLabel', { rider: followUp.name(r.e.rider_id) })}>
                {t('incidences.exceptions.seePayments')}
              </Anchor>
            )}
            {r.actions.length > 0 && (
              <Group gap={4} wrap="nowrap">
                {r.actions.map((a) => (
                  <Button key={a} size="compact-xs" variant="subtle" color={a === 'cancel' ? 'red' : undefined} onClick={() => setDeciding({ row: r, action: a })} aria-label={t(`incidences.exceptions.actionLabels.${a}`, { code: r.code })}>
                    {t(`incidences.exceptions.actions.${a}`)}
                  </Button>
                ))}
              </Group>
            )}
          </Stack>
        )}
      />
      {following?.subject && (
        <FollowUpDialog
          incidence={following.subject}
          what={what(following)}
          view={followUp.viewOf(following.e.id)}
          staff={followUp.staff}
          name={followUp.name}
          redelivery={following.e.kind !== 'failed_delivery'}
          onClose={() => setFollowing(null)}
        />
      )}
      {deciding?.row.subject && (
        <FailureActionDialog subject={deciding.row.subject} action={deciding.action} code={deciding.row.code} orderDate={deciding.row.order?.date ?? deciding.row.e.day} onClose={() => setDeciding(null)} />
      )}
    </>
  );
}
