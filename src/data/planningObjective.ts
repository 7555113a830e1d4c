/**
 * The planning objective of each hub (issue 32): «Mínimo de repartidores» (the default) or
 * «Repartir entre los disponibles», with an optional cost per route and per hour. Stored since
 * issue 34 as the hub's catalog document of kind `config-planning` (catalog schema version 4;
 * id `config-planning-<hub>`): it syncs to every device, the hub's operators and the admins write
 * it (src/domain/access/table.ts), and Configuración edits it too. (Before, it was remembered per
 * device in localStorage; those choices are not carried over.)
 *
 * The board reads it synchronously when it optimises (`withHubObjective`): `useHubObjective`
 * follows the hub's document live and keeps the latest in a small store.
 */
import { useEffect } from 'react';
import { z } from 'zod';
import { create } from 'zustand';
import type { ActionEngine, Actor } from './action';
import { entityActions } from './entities';
import { useCatalog } from './reference';
import { planningConfigId, type PlanningConfig } from '../domain/entities/reference';
import type { DayPlanInput, DayPlanSettings } from '../domain/routing/day';

export const planningObjectiveSchema = z.object({
  objective: z.enum(['min-vehicles', 'balanced']),
  costPerRoute: z.number().min(0).max(100_000).optional(),
  costPerHour: z.number().min(0).max(10_000).optional(),
});
export type PlanningObjective = z.infer<typeof planningObjectiveSchema>;

export const DEFAULT_OBJECTIVE: PlanningObjective = { objective: 'min-vehicles' };

/** The objective a hub's catalog document holds. */
export function objectiveOf(doc: PlanningConfig | undefined): PlanningObjective {
  if (!doc || !doc.active) return DEFAULT_OBJECTIVE;
  return { objective: doc.objective, ...(doc.cost_per_route !== undefined ? { costPerRoute: doc.cost_per_route } : {}), ...(doc.cost_per_hour !== undefined ? { costPerHour: doc.cost_per_hour } : {}) };
}

/** The hub's catalog document for an objective. */
export function planningDoc(hub: number, value: PlanningObjective, now: number, existing?: PlanningConfig): PlanningConfig {
  const parsed = planningObjectiveSchema.parse(value);
  return {
    id: existing?.id ?? planningConfigId(hub),
    kind: 'config-planning',
    name: existing?.name ?? `Hub ${hub}`,
    active: true,
    updated_at: now,
    hub,
    objective: parsed.objective,
    ...(parsed.costPerRoute !== undefined ? { cost_per_route: parsed.costPerRoute } : {}),
    ...(parsed.costPerHour !== undefined ? { cost_per_hour: parsed.costPerHour } : {}),
  };
}

const useObjectives = create<{ byHub: Record<number, PlanningObjective>; docs: Record<number, PlanningConfig> }>(() => ({ byHub: {}, docs: {} }));

/** The hub's objective as last read (the default before its document is read). */
export function hubObjective(hub: number): PlanningObjective {
  return useObjectives.getState().byHub[hub] ?? DEFAULT_OBJECTIVE;
}

/** The hub's objective, followed live from its catalog document. */
export function useHubObjective(hub: number): PlanningObjective {
  const { data } = useCatalog('config-planning');
  const doc = data.find((d) => d.hub === hub && d.active);
  const value = objectiveOf(doc);
  const key = JSON.stringify(value);
  useEffect(() => {
    useObjectives.setState((s) => ({ byHub: { ...s.byHub, [hub]: value }, docs: doc ? { ...s.docs, [hub]: doc } : s.docs }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the value's content, not its object
  }, [hub, key, doc]);
  return useObjectives((s) => s.byHub[hub]) ?? value;
}

/** Chooses the hub's objective: saves the hub's catalog document (the catalog's save action; synced; refused outside the user's hubs). */
export async function setHubObjective(engine: ActionEngine, actor: Actor, hub: number, value: PlanningObjective): Promise<void> {
  if (!(hub > 0)) return;
  const existing = useObjectives.getState().docs[hub];
  const doc = planningDoc(hub, value, Date.now(), existing);
  const before = useObjectives.getState();
  useObjectives.setState((s) => ({ byHub: { ...s.byHub, [hub]: objectiveOf(doc) }, docs: { ...s.docs, [hub]: doc } }));
  try {
    await entityActions('catalog').save(engine, { doc }, actor);
  } catch (err) {
    // Refused (not his hub's, a role that may not): the board plans with what is stored.
    useObjectives.setState({ byHub: before.byHub, docs: before.docs });
    throw err;
  }
}

/** The day settings of an objective (the costs only when both are given). */
export function objectiveSettings(o: PlanningObjective): Partial<DayPlanSettings> {
  const costs = o.costPerRoute !== undefined && o.costPerHour !== undefined && o.costPerRoute > 0 && o.costPerHour > 0 ? { costPerRoute: o.costPerRoute, costPerHour: o.costPerHour } : {};
  return { objective: o.objective, ...costs };
}

/** A day's input planned with the hub's objective. */
export function withHubObjective(input: DayPlanInput, hub: number): DayPlanInput {
  return { ...input, settings: { ...input.settings, ...objectiveSettings(hubObjective(hub)) } };
}
