import { adminToken, pullAll, signInSynced } from './support';
import { expect, test } from './test';

/**
 * The run's clock (e2e/clock.ts): the page, this test process and the server are on the same Madrid
 * day, the one the demo data was seeded for, in the morning or later of that day, whatever the
 * real hour (CI once started at 23:58 in Madrid and lost the day half-way through the run).
 */
const madridDay = (at: number): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(at);
const madridHour = (at: number): number =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', hourCycle: 'h23', hour: '2-digit' }).format(at));

test('the page, the tests and the server share the demo data’s Madrid day, from 10:00', async ({ page, request }) => {
  const token = await adminToken(request);
  const routeDays = new Set((await pullAll(request, token, 'routes')).filter((r) => r.status === 'in_progress').map((r) => r.date));
  const here = Date.now();
  expect([...routeDays], 'the demo routes under way are all of one day, the run’s').toEqual([madridDay(here)]);
  expect(madridHour(here)).toBeGreaterThanOrEqual(10);

  await signInSynced(page, 'admin@cargobici.test');
  const inPage = await page.evaluate(() => ({ now: Date.now(), made: new Date().getTime() }));
  expect(madridDay(inPage.now)).toBe(madridDay(here));
  expect(madridDay(inPage.made)).toBe(madridDay(here));
  expect(madridHour(inPage.now)).toBeGreaterThanOrEqual(10);
});
