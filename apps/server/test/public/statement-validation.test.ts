import { publicLoanDetail } from '@prestaya/contracts';
import { describe, expect, it } from 'vitest';
import { paymentsApi } from '../support/api.ts';
import { useTestApp } from '../support/app.ts';
import { jsonPart } from '../support/builders.ts';
import { publicApi } from '../support/public-api.ts';
import { overdueLoan, useLoanWorld } from '../support/worlds.ts';

/**
 * The public statement after a payment still in validation: the balance still owes it, and the reply
 * says how much is in validation and what remains once it is confirmed, so the page need not guess.
 */
const context = useTestApp();
const world = useLoanWorld(context);

describe('public statement with a payment in validation', () => {
  it('gives the amount in validation and the balance after it', async () => {
    const { loan, schedule } = await overdueLoan(context, world);
    const payments = paymentsApi(context);
    const fees = await payments.feesOk(world.admin.token, loan.id);
    const before = (await publicApi(context.app).detail(loan.id)).json().data.loan;
    expect(before).toMatchObject({ inValidation: 0, balanceAfterValidation: before.currentBalance });

    const first = schedule[0];
    if (!first) throw new Error('fixture: no installment');
    const payment = await payments.registerOk(world.agent.token, loan.id, [
      jsonPart({ scheduledPaymentIds: [first.id], feeIds: fees.map((f) => f.id), paymentMethod: 'CASH' }),
    ]);

    const response = await publicApi(context.app).detail(loan.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json().data;
    expect(publicLoanDetail.strict().safeParse(body).success).toBe(true);
    expect(body.loan.currentBalance).toBe(before.currentBalance);
    expect(body.loan.inValidation).toBe(payment.amount);
    expect(body.loan.balanceAfterValidation).toBeCloseTo(before.currentBalance - payment.amount, 2);
  });

  it('counts the part of an installment an abono holds, not only items held whole', async () => {
    const { loan } = await overdueLoan(context, world);
    const payments = paymentsApi(context);
    const before = (await publicApi(context.app).detail(loan.id)).json().data.loan;
    // $1,500 of the $12,150: the 3 fines and installment 1 whole, $350 of installment 2.
    await payments.registerOk(world.agent.token, loan.id, [
      jsonPart({ abono: 1_500, paymentMethod: 'CASH' }),
    ]);

    const body = (await publicApi(context.app).detail(loan.id)).json().data;
    expect(body.loan.inValidation).toBe(1_500);
    expect(body.loan.balanceAfterValidation).toBe(before.currentBalance - 1_500);
  });
});
