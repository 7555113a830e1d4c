import { describe, expect, it } from 'vitest';
import { failureActionPatch, failureActionProblem, failureActions, stepsToResolved } from '../../src/domain/incidences/failedDelivery';
import { followUpAllowed, type FollowUpState } from '../../src/domain/incidences/followUp';
import { checkReachable, orderMachine, ORDER_STATUSES } from '../../src/domain/status/machines';

const TODAY = '2026-03-28';

describe('failed delivery follow-up actions', () => {
  it('offers re-delivery, return and cancel on a failed order to an operator or an admin', () => {
    expect(failureActions('failed', 'operator')).toEqual(['redeliver', 'return', 'cancel']);
    expect(failureActions('failed', 'admin')).toEqual(['redeliver', 'return', 'cancel']);
  });

  it('offers a returned order re-delivery or cancel, not a second return', () => {
    expect(failureActions('returned', 'operator')).toEqual(['redeliver', 'cancel']);
    expect(failureActionProblem('return', 'returned', 'operator')).toBe('status');
  });

  it('offers nothing on an order the rider delivered after all, or one already re-planned or cancelled', () => {
    for (const s of ['delivered', 'partially_delivered', 'pending', 'cancelled', 'out_for_delivery'] as const) expect(failureActions(s, 'operator')).toEqual([]);
  });

  it('follows the order machine for the role: a rider may return the goods, never re-plan or cancel', () => {
    expect(failureActions('failed', 'rider')).toEqual(['return']);
    expect(failureActionProblem('cancel', 'failed', 'rider')).toBe('role');
    expect(failureActions('failed', 'anonimus')).toEqual([]);
  });

  it('every action offered is a change the server accepts from that role (reachable in the order machine)', () => {
    for (const status of ORDER_STATUSES) {
      for (const role of ['rider', 'operator', 'admin'] as const) {
        for (const a of failureActions(status, role)) {
          const target = failureActionPatch({ status, date: '2026-03-27' }, { action: a, role, date: TODAY, today: TODAY });
          expect(target.ok, `${a} from ${status} as ${role}`).toBe(true);
          if (target.ok) expect(checkReachable(orderMachine, status, target.patch.status ?? status, role).ok).toBe(true);
        }
      }
    }
  });

  it('a re-delivery makes the same order «Pendiente» on the later day, with no route', () => {
    expect(failureActionPatch({ status: 'failed', date: '2026-03-27' }, { action: 'redeliver', role: 'operator', date: '2026-03-30', today: TODAY })).toEqual({
      ok: true,
      patch: { date: '2026-03-30', route_id: '', status: 'pending', status_id: '' },
    });
  });

  it('a re-delivery day is after the order’s day and not before today, and a real date', () => {
    const on = (date: string | undefined) => failureActionPatch({ status: 'failed', date: '2026-03-27' }, { action: 'redeliver', role: 'operator', date, today: TODAY });
    expect(on('2026-03-27')).toEqual({ ok: false, problem: 'date' });
    expect(on('2026-03-26')).toEqual({ ok: false, problem: 'date' });
    expect(on(TODAY).ok).toBe(true);
    expect(failureActionPatch({ status: 'failed', date: TODAY }, { action: 'redeliver', role: 'operator', date: TODAY, today: TODAY })).toEqual({ ok: false, problem: 'date' });
    expect(on('2026-02-31')).toEqual({ ok: false, problem: 'date' });
    expect(on('mañana')).toEqual({ ok: false, problem: 'date' });
    expect(on(undefined)).toEqual({ ok: false, problem: 'date' });
  });

  it('return and cancel change only the status; a refused one says why', () => {
    expect(failureActionPatch({ status: 'failed', date: TODAY }, { action: 'return', role: 'operator', today: TODAY })).toEqual({ ok: true, patch: { status: 'returned', status_id: '' } });
    expect(failureActionPatch({ status: 'returned', date: TODAY }, { action: 'cancel', role: 'admin', today: TODAY })).toEqual({ ok: true, patch: { status: 'cancelled', status_id: '' } });
    expect(failureActionPatch({ status: 'delivered', date: TODAY }, { action: 'cancel', role: 'admin', today: TODAY })).toEqual({ ok: false, problem: 'status' });
    expect(failureActionPatch({ status: 'failed', date: TODAY }, { action: 'cancel', role: 'rider', today: TODAY })).toEqual({ ok: false, problem: 'role' });
  });

  it('resolving takes the follow-up machine’s steps from any state to «Resuelta»', () => {
    for (const from of ['open', 'in_review', 'resolved', 'credited'] as FollowUpState[]) {
      const steps = stepsToResolved(from);
      expect(steps.at(-1)).toBe('resolved');
      let state = from;
      for (const to of steps) {
        expect(to === state || followUpAllowed(state, to), `${state} → ${to}`).toBe(true);
        state = to;
      }
    }
    expect(stepsToResolved('open')).toEqual(['in_review', 'resolved']);
  });
});
