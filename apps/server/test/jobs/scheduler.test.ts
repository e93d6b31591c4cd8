import { zonedInstant } from '@prestaya/domain';
import { describe, expect, it } from 'vitest';
import type { AppDb } from '../../src/db/client.ts';
import { startAccrualScheduler } from '../../src/jobs/scheduler.ts';
import { useTestApp } from '../support/app.ts';
import { addDays, businessToday } from '../support/clock.ts';
import { feeRows } from '../support/records.ts';
import { expectLoanStatusTally, tallyRows } from '../support/status-tally-invariant.ts';
import { activeLoan, loanWorld } from '../support/worlds.ts';

/**
 * The accrual scheduler: a run at start-up, then one at every 00:05 business time. Time is simulated
 * with an injected clock that starts three seconds before 00:05, so the daily run comes after ~3 s.
 */
const context = useTestApp();

function recordingLog() {
  const infos: Record<string, unknown>[] = [];
  const errors: Record<string, unknown>[] = [];
  return {
    infos,
    errors,
    info: (object: object) => infos.push(object as Record<string, unknown>),
    error: (object: object) => errors.push(object as Record<string, unknown>),
  };
}

async function until(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
}

describe('startAccrualScheduler', () => {
  it('accrues at start-up through the business day, then again at 00:05; stop() ends it', async () => {
    const world = await loanWorld(context);
    const T = businessToday();
    const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id);

    // The clock reads T+10 at 00:04:57 in Mexico City and advances in real time.
    const start = Date.now();
    const base = zonedInstant(addDays(T, 10), 0, 4, 'America/Mexico_City').getTime() + 57_000;
    const log = recordingLog();
    const scheduler = startAccrualScheduler({
      db: context.database.db,
      timeZone: 'America/Mexico_City',
      log,
      now: () => new Date(base + (Date.now() - start)),
    });
    // Start-up run: through T+10 → installment 1 (due T+7) has T+8, T+9, T+10.
    expect(await scheduler.firstRun).toEqual({
      status: 'done',
      feesCreated: 3,
      installmentsDelayed: 1,
      loansUpdated: 1,
    });
    expect(log.infos[0]).toMatchObject({ throughDate: addDays(T, 10), feesCreated: 3 });
    // Then the loan status tally is folded: the rows of the loan's PENDING → APPROVED → ACTIVE →
    // DELAYED steps become one row per status it is in (DELAYED: 1).
    expect(log.infos[1]).toEqual({ rowsFolded: expect.any(Number) });
    expect(log.infos[1]?.rowsFolded).toBeGreaterThan(1);
    expect(await tallyRows(context.database.db)).toEqual([{ status: 'DELAYED', n: 1 }]);
    await expectLoanStatusTally(context.database.db);
    // And the report tallies: the portfolio's rows of the loan's steps become its one row, the
    // delivery's one row stays one.
    expect(log.infos[2]).toEqual({
      rowsFolded: {
        portfolio_tally: expect.any(Number),
        collection_tally: 0,
        delivery_tally: 1,
        payment_status_tally: 0,
        installment_due_tally: expect.any(Number),
        collection_due_tally: expect.any(Number),
        collection_promise_tally: 0,
      },
    });
    expect((log.infos[2]?.rowsFolded as Record<string, number> | undefined)?.portfolio_tally).toBeGreaterThan(
      1,
    );

    // At 00:05 of the same business day the daily run finds nothing new.
    expect(await until(() => log.infos.length >= 6)).toBe(true);
    expect(log.infos[3]).toMatchObject({ throughDate: addDays(T, 10), status: 'done', feesCreated: 0 });
    expect(log.infos[4]).toEqual({ rowsFolded: 1 });
    // The installments due of the 'Semana': one row per due date once folded.
    expect(log.infos[5]).toEqual({
      rowsFolded: {
        portfolio_tally: 1,
        collection_tally: 0,
        delivery_tally: 1,
        payment_status_tally: 0,
        installment_due_tally: schedule.length,
        collection_due_tally: expect.any(Number),
        collection_promise_tally: 0,
      },
    });
    await scheduler.stop();
    expect(log.errors).toEqual([]);
    expect(await feeRows(context, loan.id)).toHaveLength(3);
  });

  it('logs a failed run instead of throwing, and can still be stopped', async () => {
    const log = recordingLog();
    const failing = {
      transaction: async () => {
        throw new Error('base de datos no disponible');
      },
    } as unknown as AppDb;
    const scheduler = startAccrualScheduler({ db: failing, timeZone: 'America/Mexico_City', log });
    expect(await scheduler.firstRun).toBeUndefined();
    expect(log.infos).toEqual([]);
    // The accrual's failure does not stop the tallies' folds from being tried (and failing too).
    expect(log.errors).toHaveLength(3);
    expect((log.errors[0]?.err as Error | undefined)?.message).toBe('base de datos no disponible');
    await scheduler.stop();
  });
});
