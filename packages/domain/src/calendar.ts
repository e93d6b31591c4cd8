import { addDays } from './business-time.ts';

/** Whole days from `from` to `to` (0 for the same day; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The calendar days from `from` to `to`, both inclusive, for loops over a client-given range. The loop
 * counts days instead of comparing date strings: past 9999-12-31 an ISO date gains a sign and six year
 * digits and sorts before `to`, so a string comparison never ends. A range longer than `maxDays` (or
 * with an unreadable end) is refused before the first day, so no input can make the loop run away.
 */
export function* eachDay(from: string, to: string, maxDays: number): Generator<string> {
  const count = daysBetween(from, to) + 1;
  if (!Number.isInteger(count) || count > maxDays) {
    throw new RangeError(`Rango de fechas inválido o mayor a ${maxDays} días: ${from}..${to}`);
  }
  for (let index = 0; index < count; index++) yield addDays(from, index);
}

/** Whether `date` is 'YYYY-MM-DD' naming a day that exists (no 2023-02-29, no month 13). */
export function isCalendarDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const instant = new Date(Date.UTC(year, month - 1, day));
  return (
    instant.getUTCFullYear() === year && instant.getUTCMonth() === month - 1 && instant.getUTCDate() === day
  );
}
