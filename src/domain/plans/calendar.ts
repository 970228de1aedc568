/** Time units in milliseconds and the calendar arithmetic of billing periods (UTC). */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/**
 * Adds whole calendar months in UTC, keeping the time of day and clamping the day to the
 * target month's last day: 31 Jan + 1 month = 28 Feb (29 in a leap year).
 */
export function addMonthsUtc(ms: number, months: number): number {
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const day = date.getUTCDate();
  const timeOfDay = ms - Date.UTC(year, month, day);
  const lastDayOfTarget = new Date(Date.UTC(year, month + months + 1, 0)).getUTCDate();
  return Date.UTC(year, month + months, Math.min(day, lastDayOfTarget)) + timeOfDay;
}
