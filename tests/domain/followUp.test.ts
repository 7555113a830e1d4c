import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FOLLOW_UP_TARGETS, canFollowUp, followUpAllowed, followUpError, followUpOf, followUpsByIncidence, nextFollowUpStates, type FollowUpEvent, type FollowUpState } from '../../src/domain/incidences/followUp';
import { incidenceSchema } from '../../src/domain/entities/events';

function ev(id: string, at: number, to: FollowUpState, by = 'u-op', follows = 'inc-1', note = ''): FollowUpEvent {
  return { id, at, created_by: by, follows, follow_state: to, note };
}

describe('incidence follow-up state', () => {
  it('starts open and moves open → in review → resolved, with who, when and the note of each change', () => {
    expect(followUpOf('inc-1', []).state).toBe('open');
    const view = followUpOf('inc-1', [ev('b', 20, 'resolved', 'u-admin', 'inc-1', 'Abonado'), ev('a', 10, 'in_review', 'u-op', 'inc-1', 'Lo miro')]);
    expect(view.state).toBe('resolved');
    expect(view.history).toEqual([
      { id: 'a', at: 10, by: 'u-op', from: 'open', to: 'in_review', note: 'Lo miro', applied: true },
      { id: 'b', at: 20, by: 'u-admin', from: 'in_review', to: 'resolved', note: 'Abonado', applied: true },
    ]);
  });

  it('allows only the machine’s transitions: open cannot be resolved or credited directly', () => {
    expect(followUpAllowed('open', 'resolved')).toBe(false);
    expect(followUpAllowed('open', 'credited')).toBe(false);
    expect(followUpAllowed('in_review', 'credited')).toBe(true);
    expect(nextFollowUpStates('open')).toEqual(['in_review']);
    const view = followUpOf('inc-1', [ev('a', 10, 'resolved')]);
    expect(view.state).toBe('open');
    expect(view.history[0]?.applied).toBe(false);
  });

  it('ignores other incidences’ follow-ups and duplicates; groups by incidence', () => {
    const events = [ev('a', 1, 'in_review'), ev('a', 1, 'in_review'), ev('x', 2, 'in_review', 'u', 'inc-2'), ev('y', 3, 'credited', 'u', 'inc-2')];
    expect(followUpOf('inc-1', events).history).toHaveLength(1);
    const all = followUpsByIncidence(events);
    expect(all.get('inc-2')?.state).toBe('credited');
    expect(all.get('inc-1')?.state).toBe('in_review');
  });

  it('riders and pickers’ roles other than operator and admin may not change it', () => {
    expect(canFollowUp('rider')).toBe(false);
    expect(canFollowUp('operator')).toBe(true);
    expect(followUpError('rider', 'open', 'in_review', '')).toBe('role');
    expect(followUpError('operator', 'open', 'resolved', '')).toBe('transition');
    expect(followUpError('admin', 'open', 'in_review', 'x'.repeat(501))).toBe('note');
    expect(followUpError('admin', 'open', 'in_review', 'ok')).toBe('');
  });

  it('two operators changing at once converge: the earlier wins, the later is kept as not applied', () => {
    const a = ev('a', 100, 'in_review', 'u-op1');
    const b = ev('b', 100, 'resolved', 'u-op2');
    const c = ev('c', 100, 'credited', 'u-op3');
    const one = followUpOf('inc-1', [a, b, c]);
    const two = followUpOf('inc-1', [c, b, a]);
    expect(one).toEqual(two);
    expect(one.state).toBe('resolved');
    expect(one.history.map((h) => h.applied)).toEqual([true, true, false]);
  });

  it('a follow-up to the same state is a note or a new person in charge; the last one named stays in charge', () => {
    const view = followUpOf('inc-1', [
      { ...ev('a', 10, 'in_review'), assignee: 'u-op1' },
      { ...ev('b', 20, 'in_review', 'u-op1', 'inc-1', 'Llamo al cliente') },
      { ...ev('c', 30, 'in_review'), assignee: 'u-op2' },
      { ...ev('d', 40, 'resolved', 'u-op2', 'inc-1', 'Repuesto entregado') },
    ]);
    expect(view.state).toBe('resolved');
    expect(view.assignee).toBe('u-op2');
    expect(view.history.every((h) => h.applied)).toBe(true);
    expect(followUpOf('inc-1', []).assignee).toBe('');
    expect(followUpError('operator', 'in_review', 'in_review', '')).toBe('empty');
    expect(followUpError('operator', 'in_review', 'in_review', '', true)).toBe('');
    expect(followUpError('operator', 'in_review', 'in_review', 'Nota')).toBe('');
  });

  it('property: any arrival order of the same follow-ups gives the same state and history; the state is always reachable', () => {
    const event = fc.record({ id: fc.uuid(), at: fc.integer({ min: 0, max: 50 }), to: fc.constantFrom(...FOLLOW_UP_TARGETS) });
    fc.assert(
      fc.property(fc.array(event, { maxLength: 12 }), fc.func(fc.integer()), (raw, key) => {
        const events = raw.map((e) => ev(e.id, e.at, e.to));
        const shuffled = [...events].sort((x, y) => key(x.id) - key(y.id));
        const view = followUpOf('inc-1', events);
        expect(followUpOf('inc-1', shuffled)).toEqual(view);
        // The latest applied change wins; every applied step is an allowed transition chained from open.
        let state: FollowUpState = 'open';
        for (const step of view.history) {
          expect(step.from).toBe(state);
          expect(step.applied).toBe(step.from === step.to || followUpAllowed(step.from, step.to));
          if (step.applied) state = step.to;
        }
        expect(view.state).toBe(state);
      }),
    );
  });

  it('the incidence schema requires the followed incidence and the new state on a follow-up', () => {
    const base = { id: 'f1', at: 1, created_by: 'u', position: null, kind: 'follow-up', type: 'other', order_id: 'o1', product_id: 'p1', route_id: '', delivery_point_id: '', hub: 1, quantity: 0, note: '', photo_file: '' };
    expect(incidenceSchema.safeParse({ ...base, follows: 'i1', follow_state: 'in_review' }).success).toBe(true);
    expect(incidenceSchema.safeParse(base).success).toBe(false);
    expect(incidenceSchema.safeParse({ ...base, follows: 'i1', follow_state: 'lost' }).success).toBe(false);
  });
});
