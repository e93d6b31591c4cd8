import { zoneOffsetMs } from '@prestaya/domain';

/**
 * Instants on the business clock (TZ_BUSINESS) without an Intl call per row: the zone's UTC offset
 * (@prestaya/domain) is computed once per calendar day and cached. Days are 'YYYY-MM-DD' strings, as in
 * the database.
 */

/** The benchmarks' business time zone: TZ_BUSINESS, as the server reads it. */
export const BUSINESS_TIME_ZONE = process.env.TZ_BUSINESS || 'America/Mexico_City';

export class BusinessClock {
  private offsets = new Map<string, number>();

  constructor(readonly timeZone: string) {}

  /** Milliseconds to add to UTC to get the zone's wall clock, around noon of `day`. */
  private offset(day: string): number {
    let offset = this.offsets.get(day);
    if (offset === undefined) {
      offset = zoneOffsetMs(Date.parse(`${day}T12:00:00Z`), this.timeZone);
      this.offsets.set(day, offset);
    }
    return offset;
  }

  /** The instant (ms) of `minute` minutes after midnight of `day` on the business clock. */
  at(day: string, minute: number): number {
    return Date.parse(`${day}T00:00:00Z`) + minute * 60_000 - this.offset(day);
  }

  private hours = new Map<number, { day: string; minute: number }>();

  /** The business day and minute of an instant (cached per UTC hour: offsets are whole hours). */
  dayOf(ms: number): { day: string; minute: number } {
    const hour = Math.floor(ms / 3_600_000);
    let start = this.hours.get(hour);
    if (!start) {
      const hourMs = hour * 3_600_000;
      const guess = new Date(hourMs - 6 * 3_600_000).toISOString().slice(0, 10);
      const wall = hourMs + this.offset(guess);
      const day = new Date(wall).toISOString().slice(0, 10);
      start = { day, minute: Math.floor((wall - Date.parse(`${day}T00:00:00Z`)) / 60_000) };
      this.hours.set(hour, start);
    }
    return { day: start.day, minute: start.minute + Math.floor((ms % 3_600_000) / 60_000) };
  }
}

const dayNumbers = new Map<string, number>();
const dayStrings = new Map<number, string>();

/**
 * `addDays` of @prestaya/domain with both directions cached: the generator adds days millions of
 * times over a few thousand distinct dates.
 */
export function addDaysFast(day: string, days: number): string {
  let n = dayNumbers.get(day);
  if (n === undefined) {
    n = Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
    if (Number.isNaN(n)) throw new RangeError(`Fecha inválida: ${day}`);
    dayNumbers.set(day, n);
  }
  const target = n + days;
  let out = dayStrings.get(target);
  if (out === undefined) {
    out = new Date(target * 86_400_000).toISOString().slice(0, 10);
    dayStrings.set(target, out);
    dayNumbers.set(out, target);
  }
  return out;
}

/** Whole days from `a` to `b` ('YYYY-MM-DD'). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

export const iso = (ms: number) => new Date(ms).toISOString();
