import { businessDate } from '@prestaya/domain';

/** The business time zone every test server runs with (testConfig's TZ_BUSINESS). */
export const TEST_TIME_ZONE = 'America/Mexico_City';

/**
 * PRESTAYA_TEST_NOW (an ISO instant) stops the clock of every test server useTestApp builds, and of
 * businessToday(), at that instant, so the whole suite can run at a chosen moment of the business day
 * (`npm run test:midnight`: 23:59 and 00:01). Only the test support reads it: the production server's
 * clock is the system's (app.ts). Rows keep the database's own timestamps, so the instant must fall on
 * the real business day for the "registered today" checks to find them.
 */
const FIXED_NOW = parseTestNow(process.env.PRESTAYA_TEST_NOW);

function parseTestNow(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new Error(`PRESTAYA_TEST_NOW: instante ISO inválido "${value}"`);
  return ms;
}

/** The tests' instant source: PRESTAYA_TEST_NOW when set, otherwise undefined (the system clock). */
export const testNow: (() => Date) | undefined =
  FIXED_NOW === undefined ? undefined : () => new Date(FIXED_NOW);

/** The current instant as the test servers see it. */
export const currentInstant = (): Date => testNow?.() ?? new Date();

/** Today in the tests' business time zone, as the server computes it. */
export const businessToday = (): string => businessDate(currentInstant(), TEST_TIME_ZONE);

export { daysBetween } from '@prestaya/contracts';
// The calendar arithmetic of the tests is the product's own, so a date a test expects is computed the
// way the server computes it.
export { addDays, endOfWeek } from '@prestaya/domain';
