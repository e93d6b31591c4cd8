import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { activeLock, clearFailures, recordFailure } from '../../src/modules/public/pin-lockouts.ts';
import { expectProblem, useTestApp } from '../support/app.ts';
import { jsonPart } from '../support/builders.ts';
import { rowsOf } from '../support/database.ts';
import { BAD_CREDENTIAL, publicApi } from '../support/public-api.ts';
import { activeLoan, useLoanWorld } from '../support/worlds.ts';

/**
 * The PIN lockout rule — one upsert in SQL (modules/public/pin-lockouts.ts) — step by step on both
 * databases with explicit instants; under concurrency only against PostgreSQL (DATABASE_URL): PGlite
 * is one connection and runs statements one after another.
 */
const context = useTestApp();
const T0 = Date.parse('2025-03-03T18:00:00Z');
const MIN = 60_000;
const at = (minutes: number) => new Date(T0 + minutes * MIN);
const fail = (num: number, address: string, minutes: number) =>
  recordFailure(context.database.db, { userNum: num, address, at: at(minutes) });

describe('the lockout upsert (the rule)', () => {
  it('per address: the 5th failure within 15 minutes locks for 15 minutes; while locked it stays; then it starts over', async () => {
    for (const minute of [0, 1, 2, 3]) {
      const outcome = await fail(777, 'A', minute);
      expect(outcome.lockedUntil).toBeUndefined();
    }
    const fifth = await fail(777, 'A', 4);
    expect(fifth.address).toMatchObject({ failedCount: 5, windowStartedAt: at(0), lockedUntil: at(19) });
    expect(fifth.lockedUntil).toEqual(at(19));
    expect(fifth.everywhere).toMatchObject({ failedCount: 5, lockedUntil: null });
    expect(await activeLock(context.database.db, 777, 'A', at(18.99))).toEqual(at(19));
    expect(await activeLock(context.database.db, 777, 'B', at(5))).toBeUndefined();
    // A failure that raced past the check while locked: counted, the lock unchanged.
    const racing = await fail(777, 'A', 10);
    expect(racing.address).toMatchObject({ failedCount: 6, lockedUntil: at(19) });
    // The lock has ended: a new count.
    expect(await activeLock(context.database.db, 777, 'A', at(19))).toBeUndefined();
    const after = await fail(777, 'A', 19);
    expect(after.address).toMatchObject({ failedCount: 1, windowStartedAt: at(19), lockedUntil: null });
  });

  it('per address: failures 15 minutes or more after the window began start a new count', async () => {
    for (const minute of [0, 5, 10, 14.99]) await fail(778, 'A', minute);
    const later = await fail(778, 'A', 15);
    expect(later.address).toMatchObject({ failedCount: 1, windowStartedAt: at(15), lockedUntil: null });
    expect(later.everywhere).toMatchObject({ failedCount: 5, windowStartedAt: at(0), lockedUntil: null });
  });

  it('everywhere: the 20th failure within an hour from any addresses locks every address, once', async () => {
    const outcomes = [];
    for (let i = 0; i < 20; i++) outcomes.push(await fail(779, `10.0.0.${i}`, i * 3));
    expect(outcomes.map((o) => o.lockedEverywhereNow)).toEqual([...Array(19).fill(false), true]);
    expect(outcomes[19]?.everywhere).toMatchObject({ failedCount: 20, lockedUntil: at(57 + 15) });
    expect(await activeLock(context.database.db, 779, '192.168.1.1', at(60))).toEqual(at(72));
    // One more that raced past the check: counted (21), not a second lock.
    const racing = await fail(779, '10.0.0.99', 58);
    expect(racing).toMatchObject({ lockedEverywhereNow: false, lockedUntil: at(72) });
    expect(racing.everywhere.failedCount).toBe(21);
  });

  it('everywhere: 19 failures, then the hour passes: the count starts over', async () => {
    for (let i = 0; i < 19; i++) await fail(780, `10.0.1.${i}`, i);
    const late = await fail(780, '10.0.1.200', 60);
    expect(late.everywhere).toMatchObject({ failedCount: 1, windowStartedAt: at(60), lockedUntil: null });
  });

  it("a right PIN forgets its own address's count only, never a lock in force", async () => {
    for (const minute of [0, 1, 2, 3]) await fail(781, 'A', minute);
    await fail(781, 'B', 4);
    expect(await clearFailures(context.database.db, 781, 'B', at(5))).toBeUndefined();
    const rows = rowsOf<{ scope: string; failed_count: number }>(
      await context.database.db.execute(
        sql`select scope, failed_count from pin_lockouts where user_num = 781 order by scope`,
      ),
    );
    expect(rows).toEqual([
      { scope: '*', failed_count: 5 },
      { scope: 'A', failed_count: 4 },
    ]);
    await fail(781, 'A', 6);
    expect(await clearFailures(context.database.db, 781, 'A', at(7))).toEqual(at(21));
  });
});

describe.skipIf(!process.env.DATABASE_URL)('PIN lockout under concurrency (PostgreSQL)', () => {
  const world = useLoanWorld(context);
  let loanId: string;
  let firstInstallment: string;

  beforeEach(async () => {
    const active = await activeLoan(context, world.admin, world.customer.id);
    loanId = active.loan.id;
    firstInstallment = active.schedule[0]?.id ?? '';
  });

  const lockoutOf = async (num: number, scope: string) =>
    rowsOf<{ failed_count: number; locked: boolean }>(
      await context.database.db.execute(
        sql`select failed_count, coalesce(locked_until > now(), false) as locked
              from pin_lockouts where user_num = ${num} and scope = ${scope}`,
      ),
    )[0];

  it('4 concurrent failures count 4 exactly on both counters (no lost increment)', async () => {
    const now = new Date();
    await Promise.all(
      Array.from({ length: 4 }, () =>
        recordFailure(context.database.db, { userNum: 4242, address: '10.1.1.1', at: now }),
      ),
    );
    expect(await lockoutOf(4242, '10.1.1.1')).toEqual({ failed_count: 4, locked: false });
    expect(await lockoutOf(4242, '*')).toEqual({ failed_count: 4, locked: false });
  });

  it('25 concurrent failures from 25 addresses lock the number everywhere with exactly one audit event', async () => {
    const now = new Date();
    const outcomes = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        recordFailure(context.database.db, {
          userNum: world.agent.num,
          address: `10.2.0.${i}`,
          at: now,
          userId: world.agent.id,
        }),
      ),
    );
    expect(outcomes.filter((o) => o.lockedEverywhereNow)).toHaveLength(1);
    expect(await lockoutOf(world.agent.num, '*')).toEqual({ failed_count: 25, locked: true });
    const audit = rowsOf<{ action: string }>(
      await context.database.db.execute(
        sql`select action from audit_log where entity_id = ${world.agent.id} and action = 'pin_locked'`,
      ),
    );
    expect(audit).toHaveLength(1);
  });

  it('10 concurrent wrong PINs over HTTP from one address lock it; then the right PIN is refused there', async () => {
    const pay = (pin: string) =>
      publicApi(context.app).pay(
        loanId,
        [jsonPart({ scheduledPaymentIds: [firstInstallment], paymentMethod: 0 as never })],
        [world.agent.num, pin],
      );
    const replies = await Promise.all(Array.from({ length: 10 }, () => pay('0000')));
    // Each is refused: a wrong PIN (401) or, from the failure that locked on, the lock (423).
    for (const reply of replies) expect([401, 423]).toContain(reply.statusCode);
    expect(replies.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(4);
    for (const reply of replies.filter((r) => r.statusCode === 401))
      expectProblem(reply, 401, BAD_CREDENTIAL);
    const state = await lockoutOf(world.agent.num, '127.0.0.1');
    expect(state?.failed_count).toBeGreaterThanOrEqual(5);
    expect(state?.locked).toBe(true);
    expectProblem(
      await pay(world.agent.pin),
      423,
      /^PIN bloqueado por demasiados intentos; intente de nuevo a las \d\d:\d\d$/,
    );
  });
});
