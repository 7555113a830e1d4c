/** Pieces shared by the picking screens: day and hub selector, progress figures, badges. */
import { useState } from 'react';
import { Alert, Badge, Group, NativeSelect, Progress, Stack, Text, TextInput } from '@mantine/core';
import { t } from '../../i18n';
import { progressRatio, type LineProgress, type PickingTotals } from '../../domain/picking';
import { MACHINES } from '../../domain/status/machines';
import type { Route } from '../../domain/entities/operation';
import { ROUTE_STATUS_COLOR } from '../../ui/statusColors';
import { MissingUntilSynced, SyncedValue } from '../../ui/sync/FirstSync';
import { useHubs, usePickingDay } from './hooks';
import { useWritableHubs } from '../../ui/hubScope';
import { writableOf } from '../../domain/access/hubScope';
import { href, linkTo, type AppHref } from '../../links/registry';
import { statusText } from '../../i18n/status';
import { hubNameOptions } from '../../ui/crud/hubOptions';
import '../../i18n/es/picking';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function validDate(v: string): boolean {
  return ISO_DATE.test(v) && !Number.isNaN(Date.parse(`${v}T12:00:00Z`)) && new Date(`${v}T12:00:00Z`).toISOString().startsWith(v);
}

/** The day and hub selector of the picking screens. */
export function DayHubSelector() {
  const { date, hub, setDate, setHub } = usePickingDay();
  const { data: hubs } = useHubs();
  const [typed, setTyped] = useState(date);
  const bad = !validDate(typed);
  // A picker (an operator) picks in his hub only (issue 29, finding 6); admins in any.
  const writable = useWritableHubs();
  const options = hubNameOptions(writable === 'all' || writable.length === 0 ? hubs : writableOf(hubs, writable));
  if (!options.some((o) => o.value === String(hub))) options.push({ value: String(hub), label: t('pickingScreens.hubNumber', { n: hub }) });
  return (
    <Group align="flex-start" grow>
      <TextInput
        type="date"
        size="lg"
        label={t('pickingScreens.date')}
        description={t('pickingScreens.dateHelp')}
        value={typed}
        error={bad ? t('pickingScreens.badDate') : undefined}
        onChange={(e) => {
          const v = e.currentTarget.value;
          setTyped(v);
          if (validDate(v)) setDate(v);
        }}
        data-testid="picking-date"
      />
      {/* The browser's own select (issue 31): the same input look, keyboard and label, without
          the combobox's code (floating-ui, scroll area) on the picker's first screen. */}
      <NativeSelect
        size="lg"
        label={t('pickingScreens.hub')}
        value={String(hub)}
        data={options}
        onChange={(e) => setHub(Number(e.currentTarget.value))}
        data-testid="picking-hub"
      />
    </Group>
  );
}

/** A product screen whose order or product is not on this device (until the first sync, a wait). */
export function ProductMissing() {
  return (
    <MissingUntilSynced>
      <Alert color="orange">{t('pickingScreens.productMissing')}</Alert>
    </MissingUntilSynced>
  );
}

/** A route's code, number of stops and planned start, under its name. */
export function RouteLine({ route }: { route: Pick<Route, 'code' | 'stops' | 'planned_start'> }) {
  return (
    <Text size="sm" c="dimmed">
      {t('pickingScreens.routeLine', { code: route.code, stops: route.stops.length, start: route.planned_start })}
    </Text>
  );
}

export function RouteStatusBadge({ route }: { route: Pick<Route, 'status'> }) {
  return (
    <Badge color={ROUTE_STATUS_COLOR[route.status]} variant="light" size="lg" data-testid="picking-route-status">
      {statusText(MACHINES.route, route.status)}
    </Badge>
  );
}

/** Lines and units picked over the total, incidences, errors and a bar. */
export function ProgressFigures({ totals, testId }: { totals: PickingTotals; testId?: string }) {
  return (
    <Stack gap={4} data-testid={testId}>
      <Progress value={progressRatio(totals) * 100} size="lg" aria-label={t('pickingScreens.progress')} />
      <Group gap="md">
        <Text size="sm" data-testid="picking-lines">
          <SyncedValue>{t('pickingScreens.lines', { done: totals.lines_done, total: totals.lines_total })}</SyncedValue>
        </Text>
        <Text size="sm" data-testid="picking-units">
          <SyncedValue>{t('pickingScreens.units', { picked: totals.units_picked, total: totals.units_total })}</SyncedValue>
        </Text>
        {totals.units_short > 0 && (
          <Text size="sm" c="orange">
            {t('pickingScreens.unitsShort', { n: totals.units_short })}
          </Text>
        )}
        {totals.over_lines > 0 && (
          <Text size="sm" c="red">
            {t('pickingScreens.over', { n: totals.over_lines })}
          </Text>
        )}
        <Text size="sm" data-testid="picking-incidences">
          {t('pickingScreens.incidences', { n: totals.incidences })}
        </Text>
        {totals.errors > 0 && (
          <Text size="sm" c="red">
            {t('pickingScreens.errors', { n: totals.errors })}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

const LINE_COLOR: Record<LineProgress['state'], string> = { pending: 'gray', partial: 'blue', picked: 'teal', short: 'orange', over: 'red' };

export function LineStateBadge({ line }: { line: Pick<LineProgress, 'state' | 'over'> }) {
  return (
    <Badge color={LINE_COLOR[line.state]} variant="light" size="lg" data-testid="line-state">
      {t(`picking.lineStates.${line.state}`, { n: line.over })}
    </Badge>
  );
}

/** `/picking/products/pe/:pe_id/:product_id/order/:order_id` for a line. */
export function productPath(pointId: string, productId: string, orderId: string): AppHref {
  return href('pickerProduct', { pe_id: pointId, product_id: productId, order_id: orderId });
}

/** The picker's product page as a typed link target, for `navigate`. */
export function productTarget(pointId: string, productId: string, orderId: string) {
  return linkTo('pickerProduct', { pe_id: pointId, product_id: productId, order_id: orderId });
}
