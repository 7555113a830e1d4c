/**
 * Property tests of the status state machines (src/domain/status/machines.ts): random walks over
 * the real machines, and the checking functions on machines fast-check makes up.
 * - every status is reachable from the initial one, by a walk the roles may really take;
 * - a final status has no way out (the picking machine declares none final, on purpose), and a
 *   status without a way out is declared final;
 * - a step is allowed exactly to the roles its transition names (admins to whatever operators
 *   may do), and a chain of allowed steps is accepted as one jump (offline devices) while a jump
 *   needing a step the role may not take is refused.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MACHINES,
  STATUS_FAMILIES,
  checkReachable,
  checkTransition,
  isFinal,
  isReachable,
  nextStatuses,
  type ActingRole,
  type Machine,
  type Transition,
} from '../../src/domain/status/machines';
import { SYSTEM_ROLES, type SystemRole } from '../../src/domain/access/groups';

const ACTING: readonly ActingRole[] = ['admin', 'operator', 'rider'];
const machines = STATUS_FAMILIES.map((f) => MACHINES[f] as unknown as Machine<string>);
const anyMachine = fc.constantFrom(...machines);

/** Steps out of a status, for anybody or for one role. */
const exits = (m: Machine<string>, from: string, role?: ActingRole): Transition<string>[] =>
  m.transitions.filter((t) => t.from === from && (role === undefined || t.roles.includes(role)));

/** A walk from `start` choosing the k-th way out at each step (stops where there is none). */
function walk(m: Machine<string>, start: string, choices: readonly number[], role?: ActingRole): { path: string[]; steps: Transition<string>[] } {
  const path = [start];
  const steps: Transition<string>[] = [];
  for (const k of choices) {
    const out = exits(m, path[path.length - 1] as string, role);
    if (out.length === 0) break;
    const t = out[k % out.length] as Transition<string>;
    steps.push(t);
    path.push(t.to);
  }
  return { path, steps };
}

/** A shortest way from the initial status to `target` (breadth first), as transitions. */
function witness(m: Machine<string>, target: string): Transition<string>[] | null {
  const via = new Map<string, Transition<string> | null>([[m.initial, null]]);
  const queue = [m.initial];
  while (queue.length > 0) {
    const at = queue.shift() as string;
    if (at === target) break;
    for (const t of exits(m, at)) {
      if (via.has(t.to)) continue;
      via.set(t.to, t);
      queue.push(t.to);
    }
  }
  if (!via.has(target)) return null;
  const steps: Transition<string>[] = [];
  for (let s = target; via.get(s); s = (via.get(s) as Transition<string>).from) steps.unshift(via.get(s) as Transition<string>);
  return steps;
}

describe('the real machines, by random walks', () => {
  it('reach every status from the initial one, along steps some role may take', () => {
    fc.assert(
      fc.property(
        anyMachine.chain((m) => fc.tuple(fc.constant(m), fc.constantFrom(...m.statuses))),
        ([m, target]) => {
          const steps = witness(m, target);
          expect(steps, `${m.family}: «${target}» no se alcanza desde «${m.initial}»`).not.toBeNull();
          let at = m.initial;
          for (const t of steps ?? []) {
            expect(t.roles.length).toBeGreaterThan(0);
            // Replayed with the checker, by a role the step names.
            expect(checkTransition(m, at, t.to, t.roles[0] as ActingRole)).toEqual({ ok: true });
            at = t.to;
          }
          expect(at).toBe(target);
        },
      ),
    );
  });

  it('walk only through known statuses, and stop only at a status the machine declares final', () => {
    fc.assert(
      fc.property(anyMachine, fc.array(fc.nat(), { maxLength: 40 }), (m, choices) => {
        const { path } = walk(m, m.initial, choices);
        for (const s of path) expect(m.statuses).toContain(s);
        const last = path[path.length - 1] as string;
        if (path.length <= choices.length) {
          // The walk ended early: no way out, so the status must be declared final.
          expect(exits(m, last), `${m.family}: «${last}»`).toEqual([]);
          expect(isFinal(m, last), `${m.family}: «${last}» no tiene salida y no es final`).toBe(true);
        }
      }),
    );
  });

  it('leave no way out of a final status, whatever the role (unless the machine declares no final status)', () => {
    fc.assert(
      fc.property(
        anyMachine.chain((m) => fc.tuple(fc.constant(m), fc.constantFrom(...m.statuses), fc.constantFrom(...SYSTEM_ROLES))),
        ([m, s, role]) => {
          if (!isFinal(m, s)) return;
          expect(nextStatuses(m, s, role)).toEqual([]);
          for (const to of m.statuses) if (to !== s) expect(checkReachable(m, s, to, role).ok).toBe(false);
        },
      ),
    );
    // The one machine without final statuses says so on purpose (an undo reopens a picked order).
    expect(machines.filter((m) => m.final.length === 0).map((m) => m.family)).toEqual(['picking']);
  });

  it('allow each step exactly to the roles its transition names', () => {
    fc.assert(
      fc.property(anyMachine, fc.array(fc.nat(), { minLength: 1, maxLength: 30 }), (m, choices) => {
        const { steps } = walk(m, m.initial, choices);
        for (const t of steps) {
          for (const role of SYSTEM_ROLES) {
            const allowed = role !== 'anonimus' && t.roles.includes(role);
            const res = checkTransition(m, t.from, t.to, role);
            expect([m.family, t.from, t.to, role, res.ok]).toEqual([m.family, t.from, t.to, role, allowed]);
            if (!res.ok) expect(res.reason).toMatch(/^Tu rol no puede pasar de «.+» a «.+»$/);
          }
        }
      }),
    );
  });

  it('let an admin take every step an operator may take', () => {
    for (const m of machines) for (const t of m.transitions) if (t.roles.includes('operator')) expect([m.family, t.from, t.to, t.roles.includes('admin')]).toEqual([m.family, t.from, t.to, true]);
  });

  it("accept a role's own chain of steps as one jump (an offline device), and nothing for anonymous visitors", () => {
    fc.assert(
      fc.property(
        anyMachine,
        fc.constantFrom(...ACTING),
        fc.array(fc.nat(), { maxLength: 20 }),
        fc.nat(),
        (m, role, choices, startPick) => {
          const start = m.statuses[startPick % m.statuses.length] as string;
          const { path } = walk(m, start, choices, role);
          for (const to of path) expect(checkReachable(m, start, to, role)).toEqual({ ok: true });
          const end = path[path.length - 1] as string;
          if (end !== start) expect(checkReachable(m, start, end, 'anonimus').ok).toBe(false);
        },
      ),
    );
  });
});

/** Machines made up by fast-check: 2–7 statuses, any transitions, any roles on them. */
const madeUp: fc.Arbitrary<Machine<string>> = fc
  .integer({ min: 2, max: 7 })
  .chain((n) => {
    const statuses = Array.from({ length: n }, (_, i) => `s${i}`);
    const transition = fc
      .record({ from: fc.constantFrom(...statuses), to: fc.constantFrom(...statuses), roles: fc.subarray([...ACTING]) })
      .filter((t) => t.from !== t.to);
    return fc.record({
      statuses: fc.constant(statuses),
      transitions: fc.uniqueArray(transition, { maxLength: 14, selector: (t) => `${t.from}>${t.to}` }),
      final: fc.subarray(statuses),
    });
  })
  .map(({ statuses, transitions, final }) => ({
    family: 'order' as const,
    statuses,
    initial: statuses[0] as string,
    final,
    transitions,
    labels: Object.fromEntries(statuses.map((s) => [s, s.toUpperCase()])),
  }));

/** What a role reaches from `from` through steps it may take (the oracle of checkReachable). */
function reachesAs(m: Machine<string>, from: string, role: SystemRole): Set<string> {
  const seen = new Set([from]);
  if (role === 'anonimus') return seen;
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift() as string;
    for (const t of exits(m, at, role)) {
      if (seen.has(t.to)) continue;
      seen.add(t.to);
      queue.push(t.to);
    }
  }
  return seen;
}

describe('the checking functions, on made-up machines', () => {
  const withPair = madeUp.chain((m) => fc.tuple(fc.constant(m), fc.constantFrom(...m.statuses), fc.constantFrom(...m.statuses), fc.constantFrom(...SYSTEM_ROLES)));

  it('checkTransition allows a step only to the roles its transition names', () => {
    fc.assert(
      fc.property(withPair, ([m, from, to, role]) => {
        const row = m.transitions.find((t) => t.from === from && t.to === to);
        const expected = from === to || (role !== 'anonimus' && row !== undefined && row.roles.includes(role));
        expect(checkTransition(m, from, to, role).ok).toBe(expected);
      }),
    );
  });

  it('nextStatuses lists exactly the steps checkTransition allows', () => {
    fc.assert(
      fc.property(withPair, ([m, from, , role]) => {
        const allowed = m.statuses.filter((to) => to !== from && checkTransition(m, from, to, role).ok);
        expect([...nextStatuses(m, from, role)].sort()).toEqual(allowed.sort());
      }),
    );
  });

  it("checkReachable accepts exactly what the role reaches through its own steps", () => {
    fc.assert(
      fc.property(withPair, ([m, from, to, role]) => {
        expect(checkReachable(m, from, to, role).ok).toBe(reachesAs(m, from, role).has(to));
      }),
    );
  });

  it('isReachable (the shape of the machine) is what some role, or several, could walk', () => {
    fc.assert(
      fc.property(withPair, ([m, from, to]) => {
        const any = { ...m, transitions: m.transitions.map((t) => ({ ...t, roles: [...ACTING] })) };
        expect(isReachable(m, from, to)).toBe(reachesAs(any, from, 'admin').has(to));
      }),
    );
  });
});
