import { describe, expect, it } from 'vitest';
import { expectProblem } from '../support/app.ts';
import { addDays, businessToday } from '../support/clock.ts';
import { useLoansWorld } from '../support/loans-world.ts';
import { loanAuditOf, storedLoanState } from '../support/records.ts';
import { accountOf, expectLedger, ledgerOf, openAccount, secondCustomer } from '../support/worlds.ts';

const { api, context, world } = useLoansWorld();

describe('request → approve → deliver (the issue-4 journey)', () => {
  it('reserves, delivers and schedules with the exact figures, the ledger invariant after every step', async () => {
    const { admin, agent, customer } = world;
    const account = await openAccount(context, admin, 50_000, 'Caja Principal');
    expect(await expectLedger(context)).toBe(1);

    // Request (by the customer's agent).
    const created = await api.create(agent.token, customer.id, { amount: 10_000 });
    expect(created.statusCode, created.body).toBe(201);
    const today = businessToday();
    expect(created.json()).toEqual({
      status: 'OK',
      data: {
        id: expect.any(String),
        num: 1000,
        amount: 10_000,
        term: 12,
        status: 'PENDING',
        dailyFee: 50,
        weeklyFee: 1_000,
        interestRate: 0.2,
        totalToRepay: 12_000,
        installmentAmount: 1_000,
        loanFromPast: false,
        requestDate: today,
        createdOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        approvedOn: null,
        activatedOn: null,
        currentRealAmount: 0,
        currentBalance: 0,
        customer: { id: customer.id, name: 'Lucía', lastName: 'Núñez', secondLastName: 'Gómez' },
        bankAccount: null,
        restructureCount: 0,
        restructuredOn: null,
        // Its product (the only one, the specification's) and its own copy of that product's terms.
        product: { id: expect.any(String), name: 'Semanal 12' },
        lateFeeCapRate: 0.1,
        renewalThreshold: 8,
        payoffDiscountRate: 0,
      },
    });
    const loan = created.json().data;
    expect(await accountOf(context, admin, account.id)).toMatchObject({
      balance: 50_000,
      realBalance: 50_000,
    });
    expect(await api.scheduleOk(agent.token, loan.id)).toEqual([]);
    await expectLedger(context);

    // Approve: Saldo $40,000, Saldo Real $50,000, one Reserva.
    const approved = await api.approveOk(admin.token, loan.id, account.id);
    expect(approved).toMatchObject({
      status: 'APPROVED',
      approvedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      activatedOn: null,
      bankAccount: { id: account.id, name: 'Caja Principal' },
      currentRealAmount: 0,
      currentBalance: 0,
    });
    expect(await accountOf(context, admin, account.id)).toMatchObject({
      balance: 40_000,
      realBalance: 50_000,
    });
    expect((await ledgerOf(context, admin, account.id)).map((t) => [t.operationType, t.reason])).toEqual([
      ['DEPOSIT', 'Saldo inicial'],
      ['VIRTUAL_WITHDRAWAL', 'Reserva préstamo #1000'],
    ]);
    expect(await expectLedger(context)).toBe(2);

    // Deliver: Saldo Real $40,000, one Entrega, 12 installments.
    const active = await api.activateOk(admin.token, loan.id);
    expect(active).toMatchObject({
      status: 'ACTIVE',
      activatedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      currentRealAmount: 12_000,
      currentBalance: 12_000,
      totalToRepay: 12_000,
    });
    expect(await accountOf(context, admin, account.id)).toMatchObject({
      balance: 40_000,
      realBalance: 40_000,
    });
    const ledger = await ledgerOf(context, admin, account.id);
    expect(ledger.map((t) => [t.operationType, t.reason, t.amount, t.endBalance, t.endRealBalance])).toEqual([
      ['DEPOSIT', 'Saldo inicial', 50_000, 50_000, 50_000],
      ['VIRTUAL_WITHDRAWAL', 'Reserva préstamo #1000', 10_000, 40_000, 50_000],
      ['WITHDRAWAL', 'Entrega préstamo #1000', 10_000, 40_000, 40_000],
    ]);
    expect(await expectLedger(context)).toBe(3);

    const schedule = await api.scheduleOk(agent.token, loan.id);
    const activationDay = businessToday();
    expect(schedule).toHaveLength(12);
    expect(schedule).toEqual(
      Array.from({ length: 12 }, (_, i) => ({
        id: expect.any(String),
        paymentNumber: i + 1,
        dueDate: addDays(activationDay, 7 * (i + 1)),
        amount: 1_000,
        status: 'PENDING',
        concept: `Pago ${i + 1} de 12`,
      })),
    );
    expect(schedule.reduce((sum, p) => sum + p.amount, 0)).toBe(12_000);

    // The agent sees the same loan; the audit trail has every step, before → after.
    expect((await api.get(agent.token, loan.id)).json().data).toEqual(active);
    const audit = await loanAuditOf(context, loan.id);
    expect(audit.map((row) => [row.action, row.before?.status ?? null, row.after?.status])).toEqual([
      ['created', null, 'PENDING'],
      ['approved', 'PENDING', 'APPROVED'],
      ['activated', 'APPROVED', 'ACTIVE'],
    ]);
    expect(audit.map((row) => row.user_id)).toEqual([agent.id, admin.id, admin.id]);
    expect(audit[2]?.after).toMatchObject({ currentBalance: 12_000, bankAccountId: account.id });
  });

  it('splits a total that does not divide by 12 so the last installment absorbs the rounding', async () => {
    const { admin, customer } = world;
    const account = await openAccount(context, admin, 50_000);
    const loan = await api.createOk(admin.token, customer.id, { amount: 1_000.05 });
    expect(loan).toMatchObject({ weeklyFee: 100.01, totalToRepay: 1_200.06, installmentAmount: 100 });
    await api.approveOk(admin.token, loan.id, account.id);
    const active = await api.activateOk(admin.token, loan.id);
    expect(active).toMatchObject({ currentBalance: 1_200.06, currentRealAmount: 1_200.06 });
    const amounts = (await api.scheduleOk(admin.token, loan.id)).map((p) => p.amount);
    expect(amounts).toEqual([...Array.from({ length: 11 }, () => 100), 100.06]);
    expect(await accountOf(context, admin, account.id)).toEqual(
      expect.objectContaining({ balance: 48_999.95, realBalance: 48_999.95 }),
    );
    await expectLedger(context);
  });

  it('delivers the smallest amount a request accepts ($100): 12 installments of $10', async () => {
    const { admin, customer } = world;
    const account = await openAccount(context, admin, 50_000);
    expectProblem(
      await api.create(admin.token, customer.id, { amount: 99.99 }),
      400,
      'amount: El monto mínimo de un préstamo es $100.00',
    );
    const loan = await api.createOk(admin.token, customer.id, { amount: 100 });
    expect(loan).toMatchObject({ totalToRepay: 120, installmentAmount: 10 });
    await api.approveOk(admin.token, loan.id, account.id);
    await api.activateOk(admin.token, loan.id);
    const amounts = (await api.scheduleOk(admin.token, loan.id)).map((p) => p.amount);
    expect(amounts).toEqual(Array.from({ length: 12 }, () => 10));
    await expectLedger(context);
  });
});

/** Approving and delivering `loanId` are both refused with 409 (its status allows neither). */
async function expectNeitherApprovedNorDelivered(token: string, loanId: string, accountId: string) {
  expectProblem(
    await api.approve(token, loanId, { bankAccountId: accountId }),
    409,
    'Solo se puede aprobar un préstamo en espera',
  );
  expectProblem(await api.activate(token, loanId), 409, 'Solo se puede entregar un préstamo aprobado');
}

describe('approving', () => {
  it('with a balance short of the amount is a 409 and changes nothing (the loan stays PENDING)', async () => {
    const { admin, customer } = world;
    const account = await openAccount(context, admin, 5_000);
    const loan = await api.createOk(admin.token, customer.id, { amount: 10_000 });
    const before = await storedLoanState(context);
    const response = await api.approve(admin.token, loan.id, { bankAccountId: account.id });
    expectProblem(
      response,
      409,
      'Saldo insuficiente en la cuenta para aprobar el préstamo: disponible $5,000.00',
    );
    expect(await storedLoanState(context)).toEqual(before);
    expect((await api.get(admin.token, loan.id)).json().data).toMatchObject({
      status: 'PENDING',
      approvedOn: null,
      bankAccount: null,
    });
    await expectLedger(context);

    // The same loan is approved once the account holds enough.
    const deposit = await context.app.inject({
      method: 'PATCH',
      url: `/api/v1/bank-accounts/${account.id}`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { deposit: 5_000, reason: 'Fondeo' },
    });
    expect(deposit.statusCode, deposit.body).toBe(200);
    await api.approveOk(admin.token, loan.id, account.id);
    expect(await accountOf(context, admin, account.id)).toMatchObject({ balance: 0, realBalance: 10_000 });
    await expectLedger(context);
  });

  it('needs a bank account unless the loan is loanFromPast (400 naming the field)', async () => {
    const { admin, customer } = world;
    const loan = await api.createOk(admin.token, customer.id);
    const before = await storedLoanState(context);
    for (const body of [{}, { bankAccountId: null }]) {
      const response = await api.approve(admin.token, loan.id, body);
      const problem = expectProblem(response, 400, 'bankAccountId: Seleccione la cuenta de retiro');
      expect(problem.errors).toEqual([{ field: 'bankAccountId', message: 'Seleccione la cuenta de retiro' }]);
    }
    expectProblem(await api.approve(admin.token, loan.id, { bankAccountId: 'abc' }), 400, /^bankAccountId: /);
    expectProblem(
      await api.approve(admin.token, loan.id, { bankAccountId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' }),
      404,
      'Cuenta bancaria no encontrada',
    );
    expect(await storedLoanState(context)).toEqual(before);
  });

  it('only from PENDING; delivering only from APPROVED (409, nothing changes)', async () => {
    const { admin, customer } = world;
    const account = await openAccount(context, admin, 50_000);
    const loan = await api.createOk(admin.token, customer.id);

    let before = await storedLoanState(context);
    expectProblem(
      await api.activate(admin.token, loan.id),
      409,
      'Solo se puede entregar un préstamo aprobado',
    );
    expect(await storedLoanState(context)).toEqual(before);

    await api.approveOk(admin.token, loan.id, account.id);
    before = await storedLoanState(context);
    expectProblem(
      await api.approve(admin.token, loan.id, { bankAccountId: account.id }),
      409,
      'Solo se puede aprobar un préstamo en espera',
    );
    expect(await storedLoanState(context)).toEqual(before);

    await api.activateOk(admin.token, loan.id);
    before = await storedLoanState(context);
    await expectNeitherApprovedNorDelivered(admin.token, loan.id, account.id);
    expect(await storedLoanState(context)).toEqual(before);
    expect((await api.scheduleOk(admin.token, loan.id)).length).toBe(12);
    expect(await expectLedger(context)).toBe(3);

    const cancelled = await api.createOk(admin.token, (await secondCustomer(context, world.agent)).id);
    await api.update(admin.token, cancelled.id, { status: 'CANCELLED' });
    await expectNeitherApprovedNorDelivered(admin.token, cancelled.id, account.id);
    await expectLedger(context);
  });
});

/** Another customer of the same agent. */
