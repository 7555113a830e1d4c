/**
 * The e2e run's clock: one Madrid morning, whatever the real time.
 *
 * The embedded server seeds the demo data for the Madrid day it starts on, and the app shows the
 * routes and orders of the Madrid day it is on. A run that starts before midnight in Madrid and
 * goes on after it would find the next day's routes where the tests expect today's (CI did, once).
 * So every process of the run sees the same shifted clock: the server (scripts/e2e-server-main.ts),
 * the test processes (playwright.config.ts) and every page of every browser context
 * (`e2e/test.ts`). The run starts at 10:00 in Madrid on the real Madrid date and time flows at its
 * real pace from there, so a 45-minute run never leaves its day and never depends on the hour CI
 * happens to start. Only `Date` is shifted: timers, `performance.now()` and the service worker's
 * clock (which computes no calendar day) are untouched.
 */

/** Madrid local time the run starts at: 10:00, in ms from midnight. */
export const RUN_START_MS_OF_DAY = 10 * 3_600_000;

/** The environment variable that carries the shift (ms) from the runner to every process. */
export const CLOCK_SHIFT_ENV = 'E2E_CLOCK_SHIFT_MS';

/** Milliseconds since Madrid midnight at `now` (the wall clock, read with Intl). */
function madridMsOfDay(now: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(now);
  const part = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000 + (now % 1000);
}

/** The shift that puts `now` at 10:00 in Madrid on the same Madrid date (between −14 h and +10 h). */
export function operationMorningShift(now: number): number {
  return RUN_START_MS_OF_DAY - madridMsOfDay(now);
}

/**
 * The run's shift: the one the runner chose (inherited through the environment), or, in the
 * runner itself, chosen now and written to the environment for the web server and the workers.
 */
export function runClockShift(env: NodeJS.ProcessEnv = process.env, now = Date.now()): number {
  const given = env[CLOCK_SHIFT_ENV];
  if (given !== undefined && given !== '') {
    const shift = Number(given);
    if (!Number.isSafeInteger(shift)) throw new Error(`${CLOCK_SHIFT_ENV} must be a whole number of milliseconds, not «${given}»`);
    return shift;
  }
  const shift = operationMorningShift(now);
  env[CLOCK_SHIFT_ENV] = String(shift);
  return shift;
}

/**
 * Now on the run's clock, in ms, whether or not this process's `Date` is already shifted: the
 * runner and the test workers load the Playwright config, which installs the shift; the Firebase
 * e2e server (and the emulators) keep the real clock. Adding the shift to an already shifted
 * `Date.now()` would move «today» by up to a day, depending on the hour the run starts (CI did).
 */
export function runNow(env: NodeJS.ProcessEnv = process.env, scope: { Date: DateConstructor } = globalThis): number {
  const shifted = (scope.Date as DateConstructor & { __cargobiciClockShift?: number }).__cargobiciClockShift !== undefined;
  return shifted ? scope.Date.now() : scope.Date.now() + runClockShift(env);
}

/**
 * Makes `Date.now()`, `new Date()` and `Date()` read `shiftMs` later than the real clock, in the
 * realm of `scope` (the page's `globalThis` when given to `addInitScript`). Dates made from a
 * value, `Date.parse`, `Date.UTC` and `instanceof Date` behave as before. Self-contained (no
 * outer references) so that Playwright can send its source to the browser. Idempotent.
 */
export function installClockShift(shiftMs: number, scope: { Date: DateConstructor } = globalThis): void {
  const marker = '__cargobiciClockShift';
  const current = scope.Date as DateConstructor & { [marker]?: number };
  if (current[marker] !== undefined) return;
  const Real = current;
  const now = (): number => Real.now() + shiftMs;
  function Shifted(this: unknown, ...args: unknown[]): Date | string {
    if (new.target === undefined) return new Real(now()).toString();
    return Reflect.construct(Real, args.length === 0 ? [now()] : args, new.target) as Date;
  }
  Shifted.prototype = Real.prototype;
  Object.defineProperties(Shifted, {
    now: { value: now, writable: true, configurable: true },
    parse: { value: Real.parse.bind(Real), writable: true, configurable: true },
    UTC: { value: Real.UTC.bind(Real), writable: true, configurable: true },
    [marker]: { value: shiftMs },
  });
  scope.Date = Shifted as unknown as DateConstructor;
}
