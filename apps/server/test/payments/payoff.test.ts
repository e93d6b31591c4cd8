import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUserAndLogin, expectProblem, request } from '../support/app.ts';
import { jsonPart } from '../support/builders.ts';
import { rowsOf } from '../support/database.ts';
import { expectLoanInvariant } from '../support/loan-invariant.ts';
import { usePaymentsWorld } from '../support/payments-world.ts';
import { confirm, expectLedger, loanOf, openAccount, overdueLoan } from '../support/worlds.ts';

/**
 * Early payoff ('Liquidación anticipada', docs/architecture.md "Early payoff"). The loan of
 * overdueLoan: $10,000 at 20 %, 12 installments of $1,000, installment 1 due T−3 with three fines of
 * $50; installments 2–12 are not yet due. Each carries ⌊$1,000 × 0.2/1.2⌋ = $166.66 of interest; with
 * a 50 % payoff discount that is $83.33 each, 11 × $83.33 = $916.63 off: the quote is $12,150 − $916.63
 * = $11,233.37. The ledger, loan and tally invariants are checked after every action.
 */
const { api, context, world } = usePaymentsWorld();

const QUOTE = 11_233.37;
const payoff = (amount: number) => jsonPart({ payoff: amount, paymentMethod: 'CASH' });

async function expectInvariants() {
  await expectLedger(context);
  return expectLoanInvariant(context.database.db);
}

const quoteOf = (token: string, loanId: string) =>
  request(context.app, { method: 'GET', url: `/api/v1/loans/${loanId}/payoff-quote`, token });

async function discountedLoan() {
  const overdue = await overdueLoan(context, world);
  // The product's discount is copied onto the loan at its request; here set on the loan itself.
  await context.database.db.execute(
    sql`update loans set payoff_discount_bp = 5000 where id = ${overdue.loan.id}`,
  );
  return overdue;
}

describe('the payoff quote', () => {
  it('is what remains, plus fines, minus the discount on interest not yet due', async () => {
    const { loan } = await discountedLoan();
    const response = await quoteOf(world.agent.token, loan.id);
    expect(response.statusCode, response.body).toBe(200);
    const quote = response.json().data;
    expect(quote).toMatchObject({
      loan: { id: loan.id, num: loan.num },
      installments: 12_000,
      fines: 150,
      interestNotDue: 11 * 166.66,
      discountBp: 5_000,
      discount: 916.63,
      total: QUOTE,
    });
    expect(quote.lines.slice(0, 4).map((l: { kind: string }) => l.kind)).toEqual([
      'fee',
      'fee',
      'fee',
      'installment',
    ]);
    expect(quote.lines[3]).toMatchObject({ concept: 'Pago 1 de 12', remaining: 1_000, discount: 0 });
    expect(quote.lines[4]).toMatchObject({ concept: 'Pago 2 de 12', discount: 83.33, amount: 916.67 });
    await expectInvariants();
  });

  it('is 404 for another agent and 409 with a payment in validation', async () => {
    const { loan } = await discountedLoan();
    const other = await createUserAndLogin(context, { username: 'otroagente' });
    expectProblem(await quoteOf(other.token, loan.id), 404, 'Préstamo no encontrado');
    await api.registerOk(world.agent.token, loan.id, [jsonPart({ abono: 100, paymentMethod: 'CASH' })]);
    expectProblem(await quoteOf(world.admin.token, loan.id), 409, /pago en validación/);
    await expectInvariants();
  });
});

describe('a payoff payment', () => {
  it('pays off the loan: confirmed it is PAID, the discount recorded', async () => {
    const caja = await openAccount(context, world.admin, 5_000, 'Caja');
    const { loan } = await discountedLoan();
    expectProblem(
      await api.register(world.agent.token, loan.id, [payoff(11_233.38)]),
      400,
      /exactamente el de la cotización de hoy \(\$11,233\.37\)/,
    );
    const payment = await api.registerOk(world.agent.token, loan.id, [payoff(QUOTE)]);
    expect(payment).toMatchObject({ amount: QUOTE, status: 'VALIDATING', kind: 'PAYOFF' });
    // A double submit finds nothing left to pay off.
    expectProblem(await api.register(world.agent.token, loan.id, [payoff(QUOTE)]), 409, /pago en validación/);
    expect((await expectInvariants()).payments.VALIDATING).toBe(1);

    await confirm(context, world.admin, payment.id, caja.id);
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({ status: 'PAID', currentBalance: 0 });
    const [row] = rowsOf<{ discount: string; quote: string; paid: string }>(
      await context.database.db.execute(sql`
        select p.discount_cents::text as discount, p.quote_cents::text as quote,
               (select sum(amount_cents + discount_cents) from payment_items where payment_id = p.payment_id)::text as paid
          from loan_payoffs p where p.payment_id = ${payment.id}`),
    );
    expect(row).toEqual({ discount: '91663', quote: '1123337', paid: String(1_215_000) });
    const details = await api.detailsOk(world.admin.token, payment.id);
    expect(details.payoffDiscount).toBe(916.63);
    expect(details.lines.find((l) => l.concept === 'Pago 2 de 12')).toMatchObject({
      amount: 916.67,
      discount: 83.33,
    });
    expectProblem(await quoteOf(world.admin.token, loan.id), 409, /al corriente o atrasado/);
    // 'Pagos Recibidos' in CSV names it, and the payment's history shows the payoff with its quote.
    const csv = await request(context.app, {
      method: 'GET',
      url: '/api/v1/payments/export.csv',
      token: world.admin.token,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toMatch(/Liquidación anticipada/);
    const history = await request(context.app, {
      method: 'GET',
      url: `/api/v1/audit/payment/${payment.id}`,
      token: world.admin.token,
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(JSON.stringify(history.json().data)).toContain('"discount":916.63');
    const loanHistory = await request(context.app, {
      method: 'GET',
      url: `/api/v1/audit/loan/${loan.id}`,
      token: world.admin.token,
    });
    const payoffRow = (loanHistory.json().data as { action: string; after: unknown }[]).find(
      (row) => row.action === 'payoff_registered',
    );
    expect(payoffRow?.after).toMatchObject({ discount: 916.63, total: QUOTE });
    expect((await expectInvariants()).payments.PAID).toBe(1);
  });

  it('rejected, gives every part back: the loan owes what it owed', async () => {
    const { loan } = await discountedLoan();
    const payment = await api.registerOk(world.agent.token, loan.id, [payoff(QUOTE)]);
    await api.decideOk(world.admin.token, payment.id, { status: 'REJECTED', reason: 'Billetes falsos' });
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({
      status: 'DELAYED',
      currentBalance: 12_150,
    });
    const again = await quoteOf(world.admin.token, loan.id);
    expect(again.json().data.total).toBe(QUOTE);
    await expectInvariants();
  });

  it('after an abono: the quote prices what remains; without a discount it is the balance', async () => {
    const caja = await openAccount(context, world.admin, 5_000, 'Caja');
    const { loan } = await overdueLoan(context, world);
    const abono = await api.registerOk(world.agent.token, loan.id, [
      jsonPart({ abono: 1_500, paymentMethod: 'CASH' }),
    ]);
    await confirm(context, world.admin, abono.id, caja.id);
    const quote = (await quoteOf(world.admin.token, loan.id)).json().data;
    expect(quote).toMatchObject({ fines: 0, installments: 10_650, discount: 0, total: 10_650 });
    await expectInvariants();
    const payment = await api.registerOk(world.agent.token, loan.id, [payoff(10_650)]);
    await confirm(context, world.admin, payment.id, caja.id);
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({ status: 'PAID', currentBalance: 0 });
    const details = await api.detailsOk(world.admin.token, payment.id);
    expect(details.totals.total).toBe(10_650);
    await expectInvariants();
  });

  it('is idempotent under retries: the same Idempotency-Key twice writes one payoff', async () => {
    const { loan } = await discountedLoan();
    const key = { 'idempotency-key': 'liquidacion-reintento-1' };
    const [first, second] = await Promise.all([
      api.register(world.agent.token, loan.id, [payoff(QUOTE)], key),
      api.register(world.agent.token, loan.id, [payoff(QUOTE)], key),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(first.json().data.id).toBe(second.json().data.id);
    const [count] = rowsOf<{ n: string }>(
      await context.database.db.execute(
        sql`select count(*)::text as n from loan_payoffs where loan_id = ${loan.id}`,
      ),
    );
    expect(count?.n).toBe('1');
    expect((await expectInvariants()).payments.VALIDATING).toBe(1);
  });

  it('refuses a payoff with items or an abono', async () => {
    const { loan, ids } = await discountedLoan();
    expectProblem(
      await api.register(world.agent.token, loan.id, [
        jsonPart({ payoff: QUOTE, scheduledPaymentIds: ids(1), paymentMethod: 'CASH' }),
      ]),
      400,
      /no indique conceptos/,
    );
    await expectInvariants();
  });
});
