import type { WeeklyPaymentsReport } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { paymentsApi } from '../support/api.ts';
import { createAdmin, createUserAndLogin, expectProblem, type TestUser } from '../support/app.ts';
import { rejection } from '../support/builders.ts';
import { useReportsWorld } from '../support/reports-world.ts';
import { withinTimeLimit } from '../support/time-limit.ts';
import { accrue, activeLoan, confirm, customerOf, openAccount, registerOldest } from '../support/worlds.ts';

const { context, day, reports, T } = useReportsWorld();

/**
 * GET /api/v1/reports/weekly-payments against hand-computed fixtures built through the API.
 * The business zone of the tests is America/Mexico_City: UTC−6 all year (no DST since 2022), so a
 * local 23:30 is 05:30 UTC of the next calendar day.
 */

/**
 * Sets when a confirmed payment was collected, and confirmed, to one instant (the tests cannot wait
 * for other days): its day in the report is the day it was collected.
 */
async function confirmedAt(paymentId: string, isoInstant: string) {
  await context.database.db.execute(
    sql`update payments set collected_at = ${isoInstant}::timestamptz, decided_on = ${isoInstant}::timestamptz
         where id = ${paymentId}`,
  );
}

/** The days of the report that are not all zeros. */
const nonZeroDays = (report: WeeklyPaymentsReport) =>
  report.days.filter((d) => d.total !== 0 || d.payments !== 0 || d.installments !== 0 || d.fees !== 0);

describe('weekly payments report', () => {
  let admin: TestUser;
  let agentA: TestUser;
  let agentB: TestUser;

  /**
   * Agent A: L1 $10,000 delivered today (12 × $1,000); L2 $10,000 loanFromPast requested 20 days ago
   * (installment 1 due T−13, 2 due T−6, 3 due T+1). Agent B: L3 $5,000 delivered today (12 × $500).
   * Fees through today on L2 ($50 a day, cap $1,000 per installment): installment 1 from T−12 to T =
   * 13 days = $650, installment 2 from T−5 to T = 6 days = $300, $950 in all.
   * - P1 (L2): installments 1–2 ($2,000) + fees ($950) = $2,950, collected and confirmed at 23:30 of T−3 (local).
   * - P5 (L2): installment 3 ($1,000), collected and confirmed at 23:59 of T−7: the day before the week T−6..T.
   * - P2 (L1): installment 1 ($1,000), still VALIDATING.
   * - P3 (L3): installment 1 ($500), confirmed today.
   * - P4 (L3): installment 2 ($500), rejected.
   */
  beforeEach(async () => {
    admin = await createAdmin(context);
    agentA = await createUserAndLogin(context, { name: 'Ana', lastName: 'Agente' });
    agentB = await createUserAndLogin(context, { name: 'Beto', lastName: 'Agente' });
    const caja = await openAccount(context, admin, 100_000, 'Caja');
    const a1 = await customerOf(context, agentA, 'Alma');
    const a2 = await customerOf(context, agentA, 'Arturo');
    const b1 = await customerOf(context, agentB, 'Berta');
    const l1 = await activeLoan(context, admin, a1.id, { amount: 10_000, accountId: caja.id });
    const l2 = await activeLoan(context, admin, a2.id, { amount: 10_000, requestDate: day(-20) });
    const l3 = await activeLoan(context, admin, b1.id, { amount: 5_000, accountId: caja.id });
    await accrue(context, T);

    const p1 = await registerOldest(context, agentA, l2.loan.id, 2);
    expect(p1.amount).toBe(2_950);
    await confirm(context, admin, p1.id, caja.id);
    await confirmedAt(p1.id, `${day(-2)}T05:30:00Z`);

    const p5 = await registerOldest(context, agentA, l2.loan.id, 1);
    expect(p5.amount).toBe(1_000);
    await confirm(context, admin, p5.id, caja.id);
    await confirmedAt(p5.id, `${day(-6)}T05:59:00Z`);

    const p2 = await registerOldest(context, agentA, l1.loan.id, 1);
    expect(p2.amount).toBe(1_000);

    const p3 = await registerOldest(context, agentB, l3.loan.id, 1);
    expect(p3.amount).toBe(500);
    await confirm(context, admin, p3.id, caja.id);

    const p4 = await registerOldest(context, agentB, l3.loan.id, 1);
    expect(p4.amount).toBe(500);
    await paymentsApi(context).decideOk(admin.token, p4.id, rejection());
  });

  it('gives an admin the whole business: collections per collection day, split, every day listed', async () => {
    const report = await reports.weeklyOk(admin.token, day(-6), T);
    expect(report).toMatchObject({ from: day(-6), to: T, scope: 'ALL' });
    expect(report.days.map((d) => d.date)).toEqual([day(-6), day(-5), day(-4), day(-3), day(-2), day(-1), T]);
    expect(nonZeroDays(report)).toEqual([
      { date: day(-3), installments: 2_000, fees: 950, total: 2_950, payments: 1 },
      { date: T, installments: 500, fees: 0, total: 500, payments: 1 },
    ]);
    expect(report.days[0]).toEqual({ date: day(-6), installments: 0, fees: 0, total: 0, payments: 0 });
    expect(report.totals).toEqual({ installments: 2_500, fees: 950, total: 3_450, payments: 2 });
    // P2 waits for validation: counted there, never as collected; the rejected P4 nowhere.
    expect(report.validating).toEqual({ count: 1, amount: 1_000 });
    // L1 and L3 delivered today; L2 is a loanFromPast delivered on its request date, 20 days ago.
    expect(report.newLoans).toEqual({ count: 2, amount: 15_000 });
  });

  it('buckets by the business day of the collection, not the UTC day', async () => {
    // P1 was collected at 05:30 UTC of T−2, which is 23:30 of T−3 in Mexico City.
    expect((await reports.weeklyOk(admin.token, day(-3), day(-3))).totals).toMatchObject({
      total: 2_950,
      payments: 1,
    });
    expect((await reports.weeklyOk(admin.token, day(-2), day(-2))).totals).toMatchObject({
      total: 0,
      payments: 0,
    });
    // P5, at 23:59 of T−7, belongs to the day before the week and to a range that starts on it.
    const wider = await reports.weeklyOk(admin.token, day(-7), T);
    expect(nonZeroDays(wider)[0]).toEqual({
      date: day(-7),
      installments: 1_000,
      fees: 0,
      total: 1_000,
      payments: 1,
    });
    expect(wider.totals).toEqual({ installments: 3_500, fees: 950, total: 4_450, payments: 3 });
  });

  it('counts a loanFromPast as delivered on its request date', async () => {
    const past = await reports.weeklyOk(admin.token, day(-20), day(-14));
    expect(past.newLoans).toEqual({ count: 1, amount: 10_000 });
    expect(past.totals.total).toBe(0);
    expect(past.days).toHaveLength(7);
  });

  it("gives an agent only their own portfolio; agent B sees none of agent A's figures", async () => {
    const a = await reports.weeklyOk(agentA.token, day(-6), T);
    expect(a.scope).toBe('AGENT');
    expect(nonZeroDays(a)).toEqual([
      { date: day(-3), installments: 2_000, fees: 950, total: 2_950, payments: 1 },
    ]);
    expect(a.totals).toEqual({ installments: 2_000, fees: 950, total: 2_950, payments: 1 });
    expect(a.validating).toEqual({ count: 1, amount: 1_000 });
    expect(a.newLoans).toEqual({ count: 1, amount: 10_000 });

    const b = await reports.weeklyOk(agentB.token, day(-6), T);
    expect(b.scope).toBe('AGENT');
    expect(nonZeroDays(b)).toEqual([{ date: T, installments: 500, fees: 0, total: 500, payments: 1 }]);
    expect(b.totals).toEqual({ installments: 500, fees: 0, total: 500, payments: 1 });
    expect(b.validating).toEqual({ count: 0, amount: 0 });
    expect(b.newLoans).toEqual({ count: 1, amount: 5_000 });
  });
});

describe('weekly payments range', () => {
  let token: string;
  beforeEach(async () => {
    token = (await createUserAndLogin(context)).token;
  });

  it('refuses a reversed range', async () => {
    const response = await reports.weekly(token, '?from=2025-03-10&to=2025-03-09');
    const body = expectProblem(response, 400, 'to: La fecha final debe ser igual o posterior a la inicial');
    expect(body.errors).toEqual([
      { field: 'to', message: 'La fecha final debe ser igual o posterior a la inicial' },
    ]);
  });

  it('accepts 366 days and refuses 367', async () => {
    const leapYear = await reports.weeklyOk(token, '2024-01-01', '2024-12-31');
    expect(leapYear.days).toHaveLength(366);
    expect(leapYear.days.at(-1)?.date).toBe('2024-12-31');
    expectProblem(
      await reports.weekly(token, '?from=2024-01-01&to=2025-01-01'),
      400,
      'to: El rango no puede ser mayor a 366 días',
    );
  });

  it('accepts a one-day range', async () => {
    const one = await reports.weeklyOk(token, '2025-03-09', '2025-03-09');
    expect(one.days).toEqual([{ date: '2025-03-09', installments: 0, fees: 0, total: 0, payments: 0 }]);
  });

  it('refuses missing or malformed dates with a 400 naming the field', async () => {
    expectProblem(await reports.weekly(token, '?from=2025-03-09'), 400, /^to: /);
    expectProblem(await reports.weekly(token, ''), 400, /from: .*to: /);
    expectProblem(
      await reports.weekly(token, '?from=09/03/2025&to=2025-03-10'),
      400,
      'from: Fecha inválida, use AAAA-MM-DD',
    );
    expectProblem(
      await reports.weekly(token, '?from=2025-02-30&to=2025-03-10'),
      400,
      'from: Fecha inválida, use AAAA-MM-DD',
    );
    expectProblem(await reports.weekly(token, "?from=2025-03-09'--&to=2025-03-10"), 400, /^from: /);
  });

  it('refuses dates outside 2000-01-01..2099-12-31 at once, the last days of year 9999 included', async () => {
    const OUTSIDE = 'La fecha debe estar entre 2000-01-01 y 2099-12-31';
    const weekly = (query: string) => withinTimeLimit(reports.weekly(token, query), 2_000, query);
    expectProblem(await weekly('?from=9999-12-30&to=9999-12-31'), 400, `from: ${OUTSIDE}; to: ${OUTSIDE}`);
    expectProblem(await weekly('?from=1999-12-31&to=2000-01-01'), 400, `from: ${OUTSIDE}`);
    expectProblem(await weekly('?from=2099-12-31&to=2100-01-01'), 400, `to: ${OUTSIDE}`);
    expectProblem(await weekly('?from=0001-01-01&to=0001-01-02'), 400, `from: ${OUTSIDE}; to: ${OUTSIDE}`);
    const lastDays = await reports.weeklyOk(token, '2099-12-30', '2099-12-31');
    expect(lastDays.days.map((day) => day.date)).toEqual(['2099-12-30', '2099-12-31']);
  });

  it('is 401 without a session', async () => {
    expectProblem(await reports.weekly(undefined, '?from=2025-03-09&to=2025-03-15'), 401);
    expectProblem(await reports.portfolio(undefined), 401);
  });
});
