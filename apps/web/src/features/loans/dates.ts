import { businessDate } from '@prestaya/domain';
import { BUSINESS_TIME_ZONE } from '../../lib/format.ts';

/**
 * Today in the business time zone (docs/architecture.md "Money and time": America/Mexico_City), 'YYYY-MM-DD'.
 * The request date defaults to it; the server refuses a later one, so a browser in another time zone
 * must not offer its own (possibly later) calendar day.
 */
export function businessToday(now: Date = new Date()): string {
  return businessDate(now, BUSINESS_TIME_ZONE);
}
