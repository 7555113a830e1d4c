/**
 * The embedded server of the e2e run, on the run's clock (e2e/clock.ts): the shift the runner chose
 * is installed before the server module loads, so the demo data is seeded for the run's day and
 * every time the server writes reads the same clock as the pages.
 */
import { installClockShift, runClockShift } from '../e2e/clock';

installClockShift(runClockShift());
await import('../server/main');
