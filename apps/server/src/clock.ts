import { businessDate } from '@prestaya/domain';

/**
 * The server's one clock: the current instant and the business calendar of TZ_BUSINESS
 * (docs/architecture.md "Money and time"). app.ts builds it once from config.businessTimeZone and the
 * instant source buildApp is given (the system clock in production, a fixed or moving one in tests) and
 * decorates it as `app.businessClock`, so every business decision reads the same "now" and no module
 * reads the environment. The zone arithmetic itself is @prestaya/domain's business-time.ts.
 */
export interface BusinessClock {
  readonly timeZone: string;
  /** The current instant. */
  now(): Date;
  /** The business date of `at` (the clock's current instant by default), 'YYYY-MM-DD'. */
  today(at?: Date): string;
}

export const systemNow = (): Date => new Date();

export function businessClock(timeZone: string, now: () => Date = systemNow): BusinessClock {
  return { timeZone, now, today: (at = now()) => businessDate(at, timeZone) };
}
