import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openDB } from 'idb';
import { AppStore } from '../../src/data/appStore';
import { MAX_UNANSWERED, PushLedger, contentOf, prepareRow, settleRow } from '../../src/data/pushLedger';
import type { PushRow } from '../../src/backend/types';

let n = 0;
const stores: AppStore[] = [];
function store(name = `cb-app-ledger-${process.pid}-${(n += 1)}`): AppStore {
  const s = new AppStore(name);
  stores.push(s);
  return s;
}
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

const route = (status: string, updated_at: number, extra: Record<string, unknown> = {}) => ({ id: 'r1', name: 'Ruta', status, updated_at, _deleted: false, ...extra });
const row = (base: Record<string, unknown> | null, next: Record<string, unknown>): PushRow => ({ assumedMasterState: base, newDocumentState: next });

describe('prepareRow / settleRow (pure)', () => {
  it('records each pushed state, newest last, and sends the earlier ones as unansweredStates', () => {
    const ready = route('ready', 1);
    const loaded = route('loaded', 2);
    const started = route('in_progress', 3);
    const first = prepareRow('routes', undefined, row(ready, loaded));
    expect(first.row).toEqual(row(ready, loaded));
    expect(first.record.unanswered).toEqual([loaded]);
    // The answer was lost; after a restart RxDB pushes the next state from the same base.
    const second = prepareRow('routes', first.record, row(ready, started));
    expect(second.row.unansweredStates).toEqual([loaded]);
    expect(second.row.assumedMasterState).toEqual(ready);
    expect(second.record.unanswered).toEqual([loaded, started]);
  });

  it('a retry of the same state is recorded once and does not name itself', () => {
    const ready = route('ready', 1);
    const loaded = route('loaded', 2);
    const first = prepareRow('routes', undefined, row(ready, loaded));
    const retry = prepareRow('routes', first.record, row(ready, { ...loaded, _meta: { lwt: 5 } }));
    expect(retry.row.unansweredStates).toBeUndefined();
    expect(retry.record.unanswered).toHaveLength(1);
  });

  it('keeps at most a few states (the newest)', () => {
    let record = prepareRow('routes', undefined, row(route('ready', 0), route('s', 1))).record;
    for (let i = 2; i <= MAX_UNANSWERED + 3; i += 1) record = prepareRow('routes', record, row(route('ready', 0), route('s', i))).record;
    expect(record.unanswered.map((s) => s.updated_at)).toEqual(Array.from({ length: MAX_UNANSWERED }, (_, i) => i + 4));
  });

  it('an answer clears what was unanswered; an answer that differs is remembered with the base RxDB gave', () => {
    const ready = route('ready', 1);
    const loaded = route('loaded', 2);
    const sent = prepareRow('routes', undefined, row(ready, loaded));
    expect(settleRow(row(ready, loaded), sent.row, undefined, false, 'routes')).toBeNull();
    const merged = route('loaded', 4, { name: 'Ruta (editada)' });
    const kept = settleRow(row(ready, loaded), sent.row, merged, true, 'routes');
    expect(kept).toMatchObject({ key: 'routes:r1', unanswered: [], answered: { rxBase: contentOf(ready), pushed: loaded, ambiguous: false, changedHere: true } });
  });

  it('a next push still on the base RxDB gave is based on what was pushed (RxDB did not take the answer)', () => {
    const ready = route('ready', 1);
    const loaded = route('loaded', 2);
    const merged = route('loaded', 4, { name: 'Ruta (editada)' });
    const answered = settleRow(row(ready, loaded), row(ready, loaded), merged, true, 'routes');
    if (!answered) throw new Error('expected a record');
    const next = prepareRow('routes', answered, row(ready, route('in_progress', 5)));
    expect(next.row.assumedMasterState).toEqual(loaded);
    // RxDB took the answer: the next push's base is the answer, left alone.
    const took = prepareRow('routes', answered, row(merged, route('in_progress', 5)));
    expect(took.row.assumedMasterState).toEqual(merged);
  });

  it('a push of exactly the state the server answered is no change of the device’s: it is its own base', () => {
    const ready = route('ready', 1);
    const mine = route('loaded', 2);
    const merged = route('loaded', 4, { name: 'Ruta (editada)' });
    const answered = settleRow(row(ready, mine), row(ready, mine), merged, false, 'routes');
    if (!answered) throw new Error('expected a record');
    // RxDB wrote the answer to the document but its base stayed behind (a pull won the race).
    const next = prepareRow('routes', answered, row(mine, { ...merged, _meta: { lwt: 9 } }));
    expect(next.row.assumedMasterState).toEqual({ ...merged, _meta: { lwt: 9 } });
    // A change of the device's own on top of the answer keeps RxDB's base.
    const own = prepareRow('routes', answered, row(merged, { ...merged, status: 'in_progress' }));
    expect(own.row.assumedMasterState).toEqual(merged);
  });

  it('an answer equal to the old base rebases only when the device changed the document meanwhile', () => {
    const ready = route('ready', 1);
    const refusedPush = route('loaded', 2, { name: 'Mi ruta' });
    const quiet = settleRow(row(ready, refusedPush), row(ready, refusedPush), ready, false, 'routes');
    expect(prepareRow('routes', quiet ?? undefined, row(ready, route('loaded', 3))).row.assumedMasterState).toEqual(ready);
    const busy = settleRow(row(ready, refusedPush), row(ready, refusedPush), ready, true, 'routes');
    expect(prepareRow('routes', busy ?? undefined, row(ready, route('loaded', 3))).row.assumedMasterState).toEqual(refusedPush);
  });

  it('a deletion is a different state from the same content alive', () => {
    const doc = route('ready', 1);
    const first = prepareRow('routes', undefined, row(doc, { ...doc, _deleted: true }));
    const second = prepareRow('routes', first.record, row(doc, { ...doc, status: 'planned', updated_at: 2 }));
    expect(second.row.unansweredStates).toEqual([{ ...doc, _deleted: true }]);
  });
});

describe('PushLedger (cb_app)', () => {
  it('writes a push before it is sent and keeps it across a restart of the app', async () => {
    const name = `cb-app-ledger-restart-${process.pid}`;
    const first = store(name);
    const ledger = new PushLedger(first);
    const ready = route('ready', 1);
    const loaded = route('loaded', 2);
    const [sent] = await ledger.beforePush('routes', [row(ready, loaded)]);
    expect(sent).toEqual(row(ready, loaded));
    // The request left; the answer never came; the app is killed.
    await first.close();
    const again = new PushLedger(store(name));
    expect((await again.get('routes', 'r1'))?.unanswered).toEqual([loaded]);
    const [next] = await again.beforePush('routes', [row(ready, route('in_progress', 3))]);
    expect(next?.unansweredStates).toEqual([loaded]);
  });

  it('an answer for a document clears it; other documents keep theirs', async () => {
    const ledger = new PushLedger(store());
    const a = route('loaded', 2);
    const b = { ...route('loaded', 2), id: 'r2' };
    await ledger.beforePush('routes', [row(route('ready', 1), a), row({ ...route('ready', 1), id: 'r2' }, b)]);
    const sent = await ledger.beforePush('routes', [row(route('ready', 1), route('in_progress', 3))]);
    await ledger.afterAnswer('routes', [row(route('ready', 1), route('in_progress', 3))], sent, new Map(), new Set());
    expect(await ledger.get('routes', 'r1')).toBeUndefined();
    expect((await ledger.get('routes', 'r2'))?.unanswered).toEqual([b]);
    expect(await ledger.list()).toHaveLength(1);
  });

  it('once everything is in sync, states pushed before are no longer kept (later ones are)', async () => {
    const ledger = new PushLedger(store());
    const r2 = (status: string, t: number) => ({ ...route(status, t), id: 'r2' });
    await ledger.beforePush('routes', [row(route('ready', 1), route('loaded', 2))]);
    const [sent] = await ledger.beforePush('routes', [row(r2('ready', 1), r2('loaded', 2))]);
    if (!sent) throw new Error('nothing sent');
    // r2's push was answered with a merge; its record of the answer stays.
    await ledger.afterAnswer('routes', [row(r2('ready', 1), r2('loaded', 2))], [sent], new Map([['r2', r2('loaded', 3)]]), new Set());
    await ledger.beforePush('routes', [row(r2('loaded', 3), r2('in_progress', 4))]);
    const inSyncFrom = Math.max(...(await ledger.list()).map((r) => r.at));
    await ledger.settleBefore(inSyncFrom);
    expect(await ledger.get('routes', 'r1')).toBeUndefined();
    expect(await ledger.get('routes', 'r2')).toMatchObject({ unanswered: [], answered: { pushed: r2('loaded', 2) } });
    // A push made after the in-sync moment keeps its states.
    const later = new PushLedger(store());
    await later.beforePush('routes', [row(route('ready', 1), route('loaded', 2))]);
    await later.settleBefore(0);
    expect((await later.get('routes', 'r1'))?.unanswered).toHaveLength(1);
  });

  it('cb_app of the previous version (1) opens with its data and gains the ledger', async () => {
    const name = `cb-app-v1-${process.pid}`;
    const v1 = await openDB(name, 1, {
      upgrade(db) {
        db.createObjectStore('kv');
        db.createObjectStore('uploads', { keyPath: 'path' });
        db.createObjectStore('outbox', { keyPath: 'key' }).createIndex('at', 'at');
      },
    });
    await v1.put('outbox', { key: 'routes:r1', collection: 'routes', id: 'r1', at: 1 });
    v1.close();
    const s = store(name);
    expect(await (await s.db()).count('outbox')).toBe(1);
    const ledger = new PushLedger(s);
    await ledger.beforePush('routes', [row(route('ready', 1), route('loaded', 2))]);
    expect(await ledger.list()).toHaveLength(1);
    await s.clear();
    expect(await ledger.list()).toEqual([]);
  });
});
