import { describe, expect, it } from 'vitest';
import { catalogSchema, planningConfigId, type PlanningConfig } from '../../src/domain/entities/reference';
import type { DataEngine } from '../../src/data/engine';
import { DEFAULT_OBJECTIVE, hubObjective, objectiveOf, objectiveSettings, planningDoc, setHubObjective, withHubObjective } from '../../src/data/planningObjective';

/** An engine whose writer only records what it saves. */
function recordingEngine(): { engine: DataEngine; saved: unknown[] } {
  const saved: unknown[] = [];
  const engine = { writer: { save: (_c: string, doc: unknown) => Promise.resolve(void saved.push(doc)) } } as unknown as DataEngine;
  return { engine, saved };
}

describe('planning objective per hub (issue 32; the hub’s catalog document since issue 34)', () => {
  it('defaults to «Mínimo de repartidores» without a document or with an inactive one', () => {
    expect(objectiveOf(undefined)).toEqual(DEFAULT_OBJECTIVE);
    const doc = planningDoc(2, { objective: 'balanced', costPerRoute: 60, costPerHour: 20 }, 1_780_000_000_000);
    expect(objectiveOf({ ...doc, active: false })).toEqual(DEFAULT_OBJECTIVE);
    expect(objectiveOf(doc)).toEqual({ objective: 'balanced', costPerRoute: 60, costPerHour: 20 });
  });

  it('writes the hub’s catalog document, valid for the stored schema, one id per hub', async () => {
    const { engine, saved } = recordingEngine();
    await setHubObjective(engine, 4, { objective: 'balanced', costPerRoute: 60 });
    expect(saved).toHaveLength(1);
    const doc = saved[0] as PlanningConfig;
    expect(doc.id).toBe(planningConfigId(4));
    expect(catalogSchema.safeParse(doc).success).toBe(true);
    expect(doc).toMatchObject({ kind: 'config-planning', hub: 4, objective: 'balanced', cost_per_route: 60 });
    expect('cost_per_hour' in doc).toBe(false);
    // The board reads it at once; other hubs keep the default.
    expect(hubObjective(4)).toEqual({ objective: 'balanced', costPerRoute: 60 });
    expect(hubObjective(1)).toEqual(DEFAULT_OBJECTIVE);
    // No hub: nothing written.
    await setHubObjective(engine, 0, { objective: 'balanced' });
    expect(saved).toHaveLength(1);
  });

  it('refuses an objective it does not understand', () => {
    expect(() => planningDoc(3, { objective: 'fastest' } as never, 0)).toThrow();
    expect(catalogSchema.safeParse({ ...planningDoc(3, { objective: 'balanced' }, 0), objective: 'fastest' }).success).toBe(false);
  });

  it('puts the objective into the day’s settings; the costs only when both are given', async () => {
    expect(objectiveSettings({ objective: 'balanced', costPerRoute: 60 })).toEqual({ objective: 'balanced' });
    expect(objectiveSettings({ objective: 'min-vehicles', costPerRoute: 60, costPerHour: 20 })).toEqual({ objective: 'min-vehicles', costPerRoute: 60, costPerHour: 20 });
    await setHubObjective(recordingEngine().engine, 5, { objective: 'balanced' });
    const input = { hub: { lat: 40, lng: -3, opens: '07:00', closes: '20:00' }, orders: [], routes: [], riders: [], bikes: [], settings: { speedKmh: 12 } };
    expect(withHubObjective(input, 5).settings).toEqual({ speedKmh: 12, objective: 'balanced' });
  });
});
