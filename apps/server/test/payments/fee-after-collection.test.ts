import { COLLECTED_BEFORE_FEE_REASON, zonedInstant } from '@prestaya/domain';
import { describe, expect, it } from 'vitest';
import { paymentsApi } from '../support/api.ts';
import { expectProblem, useTestApp } from '../support/app.ts';
import { jsonPart } from '../support/builders.ts';
import { addDays, businessToday, TEST_TIME_ZONE, testNow } from '../support/clock.ts';
import { cashCloseApi } from '../support/field-api.ts';
import { expectLoanInvariant } from '../support/loan-invariant.ts';
import { auditRowsOf, feeRows } from '../support/records.ts';
import { accrue, activeLoan, expectLedger, loanOf, openAccount, useLoanWorld } from '../support/worlds.ts';

/**
 * Cash taken without signal at 14:34 of day 1 on the installment due that day; the 00:05 accrual of
 * day 2 charges that installment's first late fee (dated day 2) before the phone syncs at 09:00 of
 * day 2. The borrower paid on time: the payment is accepted without that fee and cancels it
 * (packages/domain payment-rules.ts feesAccruedAfterCollection). A $10,000 loan: installments of
 * $1,000 every 7 days, daily fee $50.
 */
const DAY_2 = businessToday();
const DAY_1 = addDays(DAY_2, -1);
const SENT_AT = testNow?.() ?? zonedInstant(DAY_2, 9, 0, TEST_TIME_ZONE);
const COLLECTED_AT = zonedInstant(DAY_1, 14, 34, TEST_TIME_ZONE).toISOString();
const REFUSED = 'Debe incluir todas las multas pendientes';

const context = useTestApp({}, { now: () => SENT_AT });
const world = useLoanWorld(context);
const api = paymentsApi(context);
const cashClose = cashCloseApi(context);

/** A loan whose installment 1 falls due on day 1, registered a week before. */
async function dueOnDay1() {
  const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id, {
    requestDate: addDays(DAY_1, -7),
  });
  expect(schedule[0]?.dueDate).toBe(DAY_1);
  const first = schedule[0]?.id ?? '';
  const cash = (collectedAt?: string) =>
    jsonPart({
      scheduledPaymentIds: [first],
      paymentMethod: 'CASH',
      ...(collectedAt ? { collectedAt } : {}),
    });
  return { loan, first, cash };
}

describe('a late fee that accrued after an offline collection, before its sync', () => {
  it('is not required: the payment is accepted and cancels it, audited, and the loan owes no fee', async () => {
    const { loan, first, cash } = await dueOnDay1();
    // 00:05 of day 2: installment 1 is one day late.
    expect(await accrue(context, DAY_2)).toMatchObject({ feesCreated: 1 });
    const [fee] = await feeRows(context, loan.id);
    expect(fee).toMatchObject({ scheduled_payment_id: first, fee_date: DAY_2, status: 'PENDING' });
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({
      status: 'DELAYED',
      currentBalance: 12_050,
    });

    // 09:00 of day 2: the phone sends what it took at 14:34 of day 1, without the fee it never saw.
    const sent = await api.register(world.agent.token, loan.id, [cash(COLLECTED_AT)]);
    expect(sent.statusCode, sent.body).toBe(201);
    const payment = sent.json().data;
    expect(payment).toMatchObject({ amount: 1_000, status: 'VALIDATING', collectedAt: COLLECTED_AT });

    const fees = await api.feesOk(world.admin.token, loan.id);
    expect(fees).toEqual([
      expect.objectContaining({
        id: fee?.id,
        feeDate: DAY_2,
        status: 'CANCELLED',
        cancelReason: COLLECTED_BEFORE_FEE_REASON,
      }),
    ]);
    expect(COLLECTED_BEFORE_FEE_REASON).toBe('Pagada antes de generarse la multa (cobro sin conexión)');
    const audit = await auditRowsOf(context, fee?.id ?? '');
    expect(audit).toEqual([
      expect.objectContaining({
        user_id: world.agent.id,
        entity: 'fee',
        action: 'cancelled',
        before: expect.objectContaining({ status: 'PENDING' }),
        after: expect.objectContaining({
          status: 'CANCELLED',
          cancelReason: COLLECTED_BEFORE_FEE_REASON,
          paymentId: payment.id,
        }),
      }),
    ]);
    const [registered] = await auditRowsOf(context, payment.id);
    expect(registered?.after).toMatchObject({ feeIds: [], cancelledFeeIds: [fee?.id] });

    // Nothing more is owed for installment 1, and no later accrual charges it again.
    const pending = await api.pendingOk(world.agent.token, loan.id);
    expect(pending.fees).toEqual([]);
    expect(await accrue(context, DAY_2)).toMatchObject({ feesCreated: 0 });
    expect(await accrue(context, addDays(DAY_2, 3))).toMatchObject({ feesCreated: 0 });
    expect((await feeRows(context, loan.id)).map((f) => f.status)).toEqual(['CANCELLED']);

    // Day 1's Corte de caja confirms it into the Caja: the loan owes its 11 other installments.
    const caja = await openAccount(context, world.admin, 0, 'Caja');
    expect(
      await cashClose.confirmOk(world.admin.token, {
        agentId: world.agent.id,
        date: DAY_1,
        targetAccountId: caja.id,
      }),
    ).toMatchObject({ confirmed: 1, total: 1_000, paymentIds: [payment.id] });
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({ currentBalance: 11_000 });
    await expectLedger(context);
    await expectLoanInvariant(context.database.db);
  });

  it('is still required when the payment was not collected before the fee’s day', async () => {
    const { loan, cash } = await dueOnDay1();
    await accrue(context, DAY_2);
    // Collected when registered (no collectedAt), or collected on day 2 itself: the fee is owed.
    expectProblem(await api.register(world.agent.token, loan.id, [cash()]), 400, REFUSED);
    const sameDay = zonedInstant(DAY_2, 0, 0, TEST_TIME_ZONE).toISOString();
    expectProblem(await api.register(world.agent.token, loan.id, [cash(sameDay)]), 400, REFUSED);
    expect((await feeRows(context, loan.id)).map((f) => f.status)).toEqual(['PENDING']);
    expect(await api.pendingOk(world.agent.token, loan.id)).toMatchObject({ total: 12_050 });
  });

  it('counts the days in validation from the collection: a catch-up run after a rejection charges none', async () => {
    const { loan, cash } = await dueOnDay1();
    // The 00:05 run of day 2 did not happen (server down); the phone syncs at 09:00 and the office
    // rejects the collection the same morning, before the accrual catches day 2 up.
    const sent = await api.register(world.agent.token, loan.id, [cash(COLLECTED_AT)]);
    expect(sent.statusCode, sent.body).toBe(201);
    await api.decideOk(world.admin.token, sent.json().data.id, {
      status: 'REJECTED',
      reason: 'El efectivo no llegó a la oficina',
    });
    // Installment 1 spent day 2 in validation (collected on day 1, decided on day 2): no fee for it,
    // as for any payment registered before a day and decided on it. Day 3 is charged again.
    expect(await accrue(context, DAY_2)).toMatchObject({ feesCreated: 0 });
    expect(await feeRows(context, loan.id)).toEqual([]);
    expect(await accrue(context, addDays(DAY_2, 1))).toMatchObject({ feesCreated: 1 });
    expect((await feeRows(context, loan.id)).map((f) => [f.fee_date, f.status])).toEqual([
      [addDays(DAY_2, 1), 'PENDING'],
    ]);
    await expectLoanInvariant(context.database.db);
  });
});
