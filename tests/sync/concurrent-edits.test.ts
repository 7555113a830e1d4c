/**
 * Concurrent edits of one order: two devices of an operator write the same order within
 * milliseconds, round after round, sometimes the same field, sometimes different fields. No
 * edit may vanish silently: each written value ends as the server's value, or is replaced by a
 * later edit made on a device that had seen it, or is in the server's conflict log. Edits of
 * different fields made at once are both kept (three-way merge).
 */
import { describe, expect, it } from 'vitest';
import type { Observable } from 'rxjs';
import { PAYMENT_METHODS, type Order } from '../../src/domain/entities/operation';
import { startTestServer } from '../helpers/server';
import { closeAfterEach, createDevice, quiesce, rng, serverView, sleep, type Device } from './harness';

const ROUNDS = 30;
const WINDOW_ENDS = ['11:00', '12:00', '12:30', '13:15', '14:00'];

const open = closeAfterEach();

interface Edit {
  readonly round: number;
  readonly device: string;
  readonly field: 'notes' | 'window_end' | 'payment_method';
  readonly value: string;
}

type OrderEvent = { operation: string; documentData: Record<string, unknown>; previousDocumentData?: Record<string, unknown> | null };

/** The value each local write of `notes` replaced on a device (from its own change events). */
function watchNotes(d: Device, orderId: string): Map<string, string> {
  const replaced = new Map<string, string>();
  (d.db.orders.$ as Observable<OrderEvent>).subscribe((ev) => {
    if (ev.documentData.id !== orderId) return;
    const now = String(ev.documentData.notes);
    const before = ev.previousDocumentData ? String(ev.previousDocumentData.notes) : '';
    if (now !== before && !replaced.has(now)) replaced.set(now, before);
  });
  return replaced;
}

async function localOrder(d: Device, id: string): Promise<Order> {
  const doc = await d.db.orders.findOne(id).exec();
  if (!doc) throw new Error(`${d.label} has no order ${id}`);
  return doc.toJSON() as unknown as Order;
}

async function waitFor(what: string, ok: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

describe('concurrent edits of one order', () => {
  it('merges edits of different fields and never overwrites an edit silently', async () => {
    const server = await startTestServer();
    open.server = server;
    const a = await createDevice({ baseUrl: server.url, email: 'operador@cargobici.test', label: 'a', collections: ['orders'], seed: 1 });
    const b = await createDevice({ baseUrl: server.url, email: 'operador@cargobici.test', label: 'b', collections: ['orders'], seed: 2 });
    const devices = (open.devices = [a, b]);
    await quiesce(devices, () => server.store.head());
    const replacedOn = new Map([
      ['a', watchNotes(a, 'o1')],
      ['b', watchNotes(b, 'o1')],
    ]);
    const r = rng(20261122);
    const edits: Edit[] = [];
    let merges = 0;

    for (let round = 0; round < ROUNDS; round += 1) {
      const same = r.chance(0.6);
      const aEdit: Edit = { round, device: 'a', field: 'notes', value: `A-${round}` };
      let bEdit: Edit;
      if (same) {
        bEdit = { round, device: 'b', field: 'notes', value: `B-${round}` };
      } else {
        // The claim of this round (both different fields kept) is about two edits made on the
        // same settled state. After a same-field round left without waiting, A's answer (a
        // conflict the server settled for B) may still be on its way: A's notes edit then
        // replaces A's own earlier notes, not B's, and is rightly logged as a conflict (the
        // check at the end allows that; this round's check would not). So settle first.
        await quiesce(devices, () => server.store.head());
        const current = await localOrder(b, 'o1');
        const field = r.pick(['window_end', 'payment_method'] as const);
        const options = field === 'window_end' ? WINDOW_ENDS : PAYMENT_METHODS;
        bEdit = { round, device: 'b', field, value: r.pick(options.filter((v) => v !== current[field])) };
      }
      edits.push(aEdit, bEdit);
      // Both devices write at once.
      await Promise.all([
        a.writer.patch('orders', 'o1', { [aEdit.field]: aEdit.value } as Partial<Order>),
        b.writer.patch('orders', 'o1', { [bEdit.field]: bEdit.value } as Partial<Order>),
      ]);
      if (!same) {
        // Different fields changed at the same time: the server keeps both.
        await quiesce(devices, () => server.store.head());
        const stored = server.store.get('orders', 'o1');
        expect(stored?.notes, `round ${round}: A's notes lost in the merge`).toBe(aEdit.value);
        expect(stored?.[bEdit.field], `round ${round}: B's ${bEdit.field} lost in the merge`).toBe(bEdit.value);
        merges += 1;
      } else if (r.chance(0.5)) {
        await quiesce(devices, () => server.store.head());
      } else {
        await sleep(r.int(0, 15));
      }
    }
    await quiesce(devices, () => server.store.head());

    // Every notes value written: final, seen and replaced by a later edit, or logged as a conflict.
    const final = server.store.get('orders', 'o1')?.notes;
    const conflicts = server.store.conflicts(100_000).filter((c) => c.doc_id === 'o1');
    const notes = edits.filter((e) => e.field === 'notes');
    const replacedBySeer = (value: string) => [...replacedOn.values()].some((m) => [...m.entries()].some(([written, before]) => before === value && written !== value));
    for (const e of notes) {
      const logged = conflicts.some((c) => (c.local as Record<string, unknown>).notes === e.value);
      const replaced = replacedBySeer(e.value);
      expect(final === e.value || replaced || logged, `notes «${e.value}» (round ${e.round}) vanished: not final, not replaced by a device that saw it, not logged`).toBe(
        true,
      );
    }
    // Each device recorded what its own writes replaced (the check above relies on it).
    for (const e of notes) expect(replacedOn.get(e.device)?.has(e.value), `no local write event for «${e.value}»`).toBe(true);
    expect(merges).toBeGreaterThan(0);
    expect(conflicts.length, 'same-field edits at once must have produced logged conflicts').toBeGreaterThan(0);
    // Conflicts are about fields both sides changed, never about fields only one side touched.
    for (const c of conflicts) expect(c.fields).toEqual(['notes']);
    // Both devices end with the server's state and nothing pending.
    for (const d of devices) {
      expect(await d.docs('orders'), `${d.label} differs from the server`).toEqual(await serverView(d, 'orders'));
      expect(await d.outbox.count(), `${d.label} outbox not empty`).toBe(0);
    }
  }, 240_000);

  it("does not take a device's own change, made while its push was under way, for a conflict", async () => {
    const server = await startTestServer();
    open.server = server;
    const op = await createDevice({ baseUrl: server.url, email: 'operador@cargobici.test', label: 'op', collections: ['orders'], seed: 3 });
    const rider = await createDevice({ baseUrl: server.url, email: 'rider1@cargobici.test', label: 'rider', collections: ['orders'], seed: 4 });
    const devices = (open.devices = [op, rider]);
    await quiesce(devices, () => server.store.head());

    // The rider works offline while the office edits the same order.
    rider.net.goOffline(Number.POSITIVE_INFINITY);
    await op.writer.patch('orders', 'o1', { notes: 'llamar antes' });
    await op.replication.awaitInSync();
    await rider.writer.patch('orders', 'o1', { status: 'out_for_delivery' });

    // Back online; the server's answers to the rider's pushes are held until released.
    let held = 0;
    let release: () => void = () => {};
    rider.net.beforeAnswer = async (method, path) => {
      if (method !== 'POST' || !path.endsWith('/push')) return;
      held += 1;
      await new Promise<void>((resolve) => (release = resolve));
    };
    rider.net.heal();
    await waitFor('the first push to be answered', () => held === 1);
    expect(server.store.get('orders', 'o1')?.status).toBe('out_for_delivery');
    // The rider delivers while the answer to «out for delivery» is still on its way.
    await rider.writer.patch('orders', 'o1', { status: 'delivered' });
    release();
    await waitFor('the second push to be answered', () => held === 2);
    // «delivered» has not been acknowledged yet: it is still pending in the outbox.
    expect(await rider.outbox.count(), 'the outbox settled a change the server has not acknowledged').toBe(1);
    rider.net.beforeAnswer = null;
    release();
    await quiesce(devices, () => server.store.head());

    const stored = server.store.get('orders', 'o1');
    expect(stored?.status, "the rider's own later change was lost").toBe('delivered');
    expect(stored?.notes, "the office's change was lost").toBe('llamar antes');
    expect(server.store.conflicts().filter((c) => c.doc_id === 'o1'), 'a device conflicted with itself').toEqual([]);
    for (const d of devices) {
      expect(await d.docs('orders'), `${d.label} differs from the server`).toEqual(await serverView(d, 'orders'));
      expect(await d.outbox.count()).toBe(0);
    }
  }, 120_000);
});
