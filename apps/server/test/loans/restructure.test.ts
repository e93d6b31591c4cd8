import type { AuditEntry, RestructurePreview, Restructuring } from '@prestaya/contracts';
import { weekOf } from '@prestaya/domain';
import { describe, expect, it } from 'vitest';
import { paymentsApi, reportsApi } from '../support/api.ts';
import { expectProblem, request } from '../support/app.ts';
import { jsonPart } from '../support/builders.ts';
import { addDays, businessToday } from '../support/clock.ts';
import { expectLoanInvariant } from '../support/loan-invariant.ts';
import { useLoansWorld } from '../support/loans-world.ts';
import {
  accrue,
  activeLoan,
  confirm,
  expectLedger,
  openAccount,
  overdueLoan,
  registerOldest,
} from '../support/worlds.ts';

const { api, context, world } = useLoansWorld();

/**
 * Restructuring ('Reestructurar', administrators): what remains of an open loan (fines condoned or
 * included) over a new number of weekly installments from next week; the old unpaid installments are
 * closed ('Reestructurado'), not deleted; the loan is marked and counted apart in the portfolio. The
 * loan, ledger and tally invariants hold after each action.
 */

const REASON = 'Pérdida de empleo del cliente';

async function expectInvariants() {
  await expectLoanInvariant(context.database.db);
  await expectLedger(context);
}

const previewOk = async (loanId: string, query: string): Promise<RestructurePreview> => {
  const response = await api.restructurePreview(world.admin.token, loanId, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

const historyOf = async (loanId: string): Promise<AuditEntry[]> => {
  const response = await request(context.app, {
    method: 'GET',
    url: `/api/v1/audit/loan/${loanId}`,
    token: world.admin.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

describe('restructuring a delayed loan', () => {
  it('previews, then closes the unpaid installments, condones the fines and spreads what remains', async () => {
    const T = businessToday();
    const { loan } = await overdueLoan(context, world);
    expect(loan.restructureCount).toBe(0);
    await expectInvariants();

    const preview = await previewOk(loan.id, 'fines=condonar&weeks=5');
    expect(preview).toMatchObject({
      closed: 12_000,
      pendingFines: 3,
      fines: 150,
      condonedFines: 150,
      includedFines: 0,
      spread: 12_000,
    });
    expect(preview.closedInstallments.map((i) => i.paymentNumber)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    expect(preview.installments).toEqual(
      [1, 2, 3, 4, 5].map((j) => ({
        paymentNumber: 12 + j,
        dueDate: addDays(T, 7 * j),
        amount: 2_400,
        concept: `Reestructura · Pago ${j} de 5`,
      })),
    );
    // A preview writes nothing.
    expect(await api.scheduleOk(world.admin.token, loan.id)).toHaveLength(12);

    const result = await api.restructureOk(world.admin.token, loan.id, {
      fines: 'condonar',
      weeks: 5,
      reason: `  ${REASON} `,
    });
    expect(result.loan).toMatchObject({
      status: 'ACTIVE',
      restructureCount: 1,
      currentBalance: 12_000,
      currentRealAmount: 12_000,
    });
    expect(result.loan.restructuredOn).not.toBeNull();
    expect(result.restructuring).toMatchObject({
      sequence: 1,
      reason: REASON,
      fines: 'condonar',
      weeks: 5,
      closed: 12_000,
      condonedFines: 150,
      includedFines: 0,
      spread: 12_000,
      firstPaymentNumber: 13,
      lastPaymentNumber: 17,
      createdBy: { id: world.admin.id, name: 'Usuario' },
    });

    const schedule = await api.scheduleOk(world.admin.token, loan.id);
    expect(schedule.map((i) => [i.paymentNumber, i.status])).toEqual([
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => [n, 'RESTRUCTURED']),
      ...[13, 14, 15, 16, 17].map((n) => [n, 'PENDING']),
    ]);
    const fees = await paymentsApi(context).feesOk(world.admin.token, loan.id);
    expect(fees.map((f) => [f.status, f.cancelReason])).toEqual(
      fees.map(() => ['CANCELLED', `Condonada en la reestructura 1: ${REASON}`]),
    );
    await expectInvariants();

    // The loan's history names the restructuring, who made it and why; the fines' rows are there too.
    const history = await historyOf(loan.id);
    const restructured = history.find((entry) => entry.action === 'restructured');
    expect(restructured).toMatchObject({
      user: { id: world.admin.id },
      after: {
        reason: REASON,
        fines: 'condonar',
        weeks: 5,
        closed: 12_000,
        spread: 12_000,
        restructureCount: 1,
      },
    });
    expect(history.filter((entry) => entry.entity === 'fee' && entry.action === 'cancelled')).toHaveLength(3);

    // Wherever loans are listed, it carries the mark; the portfolio counts it apart.
    const list = await api.list(world.admin.token);
    expect(list.json().data[0]).toMatchObject({ id: loan.id, restructureCount: 1 });
    const ofCustomer = await api.listOfCustomer(world.agent.token, world.customer.id);
    expect(ofCustomer.json().data[0]).toMatchObject({ id: loan.id, restructureCount: 1 });
    const portfolio = await reportsApi(context).portfolioOk(world.admin.token);
    expect(portfolio.loans).toEqual({ active: 0, delayed: 0, restructured: 1 });
    expect(portfolio.restructured).toEqual({ balance: 12_000, principal: 10_000 });
    expect(portfolio.outstandingPrincipal).toBe(10_000);
    const agentPortfolio = await reportsApi(context).portfolioOk(world.agent.token);
    expect(agentPortfolio.loans).toEqual(portfolio.loans);
    expect(agentPortfolio.restructured).toEqual(portfolio.restructured);

    // 'Semana' of Cobranza: of the week's installments, only those still part of the loan fall due.
    const week = weekOf(addDays(T, 4), 'monday');
    const dueThatWeek = schedule.filter(
      (i) => i.status !== 'RESTRUCTURED' && i.dueDate >= week.from && i.dueDate <= week.to,
    );
    const summary = await request(context.app, {
      method: 'GET',
      url: `/api/v1/collections/summary?week=${addDays(T, 4)}`,
      token: world.agent.token,
    });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().agents[0].installmentsDue).toEqual({
      count: dueThatWeek.length,
      amount: dueThatWeek.reduce((total, i) => total + i.amount, 0),
    });

    const listed = await api.restructurings(world.agent.token, loan.id);
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json().data as Restructuring[]).map((r) => r.sequence)).toEqual([1]);
  });

  it('includes the fines in the new installments when chosen, and can be restructured again', async () => {
    const T = businessToday();
    const { loan } = await overdueLoan(context, world);
    const first = await api.restructureOk(world.admin.token, loan.id, {
      fines: 'incluir',
      weeks: 4,
      reason: REASON,
    });
    expect(first.restructuring).toMatchObject({ includedFines: 150, condonedFines: 0, spread: 12_150 });
    expect(first.loan).toMatchObject({ currentBalance: 12_150, currentRealAmount: 12_150, status: 'ACTIVE' });
    const schedule = await api.scheduleOk(world.admin.token, loan.id);
    expect(schedule.slice(12).map((i) => i.amount)).toEqual([3_037.5, 3_037.5, 3_037.5, 3_037.5]);
    const fees = await paymentsApi(context).feesOk(world.admin.token, loan.id);
    expect(fees.map((f) => f.status)).toEqual(['RESTRUCTURED', 'RESTRUCTURED', 'RESTRUCTURED']);
    await expectInvariants();

    // Pay the first new installment, then let the second fall two days past due: fines accrue on it alone.
    const account = await openAccount(context, world.admin, 0, 'Cobros');
    const payment = await registerOldest(context, world.agent, loan.id, 1);
    await confirm(context, world.admin, payment.id, account.id);
    await expectInvariants();
    // Its receipt reads what is owed on the new schedule ($12,150.00 − $3,037.50), the closed lines left out.
    expect((await paymentsApi(context).detailsOk(world.admin.token, payment.id)).balanceAfter).toBe(9_112.5);
    await accrue(context, addDays(T, 16));
    const accrued = (await paymentsApi(context).feesOk(world.admin.token, loan.id)).filter(
      (f) => f.status === 'PENDING',
    );
    expect(accrued.map((f) => [f.feeDate, f.concept])).toEqual([
      [addDays(T, 15), 'Multa por atraso · Pago 14'],
      [addDays(T, 16), 'Multa por atraso · Pago 14'],
    ]);
    await expectInvariants();

    const second = await api.restructureOk(world.admin.token, loan.id, {
      fines: 'condonar',
      weeks: 2,
      reason: 'Segunda',
    });
    expect(second.restructuring).toMatchObject({
      sequence: 2,
      closed: 3 * 3_037.5,
      condonedFines: 100,
      firstPaymentNumber: 17,
      lastPaymentNumber: 18,
    });
    expect(second.loan.restructureCount).toBe(2);
    const after = await api.scheduleOk(world.admin.token, loan.id);
    expect(after.slice(12).map((i) => [i.paymentNumber, i.status])).toEqual([
      [13, 'PAID'],
      [14, 'RESTRUCTURED'],
      [15, 'RESTRUCTURED'],
      [16, 'RESTRUCTURED'],
      [17, 'PENDING'],
      [18, 'PENDING'],
    ]);
    await expectInvariants();
  });
});

describe('restructuring after an abono', () => {
  it('spreads only what the abono left of the installment it paid in part', async () => {
    const caja = await openAccount(context, world.admin, 5_000, 'Caja');
    const { loan } = await overdueLoan(context, world);
    // $1,500 of the $12,150 she owes: the 3 fines, installment 1, $350 of installment 2.
    const payment = await paymentsApi(context).registerOk(world.agent.token, loan.id, [
      jsonPart({ abono: 1_500, paymentMethod: 'CASH' }),
    ]);
    await confirm(context, world.admin, payment.id, caja.id);
    await expectInvariants();

    const preview = await previewOk(loan.id, 'fines=condonar&weeks=4');
    // Installment 2's $650 and installments 3–12: $10,650, not $11,000.
    expect(preview).toMatchObject({ closed: 10_650, condonedFines: 0, spread: 10_650 });
    const done = await api.restructureOk(world.admin.token, loan.id, {
      fines: 'condonar',
      weeks: 4,
      reason: REASON,
    });
    expect(done.loan).toMatchObject({ currentBalance: 10_650, restructureCount: 1 });
    await expectInvariants();
  });
});

describe('restructuring refusals', () => {
  it('is for administrators only (403 for agents, who see the loan)', async () => {
    const { loan } = await overdueLoan(context, world);
    expectProblem(await api.restructurePreview(world.agent.token, loan.id, 'fines=condonar&weeks=4'), 403);
    expectProblem(
      await api.restructure(world.agent.token, loan.id, { fines: 'condonar', weeks: 4, reason: REASON }),
      403,
    );
    expect((await api.scheduleOk(world.admin.token, loan.id)).every((i) => i.status !== 'RESTRUCTURED')).toBe(
      true,
    );
  });

  it('refuses bad weeks, fines and reasons with a Spanish message naming the field', async () => {
    const { loan } = await overdueLoan(context, world);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ fines: 'condonar', weeks: 0, reason: REASON }, 'weeks', 'El número de semanas debe ser de 1 a 52'],
      [{ fines: 'condonar', weeks: 53, reason: REASON }, 'weeks', 'El número de semanas debe ser de 1 a 52'],
      [{ fines: 'perdonar', weeks: 4, reason: REASON }, 'fines', 'Elija condonar o incluir las multas'],
      [{ fines: 'condonar', weeks: 4 }, 'reason', 'El motivo es requerido'],
      [{ fines: 'condonar', weeks: 4, reason: 'no' }, 'reason', 'El motivo debe tener al menos 3 caracteres'],
    ];
    for (const [body, field, message] of cases) {
      const problem = expectProblem(await api.restructure(world.admin.token, loan.id, body), 400);
      expect(problem.detail).toBe(`${field}: ${message}`);
    }
    await expectInvariants();
  });

  it('refuses a loan that is not open, and one with a payment in validation (409)', async () => {
    const pending = await api.createOk(world.admin.token, world.customer.id);
    const problem = expectProblem(
      await api.restructure(world.admin.token, pending.id, { fines: 'condonar', weeks: 4, reason: REASON }),
      409,
    );
    expect(problem.detail).toBe('Solo se puede reestructurar un préstamo al corriente o atrasado');
    expectProblem(await api.restructurePreview(world.admin.token, pending.id, 'fines=condonar&weeks=4'), 409);
    await api.update(world.admin.token, pending.id, { status: 'CANCELLED' });

    const { loan } = await activeLoan(context, world.admin, world.customer.id);
    await registerOldest(context, world.agent, loan.id, 1);
    const validating = expectProblem(
      await api.restructure(world.admin.token, loan.id, { fines: 'incluir', weeks: 4, reason: REASON }),
      409,
    );
    expect(validating.detail).toBe(
      'El préstamo tiene un pago en validación; confírmelo o recházelo antes de reestructurar',
    );
    expect(
      (await api.scheduleOk(world.admin.token, loan.id)).filter((i) => i.status === 'RESTRUCTURED'),
    ).toEqual([]);
    await expectInvariants();
  });
});
