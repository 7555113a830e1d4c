/**
 * Home (/): today's operation at a glance, for every hub or one — orders and routes by status,
 * the delivered share, the incidences of today's routes and the cash collected (src/domain/dashboard.ts) —
 * with small bars and rings where a picture reads faster than numbers. Riders get a short card
 * that takes them to their round.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Badge, Button, Card, Group, Progress, RingProgress, SegmentedControl, SimpleGrid, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconTruckDelivery } from '@tabler/icons-react';
import { formatMoney, t } from '../../i18n';
import { useFirstSync, useLiveQuery } from '../../data/hooks';
import { useSession } from '../../data/session';
import { useCatalog } from '../../data/reference';
import { deliveriesOfRoutes, ordersOfDay, routesOfDay } from '../../data/queries';
import { summariseDay, statusSections, type DaySummary } from '../../domain/dashboard';
import { madridDate } from '../../domain/dates';
import type { DeliveryEvent } from '../../domain/entities/events';
import { useDayExceptions } from '../../ui/incidences/useDayExceptions';
import type { Order, Route } from '../../domain/entities/operation';
import { MACHINES, ORDER_STATUSES, ROUTE_STATUSES } from '../../domain/status/machines';
import { ORDER_STATUS_COLOR, ROUTE_STATUS_COLOR } from '../../ui/statusColors';
import { FirstSyncNotice, SyncedValue } from '../../ui/sync/FirstSync';
import { href } from '../../links/registry';
import { statusNames } from '../../i18n/status';
import { formatDay } from '../../i18n/dates';
import '../../i18n/es/home';

function RiderHome() {
  return (
    <Card withBorder maw={520} data-testid="rider-home">
      <Stack>
        <Text>{t('home.riderIntro')}</Text>
        <Button component={Link} to={href('distribution')} size="lg" leftSection={<IconTruckDelivery size={20} aria-hidden />}>
          {t('home.riderGo')}
        </Button>
      </Stack>
    </Card>
  );
}

function StatusBar<S extends string>({ title, counts, order, colors, labels, testId }: { title: string; counts: Readonly<Record<S, number>>; order: readonly S[]; colors: Record<S, string>; labels: Readonly<Record<S, string>>; testId: string }) {
  const sections = statusSections(counts, order);
  const { awaiting } = useFirstSync();
  return (
    <Card withBorder data-testid={testId}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {sections.length === 0 ? (
        <Text c="dimmed">{awaiting ? t('syncState.awaitingFirst') : t('home.nothingToday')}</Text>
      ) : (
        <Stack gap="sm">
          <Progress.Root size={22} aria-hidden>
            {sections.map((s) => (
              <Tooltip key={s.status} label={`${labels[s.status]}: ${s.count}`}>
                <Progress.Section value={s.percent} color={colors[s.status]} />
              </Tooltip>
            ))}
          </Progress.Root>
          <Group gap="xs">
            {sections.map((s) => (
              <Badge key={s.status} color={colors[s.status]} variant="light" data-testid={`${testId}-${s.status}`}>
                {labels[s.status]}: {s.count}
              </Badge>
            ))}
          </Group>
        </Stack>
      )}
    </Card>
  );
}

function Stat({ label, value, testId, children }: { label: string; value: string; testId: string; children?: ReactNode }) {
  return (
    <Card withBorder data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={`${testId}-value`}>
        <SyncedValue>{value}</SyncedValue>
      </Text>
      {children}
    </Card>
  );
}

const percent = (share: number) => `${Math.round(share * 100)} %`;

function OpsDashboard() {
  const [today] = useState(() => madridDate());
  const [hub, setHub] = useState('all');
  const { data: hubs } = useCatalog('hub');
  const { data: orders } = useLiveQuery<Order[]>((db) => ordersOfDay(db, today), [today], []);
  const { data: routes } = useLiveQuery<Route[]>((db) => routesOfDay(db, today), [today], []);
  const routeIds = useMemo(() => routes.map((r) => r.id), [routes]);
  const { data: events } = useLiveQuery<DeliveryEvent[]>((db) => (routeIds.length > 0 ? deliveriesOfRoutes(db, routeIds) : null), [routeIds.join(',')], []);
  // The day's exceptions (failed deliveries, picking shortfalls, product and cash incidences),
  // counted as «Incidencias» lists them (src/domain/incidences/exceptions.ts).
  const { exceptions } = useDayExceptions(today);

  const summaryOf = useMemo(
    () => (h: number | null): DaySummary => summariseDay({ today, hub: h, orders, routes, events, exceptions }),
    [today, orders, routes, events, exceptions],
  );
  const selected = hub === 'all' ? null : Number(hub);
  const s = summaryOf(selected);
  const perHub = useMemo(() => [...hubs].sort((a, b) => a.number - b.number).map((h) => ({ hub: h, s: summaryOf(h.number) })), [hubs, summaryOf]);

  return (
    <Stack>
      <Group justify="space-between" align="end">
        <Text c="dimmed">{t('home.today', { date: formatDay(today, 'EEEE d MMMM yyyy') })}</Text>
        <SegmentedControl
          aria-label={t('home.hubSelector')}
          value={hub}
          onChange={setHub}
          data={[{ value: 'all', label: t('home.allHubs') }, ...[...hubs].sort((a, b) => a.number - b.number).map((h) => ({ value: String(h.number), label: h.name }))]}
          data-testid="home-hub"
        />
      </Group>
      <FirstSyncNotice />
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
        <Stat label={t('home.orders')} value={String(s.orders.total)} testId="home-orders" />
        <Stat label={t('home.delivered')} value={percent(s.delivered.share)} testId="home-delivered">
          <Group gap="xs" mt={4}>
            <RingProgress size={54} thickness={7} roundCaps sections={[{ value: s.delivered.share * 100, color: 'teal' }]} aria-hidden />
            <Text size="sm"><SyncedValue>{t('home.deliveredOf', { done: s.delivered.done, of: s.delivered.of })}</SyncedValue></Text>
          </Group>
        </Stat>
        <Stat label={t('home.routes')} value={String(s.routes.total)} testId="home-routes">
          <Text size="sm"><SyncedValue>{t('home.routesOnStreet', { n: s.routes.byStatus.in_progress + s.routes.byStatus.loaded })}</SyncedValue></Text>
        </Stat>
        <Stat label={t('home.incidences')} value={String(s.incidences)} testId="home-incidences">
          {s.incidences > 0 && (
            <Button component={Link} to={href('incidenceAllDelivered')} size="compact-sm" variant="subtle" color="orange" mt={4}>
              {t('home.seeIncidences')}
            </Button>
          )}
        </Stat>
        <Stat label={t('home.cash')} value={formatMoney(s.cashCents)} testId="home-cash">
          <Text size="sm"><SyncedValue>{t('home.otherCollected', { amount: formatMoney(s.otherCollectedCents) })}</SyncedValue></Text>
        </Stat>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <StatusBar title={t('home.ordersByStatus')} counts={s.orders.byStatus} order={ORDER_STATUSES} colors={ORDER_STATUS_COLOR} labels={statusNames(MACHINES.order)} testId="home-orders-status" />
        <StatusBar title={t('home.routesByStatus')} counts={s.routes.byStatus} order={ROUTE_STATUSES} colors={ROUTE_STATUS_COLOR} labels={statusNames(MACHINES.route)} testId="home-routes-status" />
      </SimpleGrid>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('home.byHub')}
        </Title>
        <Table striped data-testid="home-by-hub">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('backoffice.hub')}</Table.Th>
              <Table.Th ta="right">{t('home.orders')}</Table.Th>
              <Table.Th style={{ width: '30%' }}>{t('home.delivered')}</Table.Th>
              <Table.Th ta="right">{t('home.routes')}</Table.Th>
              <Table.Th ta="right">{t('home.incidences')}</Table.Th>
              <Table.Th ta="right">{t('home.cash')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {perHub.map(({ hub: h, s: hs }) => (
              <Table.Tr key={h.id}>
                <Table.Td>
                  {h.number} · {h.name}
                </Table.Td>
                <Table.Td ta="right">
                  <SyncedValue>{hs.orders.total}</SyncedValue>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Progress value={hs.delivered.share * 100} color="teal" style={{ flex: 1 }} aria-label={t('home.deliveredShareOf', { hub: h.name })} />
                    <Text size="sm" w={44} ta="right">
                      <SyncedValue>{percent(hs.delivered.share)}</SyncedValue>
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td ta="right">
                  <SyncedValue>{hs.routes.total}</SyncedValue>
                </Table.Td>
                <Table.Td ta="right">
                  <SyncedValue>{hs.incidences}</SyncedValue>
                </Table.Td>
                <Table.Td ta="right">
                  <SyncedValue>{formatMoney(hs.cashCents)}</SyncedValue>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}

export function HomePage() {
  const role = useSession((s) => s.user?.base_role);
  return role === 'rider' ? <RiderHome /> : <OpsDashboard />;
}
