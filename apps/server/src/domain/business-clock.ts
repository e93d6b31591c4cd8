import { businessDate } from '@prestaya/domain';

/**
 * The business calendar of this server (TZ_BUSINESS, docs/architecture.md "Money and time"), built once
 * from config.businessTimeZone (app.ts decorates it as `app.businessClock`), so no module reads the
 * environment. The zone arithmetic itself is @prestaya/domain's business-time.ts.
 */
export interface BusinessClock {
  readonly timeZone: string;
  /** The business date of `now` (the system clock by default), 'YYYY-MM-DD'. */
  today(now?: Date): string;
}

export function businessClock(timeZone: string): BusinessClock {
  return { timeZone, today: (now = new Date()) => businessDate(now, timeZone) };
}
