import { describe, expect, it } from 'vitest';
import { customersApi, loansApi } from '../support/api.ts';
import { expectProblem, useTestApp } from '../support/app.ts';
import { addDays, businessToday } from '../support/clock.ts';
import { loanAuditOf, storedLoanState } from '../support/records.ts';
import { accountOf, expectLedger, ledgerOf, openAccount, useLoanWorld } from '../support/worlds.ts';

const context = useTestApp();
const api = loansApi(context);
const world = useLoanWorld(context);

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
});

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
    expectProblem(
      await api.approve(admin.token, loan.id, { bankAccountId: account.id }),
      409,
      'Solo se puede aprobar un préstamo en espera',
    );
    expectProblem(
      await api.activate(admin.token, loan.id),
      409,
      'Solo se puede entregar un préstamo aprobado',
    );
    expect(await storedLoanState(context)).toEqual(before);
    expect((await api.scheduleOk(admin.token, loan.id)).length).toBe(12);
    expect(await expectLedger(context)).toBe(3);

    const cancelled = await api.createOk(admin.token, (await secondCustomer()).id);
    await api.update(admin.token, cancelled.id, { status: 'CANCELLED' });
    expectProblem(
      await api.approve(admin.token, cancelled.id, { bankAccountId: account.id }),
      409,
      'Solo se puede aprobar un préstamo en espera',
    );
    expectProblem(
      await api.activate(admin.token, cancelled.id),
      409,
      'Solo se puede entregar un préstamo aprobado',
    );
    await expectLedger(context);
  });
});

/** Another customer of the same agent. */
function secondCustomer() {
  return customersApi(context).createOk(world.agent.token, {
    name: 'Beto',
    lastName: 'Pérez',
    secondLastName: null,
    phone: '5598765432',
  });
}

describe('a loanFromPast (Préstamo ya iniciado)', () => {
  it('moves no money on approve or deliver and anchors the schedule on the request date', async () => {
    const { admin, customer } = world;
    const account = await openAccount(context, admin, 50_000);
    const loan = await api.createOk(admin.token, customer.id, {
      amount: 6_000,
      loanFromPast: true,
      requestDate: '2024-01-15',
    });
    expect(loan).toMatchObject({ loanFromPast: true, requestDate: '2024-01-15', status: 'PENDING' });
    const transactionsBefore = await expectLedger(context);

    // No account needed.
    const approved = await api.approveOk(admin.token, loan.id);
    expect(approved).toMatchObject({ status: 'APPROVED', bankAccount: null });
    const active = await api.activateOk(admin.token, loan.id);
    expect(active).toMatchObject({ status: 'ACTIVE', currentBalance: 7_200, currentRealAmount: 7_200 });

    expect(await expectLedger(context)).toBe(transactionsBefore);
    expect(await accountOf(context, admin, account.id)).toMatchObject({
      balance: 50_000,
      realBalance: 50_000,
    });
    const schedule = await api.scheduleOk(admin.token, loan.id);
    expect(schedule.map((p) => [p.paymentNumber, p.dueDate, p.amount])).toEqual(
      Array.from({ length: 12 }, (_, i) => [i + 1, addDays('2024-01-15', 7 * (i + 1)), 600]),
    );
    expect(schedule[0]?.dueDate).toBe('2024-01-22');
    expect(schedule[11]?.dueDate).toBe('2024-04-08');
  });

  it('may name an account on approval (informative): still no money moves', async () => {
    const { admin, customer } = world;
    const account = await openAccount(context, admin, 1_000);
    const loan = await api.createOk(admin.token, customer.id, { amount: 10_000, loanFromPast: true });
    const approved = await api.approveOk(admin.token, loan.id, account.id);
    expect(approved.bankAccount).toEqual({ id: account.id, name: 'Caja' });
    await api.activateOk(admin.token, loan.id);
    expect(await accountOf(context, admin, account.id)).toMatchObject({ balance: 1_000, realBalance: 1_000 });
    expect(await expectLedger(context)).toBe(1);
  });

  it('cancelled after approval releases nothing', async () => {
    const { admin, customer } = world;
    await openAccount(context, admin, 50_000);
    const loan = await api.createOk(admin.token, customer.id, { loanFromPast: true });
    await api.approveOk(admin.token, loan.id);
    const response = await api.update(admin.token, loan.id, { status: 'CANCELLED' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.status).toBe('CANCELLED');
    expect(await expectLedger(context)).toBe(1);
  });
});

describe('cancelling', () => {
  it('an APPROVED loan releases its reservation (Liberación): Saldo back to $50,000', async () => {
    const { admin, customer } = world;
    const account = await openAccount(context, admin, 50_000);
    const loan = await api.createOk(admin.token, customer.id, { amount: 10_000 });
    await api.approveOk(admin.token, loan.id, account.id);
    expect(await accountOf(context, admin, account.id)).toMatchObject({
      balance: 40_000,
      realBalance: 50_000,
    });

    const response = await api.update(admin.token, loan.id, { status: 'CANCELLED' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'CANCELLED', amount: 10_000 });
    expect(await accountOf(context, admin, account.id)).toMatchObject({
      balance: 50_000,
      realBalance: 50_000,
    });
    const ledger = await ledgerOf(context, admin, account.id);
    expect(ledger.map((t) => [t.operationType, t.reason, t.amount, t.endBalance, t.endRealBalance])).toEqual([
      ['DEPOSIT', 'Saldo inicial', 50_000, 50_000, 50_000],
      ['VIRTUAL_WITHDRAWAL', 'Reserva préstamo #1000', 10_000, 40_000, 50_000],
      ['RELEASE', 'Liberación préstamo #1000', 10_000, 50_000, 50_000],
    ]);
    expect(await expectLedger(context)).toBe(3);
    const audit = await loanAuditOf(context, loan.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'cancelled',
      user_id: admin.id,
      before: { status: 'APPROVED' },
      after: { status: 'CANCELLED' },
    });

    // Cancelled is final, and it no longer blocks a new request.
    expectProblem(
      await api.update(admin.token, loan.id, { status: 'PENDING' }),
      409,
      'Un préstamo cancelado no puede cambiar de estatus',
    );
    const next = await api.createOk(admin.token, customer.id, { amount: 2_000 });
    expect(next.num).toBe(1001);
    await expectLedger(context);
  });

  it('a PENDING loan moves no money', async () => {
    const { admin, customer } = world;
    await openAccount(context, admin, 50_000);
    const loan = await api.createOk(admin.token, customer.id);
    const response = await api.update(admin.token, loan.id, { status: 'CANCELLED' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.status).toBe('CANCELLED');
    expect(await expectLedger(context)).toBe(1);
  });
});

describe('editing a loan', () => {
  it('changes the amount while PENDING (weekly fee and total recomputed), refuses it afterwards', async () => {
    const { admin, agent, customer } = world;
    const account = await openAccount(context, admin, 50_000);
    const loan = await api.createOk(agent.token, customer.id, { amount: 10_000 });

    const edited = await api.update(agent.token, loan.id, { amount: 8_000, term: 12, dailyFee: 50 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      amount: 8_000,
      weeklyFee: 800,
      totalToRepay: 9_600,
      installmentAmount: 800,
      status: 'PENDING',
    });
    const audit = await loanAuditOf(context, loan.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'updated',
      user_id: agent.id,
      before: { amount: 10_000, weeklyFee: 1_000 },
      after: { amount: 8_000, weeklyFee: 800 },
    });

    await api.approveOk(admin.token, loan.id, account.id);
    expect(await accountOf(context, admin, account.id)).toMatchObject({ balance: 42_000 });
    const before = await storedLoanState(context);
    for (const token of [admin.token, agent.token]) {
      expectProblem(
        await api.update(token, loan.id, { amount: 9_000 }),
        409,
        'Solo se puede modificar el monto mientras el préstamo está en espera',
      );
    }
    expect(await storedLoanState(context)).toEqual(before);

    // The form sending back the unchanged values is fine and writes nothing.
    const echo = await api.update(agent.token, loan.id, {
      amount: 8_000,
      term: 12,
      dailyFee: 50,
      status: 'APPROVED',
      loanFromPast: false,
      requestDate: loan.requestDate,
    });
    expect(echo.statusCode, echo.body).toBe(200);
    expect(echo.json().data).toMatchObject({ amount: 8_000, status: 'APPROVED' });
    expect(await storedLoanState(context)).toEqual(before);
    await expectLedger(context);
  });

  it('lets an administrator change requestDate and loanFromPast while PENDING only', async () => {
    const { admin, customer } = world;
    const account = await openAccount(context, admin, 50_000);
    const loan = await api.createOk(admin.token, customer.id);
    const edited = await api.update(admin.token, loan.id, { requestDate: '2024-03-01', loanFromPast: true });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ requestDate: '2024-03-01', loanFromPast: true });

    const back = await api.update(admin.token, loan.id, { loanFromPast: false });
    expect(back.json().data.loanFromPast).toBe(false);
    await api.approveOk(admin.token, loan.id, account.id);
    expectProblem(
      await api.update(admin.token, loan.id, { loanFromPast: true }),
      409,
      'Solo se puede cambiar "Préstamo ya iniciado" mientras el préstamo está en espera',
    );
    // Before delivery the request date can still be corrected; afterwards the schedule depends on it.
    const moved = await api.update(admin.token, loan.id, { requestDate: '2024-03-02' });
    expect(moved.json().data.requestDate).toBe('2024-03-02');
    await api.activateOk(admin.token, loan.id);
    expectProblem(
      await api.update(admin.token, loan.id, { requestDate: '2024-03-03' }),
      409,
      'La fecha de solicitud solo se puede cambiar antes de la entrega',
    );
    await expectLedger(context);
  });

  it('refuses a request date in the future', async () => {
    const { admin, customer } = world;
    const tomorrow = addDays(businessToday(), 1);
    expectProblem(
      await api.create(admin.token, customer.id, { amount: 1_000, requestDate: tomorrow }),
      400,
      'requestDate: La fecha de solicitud no puede ser posterior a hoy',
    );
    const loan = await api.createOk(admin.token, customer.id);
    expectProblem(
      await api.update(admin.token, loan.id, { requestDate: tomorrow }),
      400,
      'requestDate: La fecha de solicitud no puede ser posterior a hoy',
    );
  });
});

describe('manual status edits (server-authoritative)', () => {
  it('are refused with the action to use instead, and change nothing', async () => {
    const { admin, customer } = world;
    const account = await openAccount(context, admin, 50_000);
    const loan = await api.createOk(admin.token, customer.id);

    const expectRefused = async (status: string, detail: string) => {
      const before = await storedLoanState(context);
      expectProblem(await api.update(admin.token, loan.id, { status }), 409, detail);
      expect(await storedLoanState(context)).toEqual(before);
    };
    // PENDING
    await expectRefused('APPROVED', 'Use Aprobar para aprobar un préstamo');
    await expectRefused('ACTIVE', 'Use Aprobar y después Entregar para activar un préstamo');
    await expectRefused('PAID', 'El estatus de un préstamo activo lo calcula el sistema');
    await expectRefused('DELAYED', 'El estatus de un préstamo activo lo calcula el sistema');
    // APPROVED
    await api.approveOk(admin.token, loan.id, account.id);
    await expectRefused('ACTIVE', 'Use Entregar para entregar un préstamo aprobado; así queda activo');
    await expectRefused(
      'PENDING',
      'Un préstamo aprobado no puede volver a En espera; cancélelo para liberar la reserva',
    );
    await expectRefused('PAID', 'El estatus de un préstamo activo lo calcula el sistema');
    // ACTIVE
    await api.activateOk(admin.token, loan.id);
    await expectRefused('PAID', 'El estatus de un préstamo activo lo calcula el sistema');
    await expectRefused('DELAYED', 'El estatus de un préstamo activo lo calcula el sistema');
    await expectRefused('PENDING', 'El estatus de un préstamo activo lo calcula el sistema');
    await expectRefused('CANCELLED', 'Un préstamo ya entregado no se puede cancelar');
    // Same status: accepted, nothing written.
    const before = await storedLoanState(context);
    const same = await api.update(admin.token, loan.id, { status: 'ACTIVE' });
    expect(same.statusCode, same.body).toBe(200);
    expect(await storedLoanState(context)).toEqual(before);
    expectProblem(await api.update(admin.token, loan.id, { status: 'REJECTED' }), 400, /^status: /);
    await expectLedger(context);
  });
});

describe('requests', () => {
  it('number loans from 1000 and allow one loan in progress per customer (409)', async () => {
    const { admin, agent, customer } = world;
    const account = await openAccount(context, admin, 50_000);
    const first = await api.createOk(agent.token, customer.id);
    expect(first.num).toBe(1000);
    const before = await storedLoanState(context);
    for (const token of [agent.token, admin.token]) {
      expectProblem(
        await api.create(token, customer.id, { amount: 500 }),
        409,
        'El cliente ya tiene un préstamo en curso',
      );
    }
    expect(await storedLoanState(context)).toEqual(before);
    await api.approveOk(admin.token, first.id, account.id);
    expectProblem(
      await api.create(agent.token, customer.id, { amount: 500 }),
      409,
      'El cliente ya tiene un préstamo en curso',
    );
    await api.activateOk(admin.token, first.id);
    expectProblem(
      await api.create(agent.token, customer.id, { amount: 500 }),
      409,
      'El cliente ya tiene un préstamo en curso',
    );

    const other = await secondCustomer();
    const second = await api.createOk(agent.token, other.id, { amount: 3_000 });
    expect(second.num).toBe(1001);
    await expectLedger(context);
  });

  it('take the amounts from the loan policy, whatever else the client sends', async () => {
    const { agent, customer } = world;
    const response = await api.create(agent.token, customer.id, {
      amount: 2_500.5,
      weeklyFee: 1,
      status: 'ACTIVE',
      currentBalance: 99,
      term: 12,
      dailyFee: 50,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      amount: 2_500.5,
      weeklyFee: 250.05,
      totalToRepay: 3_000.6,
      installmentAmount: 250.05,
      status: 'PENDING',
      currentBalance: 0,
      currentRealAmount: 0,
    });
  });
});
