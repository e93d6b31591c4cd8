import { describe, expect, it } from 'vitest';
import { expectProblem } from '../support/app.ts';
import { addDays, businessToday } from '../support/clock.ts';
import { useLoansWorld } from '../support/loans-world.ts';
import { loanAuditOf, storedLoanState } from '../support/records.ts';
import { accountOf, expectLedger, openAccount, secondCustomer } from '../support/worlds.ts';

const { api, context, world } = useLoansWorld();

/** Another customer of the same agent. */
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
    const undelivered =
      'Pagado y Atrasado los calcula el sistema con los pagos de un préstamo entregado; este préstamo aún no se ha entregado';
    await expectRefused('PAID', undelivered);
    await expectRefused('DELAYED', undelivered);
    // APPROVED
    await api.approveOk(admin.token, loan.id, account.id);
    await expectRefused('ACTIVE', 'Use Entregar para entregar un préstamo aprobado; así queda activo');
    await expectRefused(
      'PENDING',
      'Un préstamo aprobado no puede volver a En espera; cancélelo para liberar la reserva',
    );
    await expectRefused('PAID', undelivered);
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

    const other = await secondCustomer(context, world.agent);
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
