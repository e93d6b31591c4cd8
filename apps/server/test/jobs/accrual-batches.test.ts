import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  type AccrualResult,
  accrueFees,
  type BatchResult,
  batchAgainOnDeadlock,
  loanRanges,
} from '../../src/jobs/accrual.ts';
import { useTestApp } from '../support/app.ts';
import { addDays, businessToday, TEST_TIME_ZONE } from '../support/clock.ts';
import { rowsOf } from '../support/database.ts';
import { expectLoanInvariant } from '../support/loan-invariant.ts';
import { databaseUrlOf } from '../support/row-lock.ts';
import { activeLoan, customerOf, useLoanWorld } from '../support/worlds.ts';

/**
 * The accrual in batches (jobs/accrual.ts): five loans worked on two at a time give what one batch
 * gives, and a run stopped between batches is finished by the next one, counting nothing twice. Each
 * loan is the $10,000 loan of accrual.test.ts: through T+37, 67 fees, 5 installments DELAYED, owing
 * $15,350.
 */
const context = useTestApp();
const world = useLoanWorld(context);
const ZERO = { status: 'done', feesCreated: 0, installmentsDelayed: 0, loansUpdated: 0 };

async function fiveLoans(): Promise<string[]> {
  const ids: string[] = [];
  for (const name of ['Ana', 'Berta', 'Carla', 'Dora', 'Elsa']) {
    const customer = await customerOf(context, world.agent, name);
    ids.push((await activeLoan(context, world.admin, customer.id)).loan.id);
  }
  return ids.sort();
}

/** What the accrual decides for the loans, without ids or instants: fees, installments, balances. */
async function stateOf(loanIds: string[]) {
  const ids = `{${loanIds.join(',')}}`;
  return rowsOf<{ loan_id: string; status: string; balance: number; fees: string; installments: string }>(
    await context.database.db.execute(sql`
      select l.id as loan_id, l.status, l.current_balance_cents::int as balance,
             (select string_agg(sp.payment_number || '@' || f.fee_date || '=' || f.amount_cents || ' ' || f.status,
                                ',' order by sp.payment_number, f.fee_date)
                from fees f join scheduled_payments sp on sp.id = f.scheduled_payment_id
               where f.loan_id = l.id) as fees,
             (select string_agg(sp.payment_number || ' ' || sp.status, ',' order by sp.payment_number)
                from scheduled_payments sp where sp.loan_id = l.id) as installments
        from loans l where l.id = any(${ids}::uuid[]) order by l.id`),
  );
}

const expectedFor = (loanIds: string[], T: string) =>
  stateOf(loanIds).then((rows) => {
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'DELAYED', balance: 1_535_000 });
      expect(row.fees?.split(',')).toHaveLength(67);
      expect(row.fees?.split(',')[0]).toBe(`1@${addDays(T, 8)}=5000 PENDING`);
    }
    return rows;
  });

describe('the accrual in batches', () => {
  it('gives in batches of 2 loans what one batch gives, and each batch commits on its own', async () => {
    const T = businessToday();
    const ids = await fiveLoans();
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
    const inBatches = await expectedFor(ids, T);
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
    expect(await stateOf(ids)).toEqual(inBatches);
    await expectLoanInvariant(context.database.db);
  });

  it('finishes a run stopped after its first batch: the rest once, nothing counted twice', async () => {
    const T = businessToday();
    const ids = await fiveLoans();
    const done: BatchResult[] = [];
    const stopped = accrueFees(context.database.db, {
      throughDate: addDays(T, 37),
      timeZone: TEST_TIME_ZONE,
      batchLoans: 2,
      connections: 1,
      onBatch: (batch) => {
        done.push(batch);
        throw new Error('detenido después del primer lote');
      },
    });
    await expect(stopped).rejects.toThrow('detenido después del primer lote');
    expect(done).toHaveLength(1);
    // The first batch is committed whole; the other loans are as they were.
    const midway = await stateOf(ids);
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
    const final = await expectedFor(ids, T);
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
      const ids = await fiveLoans();
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
      await expectedFor(ids, T);
    },
  );

  it('cuts the loans owing into ranges that hold each of them once, in id order', async () => {
    const T = businessToday();
    const ids = await fiveLoans();
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
      const ids = await fiveLoans();
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
      const final = await expectedFor(ids, T);
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
      const ids = await fiveLoans();
      const done: BatchResult[] = [];
      const stopped = accrueFees(context.database.db, {
        throughDate: addDays(T, 37),
        timeZone: TEST_TIME_ZONE,
        batchLoans: 1,
        connections: 2,
        onBatch: (batch) => {
          done.push(batch);
          throw new Error('detenido');
        },
      });
      await expect(stopped).rejects.toThrow('detenido');
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
      await expectedFor(ids, T);
      await expectLoanInvariant(context.database.db);
    },
  );
});
