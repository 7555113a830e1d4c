/**
 * Riders' positions (issue 33) in the embedded server: the `positions` table (migration 13), the
 * check of a batch a rider's phone sends (POST /api/positions), and the live feed that carries
 * the latest position of each route to the office through the change stream.
 *
 * - A sample is `{ seq, route_id, at, lat, lng, accuracy, speed }`; `seq` is the device's own
 *   sequence number (strictly increasing per device, never reused: see src/data/positions.ts).
 *   The row's key is (rider, device, seq): a batch sent twice (the answer was lost) stores
 *   nothing the second time, so no sample is stored twice and none is lost.
 * - Every field is checked (zod, Spanish messages). A sample is stored only when its route is
 *   the sender's and is «En reparto», or was completed on the sample's own day (a phone offline
 *   at the end of a round sends the last samples after the route's completion arrived).
 * - A refused sample is answered with its reason and never stored; the device drops it (it would
 *   be refused again).
 * - Positions are not documents: no sequence number of the sync feed is taken, no device pulls
 *   them. The office gets them as `positions` events of the stream (server/stream.ts), at most a
 *   few per second, one per route (the latest), to operators and admins only.
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { t } from '../../src/i18n';
import { madridDate } from '../../src/domain/dates';
import type { PositionBatchAnswer, RoutePosition } from '../../src/domain/tracking/positions';
import type { DocStore } from '../store';
import type { SyncUser } from '../sync';

/** Samples per batch (a phone offline for hours sends several batches). */
export const MAX_BATCH = 500;

const finite = (key: Parameters<typeof t>[0]) => z.number({ error: () => t(key) }).refine(Number.isFinite, { error: () => t(key) });

export const sampleSchema = z.object({
  seq: z.int({ error: () => t('tracking.errors.seq') }).min(1, { error: () => t('tracking.errors.seq') }).max(Number.MAX_SAFE_INTEGER, { error: () => t('tracking.errors.seq') }),
  route_id: z.string({ error: () => t('tracking.errors.route') }).min(1, { error: () => t('tracking.errors.route') }).max(64, { error: () => t('tracking.errors.route') }),
  at: z.int({ error: () => t('tracking.errors.at') }).min(0, { error: () => t('tracking.errors.at') }),
  lat: finite('tracking.errors.lat').min(-90, { error: () => t('tracking.errors.lat') }).max(90, { error: () => t('tracking.errors.lat') }),
  lng: finite('tracking.errors.lng').min(-180, { error: () => t('tracking.errors.lng') }).max(180, { error: () => t('tracking.errors.lng') }),
  accuracy: finite('tracking.errors.accuracy').min(0, { error: () => t('tracking.errors.accuracy') }).max(100_000, { error: () => t('tracking.errors.accuracy') }),
  speed: finite('tracking.errors.speed').min(0, { error: () => t('tracking.errors.speed') }).max(100, { error: () => t('tracking.errors.speed') }).nullable().optional(),
});

export const batchSchema = z.object({
  device_id: z
    .string({ error: () => t('tracking.errors.device') })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: () => t('tracking.errors.device') }),
  samples: z.array(z.unknown(), { error: () => t('tracking.errors.samples', { max: MAX_BATCH }) }).min(1, { error: () => t('tracking.errors.samples', { max: MAX_BATCH }) }).max(MAX_BATCH, { error: () => t('tracking.errors.samples', { max: MAX_BATCH }) }),
});

/**
 * The answer to a batch: samples stored now, those already stored by an earlier send (not stored
 * again), those refused with the reason (never stored; the device drops them), and the highest
 * sequence number of the batch that is settled.
 */
export type BatchAnswer = PositionBatchAnswer;
export type { RoutePosition };

/** How far ahead of the server's clock a device's clock may be. */
const FUTURE_SLACK_MS = 5 * 60_000;

function sqlOf(db: Database.Database | DocStore): Database.Database {
  return 'prepare' in db ? db : db.db;
}

/** The latest position of a route, or null («sin posición»). */
export function latestPositionOfRoute(db: Database.Database | DocStore, routeId: string): RoutePosition | null {
  const row = sqlOf(db)
    .prepare('SELECT route_id, rider_id, at, lat, lng, accuracy, speed FROM positions WHERE route_id = ? ORDER BY at DESC LIMIT 1')
    .get(routeId) as RoutePosition | undefined;
  return row ?? null;
}

/** The latest position of each of these routes (those without one are left out). */
export function latestPositionsOfRoutes(db: Database.Database | DocStore, routeIds: readonly string[]): RoutePosition[] {
  const out: RoutePosition[] = [];
  for (const id of routeIds) {
    const p = latestPositionOfRoute(db, id);
    if (p) out.push(p);
  }
  return out;
}

/** A route's samples between two instants, oldest first (its track). */
export function trackOfRoute(db: Database.Database | DocStore, routeId: string, fromMs = 0, toMs = Number.MAX_SAFE_INTEGER): RoutePosition[] {
  return sqlOf(db)
    .prepare('SELECT route_id, rider_id, at, lat, lng, accuracy, speed FROM positions WHERE route_id = ? AND at >= ? AND at <= ? ORDER BY at')
    .all(routeId, fromMs, toMs) as RoutePosition[];
}

/** The ids of the routes in progress (the office's live map lists them). */
export function routesInProgress(store: DocStore): { id: string; hub: number; rider_id: string }[] {
  return (
    store.db
      .prepare("SELECT id, json_extract(data, '$.hub') AS hub, json_extract(data, '$.rider_id') AS rider_id FROM docs WHERE collection = 'routes' AND deleted = 0 AND json_extract(data, '$.status') = 'in_progress'")
      .all() as { id: string; hub: number; rider_id: string }[]
  );
}

/** Whether a user may see riders' positions: operators and admins. */
export function maySeePositions(user: Pick<SyncUser, 'role'>): boolean {
  return user.role === 'operator' || user.role === 'admin';
}

/**
 * Checks and stores one batch of a rider's samples, in one transaction. Returns what was stored
 * and the latest stored position of each route touched (for the live feed).
 */
export function storeBatch(store: DocStore, riderId: string, body: unknown, nowMs: number): { answer: BatchAnswer; latest: RoutePosition[] } | { error: string } {
  const batch = batchSchema.safeParse(body);
  if (!batch.success) return { error: t('tracking.errors.body', { problem: batch.error.issues[0]?.message ?? '' }) };
  const { device_id: deviceId, samples } = batch.data;
  const routes = new Map<string, { ok: true; date: string } | { ok: false; message: string }>();
  const routeCheck = (routeId: string) => {
    const known = routes.get(routeId);
    if (known) return known;
    const route = store.get('routes', routeId);
    let answer: { ok: true; date: string } | { ok: false; message: string };
    if (!route || route._deleted || route.rider_id !== riderId) answer = { ok: false, message: t('tracking.errors.notYourRoute', { route: routeId }) };
    else if (route.status !== 'in_progress' && route.status !== 'completed') answer = { ok: false, message: t('tracking.errors.notInProgress', { route: String(route.code ?? routeId) }) };
    else answer = { ok: true, date: String(route.date) };
    routes.set(routeId, answer);
    return answer;
  };
  const db = store.db;
  const insert = db.prepare(
    `INSERT OR IGNORE INTO positions (rider_id, device_id, device_seq, route_id, at, lat, lng, accuracy, speed, received_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let stored = 0;
  let repeated = 0;
  let acked = 0;
  const refused: { seq: number | null; message: string }[] = [];
  const touched = new Set<string>();
  db.transaction(() => {
    for (const raw of samples) {
      const parsed = sampleSchema.safeParse(raw);
      const rawSeq = typeof (raw as { seq?: unknown } | null)?.seq === 'number' ? (raw as { seq: number }).seq : null;
      if (!parsed.success) {
        refused.push({ seq: rawSeq, message: parsed.error.issues[0]?.message ?? t('tracking.errors.body', { problem: '' }) });
        if (rawSeq !== null && Number.isSafeInteger(rawSeq)) acked = Math.max(acked, rawSeq);
        continue;
      }
      const s = parsed.data;
      acked = Math.max(acked, s.seq);
      const check = routeCheck(s.route_id);
      if (!check.ok) {
        refused.push({ seq: s.seq, message: check.message });
        continue;
      }
      if (s.at > nowMs + FUTURE_SLACK_MS) {
        refused.push({ seq: s.seq, message: t('tracking.errors.future') });
        continue;
      }
      if (madridDate(s.at) !== check.date) {
        refused.push({ seq: s.seq, message: t('tracking.errors.tooOld') });
        continue;
      }
      const result = insert.run(riderId, deviceId, s.seq, s.route_id, s.at, s.lat, s.lng, s.accuracy, s.speed ?? null, nowMs);
      if (result.changes > 0) {
        stored += 1;
        touched.add(s.route_id);
      } else repeated += 1;
    }
  })();
  const latest = latestPositionsOfRoutes(store, [...touched]);
  return { answer: { stored, repeated, refused, acked }, latest };
}

/**
 * The live feed: the latest position of each route that moved, sent to the office's streams a
 * few times a second (one message for many riders), never per sample.
 */
export class PositionFeed {
  private readonly pending = new Map<string, RoutePosition>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly send: (positions: RoutePosition[]) => void,
    private readonly intervalMs = 200,
  ) {}

  push(positions: readonly RoutePosition[]): void {
    for (const p of positions) {
      const known = this.pending.get(p.route_id);
      if (!known || known.at <= p.at) this.pending.set(p.route_id, p);
    }
    if (this.pending.size > 0 && !this.timer) this.timer = setTimeout(() => this.flush(), this.intervalMs);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.size === 0) return;
    const out = [...this.pending.values()];
    this.pending.clear();
    this.send(out);
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }
}
