/**
 * A date some calendar months on, on the UTC calendar, clamped to the month's last day (31 January
 * plus one month is 28 or 29 February), as PostgreSQL adds an interval of months: migration 0022
 * keeps a rental's end that way, and the months counted here must meet it.
 */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}
