/**
 * The business calendar (docs/architecture.md "Money and time"): dates and wall-clock times in the
 * business time zone (TZ_BUSINESS). Pure (Intl only), so daylight-saving changes are unit-tested with
 * fixed instants. The server builds its clock from config with these; the demo and the benchmarks use
 * the same functions.
 */

/** One formatter per zone and kind: building an Intl.DateTimeFormat costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: 'date' | 'wall', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    format =
      kind === 'date'
        ? // en-CA formats as YYYY-MM-DD.
          new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
        : new Intl.DateTimeFormat('en-US', {
            timeZone,
            hourCycle: 'h23',
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
          });
    formatters.set(key, format);
  }
  return format;
}

/** The calendar day of `instant` in the business time zone (TZ_BUSINESS), 'YYYY-MM-DD'. */
export function businessDate(instant: Date, timeZone: string): string {
  return formatter('date', timeZone).format(instant);
}

/** Adds days to a calendar date, in UTC so no time zone or DST can shift it. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) throw new RangeError(`Fecha inválida: ${date}`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The day a week starts on: collections' 'Esta semana' runs Monday to Sunday, the dashboard's default
 * range (and the reports it reads) Sunday to Saturday.
 */
export type WeekStart = 'monday' | 'sunday';

/** The first and last day of the week holding `date`. Calendar arithmetic in UTC, like addDays. */
export function weekOf(date: string, start: WeekStart): { from: string; to: string } {
  // getUTCDay: 0 is Sunday.
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const from = addDays(date, -(start === 'sunday' ? weekday : (weekday + 6) % 7));
  return { from, to: addDays(from, 6) };
}

/** The last day of the business week of `date`: its Sunday (a Sunday is its own week's end). */
export function endOfWeek(date: string): string {
  return weekOf(date, 'monday').to;
}

/** How far the zone's wall clock is ahead of UTC at `instantMs`, in milliseconds (−6 h for Mexico City). */
export function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const parts = formatter('wall', timeZone).formatToParts(new Date(instantMs));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  // The wall clock has whole seconds.
  return wall - Math.floor(instantMs / 1000) * 1000;
}

/**
 * The instant at which the wall clock of `timeZone` shows `date` `hour`:`minute` (minutes past 59 roll
 * over, so `(date, 0, minuteOfDay)` works too). A second pass settles the offset across a
 * daylight-saving change; a wall time the change skips maps to the hour after.
 */
export function zonedInstant(date: string, hour: number, minute: number, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const guess = wall - zoneOffsetMs(wall, timeZone);
  const settled = wall - zoneOffsetMs(guess, timeZone);
  // In a skipped hour neither guess shows `wall`: they straddle the change, and the later one is after it.
  if (zoneOffsetMs(settled, timeZone) === wall - settled) return new Date(settled);
  return new Date(Math.max(guess, settled));
}

/**
 * The instants a business day spans in `timeZone`: from its first instant (`start`, included) to the
 * next day's (`end`, excluded). A day is 23 or 25 hours long across a daylight-saving change.
 */
export function businessDayBounds(date: string, timeZone: string): { start: Date; end: Date } {
  return { start: zonedInstant(date, 0, 0, timeZone), end: zonedInstant(addDays(date, 1), 0, 0, timeZone) };
}

/** The next instant, strictly after `now`, at which the business clock shows `hour`:`minute`. */
export function nextDailyRun(now: Date, timeZone: string, hour: number, minute: number): Date {
  const today = businessDate(now, timeZone);
  const candidate = zonedInstant(today, hour, minute, timeZone);
  if (candidate.getTime() > now.getTime()) return candidate;
  return zonedInstant(addDays(today, 1), hour, minute, timeZone);
}
