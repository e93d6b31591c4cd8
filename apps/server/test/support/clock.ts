import { businessDate } from '@prestaya/domain';

/** The business time zone every test server runs with (testConfig's TZ_BUSINESS). */
export const TEST_TIME_ZONE = 'America/Mexico_City';

/** Today in the tests' business time zone, as the server computes it. */
export const businessToday = (): string => businessDate(new Date(), TEST_TIME_ZONE);

export { daysBetween } from '@prestaya/contracts';
// The calendar arithmetic of the tests is the product's own, so a date a test expects is computed the
// way the server computes it.
export { addDays, endOfWeek } from '@prestaya/domain';
