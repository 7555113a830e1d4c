/**
 * «Optimizar»'s proposal before it is saved (issue 11, issue 27 §2): its routes, figures and
 * warnings, the orders it left out (with «Añadir una ruta» / «Forzar en la ruta…», ./PlanScope.tsx),
 * «Guardar la propuesta» and «Descartar».
 */
import { Alert, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { t } from '../../i18n';
import { domainText } from '../../i18n/domain';
import type { Bike, DeliveryPoint, Order, Route, User } from '../../domain/entities/operation';
import type { DayPlanResult } from '../../domain/routing/day';
import type { PlanScope } from '../../domain/routing/fromEntities';
import { ProposalBound } from './ObjectiveSelect';
import { LeftOutOrders } from './PlanScope';
import { duration, km, routeColor } from './boardView';
import type { Command } from './boardModel';
import '../../i18n/es/planning';

export interface ProposalCardProps {
  readonly proposal: DayPlanResult;
  readonly scope: PlanScope;
  readonly orders: ReadonlyMap<string, Order>;
  readonly points: ReadonlyMap<string, DeliveryPoint>;
  readonly routes: readonly Route[];
  readonly users: ReadonlyMap<string, User>;
  readonly bikes: readonly Bike[];
  readonly busy: boolean;
  readonly save: Command;
  readonly onSave: () => void;
  readonly onDiscard: () => void;
  readonly onNewRoute: (index: number) => void;
  readonly onForce: (index: number, route: number) => void;
}

export function ProposalCard({ proposal, scope, orders, points, routes, users, bikes, busy, save, onSave, onDiscard, onNewRoute, onForce }: ProposalCardProps) {
  const planned = proposal.routes.flatMap((r) => r.stops.flatMap((st) => st.order_ids)).filter((id) => orders.get(id)?.route_id === '').length;
  return (
    <Card withBorder data-testid="proposal" bg="var(--mantine-color-blue-0)">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('planning.board.proposal')}
        </Title>
        <Text>
          {t('planning.board.proposalSummary', { routes: proposal.summary.routes, stops: proposal.summary.stops, orders: proposal.summary.orders, km: km(proposal.summary.distance_m), time: duration(proposal.summary.duration_s) })}
        </Text>
        <ProposalBound result={proposal} />
        <List size="sm">
          {proposal.routes.map((r, i) => (
            <List.Item key={r.route_id ?? `new-${i}`} style={{ color: routeColor(i) }}>
              {users.get(r.rider_id)?.name ?? r.rider_id} · {bikes.find((b) => b.id === r.bike_id)?.code ?? t('planning.form.noBike')} · {t('planning.board.stopsCount', { n: r.stops.length })} · {km(r.distance_m)} km · {r.planned_start}–{r.end}
            </List.Item>
          ))}
        </List>
        {scope !== 'all' && <Text size="sm">{t('planning.scope.changed', { planned })}</Text>}
        {proposal.warnings.length > 0 && (
          <Alert color="orange" title={t('planning.board.warnings')}>
            <List size="sm">
              {proposal.warnings.map((w, i) => (
                <List.Item key={i}>{domainText(w.message)}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <LeftOutOrders
          proposal={proposal}
          orders={orders}
          points={points}
          routeNames={proposal.routes.map((r, i) => (r.route_id ? (routes.find((x) => x.id === r.route_id)?.name ?? r.route_id) : t('planning.leftOut.newRouteName', { n: i + 1 })))}
          onNewRoute={onNewRoute}
          onForce={onForce}
        />
        {busy && (
          <Alert color="blue" role="status" data-testid="plan-saving">
            {t('planning.board.saving')}
          </Alert>
        )}
        <Group>
          <Button onClick={onSave} loading={busy} disabled={!save.enabled} data-testid="save-proposal">
            {t('planning.board.saveProposal')}
          </Button>
          <Button variant="default" onClick={onDiscard}>
            {t('planning.board.discardProposal')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
