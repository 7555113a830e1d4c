import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  isReachable,
  laterStatus,
  MACHINES,
  STATUS_FAMILIES,
  canTransition,
  checkReachable,
  checkTransition,
  isFinal,
  nextStatuses,
  orderMachine,
  routeMachine,
  type Machine,
} from '../../src/domain/status/machines';
import { SYSTEM_ROLES, type SystemRole } from '../../src/domain/access/groups';

const ROLES: readonly SystemRole[] = ['admin', 'operator', 'rider', 'anonimus'];

/** Every machine, typed loosely so the tests can walk them all the same way. */
const machines = STATUS_FAMILIES.map((f) => [f, MACHINES[f] as unknown as Machine<string>] as const);

/**
 * The oracle, read straight from the `transitions` table: staying put is always allowed; a move
 * needs a row of the table whose roles list the role; anonymous visitors never move anything.
 */
function oracle(m: Machine<string>, from: string, to: string, role: SystemRole): boolean {
  if (from === to) return true;
  if (role === 'anonimus') return false;
  return m.transitions.some((t) => t.from === from && t.to === to && (t.roles as readonly string[]).includes(role));
}

function reachableFrom(m: Machine<string>, start: string): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    const s = queue.shift() as string;
    for (const t of m.transitions) {
      if (t.from === s && !seen.has(t.to)) {
        seen.add(t.to);
        queue.push(t.to);
      }
    }
  }
  return seen;
}

describe('state machines', () => {
  it('covers the five status families', () => {
    expect(Object.keys(MACHINES).sort()).toEqual([...STATUS_FAMILIES].sort());
    expect(ROLES).toEqual(SYSTEM_ROLES);
  });

  describe.each(machines)('%s', (family, m) => {
    it('is well formed: known statuses, labels for all, no self-loops or duplicate rows', () => {
      expect(m.family).toBe(family);
      expect(new Set(m.statuses).size).toBe(m.statuses.length);
      expect(m.statuses).toContain(m.initial);
      for (const f of m.final) expect(m.statuses).toContain(f);
      expect(Object.keys(m.labels).sort()).toEqual([...m.statuses].sort());
      for (const s of m.statuses) expect(m.labels[s]?.trim()).not.toBe('');
      const pairs = m.transitions.map((t) => `${t.from}→${t.to}`);
      expect(new Set(pairs).size).toBe(pairs.length);
      for (const t of m.transitions) {
        expect(m.statuses).toContain(t.from);
        expect(m.statuses).toContain(t.to);
        expect(t.from).not.toBe(t.to);
        expect(t.roles.length).toBeGreaterThan(0);
        expect(t.roles).not.toContain('anonimus');
        // «Admins may make every transition an operator may make.»
        if (t.roles.includes('operator')) expect(t.roles).toContain('admin');
      }
    });

    it('checkTransition agrees with the table for every (from, to, role)', () => {
      const mismatches: string[] = [];
      let walked = 0;
      for (const from of m.statuses) {
        for (const to of m.statuses) {
          for (const role of ROLES) {
            walked += 1;
            const expected = oracle(m, from, to, role);
            const got = checkTransition(m, from, to, role);
            if (got.ok !== expected) mismatches.push(`${from}→${to} (${role}): esperado ${expected}`);
            expect(canTransition(m, from, to, role)).toBe(expected);
            if (!got.ok) {
              const inTable = m.transitions.some((t) => t.from === from && t.to === to);
              const labels = `de «${m.labels[from]}» a «${m.labels[to]}»`;
              expect(got.reason).toBe(inTable ? `Tu rol no puede pasar ${labels}` : `No se puede pasar ${labels}`);
            }
          }
        }
      }
      expect(walked).toBe(m.statuses.length * m.statuses.length * ROLES.length);
      expect(mismatches).toEqual([]);
    });

    it('rejects unknown statuses with a Spanish reason', () => {
      expect(checkTransition(m, 'no-existe', m.initial, 'admin')).toEqual({ ok: false, reason: 'Estado de origen desconocido: «no-existe»' });
      expect(checkTransition(m, m.initial, 'no-existe', 'admin')).toEqual({ ok: false, reason: 'Estado de destino desconocido: «no-existe»' });
    });

    it('has no transitions out of a final status', () => {
      const outOfFinal = m.transitions.filter((t) => m.final.includes(t.from)).map((t) => `${t.from}→${t.to}`);
      expect(outOfFinal).toEqual([]);
      for (const s of m.statuses) expect(isFinal(m, s)).toBe(m.final.includes(s));
    });

    it('leaves no non-final status without a way out', () => {
      const deadEnds = m.statuses.filter((s) => !m.final.includes(s) && !m.transitions.some((t) => t.from === s));
      expect(deadEnds).toEqual([]);
    });

    it('reaches every status from the initial one', () => {
      const reached = reachableFrom(m, m.initial);
      expect(m.statuses.filter((s) => !reached.has(s))).toEqual([]);
    });

    it('nextStatuses lists exactly the statuses canTransition allows', () => {
      for (const from of m.statuses) {
        for (const role of ROLES) {
          const allowed = m.statuses.filter((to) => to !== from && canTransition(m, from, to, role));
          const next = nextStatuses(m, from, role);
          expect(new Set(next).size).toBe(next.length);
          expect([...next].sort()).toEqual([...allowed].sort());
        }
      }
    });
  });
});

describe('business cases', () => {
  const cancellable = routeMachine.transitions.filter((t) => t.to === 'cancelled').map((t) => t.from);

  it('lets operators and admins cancel a route that has not finished, and never a rider', () => {
    expect([...cancellable].sort()).toEqual(['draft', 'in_progress', 'loaded', 'picking', 'planned', 'ready']);
    for (const from of cancellable) {
      expect(canTransition(routeMachine, from, 'cancelled', 'operator')).toBe(true);
      expect(canTransition(routeMachine, from, 'cancelled', 'admin')).toBe(true);
      const rider = checkTransition(routeMachine, from, 'cancelled', 'rider');
      expect(rider).toEqual({ ok: false, reason: `Tu rol no puede pasar de «${routeMachine.labels[from]}» a «Cancelada»` });
    }
    expect(canTransition(routeMachine, 'completed', 'cancelled', 'admin')).toBe(false);
  });

  it('lets a rider record a failed delivery of an order out for delivery', () => {
    expect(canTransition(orderMachine, 'out_for_delivery', 'failed', 'rider')).toBe(true);
    expect(canTransition(orderMachine, 'out_for_delivery', 'failed', 'anonimus')).toBe(false);
  });

  it('reschedules a failed order (failed → pending) for operators and admins only', () => {
    expect(canTransition(orderMachine, 'failed', 'pending', 'operator')).toBe(true);
    expect(canTransition(orderMachine, 'failed', 'pending', 'admin')).toBe(true);
    expect(checkTransition(orderMachine, 'failed', 'pending', 'rider')).toEqual({
      ok: false,
      reason: 'Tu rol no puede pasar de «Entrega fallida» a «Pendiente»',
    });
    expect(canTransition(orderMachine, 'failed', 'pending', 'anonimus')).toBe(false);
  });

  it('does not let anyone skip steps (a pending order cannot jump to delivered)', () => {
    for (const role of ROLES) {
      expect(checkTransition(orderMachine, 'pending', 'delivered', role)).toEqual({
        ok: false,
        reason: 'No se puede pasar de «Pendiente» a «Entregado»',
      });
    }
  });
});

describe('checkReachable (several offline steps pushed as one change)', () => {
  it('accepts what the role reaches through steps it may take, and nothing else', () => {
    expect(checkReachable(orderMachine, 'out_for_delivery', 'returned', 'rider')).toEqual({ ok: true });
    expect(checkReachable(orderMachine, 'picked', 'delivered', 'rider')).toEqual({ ok: true });
    // failed → pending is for operators: a rider cannot get there, whatever the path.
    expect(checkReachable(orderMachine, 'out_for_delivery', 'pending', 'rider')).toEqual({
      ok: false,
      reason: 'No se puede pasar de «En reparto» a «Pendiente»',
    });
    expect(checkReachable(orderMachine, 'failed', 'pending', 'rider')).toEqual(checkTransition(orderMachine, 'failed', 'pending', 'rider'));
    expect(checkReachable(orderMachine, 'delivered', 'out_for_delivery', 'admin').ok).toBe(false);
    expect(checkReachable(orderMachine, 'picked', 'delivered', 'anonimus').ok).toBe(false);
  });

  it('agrees with checkTransition wherever one step is allowed', () => {
    for (const [, m] of machines) {
      for (const from of m.statuses) {
        for (const to of m.statuses) {
          for (const role of ROLES) if (canTransition(m, from, to, role)) expect(checkReachable(m, from, to, role)).toEqual({ ok: true });
        }
      }
    }
  });
});

/** The oracle of reachability: the transitive closure of the table (any role), by fixpoint. */
function closure(m: Machine<string>, avoid?: string): Map<string, Set<string>> {
  const reach = new Map(m.statuses.map((s) => [s, new Set<string>([s])]));
  for (let changed = true; changed; ) {
    changed = false;
    for (const t of m.transitions) {
      const from = reach.get(t.from) as Set<string>;
      const add = t.to === avoid ? [t.to] : [...(reach.get(t.to) as Set<string>)];
      for (const s of add) {
        if (from.has(s)) continue;
        from.add(s);
        changed = true;
      }
    }
  }
  return reach;
}

describe('isReachable and laterStatus (the merge orders statuses with them)', () => {
  const anyMachine = fc.constantFrom(...machines.map(([, m]) => m));
  const pair = anyMachine.chain((m) => fc.record({ m: fc.constant(m), a: fc.constantFrom(...m.statuses), b: fc.constantFrom(...m.statuses), avoid: fc.option(fc.constantFrom(...m.statuses), { nil: undefined }) }));

  it('equals the transitive closure of the table, with and without a status to avoid', () => {
    fc.assert(
      fc.property(pair, ({ m, a, b, avoid }) => {
        // A path may start at the avoided status but never pass through it.
        const expected = a === b || (closure(m, avoid).get(a)?.has(b) ?? false);
        expect(isReachable(m, a, b, avoid)).toBe(expected);
      }),
    );
  });

  it('the later status is reachable from the other, not the other way round, and the order is symmetric', () => {
    fc.assert(
      fc.property(pair, ({ m, a, b, avoid }) => {
        const later = laterStatus(m, avoid, a, b);
        expect(laterStatus(m, avoid, b, a)).toBe(later);
        if (later === null) {
          expect(isReachable(m, a, b, avoid)).toBe(isReachable(m, b, a, avoid));
        } else {
          const earlier = later === a ? b : a;
          if (a !== b) {
            expect(isReachable(m, earlier, later, avoid)).toBe(true);
            expect(isReachable(m, later, earlier, avoid)).toBe(false);
          }
        }
      }),
    );
  });

  it('orders the round the way the rider makes it', () => {
    expect(laterStatus(routeMachine, 'ready', 'loaded', 'in_progress')).toBe('in_progress');
    expect(laterStatus(routeMachine, 'loaded', 'in_progress', 'completed')).toBe('completed');
    for (const end of ['delivered', 'partially_delivered', 'failed'] as const) {
      expect(laterStatus(orderMachine, 'picked', 'out_for_delivery', end)).toBe(end);
    }
    expect(laterStatus(orderMachine, 'out_for_delivery', 'failed', 'delivered')).toBe('delivered');
    // Both final: the machine cannot tell.
    expect(laterStatus(routeMachine, 'in_progress', 'completed', 'cancelled')).toBeNull();
    // Without the base to avoid, the order machine's cycle makes these mutual.
    expect(laterStatus(orderMachine, undefined, 'pending', 'returned')).toBeNull();
    expect(laterStatus(orderMachine, 'failed', 'pending', 'returned')).toBe('pending');
  });
});
