import { COLLECTED_BEFORE_FEE_REASON, zonedInstant } from '@prestaya/domain';
import { describe, expect, it } from 'vitest';
import { paymentsApi } from '../support/api.ts';
import { useTestApp } from '../support/app.ts';
import { jsonPart } from '../support/builders.ts';
import { addDays, businessToday, TEST_TIME_ZONE, testNow } from '../support/clock.ts';
import { cashCloseApi } from '../support/field-api.ts';
import { expectLoanInvariant } from '../support/loan-invariant.ts';
import { auditRowsOf, feeRows } from '../support/records.ts';
import { accrue, activeLoan, expectLedger, loanOf, openAccount, useLoanWorld } from '../support/worlds.ts';

/**
 * An abono taken without signal at 14:34 of day 1 and synced at 09:00 of day 2, after the 00:05
 * accrual charged installment 1 (due day 1) its day-2 fee. A $10,000 loan: installments of $1,000,
 * daily fee $50. The abono keeps its collection instant, is audited with what it paid, and is
 * confirmed by day 1's 'Corte de caja' like any collection.
 */
const DAY_2 = businessToday();
const DAY_1 = addDays(DAY_2, -1);
const SENT_AT = testNow?.() ?? zonedInstant(DAY_2, 9, 0, TEST_TIME_ZONE);
const COLLECTED_AT = zonedInstant(DAY_1, 14, 34, TEST_TIME_ZONE).toISOString();

const context = useTestApp({}, { now: () => SENT_AT });
const world = useLoanWorld(context);
const api = paymentsApi(context);
const cashClose = cashCloseApi(context);

async function lateByOneDay() {
  const { loan } = await activeLoan(context, world.admin, world.customer.id, {
    requestDate: addDays(DAY_1, -7),
  });
  expect(await accrue(context, DAY_2)).toMatchObject({ feesCreated: 1 });
  const abono = (amount: number) =>
    jsonPart({ abono: amount, paymentMethod: 'CASH', collectedAt: COLLECTED_AT });
  return { loan, abono };
}

async function expectInvariants() {
  await expectLedger(context);
  await expectLoanInvariant(context.database.db);
}

describe('an abono collected without signal', () => {
  it('paying installment 1 off does not owe the fee charged after it; the corte confirms it', async () => {
    const { loan, abono } = await lateByOneDay();
    const payment = await api.registerOk(world.agent.token, loan.id, [abono(1_300)]);
    expect(payment).toMatchObject({ amount: 1_300, kind: 'ABONO', collectedAt: COLLECTED_AT });
    const details = await api.detailsOk(world.agent.token, payment.id);
    expect(details.lines.map((l) => [l.concept, l.amount, l.remainingAfter])).toEqual([
      ['Pago 1 de 12', 1_000, undefined],
      ['Pago 2 de 12', 300, 700],
    ]);
    const [fee] = await feeRows(context, loan.id);
    expect(fee).toMatchObject({ fee_date: DAY_2, status: 'CANCELLED' });
    expect((await api.feesOk(world.admin.token, loan.id))[0]?.cancelReason).toBe(COLLECTED_BEFORE_FEE_REASON);
    const [registered] = await auditRowsOf(context, payment.id);
    expect(registered).toMatchObject({
      user_id: world.agent.id,
      action: 'registered',
      after: {
        kind: 'ABONO',
        amount: 1_300,
        collectedAt: COLLECTED_AT,
        cancelledFeeIds: [fee?.id],
        parts: [
          { amount: 1_000, remainingAfter: 0 },
          { amount: 300, remainingAfter: 700 },
        ],
      },
    });
    await expectInvariants();

    const caja = await openAccount(context, world.admin, 0, 'Caja');
    expect(
      await cashClose.confirmOk(world.admin.token, {
        agentId: world.agent.id,
        date: DAY_1,
        targetAccountId: caja.id,
      }),
    ).toMatchObject({ confirmed: 1, total: 1_300, paymentIds: [payment.id] });
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({
      currentBalance: 10_700,
      status: 'ACTIVE',
    });
    await expectInvariants();
  });

  it('paying part of installment 1 leaves the day-2 fee owed: fines accrue while any of it remains', async () => {
    const { loan, abono } = await lateByOneDay();
    const payment = await api.registerOk(world.agent.token, loan.id, [abono(400)]);
    expect((await api.detailsOk(world.agent.token, payment.id)).lines).toEqual([
      expect.objectContaining({ concept: 'Pago 1 de 12', amount: 400, remainingAfter: 600 }),
    ]);
    expect((await feeRows(context, loan.id)).map((f) => [f.fee_date, f.status])).toEqual([
      [DAY_2, 'PENDING'],
    ]);
    expect(await accrue(context, addDays(DAY_2, 1))).toMatchObject({ feesCreated: 1 });
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({
      currentBalance: 12_100,
      status: 'DELAYED',
    });
    await expectInvariants();
  });
});
