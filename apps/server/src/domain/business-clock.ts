import { addDays, businessDate } from '@prestaya/domain';

/**
 * Wall-clock times in the business time zone (TZ_BUSINESS), for the daily jobs. Pure (Intl only), so
 * daylight-saving changes are unit-tested with fixed instants.
 */

function zonedParts(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const value = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: value('year'),
    month: value('month'),
    day: value('day'),
    hour: value('hour'),
    minute: value('minute'),
    second: value('second'),
  };
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in milliseconds (whole seconds). */
function offsetMs(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant at which the wall clock of `timeZone` shows `date` `hour`:`minute`. Two passes settle the
 * offset across a daylight-saving change; a wall time skipped by the change maps to the hour after.
 */
export function zonedInstant(date: string, hour: number, minute: number, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let instant = wall - offsetMs(new Date(wall), timeZone);
  instant = wall - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

/** The next instant, strictly after `now`, at which the business clock shows `hour`:`minute`. */
export function nextDailyRun(now: Date, timeZone: string, hour: number, minute: number): Date {
  const today = businessDate(now, timeZone);
  const candidate = zonedInstant(today, hour, minute, timeZone);
  if (candidate.getTime() > now.getTime()) return candidate;
  return zonedInstant(addDays(today, 1), hour, minute, timeZone);
}
