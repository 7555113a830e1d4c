/**
 * Issue 33: the rider's positions are recorded on the device first (cb_app, not RxDB), sent in
 * order when there is signal, and removed once the server answered. Across a lost answer
 * (lie-fi), a failure and a restart of the app, the server ends with every sample exactly once.
 * The sharing controller records a sample about every 30 s or 50 m while moving, fewer when
 * stopped, none without a route in progress, and says when the location is refused.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { NEVER } from 'rxjs';
import { AppStore } from '../../src/data/appStore';
import { PositionQueue } from '../../src/data/positions';
import { PositionSharing, type SharingStatus } from '../../src/data/positionSharing';
import { BackendError, type TrackingBackend } from '../../src/backend/types';
import type { PositionBatch, PositionSample } from '../../src/domain/tracking/positions';
import { shouldRecord } from '../../src/domain/tracking/positions';

const T = 1_790_000_000_000;
const stores: AppStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

function newStore(name = `cb-app-pos-${Math.random().toString(36).slice(2)}`): AppStore {
  const s = new AppStore(name);
  stores.push(s);
  return s;
}

/** A server that keeps samples by (device, seq), like the real one; it may lose its answer or be unreachable. */
function fakeServer() {
  const kept = new Map<string, PositionSample>();
  let mode: 'ok' | 'lose-answer' | 'down' = 'ok';
  const backend: TrackingBackend = {
    available: true,
    async sendPositions(batch: PositionBatch) {
      if (mode === 'down') throw new BackendError('network', 'Sin conexión', 0);
      let stored = 0;
      let repeated = 0;
      for (const s of batch.samples) {
        const key = `${batch.device_id}:${s.seq}`;
        if (kept.has(key)) repeated += 1;
        else {
          kept.set(key, s);
          stored += 1;
        }
      }
      if (mode === 'lose-answer') throw new BackendError('network', 'Sin respuesta', 0);
      return { stored, repeated, refused: [], acked: batch.samples.at(-1)?.seq ?? 0 };
    },
    latestPositions: async () => [],
    livePositions: () => NEVER,
  };
  return { backend, kept, setMode: (m: typeof mode) => (mode = m) };
}

const sample = (i: number): Omit<PositionSample, 'seq'> => ({ route_id: 'r1', at: T + i * 30_000, lat: 40.4 + i / 1000, lng: -3.7, accuracy: 10, speed: 4 });

describe('PositionQueue', () => {
  it('numbers samples in order and never reuses a number once sent', async () => {
    const q = new PositionQueue(newStore());
    const a = await q.record(sample(1));
    const b = await q.record(sample(2));
    expect([a.seq, b.seq]).toEqual([1, 2]);
    await q.remove([1, 2]);
    expect((await q.record(sample(3))).seq).toBe(3);
    expect((await q.oldest()).map((s) => s.seq)).toEqual([3]);
  });

  it('loses none and stores none twice across a lost answer, a failure and a restart', async () => {
    const name = `cb-app-pos-restart-${Math.random().toString(36).slice(2)}`;
    const server = fakeServer();
    const q = new PositionQueue(newStore(name));
    for (let i = 1; i <= 5; i += 1) await q.record(sample(i));
    server.setMode('lose-answer');
    const lost = await q.send(server.backend, () => T);
    expect(lost.error).not.toBeNull();
    expect(await q.count()).toBe(5); // kept: the answer never came
    server.setMode('down');
    for (let i = 6; i <= 8; i += 1) await q.record(sample(i));
    expect((await q.send(server.backend, () => T)).error).not.toBeNull();
    // The app restarts: a new store object on the same IndexedDB database.
    await stores[stores.length - 1]!.close();
    const again = new PositionQueue(newStore(name));
    server.setMode('ok');
    const done = await again.send(server.backend, () => T);
    expect(done).toEqual({ sent: 8, refused: [], error: null });
    expect(await again.count()).toBe(0);
    expect([...server.kept.values()].map((s) => s.seq).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(server.kept.size).toBe(8);
    expect((await again.record(sample(9))).seq).toBe(9);
  });

  it('drops a batch the server says is not valid (it would never pass), and samples older than two days', async () => {
    const q = new PositionQueue(newStore());
    await q.record({ ...sample(1), at: T - 3 * 86_400_000 });
    await q.record(sample(2));
    const sent: number[][] = [];
    const refusing: TrackingBackend = {
      available: true,
      sendPositions: async (batch) => {
        sent.push(batch.samples.map((s) => s.seq));
        throw new BackendError('invalid', 'Envío de posiciones no válido', 400);
      },
      latestPositions: async () => [],
      livePositions: () => NEVER,
    };
    expect(await q.send(refusing, () => T)).toEqual({ sent: 0, refused: ['Envío de posiciones no válido'], error: null });
    expect(sent).toEqual([[2]]);
    expect(await q.count()).toBe(0);
  });
});

/** A geolocation the test drives. */
function fakeGeo() {
  let success: PositionCallback | null = null;
  let failure: PositionErrorCallback | null = null;
  const options: PositionOptions[] = [];
  let watching = 0;
  const geo = {
    watchPosition(ok: PositionCallback, err?: PositionErrorCallback | null, opts?: PositionOptions) {
      success = ok;
      failure = err ?? null;
      options.push(opts ?? {});
      watching += 1;
      return watching;
    },
    clearWatch() {
      success = null;
    },
    getCurrentPosition() {},
  } as unknown as Geolocation;
  const fix = (lat: number, at: number, speed: number | null) =>
    success?.({ timestamp: at, coords: { latitude: lat, longitude: -3.7, accuracy: 8, speed, altitude: null, altitudeAccuracy: null, heading: null, toJSON: () => ({}) }, toJSON: () => ({}) } as GeolocationPosition);
  const deny = () => failure?.({ code: 1, message: 'denied', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
  return { geo, fix, deny, options, watching: () => success !== null };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('PositionSharing', () => {
  it('takes no position without a route in progress, then samples about every 30 s when moving and asks GPS only when moving', async () => {
    const server = fakeServer();
    server.setMode('down');
    const g = fakeGeo();
    let clock = T;
    const sharing = new PositionSharing(new PositionQueue(newStore()), server.backend, { geolocation: g.geo, saver: async () => false, sendEveryMs: 3_600_000, now: () => clock });
    const states: SharingStatus[] = [];
    sharing.subscribe((s) => states.push(s));
    expect(g.watching()).toBe(false);
    sharing.follow('r1');
    await settle();
    expect(g.watching()).toBe(true);
    expect(g.options[0]).toMatchObject({ enableHighAccuracy: true });
    // Moving at 5 m/s: samples at 0, 30 s, 60 s; the ones 10 s apart are skipped.
    for (const s of [0, 10, 20, 30, 40, 60]) {
      clock = T + s * 1000;
      g.fix(40.4 + s * 0.00004, T + s * 1000, 5);
      await settle();
    }
    expect((await sharing.queue.oldest()).map((x) => x.at)).toEqual([T, T + 30_000, T + 60_000]);
    expect(sharing.current().state).toBe('on');
    // The last recorded sample is in the status (the rider's own stop list reads it for the ETA).
    expect(sharing.current().last).toMatchObject({ route_id: 'r1', at: T + 60_000 });
    // Stopped: the device is asked for the cheaper position.
    clock = T + 70_000;
    g.fix(40.4 + 60 * 0.00004, T + 70_000, 0);
    await settle();
    expect(g.options.at(-1)).toMatchObject({ enableHighAccuracy: false });
    sharing.follow(null);
    expect(g.watching()).toBe(false);
    expect(sharing.current().state).toBe('off');
    sharing.close();
  });

  it('says when the location is refused', async () => {
    const g = fakeGeo();
    const sharing = new PositionSharing(new PositionQueue(newStore()), fakeServer().backend, { geolocation: g.geo, saver: async () => false, sendEveryMs: 3_600_000 });
    sharing.follow('r1');
    await settle();
    g.deny();
    expect(sharing.current().state).toBe('denied');
    sharing.close();
  });
});

describe('sampling rule', () => {
  const fix = (seconds: number, metres: number, speed: number | null) => ({ lat: 40.4 + metres / 111_195, lng: -3.7, at: T + seconds * 1000, accuracy: 5, speed });
  it('moving: once 30 s passed and 50 m were ridden; stopped: every 2 min; half as often saving battery', () => {
    const last = fix(0, 0, 5);
    expect(shouldRecord(last, fix(20, 100, 5), false)).toBe(false);
    expect(shouldRecord(last, fix(30, 40, 5), false)).toBe(false);
    expect(shouldRecord(last, fix(30, 60, 5), false)).toBe(true);
    expect(shouldRecord(last, fix(60, 0, 0), false)).toBe(false);
    expect(shouldRecord(last, fix(120, 0, 0), false)).toBe(true);
    expect(shouldRecord(last, fix(30, 150, 5), true)).toBe(false);
    expect(shouldRecord(last, fix(60, 150, 5), true)).toBe(true);
    expect(shouldRecord(null, fix(0, 0, null), false)).toBe(true);
  });
});
