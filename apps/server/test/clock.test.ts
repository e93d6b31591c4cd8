import { businessDate } from '@prestaya/domain';
import { describe, expect, it } from 'vitest';
import { businessClock } from '../src/clock.ts';
import { createAdmin, request, testClock, useTestApp } from './support/app.ts';
import { businessToday, TEST_TIME_ZONE } from './support/clock.ts';

/**
 * The app has one clock: the instant buildApp is given moves the business day too, not only the
 * sessions. 23:59 in Mexico City is already the next day in UTC; 00:01 is still the same UTC day.
 */
const BEFORE_MIDNIGHT = '2026-03-10T05:59:00Z'; // 2026-03-09 23:59 business time
const AFTER_MIDNIGHT = '2026-03-10T06:01:00Z'; // 2026-03-10 00:01 business time

let clock = Date.parse(BEFORE_MIDNIGHT);
const context = useTestApp({}, { now: () => new Date(clock) });

describe('the business clock', () => {
  it('gives the business date of its own instant, or of one it is asked about', () => {
    const at = businessClock(TEST_TIME_ZONE, () => new Date(BEFORE_MIDNIGHT));
    expect(at.now().toISOString()).toBe('2026-03-10T05:59:00.000Z');
    expect(at.today()).toBe('2026-03-09');
    expect(at.today(new Date(AFTER_MIDNIGHT))).toBe('2026-03-10');
  });

  it("moves the app's business day with the injected instant", async () => {
    const admin = await createAdmin(context);
    const asOf = async () =>
      (
        await request(context.app, { method: 'GET', url: '/api/v1/reports/portfolio', token: admin.token })
      ).json().data.asOf;
    clock = Date.parse(BEFORE_MIDNIGHT);
    expect(context.app.businessClock.today()).toBe('2026-03-09');
    expect(await asOf()).toBe('2026-03-09');
    clock = Date.parse(AFTER_MIDNIGHT);
    expect(await asOf()).toBe('2026-03-10');
  });
});

// npm run test:midnight sets PRESTAYA_TEST_NOW: the apps the test support builds, and the dates the
// tests expect, are then at that instant.
describe.runIf(process.env.PRESTAYA_TEST_NOW)('PRESTAYA_TEST_NOW', () => {
  it('stops the test apps and businessToday() at its instant', () => {
    const instant = new Date(process.env.PRESTAYA_TEST_NOW ?? '');
    expect(testClock().now?.().toISOString()).toBe(instant.toISOString());
    expect(businessToday()).toBe(businessDate(instant, TEST_TIME_ZONE));
  });
});
