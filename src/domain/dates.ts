/** Calendar day of the operation in Madrid (`YYYY-MM-DD`), whatever the device's time zone. */
export function madridDate(at: Date | number = Date.now()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
