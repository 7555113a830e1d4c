import { useDocsByIds } from '../../data/hooks';
import '../../i18n/es/planning';
/**
 * Routes of any date (issue 11): /routes (list with date range, hub, rider and status filters,
 * virtualized), /routes/route/:id (stops, orders, progress, timeline of its delivery events, map),
 * /routes/route/form/:id (`new` = new route; the status offers only the steps of the route machine
 * the user's role may take) and /routes/route-synlab/:id (what Synlab sees: only its stops).
 */
import { Badge, Table } from '@mantine/core';
import { z } from 'zod';
import { t } from '../../i18n';
import type { StopState } from '../../domain/delivery';
import type { Order, Route } from '../../domain/entities/operation';
import { MACHINES, ROUTE_STATUSES, type RouteStatus } from '../../domain/status/machines';
import { hubSelect } from '../../ui/crud/options';
import { ROUTE_STATUS_COLOR } from '../../ui/statusColors';
import { ListTable } from '../../ui/table/ListTable';
import { StopStateBadge } from '../../ui/routes/StopStateBadge';
import { statusText } from '../../i18n/status';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` plus `days` days (calendar arithmetic, no time zone involved). */
export function shiftDate(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function validDate(s: string): boolean {
  return ISO_DATE.test(s) && shiftDate(s, 0) === s;
}

export function RouteStatusTag({ status }: { status: RouteStatus }) {
  return (
    <Badge color={ROUTE_STATUS_COLOR[status]} variant="light" data-testid="route-status">
      {statusText(MACHINES.route, status)}
    </Badge>
  );
}

// ── /routes/route/:id ────────────────────────────────────────────────────────────────────────

function windowOf(orders: readonly Order[]): string {
  if (orders.length === 0) return '';
  const start = orders.map((o) => o.window_start).sort()[orders.length - 1] as string;
  const end = orders.map((o) => o.window_end).sort()[0] as string;
  return `${start}–${end}`;
}

export function StopsTable({ route, orders, states, label }: { route: Route; orders: readonly Order[]; states: ReadonlyMap<number, StopState>; label: string }) {
  const { data: points } = useDocsByIds('delivery_points', route.stops.map((s) => s.delivery_point_id));
  const byId = new Map(orders.map((o) => [o.id, o]));
  return (
    <ListTable
      label={label}
      testId="route-stops"
      headers={[t('planning.detail.seq'), t('planning.detail.point'), t('planning.detail.eta'), t('planning.detail.window'), t('planning.fields.orders'), t('planning.detail.state')]}
      rows={route.stops}
      row={(s) => {
        const stopOrders = s.order_ids.map((id) => byId.get(id)).filter((o): o is Order => o !== undefined);
        const state = states.get(s.seq) ?? 'pending';
        const point = points.get(s.delivery_point_id);
        return (
          <Table.Tr key={s.seq} data-testid="route-stop">
            <Table.Td>{s.seq}</Table.Td>
            <Table.Td>
              {point ? `${point.name} · ${point.address}` : t('planning.detail.unknownPoint', { id: s.delivery_point_id })}
            </Table.Td>
            <Table.Td>{s.eta}</Table.Td>
            <Table.Td>{windowOf(stopOrders)}</Table.Td>
            <Table.Td>{s.order_ids.map((id) => byId.get(id)?.code ?? id).join(', ')}</Table.Td>
            <Table.Td>
              <StopStateBadge state={state} />
            </Table.Td>
          </Table.Tr>
        );
      }}
    />
  );
}

export const routeFormSchema = z
  .object({
    name: z.string().trim().min(1, { error: () => t('planning.form.nameRequired') }).max(120, { error: () => t('planning.form.nameTooLong') }),
    date: z.string().refine(validDate, { error: () => t('planning.form.dateInvalid') }),
    hub: hubSelect(),
    rider_id: z.string(),
    bike_id: z.string(),
    planned_start: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: () => t('planning.form.startInvalid') }),
    status: z.enum(ROUTE_STATUSES),
    cancel_reason: z.string().max(500),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'cancelled' && v.cancel_reason.trim() === '') ctx.addIssue({ code: 'custom', path: ['cancel_reason'], message: t('planning.form.cancelReasonRequired') });
  });
