import { daysBetween } from '@prestaya/contracts';
import { addDays, businessDate, zonedInstant, zoneOffsetMs } from '@prestaya/domain';

/**
 * The business clock (TZ_BUSINESS) of the data generator: the domain's own functions, each answer
 * cached, because the generator asks millions of times over a few thousand distinct days and hours and
 * an Intl call per row would dominate its run time. Days are 'YYYY-MM-DD' strings, as in the database.
 */

/** The benchmarks' business time zone: TZ_BUSINESS, as the server reads it. */
export const BUSINESS_TIME_ZONE = process.env.TZ_BUSINESS || 'America/Mexico_City';

export class BusinessClock {
  /** zonedInstant of each (day, hour of the day) asked for, in ms. */
  private hourStarts = new Map<string, number>();
  /** The business day and minute of the start of each UTC hour asked for. */
  private hours = new Map<number, { day: string; minute: number }>();

  constructor(readonly timeZone: string) {}

  /** The instant (ms) of `minute` minutes after midnight of `day` on the business clock. */
  at(day: string, minute: number): number {
    const hour = Math.floor(minute / 60);
    const key = `${day} ${hour}`;
    let start = this.hourStarts.get(key);
    if (start === undefined) {
      start = zonedInstant(day, hour, 0, this.timeZone).getTime();
      this.hourStarts.set(key, start);
    }
    return start + (minute - hour * 60) * 60_000;
  }

  /** The business day and minute of an instant (offsets are whole hours, so one answer per UTC hour). */
  dayOf(ms: number): { day: string; minute: number } {
    const hour = Math.floor(ms / 3_600_000);
    let start = this.hours.get(hour);
    if (!start) {
      const hourMs = hour * 3_600_000;
      const day = businessDate(new Date(hourMs), this.timeZone);
      const wall = hourMs + zoneOffsetMs(hourMs, this.timeZone);
      start = { day, minute: Math.floor((wall - Date.parse(`${day}T00:00:00Z`)) / 60_000) };
      this.hours.set(hour, start);
    }
    return { day: start.day, minute: start.minute + Math.floor((ms % 3_600_000) / 60_000) };
  }
}

/** Days are numbered from this one, so a date and a day count map to each other. */
const EPOCH = '1970-01-01';
const dayNumbers = new Map<string, number>();
const dayStrings = new Map<number, string>();

/** `addDays` of @prestaya/domain with both directions cached. */
export function addDaysFast(day: string, days: number): string {
  let n = dayNumbers.get(day);
  if (n === undefined) {
    // addDays refuses a day that is not a date, as the generator's own days never are.
    n = daysBetween(EPOCH, addDays(day, 0));
    dayNumbers.set(day, n);
  }
  const target = n + days;
  let out = dayStrings.get(target);
  if (out === undefined) {
    out = addDays(EPOCH, target);
    dayStrings.set(target, out);
    dayNumbers.set(out, target);
  }
  return out;
}

export { daysBetween };

export const iso = (ms: number) => new Date(ms).toISOString();
