import { businessDate } from '@prestaya/domain';

/** Today's business date in the configured time zone (app.config.businessTimeZone). */
export const businessDay = (timeZone: string, now: Date = new Date()) => businessDate(now, timeZone);
