import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogSchema, planningConfigId, type PlanningConfig } from '../../src/domain/entities/reference';
import { openLocalDatabase, type CbDatabase } from '../../src/data/database';
import { AppStore } from '../../src/data/appStore';
import { Outbox } from '../../src/data/outbox';
import { Writer } from '../../src/data/writes';
import type { ActionEngine, Actor } from '../../src/data/action';
import { DEFAULT_OBJECTIVE, hubObjective, objectiveOf, objectiveSettings, planningDoc, setHubObjective, withHubObjective } from '../../src/data/planningObjective';

const operator: Actor = { userId: 'u-op', role: 'operator' };
const opened: { db: CbDatabase; store: AppStore }[] = [];

/** A device database with the catalog; `saved` reads what it holds. */
async function device(): Promise<{ engine: ActionEngine; saved: () => Promise<PlanningConfig[]> }> {
  const db = await openLocalDatabase({ name: `obj${Date.now()}${Math.random().toString(36).slice(2)}`, storage: { kind: 'memory' }, collections: ['catalog'] });
  const store = new AppStore(`app-${Math.random().toString(36).slice(2)}`);
  opened.push({ db, store });
  const engine = { db, writer: new Writer(db, new Outbox(store)) };
  return { engine, saved: async () => (await db.catalog.find().exec()).map((d) => d.toJSON() as unknown as PlanningConfig) };
}

afterEach(async () => {
  for (const { db, store } of opened.splice(0)) {
    await db.remove();
    await store.close();
  }
});

describe('planning objective per hub (issue 32; the hub’s catalog document since issue 34)', () => {
  it('defaults to «Mínimo de repartidores» without a document or with an inactive one', () => {
    expect(objectiveOf(undefined)).toEqual(DEFAULT_OBJECTIVE);
    const doc = planningDoc(2, { objective: 'balanced', costPerRoute: 60, costPerHour: 20 }, 1_780_000_000_000);
    expect(objectiveOf({ ...doc, active: false })).toEqual(DEFAULT_OBJECTIVE);
    expect(objectiveOf(doc)).toEqual({ objective: 'balanced', costPerRoute: 60, costPerHour: 20 });
  });

  it('writes the hub’s catalog document, valid for the stored schema, one id per hub', async () => {
    const { engine, saved } = await device();
    await setHubObjective(engine, operator, 4, { objective: 'balanced', costPerRoute: 60 });
    expect(await saved()).toHaveLength(1);
    const doc = (await saved())[0] as PlanningConfig;
    expect(doc.id).toBe(planningConfigId(4));
    expect(catalogSchema.safeParse(doc).success).toBe(true);
    expect(doc).toMatchObject({ kind: 'config-planning', hub: 4, objective: 'balanced', cost_per_route: 60 });
    expect('cost_per_hour' in doc).toBe(false);
    // The board reads it at once; other hubs keep the default.
    expect(hubObjective(4)).toEqual({ objective: 'balanced', costPerRoute: 60 });
    expect(hubObjective(1)).toEqual(DEFAULT_OBJECTIVE);
    // No hub: nothing written.
    await setHubObjective(engine, operator, 0, { objective: 'balanced' });
    expect(await saved()).toHaveLength(1);
    // A rider may not write the catalog (the access table): refused, nothing written.
    await expect(setHubObjective(engine, { userId: 'u-r1', role: 'rider' }, 6, { objective: 'balanced' })).rejects.toMatchObject({ code: 'forbidden' });
    expect(await saved()).toHaveLength(1);
    expect(hubObjective(6), 'the board keeps what is stored').toEqual(DEFAULT_OBJECTIVE);
  });

  it('refuses an objective it does not understand', () => {
    expect(() => planningDoc(3, { objective: 'fastest' } as never, 0)).toThrow();
    expect(catalogSchema.safeParse({ ...planningDoc(3, { objective: 'balanced' }, 0), objective: 'fastest' }).success).toBe(false);
  });

  it('puts the objective into the day’s settings; the costs only when both are given', async () => {
    expect(objectiveSettings({ objective: 'balanced', costPerRoute: 60 })).toEqual({ objective: 'balanced' });
    expect(objectiveSettings({ objective: 'min-vehicles', costPerRoute: 60, costPerHour: 20 })).toEqual({ objective: 'min-vehicles', costPerRoute: 60, costPerHour: 20 });
    await setHubObjective((await device()).engine, operator, 5, { objective: 'balanced' });
    const input = { hub: { lat: 40, lng: -3, opens: '07:00', closes: '20:00' }, orders: [], routes: [], riders: [], bikes: [], settings: { speedKmh: 12 } };
    expect(withHubObjective(input, 5).settings).toEqual({ speedKmh: 12, objective: 'balanced' });
  });
});
