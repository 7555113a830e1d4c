/**
 * Sharing the rider's position while his route is in progress (issue 33): the browser's
 * `watchPosition`, the sampling rule of src/domain/tracking/positions.ts, the device queue
 * (./positions.ts) and its sending when there is signal. No position is taken while no route of
 * his is «En reparto»; the watch ends when the route is completed or he signs out.
 *
 * What the rider is told (`SharingState`): `waiting` for a first fix, `on` while samples are
 * taken, `denied` when he did not allow the location, `unavailable` when the device gives none,
 * `off` when sharing stopped. None of these changes the round: it works the same without a
 * position (the office sees «sin posición»).
 */
import { useEffect, useState } from 'react';
import type { TrackingBackend } from '../backend/types';
import { isMoving, shouldRecord, wantsHighAccuracy, type Fix } from '../domain/tracking/positions';
import { appStore } from './appStore';
import { PositionQueue } from './positions';
import { sessionBackend } from './session';

export type SharingState = 'off' | 'waiting' | 'on' | 'denied' | 'unavailable';

export interface SharingStatus {
  readonly state: SharingState;
  /** Samples recorded and not yet sent. */
  readonly pending: number;
  /** Time of the last sample, or null. */
  readonly lastAt: number | null;
  /** The last sample recorded on this device (its route, place and time), or null. */
  readonly last?: { readonly route_id: string; readonly lat: number; readonly lng: number; readonly accuracy: number; readonly at: number } | null;
}

export interface SharingOptions {
  readonly geolocation?: Geolocation | null;
  /** How often waiting samples are sent while sharing (and retried after a failure). */
  readonly sendEveryMs?: number;
  /** Whether to save battery now (default: the Battery API says low and not charging). */
  readonly saver?: () => Promise<boolean>;
  readonly now?: () => number;
}

async function batterySaver(): Promise<boolean> {
  const nav = typeof navigator === 'undefined' ? null : (navigator as Navigator & { getBattery?: () => Promise<{ level: number; charging: boolean }> });
  if (!nav?.getBattery) return false;
  try {
    const b = await nav.getBattery();
    return !b.charging && b.level <= 0.2;
  } catch {
    return false;
  }
}

export class PositionSharing {
  private watchId: number | null = null;
  private routeId: string | null = null;
  private last: Fix | null = null;
  private highAccuracy = true;
  private saver = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private status: SharingStatus = { state: 'off', pending: 0, lastAt: null };
  private readonly listeners = new Set<(s: SharingStatus) => void>();
  private readonly geo: Geolocation | null;
  private readonly onOnline = () => void this.flush();
  private readonly unwatchQueue: () => void;

  constructor(
    readonly queue: PositionQueue,
    private readonly tracking: TrackingBackend,
    private readonly opts: SharingOptions = {},
  ) {
    this.geo = opts.geolocation !== undefined ? opts.geolocation : typeof navigator !== 'undefined' && navigator.geolocation ? navigator.geolocation : null;
    this.unwatchQueue = queue.onChange(() => void this.refreshPending());
  }

  current(): SharingStatus {
    return this.status;
  }

  subscribe(listener: (s: SharingStatus) => void): () => void {
    this.listeners.add(listener);
    listener(this.status);
    return () => this.listeners.delete(listener);
  }

  /** Shares positions for this route (a route in progress of the signed-in rider); null stops. */
  follow(routeId: string | null): void {
    if (routeId === this.routeId) return;
    this.stopWatch();
    this.routeId = routeId;
    void this.refreshPending();
    if (routeId === null || !this.tracking.available) {
      this.update({ state: 'off' });
      void this.flush();
      return;
    }
    if (!this.geo) {
      this.update({ state: 'unavailable' });
      return;
    }
    this.update({ state: 'waiting' });
    void (this.opts.saver ?? batterySaver)().then((saver) => {
      this.saver = saver;
      if (this.routeId === routeId) this.watch(wantsHighAccuracy(true, saver));
    });
    this.timer = setInterval(() => void this.flush(), this.opts.sendEveryMs ?? 30_000);
    if (typeof window !== 'undefined') window.addEventListener('online', this.onOnline);
    void this.flush();
  }

  /** Stops everything (sign-out, app closing). */
  close(): void {
    this.follow(null);
    this.unwatchQueue();
    this.listeners.clear();
  }

  /** Sends what is waiting now (when there is signal). */
  async flush(): Promise<void> {
    if (!this.tracking.available) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    if ((await this.queue.count()) === 0) return;
    await this.queue.send(this.tracking, this.opts.now);
  }

  private watch(highAccuracy: boolean): void {
    if (!this.geo) return;
    if (this.watchId !== null) this.geo.clearWatch(this.watchId);
    this.highAccuracy = highAccuracy;
    this.watchId = this.geo.watchPosition(
      // The app's clock (as for delivery events), not the fix's own timestamp: both ends of a
      // sample's time (the server's checks, the ETA's «now») read the same clock.
      (p) => void this.onFix({ lat: p.coords.latitude, lng: p.coords.longitude, accuracy: p.coords.accuracy, speed: p.coords.speed ?? null, at: (this.opts.now ?? Date.now)() }),
      (err) => this.update({ state: err.code === 1 ? 'denied' : this.last ? this.status.state : 'unavailable' }),
      { enableHighAccuracy: highAccuracy, maximumAge: 10_000, timeout: 60_000 },
    );
  }

  private async onFix(fix: Fix): Promise<void> {
    const routeId = this.routeId;
    if (!routeId) return;
    if (this.status.state !== 'on') this.update({ state: 'on' });
    const moving = isMoving(this.last, fix);
    const wantHigh = wantsHighAccuracy(moving, this.saver);
    if (wantHigh !== this.highAccuracy) this.watch(wantHigh);
    if (!shouldRecord(this.last, fix, this.saver)) return;
    this.last = fix;
    const stored = await this.queue.record({ route_id: routeId, at: Math.round(fix.at), lat: fix.lat, lng: fix.lng, accuracy: Math.max(0, Math.round(fix.accuracy)), speed: fix.speed !== null && Number.isFinite(fix.speed) && fix.speed >= 0 ? fix.speed : null });
    this.update({ lastAt: fix.at, last: { route_id: stored.route_id, lat: stored.lat, lng: stored.lng, accuracy: stored.accuracy, at: stored.at } });
    void this.flush();
  }

  private stopWatch(): void {
    if (this.watchId !== null) this.geo?.clearWatch(this.watchId);
    this.watchId = null;
    this.last = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (typeof window !== 'undefined') window.removeEventListener('online', this.onOnline);
  }

  private async refreshPending(): Promise<void> {
    this.update({ pending: await this.queue.count() });
  }

  private update(patch: Partial<SharingStatus>): void {
    this.status = { ...this.status, ...patch };
    for (const l of this.listeners) l(this.status);
  }
}

let shared: PositionSharing | null = null;

/** The app's one sharing controller (the signed-in session's backend, cb_app's queue). */
export function positionSharing(): PositionSharing {
  shared ??= new PositionSharing(new PositionQueue(appStore), sessionBackend().tracking);
  return shared;
}

/** Ends the app's sharing (sign-out): the next session makes a new one with its backend. */
export function closePositionSharing(): void {
  shared?.close();
  shared = null;
}

/**
 * The last position this device recorded for `routeId` (the rider's own stop list reads it for
 * the ETA), or null. Only listens: it never starts or stops sharing (RiderSharing does).
 */
export function useOwnLastPosition(routeId: string | null): { lat: number; lng: number; accuracy: number; at: number } | null {
  const [last, setLast] = useState<SharingStatus['last']>(null);
  useEffect(() => {
    if (routeId === null) return;
    return positionSharing().subscribe((s) => setLast((old) => (s.last?.at === old?.at && s.last?.route_id === old?.route_id ? old : (s.last ?? null))));
  }, [routeId]);
  return last && routeId !== null && last.route_id === routeId ? last : null;
}

/** Shares the position while `routeId` (a route in progress of the rider) is given; its status. */
export function usePositionSharing(routeId: string | null): SharingStatus {
  const [status, setStatus] = useState<SharingStatus>({ state: 'off', pending: 0, lastAt: null });
  useEffect(() => {
    const sharing = positionSharing();
    const unsubscribe = sharing.subscribe(setStatus);
    sharing.follow(routeId);
    return () => {
      unsubscribe();
      sharing.follow(null);
    };
  }, [routeId]);
  return status;
}
