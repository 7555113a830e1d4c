/**
 * What «Optimizar» may change, and what it left out (issue 27 §2). By default it plans only the
 * orders without a route: drafts keep their stops, published routes stay as they are
 * (src/domain/routing/fromEntities.ts `scope`). Every order left out is listed with its shop,
 * its window and the reason, with «Añadir una ruta» and «Forzar en la ruta…» next to it
 * (src/domain/routing/proposal.ts).
 */
import { Button, Checkbox, Group, Input, Menu, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { t } from '../../i18n';
import { domainText } from '../../i18n/domain';
import type { DeliveryPoint, Order } from '../../domain/entities/operation';
import type { DayPlanResult } from '../../domain/routing/day';
import type { PlanScope } from '../../domain/routing/fromEntities';
import '../../i18n/es/planning';

export interface PlanScopeProps {
  readonly scope: PlanScope;
  readonly intoPublished: boolean;
  readonly onScope: (scope: PlanScope) => void;
  readonly onIntoPublished: (allowed: boolean) => void;
  readonly disabled: boolean;
}

export function PlanScopeControls({ scope, intoPublished, onScope, onIntoPublished, disabled }: PlanScopeProps) {
  return (
    <Group align="flex-end" gap="md">
      <Input.Wrapper label={t('planning.scope.label')} id="plan-scope-label">
        <SegmentedControl
          aria-labelledby="plan-scope-label"
          value={scope}
          onChange={(v) => onScope(v as PlanScope)}
          disabled={disabled}
          data={[
            { value: 'unrouted', label: t('planning.scope.unrouted') },
            { value: 'drafts', label: t('planning.scope.drafts') },
            { value: 'all', label: t('planning.scope.all') },
          ]}
          data-testid="plan-scope"
        />
      </Input.Wrapper>
      {scope !== 'all' && (
        <Checkbox label={t('planning.scope.intoPublished')} checked={intoPublished} onChange={(e) => onIntoPublished(e.currentTarget.checked)} disabled={disabled} data-testid="plan-into-published" />
      )}
    </Group>
  );
}

export interface LeftOutProps {
  readonly proposal: DayPlanResult;
  readonly orders: ReadonlyMap<string, Order>;
  readonly points: ReadonlyMap<string, DeliveryPoint>;
  /** Names of the proposal's routes, by index. */
  readonly routeNames: readonly string[];
  readonly onNewRoute: (index: number) => void;
  readonly onForce: (index: number, routeIndex: number) => void;
}

/** The orders the proposal left out, each with its reason and what the operator can do. */
export function LeftOutOrders({ proposal, orders, points, routeNames, onNewRoute, onForce }: LeftOutProps) {
  if (proposal.unplanned.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="left-out">
      <Text fw={600}>{t('planning.leftOut.title', { n: proposal.unplanned.reduce((s, u) => s + u.order_ids.length, 0) })}</Text>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('planning.leftOut.shop')}</Table.Th>
            <Table.Th>{t('planning.leftOut.orders')}</Table.Th>
            <Table.Th>{t('planning.leftOut.window')}</Table.Th>
            <Table.Th>{t('planning.leftOut.reason')}</Table.Th>
            <Table.Th>{t('planning.leftOut.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {proposal.unplanned.map((u, i) => {
            const own = u.order_ids.map((id) => orders.get(id)).filter((o): o is Order => o !== undefined);
            const windows = [...new Set(own.map((o) => `${o.window_start}–${o.window_end}`))].join(', ');
            return (
              <Table.Tr key={`${u.delivery_point_id}-${u.order_ids.join(',')}`} data-testid="left-out-row">
                <Table.Td>{points.get(u.delivery_point_id)?.name ?? t('planning.leftOut.unknownShop')}</Table.Td>
                <Table.Td>{own.map((o) => o.code).join(', ')}</Table.Td>
                <Table.Td>{windows}</Table.Td>
                <Table.Td>{domainText(u.message)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="light" onClick={() => onNewRoute(i)} data-testid="left-out-new-route">
                      {t('planning.leftOut.newRoute')}
                    </Button>
                    {routeNames.length > 0 && (
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <Button size="xs" variant="default" data-testid="left-out-force">
                            {t('planning.leftOut.force')}
                          </Button>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {routeNames.map((name, k) => (
                            <Menu.Item key={k} onClick={() => onForce(i, k)}>
                              {name}
                            </Menu.Item>
                          ))}
                        </Menu.Dropdown>
                      </Menu>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
