import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loansApi, paymentsApi } from '../support/api.ts';
import { expectProblem, request, useTestAppWithDataDir } from '../support/app.ts';
import { filePart, fixture, jsonPart, rejection } from '../support/builders.ts';
import { addDays, businessToday } from '../support/clock.ts';
import { rowsOf } from '../support/database.ts';
import { imageOf } from '../support/images.ts';
import { abonoRows, storedLoanState } from '../support/records.ts';
import {
  accountOf,
  accrue,
  activeLoan,
  expectLedger,
  ledgerOf,
  loanOf,
  openAccount,
  useLoanWorld,
} from '../support/worlds.ts';

/**
 * Confirming payments (an Abono into an account), each confirmation checked against the ledger
 * invariant.
 */
const context = useTestAppWithDataDir();

const api = paymentsApi(context);

const world = useLoanWorld(context);

describe('confirming a payment', () => {
  it('deposits the Abono, pays the items, recomputes the loan; a second confirm is a 409', async () => {
    const caja = await openAccount(context, world.admin, 5_000, 'Caja');
    const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id);
    const png = fixture('proof.png');
    const payment = await api.registerOk(world.agent.token, loan.id, [
      jsonPart({ scheduledPaymentIds: schedule.slice(0, 2).map((p) => p.id), paymentMethod: 'TRANSFER' }),
      filePart(png),
    ]);
    expect(payment.amount).toBe(2_000);

    // Details before the decision: lines, totals, the proof with a signed link.
    const details = await api.detailsOk(world.admin.token, payment.id);
    expect(details).toMatchObject({
      payment: {
        id: payment.id,
        status: 'VALIDATING',
        paymentMethod: 'TRANSFER',
        amount: 2_000,
        bankAccount: null,
        loan: { id: loan.id, num: loan.num },
        customer: { id: world.customer.id, name: 'Lucía', lastName: 'Núñez', secondLastName: 'Gómez' },
        registeredBy: { num: world.agent.num, name: 'Ana', lastName: 'Agente' },
      },
      lines: [
        { concept: 'Pago 1 de 12', amount: 1_000, type: 'Pago', date: schedule[0]?.dueDate },
        { concept: 'Pago 2 de 12', amount: 1_000, type: 'Pago', date: schedule[1]?.dueDate },
      ],
      totals: { scheduledPayments: 2_000, fees: 0, total: 2_000 },
    });
    expect(details.attachments).toHaveLength(1);
    const [attachment] = details.attachments;
    expect(attachment?.contentType).toBe('image/png');
    expect(attachment?.uri).toMatch(
      new RegExp(`^/api/v1/payments/attachments/${attachment?.id}\\?expires=\\d+&signature=[0-9a-f]{64}$`),
    );
    // An <img> sends no Bearer: the signed link alone serves the image.
    const image = await request(context.app, { method: 'GET', url: attachment?.uri ?? '' });
    expect(image.statusCode, image.body).toBe(200);
    // The server's re-encoded copy of the uploaded picture.
    expect((await imageOf(image.rawPayload)).format).toBe('png');
    expect(image.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'private, max-age=300',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
    });

    const confirmed = await api.decideOk(world.admin.token, payment.id, {
      status: 'PAID',
      targetAccountId: caja.id,
    });
    expect(confirmed).toMatchObject({
      status: 'PAID',
      bankAccount: { id: caja.id, name: 'Caja' },
      amount: 2_000,
    });

    const after = await loansApi(context).scheduleOk(world.admin.token, loan.id);
    expect(after.map((p) => p.status)).toEqual(['PAID', 'PAID', ...Array(10).fill('PENDING')]);
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({
      status: 'ACTIVE',
      currentBalance: 10_000,
      currentRealAmount: 12_000,
    });
    expect(await accountOf(context, world.admin, caja.id)).toMatchObject({
      balance: 7_000,
      realBalance: 7_000,
    });
    const ledger = await ledgerOf(context, world.admin, caja.id);
    expect(ledger.at(-1)).toMatchObject({
      operationType: 'PAYMENT_DEPOSIT',
      amount: 2_000,
      reason: `Abono préstamo #${loan.num}`,
      initialBalance: 5_000,
      endBalance: 7_000,
      endRealBalance: 7_000,
    });
    await expectLedger(context);
    const paidOn = rowsOf<{ paid: boolean }>(
      await context.database.db.execute(
        sql`select paid_on is not null as paid from scheduled_payments where loan_id = ${loan.id} order by payment_number limit 3`,
      ),
    );
    expect(paidOn.map((r) => r.paid)).toEqual([true, true, false]);
    const decided = await api.detailsOk(world.admin.token, payment.id);
    expect(decided.payment).toMatchObject({ status: 'PAID', bankAccount: { id: caja.id, name: 'Caja' } });

    // Once decided, no second Abono and no rejection.
    const before = await storedLoanState(context);
    expectProblem(
      await api.decide(world.admin.token, payment.id, { status: 'PAID', targetAccountId: caja.id }),
      409,
      'Solo se puede confirmar o rechazar un pago en validación',
    );
    expectProblem(
      await api.decide(world.admin.token, payment.id, rejection()),
      409,
      'Solo se puede confirmar o rechazar un pago en validación',
    );
    expect(await storedLoanState(context)).toEqual(before);
    expect(await abonoRows(context)).toHaveLength(1);

    const audit = rowsOf<{ action: string; user_id: string }>(
      await context.database.db.execute(
        sql`select action, user_id from audit_log where entity = 'payment' and entity_id = ${payment.id} order by at, id`,
      ),
    );
    expect(audit).toEqual([
      { action: 'registered', user_id: world.agent.id },
      { action: 'confirmed', user_id: world.admin.id },
    ]);
  });

  it('a loan with every installment and fee paid is PAID with balance 0', async () => {
    const T = businessToday();
    const caja = await openAccount(context, world.admin, 1_000, 'Caja');
    const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id, {
      requestDate: addDays(T, -10),
    });
    await accrue(context, T);
    const fees = await api.feesOk(world.admin.token, loan.id);
    expect(fees).toHaveLength(3);
    const payment = await api.registerOk(world.agent.token, loan.id, [
      jsonPart({
        scheduledPaymentIds: schedule.map((p) => p.id),
        feeIds: fees.map((f) => f.id),
        paymentMethod: 'CASH',
      }),
    ]);
    expect(payment.amount).toBe(12_150);
    const details = await api.detailsOk(world.admin.token, payment.id);
    expect(details.totals).toEqual({ scheduledPayments: 12_000, fees: 150, total: 12_150 });
    expect(details.lines.slice(-3)).toEqual(
      fees.map((f) => ({ concept: 'Multa por atraso · Pago 1', amount: 50, type: 'Multa', date: f.feeDate })),
    );
    expect(details.attachments).toEqual([]);

    await api.decideOk(world.admin.token, payment.id, { status: 'PAID', targetAccountId: caja.id });
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({
      status: 'PAID',
      currentBalance: 0,
      currentRealAmount: 12_150,
    });
    expect((await api.feesOk(world.admin.token, loan.id)).map((f) => f.status)).toEqual(
      Array(3).fill('PAID'),
    );
    expect(await api.pendingOk(world.admin.token, loan.id)).toEqual({
      scheduledPayments: [],
      fees: [],
      total: 0,
    });
    expect(await accountOf(context, world.admin, caja.id)).toMatchObject({
      balance: 13_150,
      realBalance: 13_150,
    });
    await expectLedger(context);
    // Nothing accrues for a PAID loan.
    expect(await accrue(context, addDays(T, 60))).toMatchObject({ feesCreated: 0, loansUpdated: 0 });
    // And nothing more can be registered on it.
    expectProblem(
      await api.register(world.agent.token, loan.id, [
        jsonPart({ feeIds: [fees[0]?.id ?? ''], paymentMethod: 'CASH' }),
      ]),
      409,
      'Solo se pueden registrar pagos de préstamos activos, atrasados o castigados',
    );
  });

  it('needs a destination account (400) that exists (404); nothing changes', async () => {
    const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id);
    const payment = await api.registerOk(world.agent.token, loan.id, [
      jsonPart({ scheduledPaymentIds: [schedule[0]?.id ?? ''], paymentMethod: 'CASH' }),
    ]);
    const before = await storedLoanState(context);
    const missing = expectProblem(
      await api.decide(world.admin.token, payment.id, { status: 'PAID' }),
      400,
      /Seleccione la cuenta donde ingresó el pago/,
    );
    expect(missing.errors).toEqual([
      { field: 'targetAccountId', message: 'Seleccione la cuenta donde ingresó el pago' },
    ]);
    expectProblem(
      await api.decide(world.admin.token, payment.id, { status: 'PAID', targetAccountId: null }),
      400,
      /Seleccione la cuenta donde ingresó el pago/,
    );
    expectProblem(
      await api.decide(world.admin.token, payment.id, {
        status: 'PAID',
        targetAccountId: '0196a000-0000-7000-8000-000000000000',
      }),
      404,
      'Cuenta bancaria no encontrada',
    );
    expectProblem(await api.decide(world.admin.token, payment.id, { status: 'CANCELLED' }), 400, /^status: /);
    expectProblem(
      await api.decide(world.admin.token, '0196a000-0000-7000-8000-000000000000', rejection()),
      404,
      'Pago no encontrado',
    );
    expect(await storedLoanState(context)).toEqual(before);
    expect((await api.detailsOk(world.admin.token, payment.id)).payment.status).toBe('VALIDATING');
  });
});
