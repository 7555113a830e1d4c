/**
 * Riders' positions (issue 33), the shapes both ends speak and the phone's sampling rule (pure).
 *
 * Sampling: while a route is in progress the phone watches its position and records a sample
 * when moving once 30 s have passed and he moved 50 m since the last one (about one per 30 s at
 * riding speed, fewer when crawling), every 2 minutes when stopped, and half as often when the
 * battery saver is on (or the battery is low and not charging). High accuracy (GPS) is asked only
 * when moving and not saving battery; a stopped rider is served by the network's position.
 */
import { haversineM } from '../routing/matrix';

/** One sample as recorded on the device and sent (POST /api/positions). */
export interface PositionSample {
  /** The device's own sequence number: strictly increasing, never reused. */
  readonly seq: number;
  readonly route_id: string;
  readonly at: number;
  readonly lat: number;
  readonly lng: number;
  /** Metres. */
  readonly accuracy: number;
  /** m/s, when the device gives it. */
  readonly speed: number | null;
}

export interface PositionBatch {
  readonly device_id: string;
  readonly samples: readonly PositionSample[];
}

export interface PositionBatchAnswer {
  readonly stored: number;
  readonly repeated: number;
  readonly refused: readonly { seq: number | null; message: string }[];
  readonly acked: number;
}

/** A route's latest position as the office gets it. */
export interface RoutePosition {
  readonly route_id: string;
  readonly rider_id: string;
  readonly at: number;
  readonly lat: number;
  readonly lng: number;
  readonly accuracy: number;
  readonly speed: number | null;
}

export interface Fix {
  readonly lat: number;
  readonly lng: number;
  readonly at: number;
  readonly accuracy: number;
  readonly speed: number | null;
}

export interface SamplingRule {
  /** When moving: a sample once both this many seconds passed and this many metres were ridden. */
  readonly movingS: number;
  readonly movingM: number;
  /** Seconds between samples when stopped. */
  readonly stoppedS: number;
  /** Seconds that must pass between two samples in any case. */
  readonly minS: number;
}

export const SAMPLING: SamplingRule = { movingS: 30, movingM: 50, stoppedS: 120, minS: 5 };
/** Battery saver: half as often. */
export const SAMPLING_SAVER: SamplingRule = { movingS: 60, movingM: 100, stoppedS: 300, minS: 10 };

/** Below this speed (m/s) a rider is stopped (walking a bike to a door is stopped). */
export const MOVING_SPEED = 1;

/** Whether the rider is moving, by his speed or, without one, by how far he went since the last sample. */
export function isMoving(last: Fix | null, fix: Fix): boolean {
  if (fix.speed !== null && Number.isFinite(fix.speed)) return fix.speed >= MOVING_SPEED;
  if (!last) return true;
  const seconds = (fix.at - last.at) / 1000;
  if (seconds <= 0) return false;
  return haversineM(last.lat, last.lng, fix.lat, fix.lng) / seconds >= MOVING_SPEED;
}

/** Whether a new fix becomes a sample, given the last recorded one. */
export function shouldRecord(last: Fix | null, fix: Fix, saver: boolean): boolean {
  if (!last) return true;
  const rule = saver ? SAMPLING_SAVER : SAMPLING;
  const seconds = (fix.at - last.at) / 1000;
  if (seconds < rule.minS) return false;
  if (!isMoving(last, fix)) return seconds >= rule.stoppedS;
  if (seconds < rule.movingS) return false;
  return haversineM(last.lat, last.lng, fix.lat, fix.lng) >= rule.movingM || seconds >= rule.stoppedS;
}

/** Whether to ask the device for high accuracy (GPS): only when moving and not saving battery. */
export function wantsHighAccuracy(moving: boolean, saver: boolean): boolean {
  return moving && !saver;
}
