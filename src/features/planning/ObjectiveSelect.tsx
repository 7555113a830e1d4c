/**
 * The hub's planning objective on the board (issue 32): «Mínimo de repartidores» (default) or
 * «Repartir entre los disponibles», and an optional cost per route and per hour; stored as the
 * hub's catalog document (src/data/planningObjective.ts, issue 34), so every device plans with it. `ProposalBound` shows a proposal's routes
 * against the lower bound: «N rutas (mínimo posible: M)».
 */
import { Group, NumberInput, Select, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { setHubObjective, useHubObjective, type PlanningObjective } from '../../data/planningObjective';
import { useEngine } from '../../data/statusHooks';
import { usePlanningActor } from './hooks';
import type { DayPlanResult } from '../../domain/routing/day';
import { t } from '../../i18n';
import '../../i18n/es/planning';

export function ObjectiveSelect({ hub, disabled }: { hub: number; disabled?: boolean }) {
  const current = useHubObjective(hub);
  const engine = useEngine();
  const actor = usePlanningActor();
  const set = (patch: Partial<PlanningObjective>) => {
    const next: Record<string, unknown> = { ...current, ...patch };
    for (const k of ['costPerRoute', 'costPerHour']) if (next[k] === undefined || next[k] === '') delete next[k];
    if (!engine) return;
    setHubObjective(engine, actor, hub, next as PlanningObjective).catch((err: unknown) => notifications.show({ color: 'red', message: err instanceof Error ? err.message : String(err) }));
  };
  const cost = (v: string | number): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);
  return (
    <Group align="flex-end" gap="xs">
      <Select
        label={t('planning.objective.label')}
        data={[
          { value: 'min-vehicles', label: t('planning.objective.minVehicles') },
          { value: 'balanced', label: t('planning.objective.balanced') },
        ]}
        value={current.objective}
        onChange={(v) => v && set({ objective: v as PlanningObjective['objective'] })}
        allowDeselect={false}
        disabled={disabled || !(hub > 0)}
        data-testid="board-objective"
      />
      <NumberInput
        label={t('planning.objective.costPerRoute')}
        value={current.costPerRoute ?? ''}
        onChange={(v) => set({ costPerRoute: cost(v) })}
        min={0}
        max={100_000}
        decimalSeparator=","
        w={130}
        disabled={disabled || !(hub > 0)}
        data-testid="board-cost-route"
      />
      <NumberInput
        label={t('planning.objective.costPerHour')}
        value={current.costPerHour ?? ''}
        onChange={(v) => set({ costPerHour: cost(v) })}
        min={0}
        max={10_000}
        decimalSeparator=","
        w={130}
        disabled={disabled || !(hub > 0)}
        data-testid="board-cost-hour"
      />
    </Group>
  );
}

export function ProposalBound({ result }: { result: DayPlanResult }) {
  if (!result.lowerBound) return null;
  return (
    <Text size="sm" data-testid="proposal-bound">
      {t('planning.objective.routesVsBound', { routes: result.summary.routes, min: result.lowerBound.routes })}
      {' · '}
      {result.objective === 'balanced' ? t('planning.objective.balanced') : t('planning.objective.minVehicles')}
    </Text>
  );
}
