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
const LOAN = '0190a1b2-0000-7000-8000-000000000001';
const OTHER_LOAN = '0190a1b2-0000-7000-8000-000000000002';
const fail = (num: number, address: string, minutes: number, loanId = LOAN) =>
  recordFailure(context.database.db, { userNum: num, loanId, address, at: at(minutes), userId: `u-${num}` });
const lockOf = (num: number, address: string, minutes: number, loanId = LOAN) =>
  activeLock(context.database.db, { userNum: num, loanId, address }, at(minutes));

describe('the lockout upsert (the rule)', () => {
  it('pair: the 5th failure on one (number, loan) within 15 minutes locks it for 15 minutes from every address; while locked it stays; then it starts over', async () => {
    for (const [i, minute] of [0, 1, 2, 3].entries()) {
      const outcome = await fail(777, `10.0.0.${i}`, minute);
      expect(outcome.lockedUntil).toBeUndefined();
    }
    const fifth = await fail(777, '10.0.0.4', 4);
    expect(fifth.pair).toMatchObject({ failedCount: 5, windowStartedAt: at(0), lockedUntil: at(19) });
    expect(fifth.address).toMatchObject({ failedCount: 1, lockedUntil: null });
    expect(fifth.lockedUntil).toEqual(at(19));
    expect(fifth.everywhere).toMatchObject({ failedCount: 5, lockedUntil: null });
    expect(await lockOf(777, '192.168.9.9', 18.99)).toEqual(at(19));
    // The same number on another loan is not locked.
    expect(await lockOf(777, '192.168.9.9', 5, OTHER_LOAN)).toBeUndefined();
    // A failure that raced past the check while locked: counted, the lock unchanged.
    const racing = await fail(777, '10.0.0.5', 10);
    expect(racing.pair).toMatchObject({ failedCount: 6, lockedUntil: at(19) });
    // The lock has ended: a new count.
    expect(await lockOf(777, '10.0.0.5', 19)).toBeUndefined();
    const after = await fail(777, '10.0.0.6', 19);
    expect(after.pair).toMatchObject({ failedCount: 1, windowStartedAt: at(19), lockedUntil: null });
  });

  it('address: 5 failures of one number from one address on different loans lock that number there, not elsewhere', async () => {
    const loans = [1, 2, 3, 4, 5].map((i) => `0190a1b2-0000-7000-8000-00000000010${i}`);
    const outcomes = [];
    for (const [i, loanId] of loans.entries()) outcomes.push(await fail(782, 'A', i, loanId));
    expect(outcomes.map((o) => o.lockedUntil)).toEqual([undefined, undefined, undefined, undefined, at(19)]);
    expect(outcomes[4]?.address).toMatchObject({ failedCount: 5, lockedUntil: at(19) });
    expect(outcomes[4]?.pair).toMatchObject({ failedCount: 1, lockedUntil: null });
    expect(await lockOf(782, 'A', 5, OTHER_LOAN)).toEqual(at(19));
    expect(await lockOf(782, 'B', 5, OTHER_LOAN)).toBeUndefined();
  });

  it('failures 15 minutes or more after the window began start a new count', async () => {
    for (const minute of [0, 5, 10, 14.99]) await fail(778, 'A', minute);
    const later = await fail(778, 'A', 15);
    expect(later.pair).toMatchObject({ failedCount: 1, windowStartedAt: at(15), lockedUntil: null });
    expect(later.address).toMatchObject({ failedCount: 1, windowStartedAt: at(15), lockedUntil: null });
    expect(later.everywhere).toMatchObject({ failedCount: 5, windowStartedAt: at(0), lockedUntil: null });
  });

  it('burst: the 20th failure within an hour is reported once (audit), and never locks', async () => {
    const outcomes = [];
    for (let i = 0; i < 20; i++)
      outcomes.push(
        await fail(
          779,
          `10.0.0.${i}`,
          i * 3,
          `0190a1b2-0000-7000-8000-0000000002${String(i).padStart(2, '0')}`,
        ),
      );
    expect(outcomes.map((o) => o.burstNow)).toEqual([...Array(19).fill(false), true]);
    expect(outcomes[19]?.everywhere).toMatchObject({ failedCount: 20, lockedUntil: null });
    expect(outcomes[19]?.lockedUntil).toBeUndefined();
    expect(await lockOf(779, '192.168.1.1', 60)).toBeUndefined();
    const more = await fail(779, '10.0.0.99', 58, OTHER_LOAN);
    expect(more).toMatchObject({ burstNow: false, lockedUntil: undefined });
    expect(more.everywhere.failedCount).toBe(21);
    const audit = rowsOf<{ entity_id: string; after: Record<string, unknown> }>(
      await context.database.db.execute(
        sql`select entity_id, after from audit_log where action = 'pin_burst' and entity_id = 'u-779'`,
      ),
    );
    expect(audit).toEqual([
      {
        entity_id: 'u-779',
        after: {
          num: 779,
          failedAttempts: 20,
          since: at(0).toISOString(),
          at: at(57).toISOString(),
          addresses: 20,
          loans: 20,
        },
      },
    ]);
  });

  it('burst: 19 failures, then the hour passes: the count starts over', async () => {
    for (let i = 0; i < 19; i++) await fail(780, `10.0.1.${i}`, i);
    const late = await fail(780, '10.0.1.200', 60);
    expect(late.everywhere).toMatchObject({ failedCount: 1, windowStartedAt: at(60), lockedUntil: null });
  });

  it("a right PIN forgets its pair's and its own address's count, never a lock in force", async () => {
    for (const minute of [0, 1, 2, 3]) await fail(781, 'A', minute);
    await fail(781, 'B', 4, OTHER_LOAN);
    expect(
      await clearFailures(context.database.db, { userNum: 781, loanId: OTHER_LOAN, address: 'B' }, at(5)),
    ).toBeUndefined();
    const rows = rowsOf<{ scope: string; failed_count: number }>(
      await context.database.db.execute(
        sql`select scope, failed_count from pin_lockouts where user_num = 781 order by scope`,
      ),
    );
    expect(rows).toEqual([
      { scope: '*', failed_count: 5 },
      { scope: 'ip:A', failed_count: 4 },
      { scope: `loan:${LOAN}`, failed_count: 4 },
    ]);
    await fail(781, 'A', 6);
    expect(
      await clearFailures(context.database.db, { userNum: 781, loanId: LOAN, address: 'A' }, at(7)),
    ).toEqual(at(21));
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
        recordFailure(context.database.db, {
          userNum: 4242,
          loanId: LOAN,
          address: '10.1.1.1',
          at: now,
          userId: 'u-4242',
        }),
      ),
    );
    expect(await lockoutOf(4242, `loan:${LOAN}`)).toEqual({ failed_count: 4, locked: false });
    expect(await lockoutOf(4242, 'ip:10.1.1.1')).toEqual({ failed_count: 4, locked: false });
    expect(await lockoutOf(4242, '*')).toEqual({ failed_count: 4, locked: false });
  });

  it('25 concurrent failures from 25 addresses on 25 loans are reported once (one audit event), no lock', async () => {
    const now = new Date();
    const outcomes = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        recordFailure(context.database.db, {
          userNum: world.agent.num,
          loanId: `0190a1b2-0000-7000-8000-0000000003${String(i).padStart(2, '0')}`,
          address: `10.2.0.${i}`,
          at: now,
          userId: world.agent.id,
        }),
      ),
    );
    expect(outcomes.filter((o) => o.burstNow)).toHaveLength(1);
    expect(outcomes.filter((o) => o.lockedUntil)).toHaveLength(0);
    expect(await lockoutOf(world.agent.num, '*')).toEqual({ failed_count: 25, locked: false });
    const audit = rowsOf<{ action: string }>(
      await context.database.db.execute(
        sql`select action from audit_log where entity_id = ${world.agent.id} and action = 'pin_burst'`,
      ),
    );
    expect(audit).toHaveLength(1);
  });

  it('10 concurrent wrong PINs over HTTP on one looked-up loan lock the pair; then the right PIN is refused on it', async () => {
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
    const state = await lockoutOf(world.agent.num, `loan:${loanId}`);
    expect(state?.failed_count).toBeGreaterThanOrEqual(5);
    expect(state?.locked).toBe(true);
    expectProblem(
      await pay(world.agent.pin),
      423,
      /^PIN bloqueado por demasiados intentos; intente de nuevo a las \d\d:\d\d$/,
    );
  });
});
