import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bankAccountsApi } from '../support/api.ts';
import { expectProblem } from '../support/app.ts';
import { rowsOf } from '../support/database.ts';
import { expectLoanInvariant } from '../support/loan-invariant.ts';
import { useLoansWorld } from '../support/loans-world.ts';
import {
  accountOf,
  activeLoan,
  confirm,
  expectLedger,
  loanOf,
  openAccount,
  registerOldest,
} from '../support/worlds.ts';

/**
 * Renewal ('Renovación'): a customer whose open loan has reached its renewal threshold gets a new loan
 * whose delivery settles the old loan's payoff from the new amount; the ledger shows the Entrega of the
 * whole amount and the Abono of the payoff, so only the difference leaves in cash. The old loan: $10,000
 * at 20 %, 12 × $1,000, delivered today; its threshold set to 2 installments; after 2 paid its payoff
 * (no discount) is $10,000. The ledger, loan and tally invariants are checked after every action.
 */
const { api, context, world } = useLoansWorld();

async function expectInvariants() {
  await expectLedger(context);
  return expectLoanInvariant(context.database.db);
}

async function renewableLoan(paid: number) {
  const fondeo = await openAccount(context, world.admin, 100_000, 'Fondeo');
  const { loan } = await activeLoan(context, world.admin, world.customer.id, { accountId: fondeo.id });
  await context.database.db.execute(sql`update loans set renewal_threshold = 2 where id = ${loan.id}`);
  if (paid > 0) {
    const payment = await registerOldest(context, world.admin, loan.id, paid);
    await confirm(context, world.admin, payment.id, fondeo.id);
  }
  await expectInvariants();
  return { loan, fondeo };
}

describe('a renewal', () => {
  it('is refused before the threshold, short of the payoff, and without renewsLoanId', async () => {
    const { loan } = await renewableLoan(1);
    expectProblem(
      await api.create(world.admin.token, world.customer.id, { amount: 20_000, renewsLoanId: loan.id }),
      409,
      `El préstamo #${loan.num} lleva 1 pagos de los 2 necesarios para renovarse`,
    );
    const payment = await registerOldest(context, world.admin, loan.id, 1);
    await confirm(context, world.admin, payment.id, loan.bankAccount?.id ?? '');
    expectProblem(
      await api.create(world.admin.token, world.customer.id, { amount: 20_000 }),
      409,
      /préstamo en curso/,
    );
    expectProblem(
      await api.create(world.admin.token, world.customer.id, { amount: 5_000, renewsLoanId: loan.id }),
      400,
      `amount: El monto del préstamo nuevo no cubre la liquidación del préstamo #${loan.num} ($10,000.00)`,
    );
    await expectInvariants();
  });

  it('delivered, pays off the old loan from the new amount and hands over the difference', async () => {
    const { loan, fondeo } = await renewableLoan(2);
    const renewal = await api.createOk(world.admin.token, world.customer.id, {
      amount: 25_000,
      renewsLoanId: loan.id,
    });
    expect(renewal).toMatchObject({ status: 'PENDING', renewsLoanId: loan.id });
    // One renewal at a time: the loan in progress is now the renewal.
    expectProblem(
      await api.create(world.admin.token, world.customer.id, { amount: 25_000, renewsLoanId: loan.id }),
      409,
      /préstamo en curso/,
    );
    await api.approveOk(world.admin.token, renewal.id, fondeo.id);
    await expectInvariants();
    const before = await accountOf(context, world.admin, fondeo.id);

    const delivered = await api.activateOk(world.admin.token, renewal.id);
    expect(delivered).toMatchObject({ status: 'ACTIVE', currentBalance: 30_000 });
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({ status: 'PAID', currentBalance: 0 });
    const after = await accountOf(context, world.admin, fondeo.id);
    // $25,000 out, the old loan's $10,000 back: $15,000 handed over in cash.
    expect(after.realBalance).toBe(before.realBalance - 15_000);
    const page = await bankAccountsApi(context.app).transactionsOk(world.admin.token, fondeo.id, '?size=10');
    const concepts = page.data.slice(0, 2).map((t) => [t.operationType, t.reason, t.amount]);
    expect(concepts).toEqual(
      expect.arrayContaining([
        ['WITHDRAWAL', `Entrega préstamo #${renewal.num} (renueva #${loan.num})`, 25_000],
        ['PAYMENT_DEPOSIT', `Liquidación por renovación préstamo #${loan.num}`, 10_000],
      ]),
    );
    const [payoff] = rowsOf<{ quote: string; renewal: string }>(
      await context.database.db.execute(
        sql`select quote_cents::text as quote, renewal_loan_id as renewal from loan_payoffs where loan_id = ${loan.id}`,
      ),
    );
    expect(payoff).toEqual({ quote: '1000000', renewal: renewal.id });
    expect((await expectInvariants()).payments.PAID).toBe(2);
  });
});
