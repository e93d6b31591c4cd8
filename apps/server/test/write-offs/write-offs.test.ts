import type { Paged, WriteOff } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows.ts';
import { loansApi, paymentsApi, reportsApi } from '../support/api.ts';
import { expectProblem, request, type TestUser, useTestApp } from '../support/app.ts';
import { jsonPart } from '../support/builders.ts';
import { addDays, businessToday } from '../support/clock.ts';
import { downloadCsv } from '../support/csv.ts';
import { expectLoanInvariant } from '../support/loan-invariant.ts';
import { publicApi } from '../support/public-api.ts';
import {
  accrue,
  activeLoan,
  confirm,
  expectLedger,
  ledgerOf,
  loanOf,
  openAccount,
  registerOldest,
  secondCustomer,
  useLoanWorld,
} from '../support/worlds.ts';

/**
 * Castigo (docs/product.md "Castigo"): who may write a loan off and when, what it does to the loan,
 * the portfolio and the accrual, 'Cartera castigada' and its CSV, and a later payment as a recovery
 * (staff and public side), with the ledger, loan and tally invariants after each step, on PGlite and
 * PostgreSQL.
 */
const context = useTestApp();
const world = useLoanWorld(context);
const loans = loansApi(context);
const payments = paymentsApi(context);
const T = businessToday();

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  request(context.app, { method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) });
const writeOff = (token: string, loanId: string, payload: object = { reason: 'Cliente ilocalizable' }) =>
  call(token, 'POST', `/loans/${loanId}/write-off`, payload);

async function invariants() {
  await expectLedger(context);
  return expectLoanInvariant(context.database.db);
}

/** A $3,000 loan from the past, requested `daysAgo` days ago and accrued through today: DELAYED. */
async function lateLoan(daysAgo: number, customerId = world.customer.id) {
  const { loan } = await activeLoan(context, world.admin, customerId, {
    amount: 3_000,
    requestDate: addDays(T, -daysAgo),
  });
  await accrue(context, T);
  const accrued = await loanOf(context, world.admin, loan.id);
  expect(accrued.status).toBe('DELAYED');
  return accrued;
}

const feeCount = async (loanId: string) =>
  rowsOf<{ n: number }>(
    await context.database.db.execute(sql`select count(*)::int as n from fees where loan_id = ${loanId}`),
  )[0]?.n;

describe('Castigar: refusals', () => {
  it('is for administrators, needs a reason, and only a DELAYED loan N days past due', async () => {
    const admin: TestUser = world.admin;
    const late = await lateLoan(40); // oldest installment due T−33
    expectProblem(await writeOff(world.agent.token, late.id), 403, 'No tiene permisos para esta operación');
    expectProblem(await writeOff(admin.token, late.id, {}), 400, /^reason: /);
    expectProblem(
      await writeOff(admin.token, late.id, { reason: 'no' }),
      400,
      'reason: El motivo debe tener al menos 3 caracteres',
    );
    expectProblem(await writeOff(admin.token, late.id, { reason: 'x'.repeat(301) }), 400, /^reason: /);
    expectProblem(
      await writeOff(admin.token, late.id),
      409,
      'Solo se puede castigar un préstamo con al menos 90 días de atraso; este tiene 33',
    );
    expectProblem(
      await writeOff(admin.token, '0190a0c0-0000-7000-8000-000000000999'),
      404,
      'Préstamo no encontrado',
    );

    // The policy is a setting: at 30 days this loan qualifies, unless a payment is in validation.
    expect((await call(admin.token, 'GET', '/write-offs/settings')).json().data).toEqual({
      minDaysPastDue: 90,
    });
    expectProblem(await call(admin.token, 'PUT', '/write-offs/settings', { minDaysPastDue: 0 }), 400);
    const saved = await call(admin.token, 'PUT', '/write-offs/settings', { minDaysPastDue: 30 });
    expect(saved.json().data).toEqual({ minDaysPastDue: 30 });
    const validating = await registerOldest(context, world.agent, late.id, 1);
    expectProblem(
      await writeOff(admin.token, late.id),
      409,
      'El préstamo tiene pagos en validación; confírmelos o recházelos antes de castigarlo',
    );
    await payments.decideOk(admin.token, validating.id, { status: 'REJECTED', reason: 'No llegó el dinero' });
    expect((await writeOff(admin.token, late.id)).statusCode).toBe(201);
    await invariants();
  });

  it('refuses a loan that is not DELAYED', async () => {
    const { loan } = await activeLoan(context, world.admin, world.customer.id);
    expectProblem(
      await writeOff(world.admin.token, loan.id),
      409,
      'Solo se puede castigar un préstamo atrasado',
    );
  });
});

describe('Castigar: the status as of today', () => {
  it('writes off a loan overdue since before the last accrual run (recomputed first)', async () => {
    const { loan } = await activeLoan(context, world.admin, world.customer.id, {
      amount: 3_000,
      requestDate: addDays(T, -100),
      registeredDaysAgo: 0,
    });
    expect(loan.status).toBe('ACTIVE');
    const reply = await writeOff(world.admin.token, loan.id);
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().data).toMatchObject({ amountWrittenOff: 3_600, daysPastDue: 93 });
    expect((await loanOf(context, world.admin, loan.id)).status).toBe('WRITTEN_OFF');
    await invariants();
  });
});

describe('Castigar: the loan leaves the portfolio; a later payment is a recovery', () => {
  it('writes off, stops fees, lists it, and records recoveries (staff and public)', async () => {
    const { admin, agent } = world;
    const caja = await openAccount(context, admin, 10_000, 'Caja');
    const late = await lateLoan(120); // oldest installment due T−113
    const before = await invariants();
    expect(before.delivered).toBe(1);
    const portfolioBefore = await reportsApi(context).portfolioOk(admin.token);
    expect(portfolioBefore.loans.delayed).toBe(1);

    const reply = await writeOff(admin.token, late.id, { reason: '  Cliente ilocalizable desde marzo ' });
    expect(reply.statusCode, reply.body).toBe(201);
    const written = reply.json().data as WriteOff;
    expect(written).toMatchObject({
      loan: { id: late.id, num: late.num, amount: 3_000 },
      customer: { id: world.customer.id, name: 'Lucía', lastName: 'Núñez' },
      amountWrittenOff: late.currentBalance,
      principalWrittenOff: 3_000,
      daysPastDue: 113,
      reason: 'Cliente ilocalizable desde marzo',
      writtenOffOn: T,
      writtenOffBy: { num: admin.num },
      recovered: 0,
      recoveryInValidation: 0,
    });
    expect((await loanOf(context, admin, late.id)).status).toBe('WRITTEN_OFF');
    await invariants();

    // Out of the portfolio and PAR; no more fees; final.
    const portfolio = await reportsApi(context).portfolioOk(admin.token);
    expect(portfolio.loans).toEqual({ active: 0, delayed: 0, restructured: 0 });
    expect(portfolio.par.map((p) => [p.atRisk, p.outstanding, p.loans])).toEqual([
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect(portfolioBefore.par.map((p) => p.loans)).toEqual([1, 1, 1]);
    const fees = await feeCount(late.id);
    await accrue(context, addDays(T, 1));
    expect(await feeCount(late.id)).toBe(fees);
    expectProblem(await writeOff(admin.token, late.id), 409, 'Solo se puede castigar un préstamo atrasado');
    expectProblem(
      await loans.update(admin.token, late.id, { status: 'CANCELLED' }),
      409,
      'Un préstamo castigado no puede cambiar de estatus',
    );
    expectProblem(
      await loans.create(agent.token, world.customer.id, { amount: 5_000 }),
      409,
      'El cliente tiene un préstamo castigado con saldo pendiente; no se le puede prestar de nuevo',
    );

    // Its history names who wrote it off and why.
    const history = (await call(agent.token, 'GET', `/audit/loan/${late.id}`)).json().data as {
      action: string;
      user: { id: string } | null;
      after: Record<string, unknown>;
    }[];
    const entry = history.find((h) => h.action === 'written_off');
    expect(entry?.user?.id).toBe(admin.id);
    expect(entry?.after).toMatchObject({ status: 'WRITTEN_OFF', reason: 'Cliente ilocalizable desde marzo' });

    // A staff payment is a recovery; confirmed, its Abono says so and the loan stays written off.
    const recovery = await registerOldest(context, agent, late.id, 1);
    expect(recovery.recovery).toBe(true);
    await invariants();
    const confirmed = await confirm(context, admin, recovery.id, caja.id);
    expect(confirmed).toMatchObject({ status: 'PAID', recovery: true });
    const ledger = await ledgerOf(context, admin, caja.id);
    expect(ledger.at(-1)).toMatchObject({
      operationType: 'PAYMENT_DEPOSIT',
      amount: recovery.amount,
      reason: `Recuperación préstamo castigado #${late.num}`,
    });
    const after = await loanOf(context, admin, late.id);
    expect(after.status).toBe('WRITTEN_OFF');
    expect(after.currentBalance).toBe(Math.round((late.currentBalance - recovery.amount) * 100) / 100);
    await invariants();

    // The borrower's public statement keeps working, and a public payment is a recovery too.
    const statement = await publicApi(context.app).detail(late.id);
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.json().data.loan.status).toBe('WRITTEN_OFF');
    const pending = await payments.pendingOk(admin.token, late.id);
    const publicPay = await publicApi(context.app).pay(
      late.id,
      [
        jsonPart({
          scheduledPaymentIds: pending.scheduledPayments.slice(0, 1).map((p) => p.id),
          paymentMethod: 'CASH',
        }),
      ],
      [agent.num, agent.pin],
    );
    expect(publicPay.statusCode, publicPay.body).toBe(201);
    const publicRow = rowsOf<{ recovery: boolean; channel: string }>(
      await context.database.db.execute(
        sql`select recovery, channel from payments where id = ${publicPay.json().data.id}`,
      ),
    );
    expect(publicRow).toEqual([{ recovery: true, channel: 'PUBLIC' }]);
    await invariants();

    // 'Cartera castigada', its totals and its CSV.
    const list = (await call(admin.token, 'GET', '/write-offs')).json() as Paged<WriteOff>;
    expect(list.totalDocuments).toBe(1);
    expect(list.data[0]).toMatchObject({
      loan: { num: late.num },
      amountWrittenOff: late.currentBalance,
      recovered: recovery.amount,
      recoveryInValidation: publicPay.json().data.amount,
    });
    expect((await call(admin.token, 'GET', `/write-offs?query=${late.num}`)).json().totalDocuments).toBe(1);
    expect((await call(admin.token, 'GET', '/write-offs?query=nadie')).json().totalDocuments).toBe(0);
    expect((await call(admin.token, 'GET', '/write-offs/totals')).json().data).toEqual({
      loans: 1,
      amountWrittenOff: late.currentBalance,
      recovered: recovery.amount,
    });
    const { rows } = await downloadCsv(
      context,
      admin.token,
      '/api/v1/write-offs/export.csv',
      'cartera-castigada',
    );
    expect(rows[0]).toEqual([
      'Préstamo',
      'Cliente',
      'Monto castigado',
      'Capital castigado',
      'Días de atraso',
      'Fecha',
      'Motivo',
      'Recuperado',
      'Castigado por',
    ]);
    expect(rows[1]?.slice(0, 3)).toEqual([
      String(late.num),
      'Lucía Núñez Gómez',
      late.currentBalance.toFixed(2),
    ]);
    expect(rows[1]?.[6]).toBe('Cliente ilocalizable desde marzo');
    expect(rows[1]?.[7]).toBe(recovery.amount.toFixed(2));

    // 'Pagos Recibidos' in CSV names the recoveries.
    const paymentsCsv = await downloadCsv(
      context,
      admin.token,
      `/api/v1/payments/export.csv?query=${late.num}`,
      'pagos',
    );
    expect(paymentsCsv.rows.slice(1).map((row) => row[7])).toEqual(['Recuperación', 'Recuperación']);

    // The agent sees the write-off on the loan, not the administrators' list.
    const own = await call(agent.token, 'GET', `/loans/${late.id}/write-off`);
    expect(own.json().data).toMatchObject({ reason: 'Cliente ilocalizable desde marzo' });
    expectProblem(await call(agent.token, 'GET', '/write-offs'), 403);
  });

  it("totals count each loan's recoveries once, not every recovery once per write-off", async () => {
    const { admin, agent } = world;
    const caja = await openAccount(context, admin, 100_000, 'Caja recuperaciones');
    const first = await lateLoan(100);
    const other = await secondCustomer(context, agent);
    const second = await lateLoan(100, other.id);
    for (const loan of [first, second]) expect((await writeOff(admin.token, loan.id)).statusCode).toBe(201);
    const recovery = await registerOldest(context, agent, first.id, 1);
    await confirm(context, admin, recovery.id, caja.id);
    await invariants();

    expect((await call(admin.token, 'GET', '/write-offs/totals')).json().data).toEqual({
      loans: 2,
      amountWrittenOff: first.currentBalance + second.currentBalance,
      recovered: recovery.amount,
    });
  });

  it('takes off the books only the principal not already paid by a confirmed abono', async () => {
    const caja = await openAccount(context, world.admin, 10_000, 'Caja');
    const late = await lateLoan(120);
    // $3,000 at 20 %: twelve $300 installments, $250 of principal each. The abono pays every pending
    // fine, then $150 of installment 1: half of it, so ⌊15,000 × 25,000 ÷ 30,000⌋ = $125 of principal.
    const fines = late.currentBalance - 3_600;
    const paid = await payments.registerOk(world.admin.token, late.id, [
      jsonPart({ abono: fines + 150, paymentMethod: 'CASH' }),
    ]);
    await confirm(context, world.admin, paid.id, caja.id);
    const reply = await writeOff(world.admin.token, late.id);
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().data).toMatchObject({ principalWrittenOff: 2_875, amountWrittenOff: 3_450 });
    await invariants();
  });

  it('answers null for a loan not written off', async () => {
    const { loan } = await activeLoan(context, world.admin, world.customer.id);
    expect((await call(world.agent.token, 'GET', `/loans/${loan.id}/write-off`)).json()).toEqual({
      status: 'OK',
      data: null,
    });
  });
});
