/** Calendar day of the operation in Madrid (`YYYY-MM-DD`), whatever the device's time zone. */
export function madridDate(at: Date | number = Date.now()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * [start, end) in epoch ms of a Madrid calendar day (`YYYY-MM-DD`): from its midnight to the next,
 * 23, 24 or 25 hours apart around the clock changes. Madrid is 1 or 2 hours ahead of UTC, so both
 * midnights are found by stepping from the UTC noon of that date.
 */
export function madridDayBounds(date: string): [number, number] {
  const noonUtc = Date.parse(`${date}T12:00:00Z`);
  if (Number.isNaN(noonUtc)) throw new RangeError(`invalid date «${date}»`);
  const step = 15 * 60_000;
  let from = noonUtc - 14 * 3_600_000;
  while (madridDate(from) !== date) from += step;
  let to = noonUtc + 14 * 3_600_000;
  while (madridDate(to - 1) !== date) to -= step;
  return [from, to];
}
