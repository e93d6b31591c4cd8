import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loansApi } from '../support/api.ts';
import { createUserAndLogin, expectProblem } from '../support/app.ts';
import { filePart, fixture, jsonPart } from '../support/builders.ts';
import { addDays, businessToday } from '../support/clock.ts';
import { rowsOf } from '../support/database.ts';
import { expectLoanInvariant } from '../support/loan-invariant.ts';
import { usePaymentsWorld } from '../support/payments-world.ts';
import { accrue, confirm, expectLedger, loanOf, openAccount, overdueLoan } from '../support/worlds.ts';

/**
 * Partial payments, 'Abono' (docs/architecture.md "Payments"): an amount instead of ticked items pays
 * the pending fines, then the installments, oldest first; the last one is paid in part. The loan of
 * overdueLoan: $10,000, 12 installments of $1,000, installment 1 due T−3 with fines of $50 for T−2,
 * T−1 and T: she owes $12,150. The ledger, loan and tally invariants are checked after every action.
 */
const { api, context, world } = usePaymentsWorld();
const loans = loansApi(context);

const abono = (amount: number, extra: Record<string, unknown> = {}) =>
  jsonPart({ abono: amount, paymentMethod: 'CASH', ...extra });

async function expectInvariants() {
  await expectLedger(context);
  return expectLoanInvariant(context.database.db);
}

async function scheduleOf(loanId: string) {
  const response = await loans.schedule(world.admin.token, loanId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    paymentNumber: number;
    status: string;
    amount: number;
    paid?: number;
    held?: number;
  }[];
}

async function partsOf(loanId: string) {
  return rowsOf<{ n: number; status: string; paid: string; held: string }>(
    await context.database.db.execute(sql`
      select payment_number as n, status, paid_cents::text as paid, held_cents::text as held
        from scheduled_payments where loan_id = ${loanId} and payment_number <= 3 order by payment_number`),
  ).map((r) => ({ n: Number(r.n), status: r.status, paid: Number(r.paid), held: Number(r.held) }));
}

describe('an abono', () => {
  it('$1,500 of the $12,150 she owes: fines, installment 1, $350 of installment 2; confirmed', async () => {
    const caja = await openAccount(context, world.admin, 5_000, 'Caja');
    const { loan } = await overdueLoan(context, world);

    const payment = await api.registerOk(world.agent.token, loan.id, [abono(1_500)]);
    expect(payment).toMatchObject({ amount: 1_500, status: 'VALIDATING', kind: 'ABONO' });
    const details = await api.detailsOk(world.agent.token, payment.id);
    expect(details.lines).toEqual([
      { concept: 'Pago 1 de 12', amount: 1_000, type: 'Pago', date: expect.any(String) },
      { concept: 'Pago 2 de 12', amount: 350, type: 'Pago', date: expect.any(String), remainingAfter: 650 },
      ...['T−2', 'T−1', 'T'].map(() => expect.objectContaining({ type: 'Multa', amount: 50 })),
    ]);
    expect(details.totals).toEqual({ scheduledPayments: 1_350, fees: 150, total: 1_500 });
    expect(details.balanceAfter).toBe(10_650);
    // Owed until confirmed; what remains to pay is what the tick form and the next abono see.
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({
      currentBalance: 12_150,
      status: 'DELAYED',
    });
    const pending = await api.pendingOk(world.agent.token, loan.id);
    expect(pending.fees).toEqual([]);
    expect(pending.scheduledPayments.slice(0, 2).map((p) => [p.concept, p.amount])).toEqual([
      ['Pago 2 de 12', 650],
      ['Pago 3 de 12', 1_000],
    ]);
    expect(pending.total).toBe(10_650);
    expect(await partsOf(loan.id)).toEqual([
      { n: 1, status: 'VALIDATING', paid: 0, held: 100_000 },
      { n: 2, status: 'PENDING', paid: 0, held: 35_000 },
      { n: 3, status: 'PENDING', paid: 0, held: 0 },
    ]);
    expect((await expectInvariants()).payments.VALIDATING).toBe(1);

    await confirm(context, world.admin, payment.id, caja.id);
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({
      currentBalance: 10_650,
      status: 'ACTIVE',
    });
    const schedule = await scheduleOf(loan.id);
    expect(schedule.slice(0, 3)).toMatchObject([
      { paymentNumber: 1, status: 'PAID', amount: 1_000, paid: 1_000 },
      { paymentNumber: 2, status: 'PENDING', amount: 1_000, paid: 350 },
      { paymentNumber: 3, status: 'PENDING', amount: 1_000 },
    ]);
    expect(schedule[2]).not.toHaveProperty('paid');
    expect((await api.feesOk(world.admin.token, loan.id)).map((f) => f.status)).toEqual([
      'PAID',
      'PAID',
      'PAID',
    ]);
    expect((await expectInvariants()).payments.PAID).toBe(1);
  });

  it('a fine paid in part names what was held and then paid of it', async () => {
    const caja = await openAccount(context, world.admin, 5_000, 'Caja');
    const { loan } = await overdueLoan(context, world);
    const payment = await api.registerOk(world.agent.token, loan.id, [abono(20)]);
    const [first, second] = await api.feesOk(world.admin.token, loan.id);
    expect(first).toMatchObject({ status: 'PENDING', amount: 50, held: 20 });
    expect(first).not.toHaveProperty('paid');
    expect(second).not.toHaveProperty('held');
    await confirm(context, world.admin, payment.id, caja.id);
    const [paidPart] = await api.feesOk(world.admin.token, loan.id);
    expect(paidPart).toMatchObject({ status: 'PENDING', amount: 50, paid: 20 });
    expect(paidPart).not.toHaveProperty('held');
    await expectInvariants();
  });

  it('fines keep accruing on an installment while any part of it remains', async () => {
    const caja = await openAccount(context, world.admin, 5_000, 'Caja');
    const { loan } = await overdueLoan(context, world);
    const T = businessToday();
    // Fines $150 and $999 of installment 1: $1 of it remains.
    const payment = await api.registerOk(world.agent.token, loan.id, [abono(1_149)]);
    await confirm(context, world.admin, payment.id, caja.id);
    expect(await partsOf(loan.id)).toEqual([
      { n: 1, status: 'DELAYED', paid: 99_900, held: 0 },
      { n: 2, status: 'PENDING', paid: 0, held: 0 },
      { n: 3, status: 'PENDING', paid: 0, held: 0 },
    ]);
    await accrue(context, addDays(T, 1));
    const fees = await api.feesOk(world.admin.token, loan.id);
    expect(fees.map((f) => [f.feeDate, f.status])).toEqual([
      [addDays(T, -2), 'PAID'],
      [addDays(T, -1), 'PAID'],
      [T, 'PAID'],
      [addDays(T, 1), 'PENDING'],
    ]);
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({
      currentBalance: 11_051,
      status: 'DELAYED',
    });
    await expectInvariants();

    // The tick form pays the rest: the new fine and the $1 left of installment 1.
    const pending = await api.pendingOk(world.agent.token, loan.id);
    expect(pending.scheduledPayments[0]).toMatchObject({ concept: 'Pago 1 de 12', amount: 1 });
    const rest = await api.registerOk(world.agent.token, loan.id, [
      jsonPart({
        scheduledPaymentIds: [pending.scheduledPayments[0]?.id ?? ''],
        feeIds: pending.fees.map((f) => f.id),
        paymentMethod: 'CASH',
      }),
    ]);
    expect(rest).toMatchObject({ amount: 51, kind: 'ITEMS' });
    await confirm(context, world.admin, rest.id, caja.id);
    expect((await partsOf(loan.id))[0]).toEqual({ n: 1, status: 'PAID', paid: 100_000, held: 0 });
    await expectInvariants();
  });

  it('rejected, gives back each part: the installment it took is DELAYED again, the fines PENDING', async () => {
    const { loan } = await overdueLoan(context, world);
    const payment = await api.registerOk(world.agent.token, loan.id, [abono(1_400)]);
    await api.registerOk(world.agent.token, loan.id, [abono(100)]);
    expect(await partsOf(loan.id)).toEqual([
      { n: 1, status: 'VALIDATING', paid: 0, held: 100_000 },
      { n: 2, status: 'PENDING', paid: 0, held: 35_000 },
      { n: 3, status: 'PENDING', paid: 0, held: 0 },
    ]);
    await expectInvariants();
    await api.decideOk(world.admin.token, payment.id, {
      status: 'REJECTED',
      reason: 'No se recibió el efectivo',
    });
    expect(await partsOf(loan.id)).toEqual([
      { n: 1, status: 'DELAYED', paid: 0, held: 0 },
      { n: 2, status: 'PENDING', paid: 0, held: 10_000 },
      { n: 3, status: 'PENDING', paid: 0, held: 0 },
    ]);
    expect((await api.feesOk(world.admin.token, loan.id)).map((f) => f.status)).toEqual([
      'PENDING',
      'PENDING',
      'PENDING',
    ]);
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({
      currentBalance: 12_150,
      status: 'DELAYED',
    });
    const summary = await expectInvariants();
    expect(summary.payments).toMatchObject({ VALIDATING: 1, REJECTED: 1 });
  });

  it('paying all that is owed in abonos makes the loan PAID only once the last is confirmed', async () => {
    const caja = await openAccount(context, world.admin, 5_000, 'Caja');
    const { loan } = await overdueLoan(context, world);
    const first = await api.registerOk(world.agent.token, loan.id, [abono(6_000.5)]);
    const second = await api.registerOk(world.admin.token, loan.id, [abono(6_149.5)]);
    await expectProblem(
      await api.register(world.agent.token, loan.id, [abono(1)]),
      409,
      'No queda nada por abonar: lo que se debe ya está pagado o en validación',
    );
    await confirm(context, world.admin, second.id, caja.id);
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({ currentBalance: 6_000.5 });
    await expectInvariants();
    await confirm(context, world.admin, first.id, caja.id);
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({ currentBalance: 0, status: 'PAID' });
    expect((await scheduleOf(loan.id)).every((p) => p.status === 'PAID')).toBe(true);
    await expectInvariants();
  });

  it('accepts $1 up to what is owed; refuses less, more, items with it, and a fine with an abono', async () => {
    const { loan, fees, ids } = await overdueLoan(context, world);
    await expectProblem(
      await api.register(world.agent.token, loan.id, [abono(0.99)]),
      400,
      'paymentRequest.abono: El abono debe ser de al menos $1.00',
    );
    await expectProblem(
      await api.register(world.agent.token, loan.id, [abono(12_150.01)]),
      400,
      'paymentRequest.abono: El abono no puede ser mayor a lo que se debe ($12,150.00)',
    );
    await expectProblem(
      await api.register(world.agent.token, loan.id, [abono(100, { scheduledPaymentIds: ids(1) })]),
      400,
      'paymentRequest.abono: Indique los conceptos a pagar o el monto del abono, no ambos',
    );
    await expectProblem(await api.register(world.agent.token, loan.id, [abono(10.001)]), 400);
    expect((await expectInvariants()).payments).toEqual({ VALIDATING: 0, PAID: 0, REJECTED: 0 });

    await api.registerOk(world.agent.token, loan.id, [abono(1)]);
    expect((await partsOf(loan.id))[0]?.held).toBe(0);
    await expectProblem(
      await api.cancelFee(world.admin.token, loan.id, fees[0]?.id ?? ''),
      409,
      'La multa ya tiene un abono; solo se puede cancelar una multa sin abonos',
    );
    await expectProblem(
      await api.register(world.agent.token, loan.id, [abono(12_149.01)]),
      400,
      'paymentRequest.abono: El abono no puede ser mayor a lo que se debe ($12,149.00)',
    );
    await api.registerOk(world.agent.token, loan.id, [abono(12_149)]);
    await expectInvariants();
  });

  it('another agent gets 404 for a loan of a customer not theirs; a transfer abono keeps its proof', async () => {
    const { loan } = await overdueLoan(context, world);
    const other = await createUserAndLogin(context, { name: 'Otro', lastName: 'Agente' });
    await expectProblem(
      await api.register(other.token, loan.id, [abono(100)]),
      404,
      'Préstamo no encontrado',
    );
    const payment = await api.registerOk(world.agent.token, loan.id, [
      abono(200, { paymentMethod: 'TRANSFER' }),
      filePart(fixture('proof.png')),
    ]);
    expect(payment).toMatchObject({ kind: 'ABONO', paymentMethod: 'TRANSFER', amount: 200 });
    expect((await api.detailsOk(world.admin.token, payment.id)).attachments).toHaveLength(1);
    expect((await expectInvariants()).payments.VALIDATING).toBe(1);
  });

  it('a retry with the same Idempotency-Key writes one payment; the key with another amount is 422', async () => {
    const { loan } = await overdueLoan(context, world);
    const headers = { 'idempotency-key': 'abono-retry-0001' };
    const first = await api.register(world.agent.token, loan.id, [abono(500)], headers);
    const again = await api.register(world.agent.token, loan.id, [abono(500)], headers);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data).toEqual(first.json().data);
    await expectProblem(await api.register(world.agent.token, loan.id, [abono(600)], headers), 422);
    const [count] = rowsOf<{ n: number }>(
      await context.database.db.execute(
        sql`select count(*)::int as n from payments where loan_id = ${loan.id}`,
      ),
    );
    expect(count?.n).toBe(1);
    expect((await expectInvariants()).payments.VALIDATING).toBe(1);
  });
});
