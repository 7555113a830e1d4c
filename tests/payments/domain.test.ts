import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cashBalanceOf, cashBalances, cashFactsOf, cashLevel, expectedForNewCount, type CashFact } from '../../src/domain/payments/cash';
import {
  amendHandover,
  cashHandoverSchema,
  checkHandoverWrite,
  countTotalCents,
  differenceCents,
  handoverMachine,
  reconcileHandover,
  recordHandover,
  writeOffOf,
  type CashHandover,
} from '../../src/domain/payments/handover';
import { checkTransition } from '../../src/domain/status/machines';
// The domain's errors are keys; the catalogue words them (DomainError, src/domain/messages.ts).
import '../../src/i18n';

const base = { id: 'cash-2026-11-23-rider-1-1', riderId: 'rider-1', routeId: 'route-1', hub: 1, date: '2026-11-23', by: 'op-1', at: 1_000 };

function recorded(expected: number, counted: number, reason = ''): CashHandover {
  return recordHandover({ ...base, expectedCents: expected, count: null, amountCents: counted, reason });
}

describe('cash on hand', () => {
  it('is collected minus handed over, per rider', () => {
    const facts: CashFact[] = [
      { kind: 'collected', rider_id: 'r1', cents: 1000 },
      { kind: 'collected', rider_id: 'r2', cents: 500 },
      { kind: 'handed_over', rider_id: 'r1', cents: 400 },
      { kind: 'collected', rider_id: 'r1', cents: 250 },
    ];
    expect(cashBalances(facts)).toEqual([
      { rider_id: 'r1', collected_cents: 1250, handed_over_cents: 400, written_off_cents: 0, on_hand_cents: 850 },
      { rider_id: 'r2', collected_cents: 500, handed_over_cents: 0, written_off_cents: 0, on_hand_cents: 500 },
    ]);
    expect(cashBalanceOf('r3', facts).on_hand_cents).toBe(0);
  });

  it('takes cash order payments and counted hand-overs from stored payments', () => {
    const facts = cashFactsOf([
      { kind: 'order', method: 'cash', status: 'collected', rider_id: 'r1', amount_collected_cents: 1200 },
      { kind: 'order', method: 'card', status: 'collected', rider_id: 'r1', amount_collected_cents: 900 },
      { kind: 'order', method: 'cash', status: 'pending', rider_id: 'r1', amount_collected_cents: 0 },
      { kind: 'order', method: 'cash', status: 'reconciled', rider_id: 'r1', amount_collected_cents: 300 },
      { kind: 'cash-handover', status: 'handed_over', rider_id: 'r1', counted_cents: 1000 },
      { kind: 'cash-handover', status: 'collected', rider_id: 'r1', counted_cents: 0 },
    ]);
    expect(cashBalanceOf('r1', facts)).toEqual({ rider_id: 'r1', collected_cents: 1500, handed_over_cents: 1000, written_off_cents: 0, on_hand_cents: 500 });
  });

  it('a reconciled count settles its difference; a count not signed off yet does not', () => {
    const short = { kind: 'cash-handover', rider_id: 'r1', expected_cents: 1500, counted_cents: 1450 };
    const collected = { kind: 'order', method: 'cash', status: 'collected', rider_id: 'r1', amount_collected_cents: 1500 };
    expect(cashBalanceOf('r1', cashFactsOf([collected, { ...short, status: 'handed_over' }])).on_hand_cents).toBe(50);
    expect(cashBalanceOf('r1', cashFactsOf([collected, { ...short, status: 'reconciled' }]))).toEqual({
      rider_id: 'r1',
      collected_cents: 1500,
      handed_over_cents: 1450,
      written_off_cents: 50,
      on_hand_cents: 0,
    });
    // Recorded then reconciled through the domain: the write-off names its reason.
    const r = reconcileHandover(recorded(1500, 1450, 'Faltan 0,50 € del cambio'), 'op-2', 2_000);
    expect(writeOffOf(r)).toMatchObject({ cents: 50, reason: 'Faltan 0,50 € del cambio', by: 'op-2', at: 2_000 });
    expect(cashBalanceOf(base.riderId, cashFactsOf([{ ...collected, rider_id: base.riderId }, r])).on_hand_cents).toBe(0);
    expect(writeOffOf(reconcileHandover(recorded(1500, 1500), 'op-2', 2_000))).toBeNull();
    expect(writeOffOf(recorded(1500, 1450, 'x'))).toBeNull();
  });

  it('a new count expects what is on hand minus the differences still under review', () => {
    const docs = [
      { kind: 'order', method: 'cash', status: 'collected', rider_id: 'r1', amount_collected_cents: 2000 },
      { kind: 'cash-handover', status: 'handed_over', rider_id: 'r1', expected_cents: 1500, counted_cents: 1450 },
    ];
    expect(cashBalanceOf('r1', cashFactsOf(docs)).on_hand_cents).toBe(550);
    expect(expectedForNewCount('r1', docs)).toBe(500);
    expect(expectedForNewCount('r2', docs)).toBe(0);
  });

  it('warns near and over the threshold', () => {
    expect(cashLevel(100, 300_00)).toBe('ok');
    expect(cashLevel(240_00, 300_00)).toBe('near');
    expect(cashLevel(300_00, 300_00)).toBe('over');
    expect(cashLevel(1_000_00, 0)).toBe('ok');
  });

  it('property: the sum of balances is collected minus handed over, whatever the order of events', () => {
    const fact = fc.record({
      kind: fc.constantFrom('collected' as const, 'handed_over' as const),
      rider_id: fc.constantFrom('r1', 'r2', 'r3', 'r4'),
      cents: fc.integer({ min: 0, max: 100_000_00 }),
    });
    fc.assert(
      fc.property(fc.array(fact, { maxLength: 60 }), fc.nat(), (facts, seed) => {
        const shuffled = fc.sample(fc.shuffledSubarray(facts, { minLength: facts.length, maxLength: facts.length }), { seed, numRuns: 1 })[0] ?? [];
        const total = (fs: readonly CashFact[], k: CashFact['kind']) => fs.filter((f) => f.kind === k).reduce((s, f) => s + f.cents, 0);
        for (const fs of [facts, shuffled]) {
          const sum = cashBalances(fs).reduce((s, b) => s + b.on_hand_cents, 0);
          expect(sum).toBe(total(facts, 'collected') - total(facts, 'handed_over'));
        }
        expect(cashBalances(shuffled)).toEqual(cashBalances(facts));
      }),
    );
  });
});

describe('cash hand-over', () => {
  it('records a count by notes and coins', () => {
    const h = recordHandover({
      ...base,
      expectedCents: 7_550,
      count: [
        { denomination_cents: 5000, quantity: 1 },
        { denomination_cents: 2000, quantity: 1 },
        { denomination_cents: 50, quantity: 1 },
        { denomination_cents: 100, quantity: 0 },
      ],
      amountCents: 0,
      reason: 'ignored',
    });
    expect(h.counted_cents).toBe(7_050);
    expect(h.count).toHaveLength(3);
    expect(differenceCents(h)).toBe(-500);
    // A difference without a reason is refused… (the reason given was kept)
    expect(h.reason).toBe('ignored');
    expect(countTotalCents(h.count)).toBe(h.counted_cents);
    expect(h.status).toBe('handed_over');
    expect(h.history).toEqual([{ at: 1_000, by: 'op-1', action: 'recorded', counted_cents: 7_050, reason: 'ignored' }]);
  });

  it('needs a reason for a difference, and none when the amounts match', () => {
    expect(() => recorded(10_000, 9_500)).toThrow(/necesita un motivo/);
    expect(recorded(10_000, 9_500, 'Falta un billete de 5 €').reason).toBe('Falta un billete de 5 €');
    expect(recorded(10_000, 10_000, 'sin diferencia').reason).toBe('');
  });

  it('refuses a count whose lines do not add up, or a denomination counted twice', () => {
    const h = recorded(500, 500);
    expect(cashHandoverSchema.safeParse({ ...h, count: [{ denomination_cents: 200, quantity: 1 }] }).success).toBe(false);
    expect(cashHandoverSchema.safeParse({ ...h, count: [{ denomination_cents: 300, quantity: 1 }], counted_cents: 300 }).success).toBe(false);
    expect(
      cashHandoverSchema.safeParse({
        ...h,
        count: [
          { denomination_cents: 200, quantity: 1 },
          { denomination_cents: 200, quantity: 1 },
          { denomination_cents: 100, quantity: 1 },
        ],
      }).success,
    ).toBe(false);
  });

  it('goes collected → handed over → reconciled, signed by who and when', () => {
    expect(checkTransition(handoverMachine, 'collected', 'handed_over', 'operator').ok).toBe(true);
    expect(checkTransition(handoverMachine, 'handed_over', 'reconciled', 'operator').ok).toBe(true);
    expect(checkTransition(handoverMachine, 'collected', 'reconciled', 'operator').ok).toBe(false);
    expect(checkTransition(handoverMachine, 'collected', 'handed_over', 'rider').ok).toBe(false);
    const h = recorded(1_000, 500, 'Falta');
    const r = reconcileHandover(h, 'op-2', 2_000);
    expect(r).toMatchObject({ status: 'reconciled', reconciled_by: 'op-2', reconciled_at: 2_000 });
    expect(r.history.map((e) => e.action)).toEqual(['recorded', 'reconciled']);
    expect(() => reconcileHandover(r, 'op-2', 3_000)).toThrow(/ya está conciliada/);
  });

  it('after reconciliation only an admin changes it, with a reason kept in the history', () => {
    const h = recorded(1_000, 500, 'Falta');
    const r = reconcileHandover(h, 'op-1', 2_000);
    const amended = amendHandover(r, { count: null, amountCents: 1_000, reason: '', by: 'admin-1', at: 3_000, changeReason: 'Apareció el billete en la bolsa' });
    expect(amended.counted_cents).toBe(1_000);
    expect(amended.history.at(-1)).toEqual({ at: 3_000, by: 'admin-1', action: 'amended', counted_cents: 1_000, reason: 'Apareció el billete en la bolsa' });
    expect(() => amendHandover(r, { count: null, amountCents: 1_000, reason: '', by: 'admin-1', at: 3_000, changeReason: ' ' })).toThrow(/motivo/);

    expect(checkHandoverWrite('admin', 'admin-1', r, amended)).toEqual({ ok: true });
    expect(checkHandoverWrite('operator', 'op-1', r, { ...amended, history: [...amended.history.slice(0, -1), { ...amended.history.at(-1)!, by: 'op-1' }] }).ok).toBe(false);
    // An admin's change without a history entry is refused.
    expect(checkHandoverWrite('admin', 'admin-1', r, { ...r, counted_cents: 1_000, reason: '' }).ok).toBe(false);
    // History never shrinks.
    expect(checkHandoverWrite('admin', 'admin-1', r, { ...r, history: r.history.slice(0, 1) }).ok).toBe(false);
  });

  it('checks who writes what', () => {
    const h = recorded(1_000, 500, 'Falta');
    expect(checkHandoverWrite('rider', 'rider-1', null, h).ok).toBe(false);
    expect(checkHandoverWrite('operator', 'op-1', null, h)).toEqual({ ok: true });
    expect(checkHandoverWrite('operator', 'op-2', null, h).ok).toBe(false);
    const r = reconcileHandover(h, 'op-2', 2_000);
    expect(checkHandoverWrite('operator', 'op-2', null, r).ok).toBe(false);
    expect(checkHandoverWrite('operator', 'op-2', h, r)).toEqual({ ok: true });
    expect(checkHandoverWrite('operator', 'op-3', h, r).ok).toBe(false);
    expect(checkHandoverWrite('operator', 'op-2', h, { ...r, counted_cents: 1_000, reason: '' }).ok).toBe(false);
    expect(checkHandoverWrite('operator', 'op-2', h, { ...h, expected_cents: 500 }).ok).toBe(false);
    expect(checkHandoverWrite('operator', 'op-1', h, { ...h, note: 'bolsa 3' })).toEqual({ ok: true });
  });
});
