/**
 * The embedded server of the e2e run, on the run's clock (e2e/clock.ts): the shift the runner chose
 * is installed before the server module loads, so the demo data is seeded for the run's day and
 * every time the server writes reads the same clock as the pages. A stand-in OSRM service
 * (e2e/fakeOsrm.ts) gives the planning board its travel times, as CB_OSRM_URL does in production.
 */
import { installClockShift, runClockShift } from '../e2e/clock';
import { startFakeOsrm } from '../e2e/fakeOsrm';

installClockShift(runClockShift());
process.env.CB_OSRM_URL ??= (await startFakeOsrm()).url;
await import('../server/main');
