import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type AccrualResult, accrueFees, type BatchResult } from '../../src/jobs/accrual.ts';
import { expectedFor, fiveLoans, runStoppedAtFirstBatch, stateOf, ZERO } from '../support/accrual-loans.ts';
import { useTestApp } from '../support/app.ts';
import { addDays, businessToday, TEST_TIME_ZONE } from '../support/clock.ts';
import { expectLoanInvariant } from '../support/loan-invariant.ts';
import { databaseUrlOf } from '../support/row-lock.ts';
import { useLoanWorld } from '../support/worlds.ts';

/**
 * The accrual in batches (jobs/accrual.ts) on one connection: five loans worked on two at a time give
 * what one batch gives, and a run stopped between batches is finished by the next one, counting
 * nothing twice (support/accrual-loans.ts: the loans and what they owe through T+37).
 */
const context = useTestApp();
const world = useLoanWorld(context);

describe('the accrual in batches', () => {
  it('gives in batches of 2 loans what one batch gives, and each batch commits on its own', async () => {
    const T = businessToday();
    const ids = await fiveLoans(context, world);
    const batches: BatchResult[] = [];
    // The pauses are recorded, not waited: one after each batch that wrote, none after the last.
    const pauses: number[] = [];
    const pause = async (ms: number) => {
      pauses.push(ms);
    };
    const result = await accrueFees(context.database.db, {
      throughDate: addDays(T, 37),
      timeZone: TEST_TIME_ZONE,
      batchLoans: 2,
      connections: 1,
      pausePercent: 50,
      pause,
      onBatch: (batch) => {
        batches.push(batch);
      },
    });
    expect(pauses).toHaveLength(2);
    expect(pauses.every((ms) => ms > 0)).toBe(true);
    expect(result).toEqual({ status: 'done', feesCreated: 335, installmentsDelayed: 25, loansUpdated: 5 });
    expect(batches.map((b) => b.loans)).toEqual([2, 2, 1]);
    expect(batches.map((b) => b.feesCreated)).toEqual([134, 134, 67]);
    expect(batches.map((b) => b.lastLoanId)).toEqual([ids[1], ids[3], ids[4]]);
    const inBatches = await expectedFor(context, ids, T);
    // Every loan the same as the others: the same fees, installments and balance, batch or not.
    const shapes = new Set(inBatches.map(({ loan_id: _, ...rest }) => JSON.stringify(rest)));
    expect(shapes.size).toBe(1);

    // Reruns in batches of any size find nothing to do, and read on without pausing.
    pauses.length = 0;
    for (const batchLoans of [1, 2, 1_000])
      expect(
        await accrueFees(context.database.db, {
          throughDate: addDays(T, 37),
          timeZone: TEST_TIME_ZONE,
          batchLoans,
          pausePercent: 50,
          pause,
        }),
      ).toEqual(ZERO);
    expect(pauses).toEqual([]);
    expect(await stateOf(context, ids)).toEqual(inBatches);
    await expectLoanInvariant(context.database.db);
  });

  it('finishes a run stopped after its first batch: the rest once, nothing counted twice', async () => {
    const T = businessToday();
    const ids = await fiveLoans(context, world);
    const done = await runStoppedAtFirstBatch(context, addDays(T, 37), { batchLoans: 2, connections: 1 });
    expect(done).toHaveLength(1);
    // The first batch is committed whole; the other loans are as they were.
    const midway = await stateOf(context, ids);
    expect(midway.filter((row) => row.status === 'DELAYED').map((row) => row.loan_id)).toEqual(
      ids.slice(0, 2),
    );
    expect(midway.slice(2).every((row) => row.status === 'ACTIVE' && row.fees === null)).toBe(true);

    const rest: AccrualResult = await accrueFees(context.database.db, {
      throughDate: addDays(T, 37),
      timeZone: TEST_TIME_ZONE,
      batchLoans: 2,
    });
    expect(rest).toEqual({ status: 'done', feesCreated: 201, installmentsDelayed: 15, loansUpdated: 3 });
    const [first] = done;
    expect({
      feesCreated: (first?.feesCreated ?? 0) + rest.feesCreated,
      installmentsDelayed: (first?.installmentsDelayed ?? 0) + rest.installmentsDelayed,
      loansUpdated: (first?.loansUpdated ?? 0) + rest.loansUpdated,
    }).toEqual({ feesCreated: 335, installmentsDelayed: 25, loansUpdated: 5 });
    const final = await expectedFor(context, ids, T);
    expect(new Set(final.map(({ loan_id: _, ...rest }) => JSON.stringify(rest))).size).toBe(1);
    expect(
      await accrueFees(context.database.db, { throughDate: addDays(T, 37), timeZone: TEST_TIME_ZONE }),
    ).toEqual(ZERO);
    await expectLoanInvariant(context.database.db);
  });

  // PGlite is one connection: nobody else can ask for a row while a batch holds it.
  it.skipIf(!process.env.DATABASE_URL)(
    'holds only its own batch: the loans of later batches stay free',
    async () => {
      const T = businessToday();
      const ids = await fiveLoans(context, world);
      const other = new pg.Client({ connectionString: databaseUrlOf(context.database) });
      await other.connect();
      const seen: string[] = [];
      try {
        await accrueFees(context.database.db, {
          throughDate: addDays(T, 37),
          timeZone: TEST_TIME_ZONE,
          batchLoans: 2,
          connections: 1,
          onStep: async (step) => {
            if (step !== 'fees inserted' || seen.length > 0) return;
            // Inside the first batch's transaction: its loans are held, the last loan is not.
            for (const id of [ids[0], ids[4]]) {
              await other.query('begin');
              try {
                await other.query('select id from loans where id = $1 for no key update nowait', [id]);
                seen.push('libre');
              } catch (error) {
                seen.push((error as { code?: string }).code === '55P03' ? 'bloqueado' : String(error));
              } finally {
                await other.query('rollback');
              }
            }
          },
        });
      } finally {
        await other.end();
      }
      expect(seen).toEqual(['bloqueado', 'libre']);
      await expectedFor(context, ids, T);
    },
  );
});
