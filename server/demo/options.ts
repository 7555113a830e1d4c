/** The demo's options (seed, day, «now», scale), checked, and the time and number helpers its phases share. */

/** Password of every demo account (the server hashes it when it seeds the users). */
export const DEMO_PASSWORD = 'cargobici-demo';

export const DEFAULT_DEMO_SEED = 1;

export const DEFAULT_DEMO_SCALE = { deliveryPoints: 400, ordersPerDay: 150, ridersPerHub: 3 } as const;

/** Upper bounds of the scale options (keeps a typo from exhausting memory). */
export const MAX_DEMO_SCALE = { deliveryPoints: 200_000, ordersPerDay: 200_000, ridersPerHub: 50 } as const;

export interface DemoScale {
  deliveryPoints?: number;
  ordersPerDay?: number;
  ridersPerHub?: number;
}

export interface DemoOptions {
  seed?: number;
  /** Calendar day of the operation, `YYYY-MM-DD` (Europe/Madrid). */
  today: string;
  /** Epoch milliseconds of «now»: every `at`, `created_at` and `updated_at` is at or before it. */
  now: number;
  scale?: DemoScale;
}

export interface Options {
  seed: number;
  today: string;
  tomorrow: string;
  now: number;
  deliveryPoints: number;
  ordersPerDay: number;
  ridersPerHub: number;
}

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;

function scaleValue(value: number | undefined, fallback: number, min: number, max: number, label: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`Escala «${label}» no válida: un entero entre ${min} y ${max}`);
  }
  return value;
}

export function parseIsoDate(s: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) throw new RangeError(`Fecha no válida «${s}»: se espera AAAA-MM-DD`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const dt = new Date(t);
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d) {
    throw new RangeError(`Fecha no válida «${s}»: no es un día del calendario`);
  }
  return t;
}

export function isoOf(utcMs: number): string {
  return new Date(utcMs).toISOString().slice(0, 10);
}

export function normaliseOptions(opts: DemoOptions): Options {
  const todayMs = parseIsoDate(opts.today);
  if (!Number.isFinite(opts.now) || opts.now < 0) throw new RangeError('«now» debe ser una fecha en milisegundos (≥ 0)');
  const scale = opts.scale ?? {};
  return {
    seed: opts.seed ?? DEFAULT_DEMO_SEED,
    today: opts.today,
    tomorrow: isoOf(todayMs + DAY),
    now: Math.floor(opts.now),
    deliveryPoints: scaleValue(scale.deliveryPoints, DEFAULT_DEMO_SCALE.deliveryPoints, 1, MAX_DEMO_SCALE.deliveryPoints, 'deliveryPoints'),
    ordersPerDay: scaleValue(scale.ordersPerDay, DEFAULT_DEMO_SCALE.ordersPerDay, 0, MAX_DEMO_SCALE.ordersPerDay, 'ordersPerDay'),
    ridersPerHub: scaleValue(scale.ridersPerHub, DEFAULT_DEMO_SCALE.ridersPerHub, 1, MAX_DEMO_SCALE.ridersPerHub, 'ridersPerHub'),
  };
}

export const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** Minutes since midnight → `HH:mm` (clamped to the day). */
export function hhmm(minutes: number): string {
  const m = Math.max(0, Math.min(23 * 60 + 59, Math.round(minutes)));
  return `${pad(Math.floor(m / 60), 2)}:${pad(m % 60, 2)}`;
}

export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

export const round6 = (v: number): number => Math.round(v * 1e6) / 1e6;
export const round1 = (v: number): number => Math.round(v * 10) / 10;
export const round2 = (v: number): number => Math.round(v * 100) / 100;

export function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Datos de demostración incoherentes: falta ${what}`);
  return value;
}
