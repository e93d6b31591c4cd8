import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loansApi } from '../support/api.ts';
import { expectProblem } from '../support/app.ts';
import { jsonPart, textPart } from '../support/builders.ts';
import { addDays, businessToday } from '../support/clock.ts';
import { rowsOf } from '../support/database.ts';
import { usePaymentsWorld } from '../support/payments-world.ts';
import { activeLoan, loanOf, overdueLoan } from '../support/worlds.ts';

const { api, context, world } = usePaymentsWorld();

/**
 * Registering a payment (POST /loans/{id}/payments, multipart): the rules of docs/architecture.md "Payments",
 * each refused with its status and Spanish detail and leaving nothing behind.
 */
describe('registering a payment', () => {
  it('sets the payment and its items VALIDATING with a server-computed amount; the items stay owed', async () => {
    const { loan, fees, ids } = await overdueLoan(context, world);
    const before = await loanOf(context, world.admin, loan.id);
    expect(before).toMatchObject({ status: 'DELAYED', currentBalance: 12_150, currentRealAmount: 12_150 });

    const created = await api.registerOk(world.agent.token, loan.id, [
      jsonPart({
        scheduledPaymentIds: ids(2),
        feeIds: fees.map((f) => f.id),
        paymentMethod: 'CASH',
        // a client total is never read
        ...({ amount: 1 } as object),
      }),
    ]);
    expect(created).toMatchObject({
      amount: 2_150,
      status: 'VALIDATING',
      paymentMethod: 'CASH',
      bankAccount: null,
      loan: {
        id: loan.id,
        num: loan.num,
        customer: { id: world.customer.id, name: 'Lucía', lastName: 'Núñez' },
      },
    });

    const schedule2 = await loansApi(context).scheduleOk(world.admin.token, loan.id);
    expect(schedule2.slice(0, 3).map((p) => p.status)).toEqual(['VALIDATING', 'VALIDATING', 'PENDING']);
    expect((await api.feesOk(world.admin.token, loan.id)).map((f) => f.status)).toEqual(
      Array(3).fill('VALIDATING'),
    );
    // Items in validation are still owed; the loan stays DELAYED (installment 1 is past due).
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({
      status: 'DELAYED',
      currentBalance: 12_150,
      currentRealAmount: 12_150,
    });
    // Nothing is payable twice: pending-payments no longer lists them.
    const pending = await api.pendingOk(world.agent.token, loan.id);
    expect(pending.scheduledPayments.map((p) => p.paymentNumber)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(pending.fees).toEqual([]);

    const [row] = rowsOf<Record<string, unknown>>(
      await context.database.db.execute(
        sql`select registered_by, channel, amount_cents::int as amount_cents from payments where id = ${created.id}`,
      ),
    );
    expect(row).toEqual({ registered_by: world.agent.id, channel: 'STAFF', amount_cents: 215_000 });
    const items = rowsOf<{ concept: string; amount_cents: number }>(
      await context.database.db.execute(
        sql`select concept, amount_cents::int as amount_cents from payment_items where payment_id = ${created.id} order by concept`,
      ),
    );
    expect(items).toEqual([
      { concept: 'Multa por atraso · Pago 1', amount_cents: 5_000 },
      { concept: 'Multa por atraso · Pago 1', amount_cents: 5_000 },
      { concept: 'Multa por atraso · Pago 1', amount_cents: 5_000 },
      { concept: 'Pago 1 de 12', amount_cents: 100_000 },
      { concept: 'Pago 2 de 12', amount_cents: 100_000 },
    ]);
    const audit = rowsOf<{ action: string; user_id: string }>(
      await context.database.db.execute(
        sql`select action, user_id from audit_log where entity = 'payment' and entity_id = ${created.id}`,
      ),
    );
    expect(audit).toEqual([{ action: 'registered', user_id: world.agent.id }]);

    // 'Lista de Pagos' of the loan.
    const list = await api.loanPayments(world.agent.token, loan.id);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({ status: 'OK', data: [created] });
  });

  it('accepts paymentRequest as an application/json part, as a plain text field and as a JSON Blob', async () => {
    const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id);
    const [p1, p2, p3] = schedule;
    if (!p1 || !p2 || !p3) throw new Error('no schedule');
    const first = await api.registerOk(world.agent.token, loan.id, [
      jsonPart({ scheduledPaymentIds: [p1.id], paymentMethod: 'CASH' }),
    ]);
    const second = await api.registerOk(world.agent.token, loan.id, [
      textPart({ scheduledPaymentIds: [p2.id], paymentMethod: 'CASH' }),
    ]);
    const third = await api.registerOk(world.agent.token, loan.id, [
      {
        name: 'paymentRequest',
        filename: 'blob',
        contentType: 'application/json',
        body: JSON.stringify({ scheduledPaymentIds: [p3.id], paymentMethod: 'CASH' }),
      },
    ]);
    expect([first.amount, second.amount, third.amount]).toEqual([1_000, 1_000, 1_000]);
  });

  it('recomputes the loan: an ACTIVE loan whose only overdue installment is in validation is DELAYED', async () => {
    const T = businessToday();
    const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id, {
      requestDate: addDays(T, -8),
      registeredDaysAgo: 0,
    });
    expect(loan.status).toBe('ACTIVE'); // delivery leaves a loanFromPast ACTIVE until the accrual runs
    await api.registerOk(world.agent.token, loan.id, [
      jsonPart({ scheduledPaymentIds: [schedule[0]?.id ?? ''], paymentMethod: 'CASH' }),
    ]);
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({
      status: 'DELAYED',
      currentBalance: 12_000,
    });
  });
});

describe('pending payments and fees of a loan', () => {
  it('lists pending installments by number and pending fees by date; total = all of them', async () => {
    const { loan, fees } = await overdueLoan(context, world);
    const pending = await api.pendingOk(world.agent.token, loan.id);
    expect(pending.scheduledPayments).toHaveLength(12);
    expect(pending.scheduledPayments.map((p) => [p.paymentNumber, p.status])).toEqual(
      Array.from({ length: 12 }, (_, i) => [i + 1, i === 0 ? 'DELAYED' : 'PENDING']),
    );
    expect(pending.fees).toEqual(fees);
    expect(fees[0]).toMatchObject({ amount: 50, status: 'PENDING', concept: 'Multa por atraso · Pago 1' });
    expect(pending.total).toBe(12 * 1_000 + 3 * 50);
  });

  it('is empty for a loan not delivered yet', async () => {
    const pendingLoan = await loansApi(context).createOk(world.admin.token, world.customer.id);
    expect(await api.pendingOk(world.agent.token, pendingLoan.id)).toEqual({
      scheduledPayments: [],
      fees: [],
      total: 0,
    });
    expect(await api.feesOk(world.agent.token, pendingLoan.id)).toEqual([]);
  });

  it('cancels a pending fee (admin): CANCELLED, balance recomputed, audited; only once', async () => {
    const { loan, fees } = await overdueLoan(context, world);
    const [fee] = fees;
    if (!fee) throw new Error('no fee');
    const response = await api.cancelFee(world.admin.token, loan.id, fee.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: 'OK',
      data: { ...fee, status: 'CANCELLED', cancelReason: 'Condonada por pago puntual' },
    });
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({
      currentBalance: 12_100,
      currentRealAmount: 12_100,
    });
    expect((await api.feesOk(world.admin.token, loan.id)).map((f) => f.status)).toEqual([
      'CANCELLED',
      'PENDING',
      'PENDING',
    ]);
    expect((await api.pendingOk(world.admin.token, loan.id)).total).toBe(12_100);

    expectProblem(
      await api.cancelFee(world.admin.token, loan.id, fee.id),
      409,
      'Solo se puede cancelar una multa pendiente',
    );
    expectProblem(await api.cancelFee(world.admin.token, loan.id, loan.id), 404, 'Multa no encontrada');
    const audit = rowsOf<{ action: string; before: { status: string }; after: { status: string } }>(
      await context.database.db.execute(
        sql`select action, before, after from audit_log where entity = 'fee' and entity_id = ${fee.id}`,
      ),
    );
    expect(audit).toMatchObject([
      { action: 'cancelled', before: { status: 'PENDING' }, after: { status: 'CANCELLED' } },
    ]);
  });
});
