import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentsApi } from '../support/api.ts';
import { useTestApp } from '../support/app.ts';
import { jsonPart, rejection } from '../support/builders.ts';
import { addDays, businessToday } from '../support/clock.ts';
import { feeRows } from '../support/records.ts';
import { accrue, activeLoan, loanOf, loanWorld, openAccount, useLoanWorld } from '../support/worlds.ts';

/**
 * The daily fee accrual (docs/architecture.md "Loan policy"), with time simulated by passing the day
 * to accrue through — nothing waits. A $10,000 loan: installments of $1,000 due every 7 days, daily fee
 * $50, weekly cap $1,000 = 20 daily fees per installment.
 */
const context = useTestApp();
const payments = paymentsApi(context);
const world = useLoanWorld(context);

const countBy = <T>(items: T[], key: (item: T) => number) => {
  const counts: Record<number, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
};

describe('accrueFees over a simulated month', () => {
  it('creates one $50 fee per day past due per unpaid installment, up to the $1,000 weekly cap', async () => {
    const T = businessToday();
    const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id);
    expect(schedule[0]?.dueDate).toBe(addDays(T, 7));

    // Nothing is past due on the delivery day or on the first due date itself.
    expect(await accrue(context, addDays(T, 7))).toEqual({
      status: 'done',
      feesCreated: 0,
      installmentsDelayed: 0,
      loansUpdated: 0,
    });

    // Through T+37: installment 1 is late 30 days (capped at 20 fees), 2 → 23 (20), 3 → 16, 4 → 9, 5 → 2.
    const result = await accrue(context, addDays(T, 37));
    expect(result).toEqual({ status: 'done', feesCreated: 67, installmentsDelayed: 5, loansUpdated: 1 });
    const fees = await feeRows(context, loan.id);
    expect(countBy(fees, (f) => f.payment_number)).toEqual({ 1: 20, 2: 20, 3: 16, 4: 9, 5: 2 });
    expect(fees.every((f) => f.amount_cents === 5_000 && f.status === 'PENDING')).toBe(true);
    const first = fees.filter((f) => f.payment_number === 1);
    expect(first.map((f) => f.fee_date)).toEqual(Array.from({ length: 20 }, (_, i) => addDays(T, 8 + i)));
    expect(first[0]?.concept).toBe('Multa por atraso · Pago 1');
    expect(fees.filter((f) => f.payment_number === 5).map((f) => f.fee_date)).toEqual([
      addDays(T, 36),
      addDays(T, 37),
    ]);

    // Installments 1–5 DELAYED; the loan DELAYED and owing $12,000 + 67 × $50.
    const pending = await payments.pendingOk(world.admin.token, loan.id);
    expect(pending.scheduledPayments.map((p) => p.status)).toEqual([
      ...Array(5).fill('DELAYED'),
      ...Array(7).fill('PENDING'),
    ]);
    expect(pending.fees).toHaveLength(67);
    expect(pending.total).toBe(15_350);
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({
      status: 'DELAYED',
      currentBalance: 15_350,
      currentRealAmount: 15_350,
    });
  });

  it('gives the same fees run day by day as in one catch-up run, and a rerun changes nothing', async () => {
    const T = businessToday();
    const daily = await activeLoan(context, world.admin, world.customer.id);
    let created = 0;
    for (let day = 0; day <= 37; day++) created += (await accrue(context, addDays(T, day))).feesCreated;
    expect(created).toBe(67);
    const before = await feeRows(context, daily.loan.id);
    const loanBefore = await loanOf(context, world.admin, daily.loan.id);

    expect(await accrue(context, addDays(T, 37))).toEqual({
      status: 'done',
      feesCreated: 0,
      installmentsDelayed: 0,
      loansUpdated: 0,
    });
    // An earlier day is covered too.
    expect((await accrue(context, addDays(T, 20))).feesCreated).toBe(0);
    expect(await feeRows(context, daily.loan.id)).toEqual(before);
    expect(await loanOf(context, world.admin, daily.loan.id)).toEqual(loanBefore);
  });

  it('gives fees UUIDv7 ids that sort as the fees do (installment, then day), across runs', async () => {
    const T = businessToday();
    const { loan } = await activeLoan(context, world.admin, world.customer.id);
    await accrue(context, addDays(T, 16)); // installment 1: T+8..T+16; installment 2: T+15, T+16
    await accrue(context, addDays(T, 17));
    const fees = await feeRows(context, loan.id);
    expect(fees).toHaveLength(13);
    expect(
      fees.every((f) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(f.id)),
    ).toBe(true);
    expect(new Set(fees.map((f) => f.id)).size).toBe(13);
    // Within a run, ids follow (installment, day); the second run's ids come after the first's.
    const firstRun = fees.filter((f) => f.fee_date <= addDays(T, 16));
    const byId = [...firstRun].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(byId).toEqual(firstRun);
    const secondRun = fees.filter((f) => f.fee_date === addDays(T, 17));
    expect(secondRun.every((late) => firstRun.every((early) => early.id < late.id))).toBe(true);
  });

  it('turns a loan DELAYED when its only past-due installment is in validation, without a fee', async () => {
    const T = businessToday();
    const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id);
    const [first] = schedule;
    if (!first) throw new Error('no schedule');
    await payments.registerOk(world.agent.token, loan.id, [
      jsonPart({ scheduledPaymentIds: [first.id], paymentMethod: 'CASH' }),
    ]);
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({ status: 'ACTIVE' });

    // T+8: installment 1 (due T+7) is past due but VALIDATING: no fee, not marked DELAYED itself, yet
    // the loan is overdue, so the run recomputes it even though it touched none of its rows.
    expect(await accrue(context, addDays(T, 8))).toEqual({
      status: 'done',
      feesCreated: 0,
      installmentsDelayed: 0,
      loansUpdated: 1,
    });
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({
      status: 'DELAYED',
      currentBalance: 12_000,
    });
  });

  it('trims the last fee to the cap: $10,010 → weekly cap $1,001 = 20 × $50 + $1', async () => {
    const T = businessToday();
    const { loan } = await activeLoan(context, world.admin, world.customer.id, { amount: 10_010 });
    await accrue(context, addDays(T, 7 + 30));
    const first = (await feeRows(context, loan.id)).filter((f) => f.payment_number === 1);
    expect(first).toHaveLength(21);
    expect(first.slice(0, 20).every((f) => f.amount_cents === 5_000)).toBe(true);
    expect(first[20]).toMatchObject({ amount_cents: 100, fee_date: addDays(T, 28) });
    expect(first.reduce((sum, f) => sum + f.amount_cents, 0)).toBe(100_100);
  });
});

describe('accrueFees never charges', () => {
  it('days before the loan was registered (a loanFromPast registered today)', async () => {
    const T = businessToday();
    // Request date 30 days ago: installments 1–4 are already past due, but the loan exists since today.
    const { loan } = await activeLoan(context, world.admin, world.customer.id, {
      requestDate: addDays(T, -30),
      registeredDaysAgo: 0,
    });
    const result = await accrue(context, T);
    expect(result).toMatchObject({ feesCreated: 4, installmentsDelayed: 4, loansUpdated: 1 });
    const fees = await feeRows(context, loan.id);
    expect(fees.map((f) => [f.payment_number, f.fee_date])).toEqual([
      [1, T],
      [2, T],
      [3, T],
      [4, T],
    ]);
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({
      status: 'DELAYED',
      currentBalance: 12_200,
    });
  });

  it('installments in validation, nor the days they spent in validation once the payment is rejected', async () => {
    const T = businessToday();
    const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id);
    const [first] = schedule;
    if (!first) throw new Error('no schedule');
    await accrue(context, addDays(T, 8)); // one fee for installment 1, dated T+8
    const [fee] = await payments.feesOk(world.admin.token, loan.id);
    if (!fee) throw new Error('no fee');
    const payment = await payments.registerOk(world.agent.token, loan.id, [
      jsonPart({ scheduledPaymentIds: [first.id], feeIds: [fee.id], paymentMethod: 'CASH' }),
    ]);

    // While it is VALIDATING, installment 1 gets nothing; installment 2 (due T+14) gets T+15..T+20.
    expect((await accrue(context, addDays(T, 20))).feesCreated).toBe(6);
    expect((await feeRows(context, loan.id)).filter((f) => f.payment_number === 1)).toHaveLength(1);

    // Rejected: say it was registered on T+8 and rejected on T+20 (business time). Days T+9..T+20 were
    // spent in validation and stay free; from T+21 on installment 1 accrues again.
    await payments.decideOk(world.admin.token, payment.id, rejection());
    await context.database.db.execute(sql`
      update payments
         set created_on = (${addDays(T, 8)}::date + time '12:00') at time zone 'America/Mexico_City',
             decided_on = (${addDays(T, 20)}::date + time '12:00') at time zone 'America/Mexico_City'
       where id = ${payment.id}`);
    expect((await accrue(context, addDays(T, 21))).feesCreated).toBe(2); // installment 1 and 2, T+21
    const firstFees = (await feeRows(context, loan.id)).filter((f) => f.payment_number === 1);
    expect(firstFees.map((f) => [f.fee_date, f.status])).toEqual([
      [addDays(T, 8), 'PENDING'],
      [addDays(T, 21), 'PENDING'],
    ]);
  });

  it('paid installments', async () => {
    const T = businessToday();
    const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id);
    const account = await openAccount(context, world.admin, 1_000, 'Caja');
    const [first] = schedule;
    if (!first) throw new Error('no schedule');
    const payment = await payments.registerOk(world.agent.token, loan.id, [
      jsonPart({ scheduledPaymentIds: [first.id], paymentMethod: 'CASH' }),
    ]);
    await payments.decideOk(world.admin.token, payment.id, { status: 'PAID', targetAccountId: account.id });
    expect((await accrue(context, addDays(T, 15))).feesCreated).toBe(1); // installment 2 only (T+15)
    const fees = await feeRows(context, loan.id);
    expect(fees.map((f) => [f.payment_number, f.fee_date])).toEqual([[2, addDays(T, 15)]]);
  });

  it('again for a cancelled fee: a forgiven fee still counts toward the cap', async () => {
    const T = businessToday();
    const { loan } = await activeLoan(context, world.admin, world.customer.id);
    await accrue(context, addDays(T, 10)); // T+8, T+9, T+10
    const fees = await payments.feesOk(world.admin.token, loan.id);
    const cancelled = fees[1];
    if (!cancelled) throw new Error('no fee');
    const response = await payments.cancelFee(world.admin.token, loan.id, cancelled.id);
    expect(response.statusCode, response.body).toBe(200);

    expect((await accrue(context, addDays(T, 10))).feesCreated).toBe(0);
    // Through T+40 installment 1 reaches its 20 fees (one of them cancelled), not 21.
    await accrue(context, addDays(T, 40));
    const first = (await feeRows(context, loan.id)).filter((f) => f.payment_number === 1);
    expect(first).toHaveLength(20);
    expect(first.filter((f) => f.status === 'CANCELLED').map((f) => f.fee_date)).toEqual([addDays(T, 9)]);
  });
});

describe('the fees table', () => {
  it("refuses a fee whose loan is not its installment's loan", async () => {
    const T = businessToday();
    const { loan } = await activeLoan(context, world.admin, world.customer.id);
    const other = await loanWorld(context);
    const { schedule } = await activeLoan(context, other.admin, other.customer.id);
    const [installment] = schedule;
    if (!installment) throw new Error('no schedule');
    await expect(
      context.database.db.execute(sql`
        insert into fees (id, loan_id, scheduled_payment_id, fee_date, concept, amount_cents)
        values (gen_random_uuid(), ${loan.id}, ${installment.id}, ${addDays(T, 8)}, 'Multa', 5000)`),
    ).rejects.toThrow();
  });
});
