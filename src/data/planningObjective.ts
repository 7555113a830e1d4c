/**
 * The planning objective of each hub (issue 32), remembered on this device: «Mínimo de
 * repartidores» (the default) or «Repartir entre los disponibles», with an optional cost per route
 * and per hour. A device setting like the language (localStorage, one entry per hub): the hub's
 * catalog document has no field for it yet (that needs a stored-shape version bump and migration).
 */
import { z } from 'zod';
import { create } from 'zustand';
import type { DayPlanInput, DayPlanSettings } from '../domain/routing/day';

export const planningObjectiveSchema = z.object({
  objective: z.enum(['min-vehicles', 'balanced']),
  costPerRoute: z.number().min(0).max(100_000).optional(),
  costPerHour: z.number().min(0).max(10_000).optional(),
});
export type PlanningObjective = z.infer<typeof planningObjectiveSchema>;

export const DEFAULT_OBJECTIVE: PlanningObjective = { objective: 'min-vehicles' };

const keyOf = (hub: number): string => `cb.planning.objective.${hub}`;

function read(hub: number): PlanningObjective {
  if (typeof localStorage === 'undefined' || !(hub > 0)) return DEFAULT_OBJECTIVE;
  try {
    const parsed = planningObjectiveSchema.safeParse(JSON.parse(localStorage.getItem(keyOf(hub)) ?? 'null'));
    return parsed.success ? parsed.data : DEFAULT_OBJECTIVE;
  } catch {
    return DEFAULT_OBJECTIVE;
  }
}

const useObjectives = create<{ byHub: Record<number, PlanningObjective> }>(() => ({ byHub: {} }));

/** The hub's objective on this device (the default when none was chosen). */
export function hubObjective(hub: number): PlanningObjective {
  const known = useObjectives.getState().byHub[hub];
  if (known) return known;
  const stored = read(hub);
  useObjectives.setState((s) => ({ byHub: { ...s.byHub, [hub]: stored } }));
  return stored;
}

export function useHubObjective(hub: number): PlanningObjective {
  return useObjectives((s) => s.byHub[hub]) ?? hubObjective(hub);
}

/** Chooses the hub's objective (remembered on this device). */
export function setHubObjective(hub: number, value: PlanningObjective): void {
  const parsed = planningObjectiveSchema.parse(value);
  if (typeof localStorage !== 'undefined' && hub > 0) localStorage.setItem(keyOf(hub), JSON.stringify(parsed));
  useObjectives.setState((s) => ({ byHub: { ...s.byHub, [hub]: parsed } }));
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
