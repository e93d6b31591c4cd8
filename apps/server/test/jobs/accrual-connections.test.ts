import { describe, expect, it } from 'vitest';
import { accrueFees, type BatchResult, batchAgainOnDeadlock, loanRanges } from '../../src/jobs/accrual.ts';
import { expectedFor, fiveLoans, runStoppedAtFirstBatch, ZERO } from '../support/accrual-loans.ts';
import { useTestApp } from '../support/app.ts';
import { addDays, businessToday, TEST_TIME_ZONE } from '../support/clock.ts';
import { expectLoanInvariant } from '../support/loan-invariant.ts';
import { useLoanWorld } from '../support/worlds.ts';

/**
 * The accrual on several connections (jobs/accrual.ts): the loans owing cut into ranges, the ranges
 * worked side by side, a batch PostgreSQL failed with a deadlock run again, and a failing batch
 * stopping the others (support/accrual-loans.ts: the five loans and what they owe through T+37).
 */
const context = useTestApp();
const world = useLoanWorld(context);

describe('the accrual on several connections', () => {
  it('cuts the loans owing into ranges that hold each of them once, in id order', async () => {
    const T = businessToday();
    const ids = await fiveLoans(context, world);
    const through = addDays(T, 37);
    const db = context.database.db;
    expect(await loanRanges(db, through, 1)).toEqual([{ afterLoanId: null, untilLoanId: null }]);
    expect(await loanRanges(db, through, 2)).toEqual([
      { afterLoanId: null, untilLoanId: ids[2] },
      { afterLoanId: ids[2], untilLoanId: null },
    ]);
    // More parts than loans: one loan a range.
    expect(await loanRanges(db, through, 8)).toEqual(
      ids.map((id, index) => ({ afterLoanId: ids[index - 1] ?? null, untilLoanId: index === 4 ? null : id })),
    );
    // Nothing owing yet: the whole table, one range.
    expect(await loanRanges(db, T, 8)).toEqual([{ afterLoanId: null, untilLoanId: null }]);
  });

  it('runs a batch again when PostgreSQL broke a deadlock with it, a few times at most', async () => {
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const result: BatchResult = {
      loans: 1,
      locked: 1,
      feesCreated: 1,
      installmentsDelayed: 0,
      loansUpdated: 1,
      lastLoanId: null,
    };
    let tries = 0;
    const failingTwice = async () => {
      tries += 1;
      if (tries < 3) throw new Error('query failed', { cause: deadlock });
      return result;
    };
    expect(await batchAgainOnDeadlock(failingTwice)).toBe(result);
    expect(tries).toBe(3);
    tries = 0;
    await expect(batchAgainOnDeadlock(() => Promise.reject(deadlock))).rejects.toBe(deadlock);
    const other = Object.assign(new Error('unique'), { code: '23505' });
    await expect(
      batchAgainOnDeadlock(async () => {
        tries += 1;
        throw other;
      }),
    ).rejects.toBe(other);
    expect(tries).toBe(1);
  });

  // PGlite is one connection: there the run is one connection whatever it is asked for.
  it.skipIf(!process.env.DATABASE_URL)(
    'works on two connections at once, and gives what one gives',
    async () => {
      const T = businessToday();
      const ids = await fiveLoans(context, world);
      // Each batch waits at its first step (a while at most) for another to be in its transaction:
      // two at once is only possible with two connections.
      let inside = 0;
      let most = 0;
      const batches: BatchResult[] = [];
      const result = await accrueFees(context.database.db, {
        throughDate: addDays(T, 37),
        timeZone: TEST_TIME_ZONE,
        batchLoans: 2,
        connections: 2,
        onStep: async (step) => {
          if (step !== 'locked') return;
          inside += 1;
          most = Math.max(most, inside);
          for (let waited = 0; inside < 2 && waited < 40; waited++)
            await new Promise((resolve) => setTimeout(resolve, 50));
          inside -= 1;
        },
        onBatch: (batch) => {
          batches.push(batch);
        },
      });
      expect(most).toBe(2);
      expect(result).toEqual({ status: 'done', feesCreated: 335, installmentsDelayed: 25, loansUpdated: 5 });
      // Eight ranges asked for, five loans: one loan a batch, every loan once.
      expect(batches.map((batch) => batch.lastLoanId).sort()).toEqual(ids);
      const final = await expectedFor(context, ids, T);
      expect(new Set(final.map(({ loan_id: _, ...rest }) => JSON.stringify(rest))).size).toBe(1);
      expect(
        await accrueFees(context.database.db, {
          throughDate: addDays(T, 37),
          timeZone: TEST_TIME_ZONE,
          connections: 2,
        }),
      ).toEqual(ZERO);
      await expectLoanInvariant(context.database.db);
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'stops both connections when a batch fails; the next run does the rest once',
    async () => {
      const T = businessToday();
      const ids = await fiveLoans(context, world);
      const done = await runStoppedAtFirstBatch(context, addDays(T, 37), { batchLoans: 1, connections: 2 });
      // The batch that failed and, at most, the other connection's batch already under way.
      expect(done.length).toBeGreaterThanOrEqual(1);
      expect(done.length).toBeLessThanOrEqual(2);
      const rest = await accrueFees(context.database.db, {
        throughDate: addDays(T, 37),
        timeZone: TEST_TIME_ZONE,
        connections: 2,
      });
      const sum = (key: 'feesCreated' | 'installmentsDelayed' | 'loansUpdated') =>
        done.reduce((total, batch) => total + batch[key], rest[key]);
      expect([sum('feesCreated'), sum('installmentsDelayed'), sum('loansUpdated')]).toEqual([335, 25, 5]);
      expect(rest.loansUpdated).toBe(5 - done.length);
      await expectedFor(context, ids, T);
      await expectLoanInvariant(context.database.db);
    },
  );
});
