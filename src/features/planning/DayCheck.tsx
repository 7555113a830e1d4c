/**
 * «Comprobación del día» on the planning board (issue 27): what breaks the planning's invariants
 * on the day and hub shown — «Pedidos sin ruta» (planned, on no route) and «Rutas inconsistentes»
 * (an order on two routes, on a route it does not name, of another day…) — with one action that
 * puts it right («Reparar el día», src/data/planning.ts `repairDayPlan`). Nothing is shown when
 * the day is sound, and nothing while this device has changes on their way or is not in sync:
 * an action's routes and orders reach the server in two pushes, and the states in between are
 * not problems (the server derives the orders' link from the routes). Orders a route lists that
 * this device does not hold are left to the picking and rider screens.
 */
import { useMemo } from 'react';
import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { t } from '../../i18n';
import { domainText } from '../../i18n/domain';
import type { Order, Route } from '../../domain/entities/operation';
import { dayProblems, problemMessage, problemNames } from '../../domain/routing/integrity';
import { useSyncStatus } from '../../data/hooks';
import '../../i18n/es/planning';

export interface DayCheckProps {
  readonly date: string;
  readonly hub: number;
  readonly routes: readonly Route[];
  readonly orders: readonly Order[];
  readonly busy: boolean;
  readonly onRepair: () => void;
}

export function DayCheck({ date, hub, routes, orders, busy, onRepair }: DayCheckProps) {
  const status = useSyncStatus();
  const settled = status.online && status.state === 'synced' && status.pending === 0;
  const problems = useMemo(() => (settled ? dayProblems({ date, hub }, routes, orders, { missingIsProblem: false }) : []), [settled, date, hub, routes, orders]);
  if (problems.length === 0) return null;
  const names = problemNames(routes, orders);
  const unrouted = problems.filter((p) => p.kind === 'order_unrouted');
  const inconsistent = problems.filter((p) => p.kind !== 'order_unrouted');
  return (
    <Alert color="red" title={t('planning.check.title')} data-testid="day-check">
      <Stack gap="xs">
        {unrouted.length > 0 && (
          <div data-testid="day-check-unrouted">
            <Text fw={600}>{t('planning.check.unrouted', { n: unrouted.length })}</Text>
            <List size="sm">
              {unrouted.map((p) => (
                <List.Item key={`${p.kind}:${p.orderId}`}>{domainText(problemMessage(p, names))}</List.Item>
              ))}
            </List>
          </div>
        )}
        {inconsistent.length > 0 && (
          <div data-testid="day-check-inconsistent">
            <Text fw={600}>{t('planning.check.inconsistent', { n: inconsistent.length })}</Text>
            <List size="sm">
              {inconsistent.map((p, i) => (
                <List.Item key={i}>{domainText(problemMessage(p, names))}</List.Item>
              ))}
            </List>
          </div>
        )}
        <Text size="sm">{t('planning.check.help')}</Text>
        <div>
          <Button color="red" onClick={onRepair} loading={busy} data-testid="day-repair">
            {t('planning.check.repair')}
          </Button>
        </div>
      </Stack>
    </Alert>
  );
}
