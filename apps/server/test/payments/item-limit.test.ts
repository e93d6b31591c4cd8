import { TOO_MANY_FEES_MESSAGE, TOO_MANY_INSTALLMENTS_MESSAGE } from '@prestaya/contracts';
import { MAX_PAYMENT_FEES, MAX_PAYMENT_INSTALLMENTS } from '@prestaya/domain';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { paymentsApi } from '../support/api.ts';
import { expectProblem, request } from '../support/app.ts';
import { jsonPart } from '../support/builders.ts';
import { addDays, businessToday } from '../support/clock.ts';
import { expectLoanInvariant } from '../support/loan-invariant.ts';
import { useLoansWorld } from '../support/loans-world.ts';
import { accrue, activeLoan, confirm, expectLedger, loanOf, openAccount } from '../support/worlds.ts';

/**
 * A very late loan paid by ticking what it owes: $10,000 in 12 × $1,000 requested 200 days ago, each
 * installment past due long enough to reach its $1,000 cap at $50 a day, so 12 × 20 = 240 fines of
 * $50 and 252 items, $24,000 in all. One payment may list what a loan can really owe
 * (@prestaya/domain payment-items.ts), so it is paid in full, before or after a write-off; a list
 * longer than any loan can owe is still refused with a 400 naming the limit.
 */
const { context, world } = useLoansWorld();
const payments = paymentsApi(context);
const T = businessToday();

async function veryLateLoan() {
  const { loan } = await activeLoan(context, world.admin, world.customer.id, {
    requestDate: addDays(T, -200),
  });
  await accrue(context, T);
  const pending = await payments.pendingOk(world.admin.token, loan.id);
  expect(pending.scheduledPayments).toHaveLength(12);
  expect(pending.fees).toHaveLength(240);
  expect(pending.total).toBe(24_000);
  return { loan, pending };
}

const tickAll = (pending: { scheduledPayments: { id: string }[]; fees: { id: string }[] }) =>
  jsonPart({
    scheduledPaymentIds: pending.scheduledPayments.map((p) => p.id),
    feeIds: pending.fees.map((f) => f.id),
    paymentMethod: 'CASH',
  });

describe('a payment of a very late loan', () => {
  it('ticks its 252 items and pays it in full', async () => {
    const { loan, pending } = await veryLateLoan();
    const account = await openAccount(context, world.admin, 0, 'Cobranza');
    const payment = await payments.registerOk(world.admin.token, loan.id, [tickAll(pending)]);
    expect(payment.amount).toBe(24_000);
    await confirm(context, world.admin, payment.id, account.id);
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({ status: 'PAID', currentBalance: 0 });
    await expectLedger(context);
    await expectLoanInvariant(context.database.db);
  });

  it('recovers a written-off loan in full the same way', async () => {
    const { loan, pending } = await veryLateLoan();
    const written = await request(context.app, {
      method: 'POST',
      url: `/api/v1/loans/${loan.id}/write-off`,
      token: world.admin.token,
      payload: { reason: 'Cliente ilocalizable' },
    });
    expect(written.statusCode, written.body).toBe(201);
    const account = await openAccount(context, world.admin, 0, 'Recuperación');
    const payment = await payments.registerOk(world.admin.token, loan.id, [tickAll(pending)]);
    expect(payment.amount).toBe(24_000);
    await confirm(context, world.admin, payment.id, account.id);
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({ currentBalance: 0 });
    await expectLedger(context);
  });

  it('refuses a list longer than any loan can owe with a 400 naming the limit', async () => {
    const { loan } = await veryLateLoan();
    const ids = (n: number) => Array.from({ length: n }, () => uuidv7());
    expectProblem(
      await payments.register(world.admin.token, loan.id, [
        jsonPart({ feeIds: ids(MAX_PAYMENT_FEES + 1), paymentMethod: 'CASH' }),
      ]),
      400,
      `paymentRequest.feeIds: ${TOO_MANY_FEES_MESSAGE}`,
    );
    expect(TOO_MANY_FEES_MESSAGE).toBe('Demasiadas multas en un pago: a lo más 10,400');
    expectProblem(
      await payments.register(world.admin.token, loan.id, [
        jsonPart({ scheduledPaymentIds: ids(MAX_PAYMENT_INSTALLMENTS + 1), paymentMethod: 'CASH' }),
      ]),
      400,
      `paymentRequest.scheduledPaymentIds: ${TOO_MANY_INSTALLMENTS_MESSAGE}`,
    );
    // Nothing was registered.
    expect((await payments.pendingOk(world.admin.token, loan.id)).fees).toHaveLength(240);
  });

  it('a product whose largest loan could owe more fines than one payment lists is refused', async () => {
    const product = (maxAmount: number) =>
      request(context.app, {
        method: 'POST',
        url: '/api/v1/loan-products',
        token: world.admin.token,
        payload: {
          name: `Grande ${maxAmount}`,
          termWeeks: 12,
          interestPercent: 20,
          dailyFee: 50,
          lateFeeCapPercent: 10,
          minAmount: 1_000,
          maxAmount,
          renewalThreshold: 8,
          payoffDiscountPercent: 0,
        },
      });
    // $200,000: cap $20,000 at $50 a day, 400 fines per installment over up to 52 installments.
    expectProblem(
      await product(200_000),
      400,
      'dailyFee: Un préstamo de $200,000.00 podría acumular 20,800 multas, más de las 10,400 que caben en un pago: suba la multa diaria o baje el tope de multas o el monto máximo',
    );
    expect((await product(100_000)).statusCode).toBe(201);
  });
});
