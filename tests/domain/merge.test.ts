import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { overriddenFields, threeWayMerge, type Fields } from '../../src/domain/merge';
import { STATUS_FIELDS, statusFieldsOf } from '../../src/domain/status/fields';
import { isReachable, laterStatus, MACHINES, STATUS_FAMILIES, type Machine } from '../../src/domain/status/machines';
import { LOCAL_COLLECTIONS, LOCAL_COLLECTION_DEFS } from '../../src/domain/collections';

const routeFields = statusFieldsOf('routes');
const orderFields = statusFieldsOf('orders');

function routeDoc(status: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id: 'r1', name: 'Ruta', status, status_id: '', notes: '', updated_at: 1, ...extra };
}

describe('three-way merge (examples)', () => {
  it('keeps fields changed on one side and logs a field both changed (server wins)', () => {
    const base = { id: 'o', a: 1, b: 1, c: 1, updated_at: 1 };
    const server = { ...base, a: 2, c: 3, updated_at: 5 };
    const local = { ...base, b: 2, c: 4, updated_at: 3 };
    const { merged, conflicts, byMachine } = threeWayMerge(base, server, local);
    expect(merged).toEqual({ id: 'o', a: 2, b: 2, c: 3, updated_at: 5 });
    expect(conflicts).toEqual(['c']);
    expect(byMachine).toEqual([]);
  });

  it('route: the rider’s «in_progress» beats his own unacknowledged «loaded»', () => {
    const r = threeWayMerge(routeDoc('ready'), routeDoc('loaded'), routeDoc('in_progress'), { statusFields: routeFields });
    expect(r.merged.status).toBe('in_progress');
    expect(r.conflicts).toEqual([]);
    expect(r.byMachine).toEqual(['status']);
  });

  it('order: «delivered», «partially_delivered» and «failed» beat «out_for_delivery»', () => {
    for (const later of ['delivered', 'partially_delivered', 'failed']) {
      const r = threeWayMerge({ status: 'picked' }, { status: 'out_for_delivery' }, { status: later }, { statusFields: orderFields });
      expect(r.merged.status, later).toBe(later);
      // …whichever side wrote it.
      const back = threeWayMerge({ status: 'picked' }, { status: later }, { status: 'out_for_delivery' }, { statusFields: orderFields });
      expect(back.merged.status, later).toBe(later);
      expect(back.conflicts).toEqual([]);
    }
  });

  it('statuses the machine cannot order: the server wins and it is logged', () => {
    const r = threeWayMerge(routeDoc('in_progress'), routeDoc('cancelled'), routeDoc('completed'), { statusFields: routeFields });
    expect(r.merged.status).toBe('cancelled');
    expect(r.conflicts).toEqual(['status']);
  });

  it('a cycle through the base does not make the earlier status later (failed → rescheduled vs returned)', () => {
    // The rider returned a failed order to the hub; the office rescheduled it meanwhile
    // (failed → pending). «pending» follows «returned» directly; «returned» follows «pending»
    // only through «failed» again, the base both left.
    const r = threeWayMerge({ status: 'failed' }, { status: 'pending' }, { status: 'returned' }, { statusFields: orderFields });
    expect(r.merged.status).toBe('pending');
    expect(r.conflicts).toEqual([]);
  });

  it('the admin label travels with the status that won, from either side', () => {
    const base = routeDoc('ready', { status_id: '' });
    const server = routeDoc('loaded', { status_id: 'st-cargada' });
    const local = routeDoc('in_progress', { status_id: '' });
    expect(threeWayMerge(base, server, local, { statusFields: routeFields }).merged.status_id).toBe('');
    const r = threeWayMerge(base, local, server, { statusFields: routeFields });
    expect(r.merged).toMatchObject({ status: 'in_progress', status_id: '' });
    // Only one side moved the status: its label comes along even if the other relabelled.
    const relabelled = threeWayMerge(base, routeDoc('ready', { status_id: 'st-preparada' }), routeDoc('loaded', { status_id: '' }), { statusFields: routeFields });
    expect(relabelled.merged).toMatchObject({ status: 'loaded', status_id: '' });
    // Neither moved it: the label merges like any field.
    const label = threeWayMerge(base, routeDoc('ready', { status_id: 'st-preparada' }), routeDoc('ready', { notes: 'x' }), { statusFields: routeFields });
    expect(label.merged).toMatchObject({ status: 'ready', status_id: 'st-preparada', notes: 'x' });
  });

  it('a server value the device wrote in an unanswered push is its own: the device’s later value wins it', () => {
    // The office wrote «A» (answer lost), a rider then delivered, the office wrote «B».
    const base = { notes: '', status: 'picked' };
    const server = { notes: 'A', status: 'delivered' };
    const local = { notes: 'B', status: 'picked' };
    const r = threeWayMerge(base, server, local, { statusFields: orderFields, ownStates: [{ notes: 'A', status: 'picked' }] });
    expect(r.merged).toEqual({ notes: 'B', status: 'delivered' });
    expect(r.conflicts).toEqual([]);
    // Without knowing «A» was its own, the device's later notes lose to it.
    expect(threeWayMerge(base, server, local, { statusFields: orderFields }).conflicts).toEqual(['notes']);
  });

  it('without status rules a status changed on both sides follows the server (plain fields)', () => {
    const r = threeWayMerge(routeDoc('ready'), routeDoc('loaded'), routeDoc('in_progress'));
    expect(r.merged.status).toBe('loaded');
    expect(r.conflicts).toEqual(['status']);
  });
});

describe('status field table', () => {
  it('lists every editable field whose values are a machine’s statuses', () => {
    const found: string[] = [];
    for (const name of LOCAL_COLLECTIONS) {
      const def = LOCAL_COLLECTION_DEFS[name];
      if (def.mode !== 'editable') continue;
      type Shaped = { shape?: Record<string, { options?: unknown }>; options?: Shaped[] };
      const schema0 = def.schema as unknown as Shaped;
      // A collection of several kinds (payments: order payments and cash hand-overs) is a union.
      const shapes = schema0.shape ? [schema0.shape] : (schema0.options ?? []).map((o) => o.shape ?? {});
      for (const [field, schema] of shapes.flatMap((shape) => Object.entries(shape))) {
        const options = Array.isArray(schema.options) ? (schema.options as string[]) : null;
        if (!options) continue;
        const family = STATUS_FAMILIES.find((f) => JSON.stringify([...MACHINES[f].statuses]) === JSON.stringify(options));
        if (!family) continue;
        found.push(`${name}.${field}`);
        expect(
          statusFieldsOf(name).some((r) => r.field === field && r.family === family),
          `${name}.${field} follows the ${family} machine but is not in STATUS_FIELDS`,
        ).toBe(true);
      }
    }
    expect(found.sort()).toEqual(['orders.picking_status', 'orders.status', 'payments.status', 'routes.status']);
    expect(Object.keys(STATUS_FIELDS).sort()).toEqual(['orders', 'payments', 'routes']);
  });
});

// ── Properties ───────────────────────────────────────────────────────────────────────────────

const KEYS = ['a', 'b', 'c', 'notes'] as const;
const value = fc.constantFrom('x', 'y', 'z', 1, 2, null);

/** A base and two sides, each side changing some fields of the base. */
const triple = fc
  .record({
    base: fc.record(Object.fromEntries(KEYS.map((k) => [k, value])) as Record<(typeof KEYS)[number], fc.Arbitrary<unknown>>),
    server: fc.dictionary(fc.constantFrom(...KEYS), value),
    local: fc.dictionary(fc.constantFrom(...KEYS), value),
  })
  .map(({ base, server, local }) => ({ base: base as Fields, server: { ...base, ...server } as Fields, local: { ...base, ...local } as Fields }));

const families = STATUS_FAMILIES.filter((f) => f !== 'delivery').map((f) => MACHINES[f] as unknown as Machine<string>);

/** A machine and a base status, with both sides moved along the machine from it (or not). */
const statusTriple = fc
  .constantFrom(...families)
  .chain((machine) =>
    fc.record({
      machine: fc.constant(machine),
      base: fc.constantFrom(...machine.statuses),
      server: fc.constantFrom(...machine.statuses),
      local: fc.constantFrom(...machine.statuses),
      serverLabel: fc.constantFrom('', 'st-a', 'st-b'),
      localLabel: fc.constantFrom('', 'st-a', 'st-c'),
    }),
  );

describe('three-way merge (properties)', () => {
  it('a field changed on one side only keeps that side’s value', () => {
    fc.assert(
      fc.property(triple, ({ base, server, local }) => {
        const { merged } = threeWayMerge(base, server, local);
        for (const k of KEYS) {
          const sChanged = JSON.stringify(server[k]) !== JSON.stringify(base[k]);
          const lChanged = JSON.stringify(local[k]) !== JSON.stringify(base[k]);
          if (lChanged && !sChanged) expect(merged[k]).toEqual(local[k]);
          if (sChanged && !lChanged) expect(merged[k]).toEqual(server[k]);
          if (!sChanged && !lChanged) expect(merged[k]).toEqual(base[k]);
        }
      }),
    );
  });

  it('conflicts are exactly the fields both sides changed to different values, which follow the server', () => {
    fc.assert(
      fc.property(triple, ({ base, server, local }) => {
        const { merged, conflicts } = threeWayMerge(base, server, local);
        const expected = KEYS.filter(
          (k) => JSON.stringify(server[k]) !== JSON.stringify(base[k]) && JSON.stringify(local[k]) !== JSON.stringify(base[k]) && JSON.stringify(server[k]) !== JSON.stringify(local[k]),
        );
        expect([...conflicts].sort()).toEqual([...expected].sort());
        for (const k of conflicts) expect(merged[k]).toEqual(server[k]);
      }),
    );
  });

  it('merging with an unchanged side gives the other side; equal sides give that state', () => {
    fc.assert(
      fc.property(triple, ({ base, server, local }) => {
        expect(threeWayMerge(base, base, local).merged).toEqual(local);
        expect(threeWayMerge(base, server, base).merged).toEqual(server);
        const same = threeWayMerge(base, local, local);
        expect(same.merged).toEqual(local);
        expect(same.conflicts).toEqual([]);
      }),
    );
  });

  it('a status changed on both sides: the later one wins, else the server wins and it is logged', () => {
    fc.assert(
      fc.property(statusTriple, ({ machine, base, server, local, serverLabel, localLabel }) => {
        const rules = [{ field: 'status', family: machine.family, machine, label: 'status_id' }];
        const r = threeWayMerge({ status: base, status_id: '' }, { status: server, status_id: serverLabel }, { status: local, status_id: localLabel }, { statusFields: rules });
        const sChanged = server !== base;
        const lChanged = local !== base;
        expect([server, local]).toContain(r.merged.status);
        if (sChanged && lChanged && server !== local) {
          const later = laterStatus(machine, base, server, local);
          if (later === null) {
            expect(r.merged.status).toBe(server);
            expect(r.conflicts).toContain('status');
          } else {
            expect(r.merged.status).toBe(later);
            expect(r.conflicts).not.toContain('status');
            // The loser can be reached from the winner only back through the base, if at all.
            const loser = later === server ? local : server;
            expect(isReachable(machine, later, loser, base)).toBe(false);
            expect(isReachable(machine, loser, later, base)).toBe(true);
          }
        }
        // The label is the one written with the status that was kept.
        let side: 'server' | 'local' | null = null;
        if (sChanged && lChanged && server !== local) side = laterStatus(machine, base, server, local) === local ? 'local' : 'server';
        else if (sChanged !== lChanged) side = lChanged ? 'local' : 'server';
        if (side) expect(r.merged.status_id).toBe(side === 'local' ? localLabel : serverLabel);
      }),
    );
  });

  it('a server state that is all the device’s own unanswered write merges to the device’s state, without conflicts', () => {
    fc.assert(
      fc.property(triple, ({ base, server, local }) => {
        const r = threeWayMerge(base, server, local, { ownStates: [server] });
        expect(r.merged).toEqual(local);
        expect(r.conflicts).toEqual([]);
      }),
    );
  });

  it('the device’s own unanswered values are bases only where the server holds them', () => {
    fc.assert(
      fc.property(triple, fc.dictionary(fc.constantFrom(...KEYS), value), ({ base, server, local }, ownPart) => {
        const own = { ...base, ...ownPart };
        const r = threeWayMerge(base, server, local, { ownStates: [own] });
        for (const k of KEYS) {
          const ownHere = JSON.stringify(own[k]) === JSON.stringify(server[k]) && JSON.stringify(base[k]) !== JSON.stringify(server[k]);
          const effective = ownHere ? server[k] : base[k];
          const lChanged = JSON.stringify(local[k]) !== JSON.stringify(effective);
          const sChanged = JSON.stringify(server[k]) !== JSON.stringify(effective);
          if (lChanged && !sChanged) expect(r.merged[k]).toEqual(local[k]);
          else expect(r.merged[k]).toEqual(server[k]);
        }
      }),
    );
  });

  it('the merge is pure: same inputs, same result, inputs untouched', () => {
    fc.assert(
      fc.property(triple, ({ base, server, local }) => {
        const copy = JSON.stringify([base, server, local]);
        const a = threeWayMerge(base, server, local, { statusFields: orderFields });
        const b = threeWayMerge(base, server, local, { statusFields: orderFields });
        expect(a).toEqual(b);
        expect(JSON.stringify([base, server, local])).toBe(copy);
      }),
    );
  });
});

describe('overridden fields (what the device tells the person)', () => {
  it('lists the device’s changes the answer did not keep, never the others’ changes', () => {
    const base = { id: 'o', notes: '', window_end: '12:00', status: 'picked', updated_at: 1 };
    const mine = { ...base, notes: 'Llamar', status: 'delivered', updated_at: 3 };
    const answer = { ...base, notes: 'Timbre 2', status: 'delivered', window_end: '14:00', updated_at: 4 };
    expect(overriddenFields(base, mine, answer)).toEqual(['notes']);
    expect(overriddenFields(base, mine, { ...mine, updated_at: 9 })).toEqual([]);
  });

  it('is empty exactly when every field the device changed has the device’s value in the answer', () => {
    fc.assert(
      fc.property(triple, ({ base, server, local }) => {
        const { merged } = threeWayMerge(base, server, local);
        const lost = overriddenFields(base, local, merged);
        for (const k of KEYS) {
          const changedHere = JSON.stringify(local[k]) !== JSON.stringify(base[k]);
          const kept = JSON.stringify(merged[k]) === JSON.stringify(local[k]);
          expect(lost.includes(k)).toBe(changedHere && !kept);
        }
      }),
    );
  });
});
