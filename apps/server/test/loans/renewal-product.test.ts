import type { LoanProduct } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { okDataOf } from '../support/api.ts';
import { expectProblem, request } from '../support/app.ts';
import { expectLoanInvariant } from '../support/loan-invariant.ts';
import { useLoansWorld } from '../support/loans-world.ts';
import { activeLoan, confirm, expectLedger, loanOf, openAccount, registerOldest } from '../support/worlds.ts';

/**
 * A renewal under another product: the new loan copies the chosen active product's terms, while the
 * threshold that allows it is the renewed loan's own (copied from its product when it was requested).
 * The old loan: $10,000 at 20 %, 12 × $1,000, threshold lowered to 2, 2 paid: payoff $10,000. The
 * other product 'Quincenal 8' (8 weekly, 16 %, $30 a day, cap 5 %, threshold 6): $15,000 becomes
 * 8 × $2,175.00 = $17,400.00, and $5,000 is handed over in cash.
 */
const { api, context, world } = useLoansWorld();

const createProduct = (payload: Record<string, unknown>) =>
  okDataOf<LoanProduct>(
    request(context.app, {
      method: 'POST',
      url: '/api/v1/loan-products',
      token: world.admin.token,
      payload: {
        name: 'Quincenal 8',
        termWeeks: 8,
        interestPercent: 16,
        dailyFee: 30,
        lateFeeCapPercent: 5,
        minAmount: 2_000,
        maxAmount: 20_000,
        renewalThreshold: 6,
        payoffDiscountPercent: 0,
        ...payload,
      },
    }),
    201,
  );

async function renewableLoan() {
  const fondeo = await openAccount(context, world.admin, 100_000, 'Fondeo');
  const { loan } = await activeLoan(context, world.admin, world.customer.id, { accountId: fondeo.id });
  await context.database.db.execute(sql`update loans set renewal_threshold = 2 where id = ${loan.id}`);
  const payment = await registerOldest(context, world.admin, loan.id, 2);
  await confirm(context, world.admin, payment.id, fondeo.id);
  return { loan, fondeo };
}

describe('a renewal under another product', () => {
  it("takes the chosen product's terms and the old loan's threshold", async () => {
    const { loan, fondeo } = await renewableLoan();
    const other = await createProduct({});
    // With two active products the renewal must name one, like any request.
    expectProblem(
      await api.create(world.admin.token, world.customer.id, { amount: 15_000, renewsLoanId: loan.id }),
      400,
      /producto/i,
    );
    const renewal = await api.createOk(world.admin.token, world.customer.id, {
      amount: 15_000,
      renewsLoanId: loan.id,
      productId: other.id,
    });
    expect(renewal).toMatchObject({
      status: 'PENDING',
      renewsLoanId: loan.id,
      product: { id: other.id, name: 'Quincenal 8' },
      term: 8,
      dailyFee: 30,
      interestRate: 0.16,
      totalToRepay: 17_400,
    });
    await api.approveOk(world.admin.token, renewal.id, fondeo.id);
    const delivered = await api.activateOk(world.admin.token, renewal.id);
    expect(delivered).toMatchObject({ status: 'ACTIVE', currentBalance: 17_400 });
    expect(await api.scheduleOk(world.admin.token, renewal.id)).toHaveLength(8);
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({ status: 'PAID', currentBalance: 0 });
    await expectLedger(context);
    await expectLoanInvariant(context.database.db);
  });

  it("is refused under an inactive product or outside the chosen product's amounts", async () => {
    const { loan } = await renewableLoan();
    const other = await createProduct({});
    expectProblem(
      await api.create(world.admin.token, world.customer.id, {
        amount: 25_000,
        renewsLoanId: loan.id,
        productId: other.id,
      }),
      400,
      /20,000/,
    );
    await request(context.app, {
      method: 'PATCH',
      url: `/api/v1/loan-products/${other.id}`,
      token: world.admin.token,
      payload: { active: false },
    });
    const refused = await api.create(world.admin.token, world.customer.id, {
      amount: 15_000,
      renewsLoanId: loan.id,
      productId: other.id,
    });
    expect(refused.statusCode, refused.body).toBe(400);
  });

  it("goes ahead when the renewed loan's product is no longer offered", async () => {
    const { loan, fondeo } = await renewableLoan();
    const other = await createProduct({});
    const setActive = (id: string, active: boolean) =>
      request(context.app, {
        method: 'PATCH',
        url: `/api/v1/loan-products/${id}`,
        token: world.admin.token,
        payload: { active },
      });
    expect((await setActive(loan.product?.id ?? '', false)).statusCode).toBe(200);
    // The only active product now is the other one: the request need not name it.
    const renewal = await api.createOk(world.admin.token, world.customer.id, {
      amount: 12_000,
      renewsLoanId: loan.id,
    });
    expect(renewal).toMatchObject({ product: { id: other.id }, term: 8, totalToRepay: 13_920 });
    await api.approveOk(world.admin.token, renewal.id, fondeo.id);
    await api.activateOk(world.admin.token, renewal.id);
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({ status: 'PAID' });
    await expectLedger(context);
  });
});
