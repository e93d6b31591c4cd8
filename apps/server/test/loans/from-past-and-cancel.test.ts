import { describe, expect, it } from 'vitest';
import { expectProblem } from '../support/app.ts';
import { addDays } from '../support/clock.ts';
import { useLoansWorld } from '../support/loans-world.ts';
import { loanAuditOf } from '../support/records.ts';
import { accountOf, expectLedger, ledgerOf, openAccount } from '../support/worlds.ts';

const { api, context, world } = useLoansWorld();

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
