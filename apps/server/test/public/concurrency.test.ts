import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { afterFailure, type PinLockoutState } from '../../src/domain/pin-lockout.ts';
import { recordFailure } from '../../src/modules/public/pin-lockouts.ts';
import { expectProblem, rowsOf, useTestApp } from '../helpers.ts';
import { type LoanWorld, loanWorld } from '../loans/support.ts';
import { activeLoan, jsonPart } from '../payments/support.ts';
import { BAD_CREDENTIAL, publicApi } from './support.ts';

/**
 * The PIN lockout upsert against the pure rule (both databases); under concurrency only against
 * PostgreSQL (DATABASE_URL): PGlite is one connection and runs statements one after another. The count
 * is one upsert per failure, so no increment is lost.
 */
const context = useTestApp();

describe('the lockout upsert', () => {
  it('follows the pure rule step by step', async () => {
    const t0 = Date.now();
    let expected: PinLockoutState | undefined;
    // 5 failures a minute apart (lock), one while locked, one after expiry (starts over), one past the window.
    const times = [0, 1, 2, 3, 4, 10, 20, 40].map((m) => new Date(t0 + m * 60_000));
    for (const at of times) {
      expected = afterFailure(expected, at);
      const stored = await recordFailure(context.database.db, 777, at);
      expect(stored).toEqual(expected);
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('PIN lockout under concurrency (PostgreSQL)', () => {
  let world: LoanWorld;
  let loanId: string;
  let firstInstallment: string;

  beforeEach(async () => {
    world = await loanWorld(context);
    const active = await activeLoan(context, world.admin, world.customer.id);
    loanId = active.loan.id;
    firstInstallment = active.schedule[0]?.id ?? '';
  });

  const lockoutOf = async (num: number) =>
    rowsOf<{ failed_count: number; locked: boolean }>(
      await context.database.db.execute(
        sql`select failed_count, coalesce(locked_until > now(), false) as locked from pin_lockouts where user_num = ${num}`,
      ),
    )[0];

  it('4 concurrent failures count 4 exactly (no lost increment)', async () => {
    const now = new Date();
    await Promise.all(Array.from({ length: 4 }, () => recordFailure(context.database.db, 4242, now)));
    expect(await lockoutOf(4242)).toEqual({ failed_count: 4, locked: false });
  });

  it('10 concurrent wrong PINs over HTTP lock the number; then the right PIN is refused', async () => {
    const pay = (pin: string) =>
      publicApi(context.app).pay(
        loanId,
        [jsonPart({ scheduledPaymentIds: [firstInstallment], paymentMethod: 0 as never })],
        [world.agent.num, pin],
      );
    const replies = await Promise.all(Array.from({ length: 10 }, () => pay('0000')));
    for (const reply of replies) expectProblem(reply, 401, BAD_CREDENTIAL);
    const state = await lockoutOf(world.agent.num);
    expect(state?.failed_count).toBeGreaterThanOrEqual(5);
    expect(state?.locked).toBe(true);
    expectProblem(await pay(world.agent.pin), 401, BAD_CREDENTIAL);
  });
});
