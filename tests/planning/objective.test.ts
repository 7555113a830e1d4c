import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A localStorage of this test (node has none). */
function stubStorage(): Map<string, string> {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
  return store;
}

describe('planning objective per hub (issue 32, remembered on the device)', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.unstubAllGlobals();
  });

  it('defaults to «Mínimo de repartidores», remembers each hub’s choice apart, and survives a reload', async () => {
    const store = stubStorage();
    const m = await import('../../src/data/planningObjective');
    expect(m.hubObjective(1)).toEqual({ objective: 'min-vehicles' });
    m.setHubObjective(2, { objective: 'balanced', costPerRoute: 60, costPerHour: 20 });
    expect(m.hubObjective(1).objective).toBe('min-vehicles');
    expect(m.hubObjective(2)).toEqual({ objective: 'balanced', costPerRoute: 60, costPerHour: 20 });
    // A new page load reads what was stored.
    vi.resetModules();
    const again = await import('../../src/data/planningObjective');
    expect(again.hubObjective(2).objective).toBe('balanced');
    expect([...store.keys()]).toEqual(['cb.planning.objective.2']);
  });

  it('ignores a stored value it does not understand, and refuses to store one', async () => {
    const store = stubStorage();
    store.set('cb.planning.objective.3', JSON.stringify({ objective: 'fastest' }));
    const m = await import('../../src/data/planningObjective');
    expect(m.hubObjective(3)).toEqual({ objective: 'min-vehicles' });
    expect(() => m.setHubObjective(3, { objective: 'fastest' } as never)).toThrow();
  });

  it('puts the objective into the day’s settings; the costs only when both are given', async () => {
    stubStorage();
    const m = await import('../../src/data/planningObjective');
    expect(m.objectiveSettings({ objective: 'balanced', costPerRoute: 60 })).toEqual({ objective: 'balanced' });
    expect(m.objectiveSettings({ objective: 'min-vehicles', costPerRoute: 60, costPerHour: 20 })).toEqual({ objective: 'min-vehicles', costPerRoute: 60, costPerHour: 20 });
    m.setHubObjective(5, { objective: 'balanced' });
    const input = { hub: { lat: 40, lng: -3, opens: '07:00', closes: '20:00' }, orders: [], routes: [], riders: [], bikes: [], settings: { speedKmh: 12 } };
    expect(m.withHubObjective(input, 5).settings).toEqual({ speedKmh: 12, objective: 'balanced' });
  });
});
