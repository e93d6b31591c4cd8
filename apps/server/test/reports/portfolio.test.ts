import type { PortfolioReport } from '@prestaya/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { loansApi } from '../support/api.ts';
import { createAdmin, createUserAndLogin, type TestUser } from '../support/app.ts';
import { useReportsWorld } from '../support/reports-world.ts';
import {
  accrue,
  activeLoan,
  confirm,
  customerOf,
  loanOf,
  openAccount,
  registerOldest,
} from '../support/worlds.ts';

const { context, day, reports, T } = useReportsWorld();

const bucketsOf = (report: PortfolioReport) =>
  report.buckets.map((b) => [b.key, b.label, b.loans, b.principal]);

/**
 * GET /api/v1/reports/portfolio against a hand-computed portfolio built through the API. A loanFromPast
 * requested R days ago has installment k due R + 7k, so its first installment is R − 7 days past due.
 * Fees: $50 a day per late installment, capped at 10% of the amount per installment.
 *
 * Agent A                                               DPD  principal   balance
 *   a1 $10,000 requested T−7  (installment 1 due today)   0  10,000.00  12,000.00
 *   a2 $10,000 requested T−14                             7  10,000.00  12,350.00 (fees 7 × 50)
 *   a3  $5,000 requested T−15, installment 1 + fees       8   5,000.00   6,450.00 (fees 400 + 50)
 *        in a payment still VALIDATING: still unpaid
 *   a4  $1,001 requested T−80, installment 1 + all fees  66     917.59   1,101.10 (11 × 100.10)
 *        paid and confirmed; principal ⌊100,100/12⌋ = 83.41 each, the last 83.49: 10 × 83.41 + 83.49
 *   a5  $1,000 delivered today, all 12 paid: PAID, not in the portfolio
 *   a6  $2,500 approved, not delivered: not in the portfolio
 * Agent B
 *   b1  $3,000 requested T−38                            31   3,000.00   4,950.00 (fees 4 × 300 + 150)
 *   b2  $2,000 requested T−37                            30   2,000.00   3,300.00 (fees 4 × 200 + 100)
 * Cash: Caja $50,000 − 1,000 (a5) + 1,200 (a5 paid) + 1,201.20 (a4: 100.10 + 1,101.10 of fees)
 * = $51,401.20 real, $48,901.20 available after the $2,500 reservation of a6; Banco $1,000.
 */
describe('portfolio report', () => {
  let admin: TestUser;
  let agentA: TestUser;
  let agentB: TestUser;

  beforeEach(async () => {
    admin = await createAdmin(context);
    agentA = await createUserAndLogin(context, { name: 'Ana', lastName: 'Agente' });
    agentB = await createUserAndLogin(context, { name: 'Beto', lastName: 'Agente' });
    const caja = await openAccount(context, admin, 50_000, 'Caja');
    await openAccount(context, admin, 1_000, 'Banco');

    const loanFor = async (agent: TestUser, name: string, amount: number, requestedDaysAgo: number) =>
      activeLoan(context, admin, (await customerOf(context, agent, name)).id, {
        amount,
        requestDate: day(-requestedDaysAgo),
      });
    await loanFor(agentA, 'Alma', 10_000, 7);
    await loanFor(agentA, 'Arturo', 10_000, 14);
    const a3 = await loanFor(agentA, 'Aurora', 5_000, 15);
    const a4 = await loanFor(agentA, 'Abel', 1_001, 80);
    const a5 = await activeLoan(context, admin, (await customerOf(context, agentA, 'Adela')).id, {
      amount: 1_000,
      accountId: caja.id,
    });
    const a6 = await loansApi(context).createOk(
      agentA.token,
      (await customerOf(context, agentA, 'Aldo')).id,
      {
        amount: 2_500,
      },
    );
    await loansApi(context).approveOk(admin.token, a6.id, caja.id);
    await loanFor(agentB, 'Berta', 3_000, 38);
    await loanFor(agentB, 'Bruno', 2_000, 37);
    await accrue(context, T);

    expect((await registerOldest(context, agentA, a3.loan.id, 1)).amount).toBe(950);
    const a4Payment = await registerOldest(context, agentA, a4.loan.id, 1);
    expect(a4Payment.amount).toBe(1_201.2);
    await confirm(context, admin, a4Payment.id, caja.id);
    const a5Payment = await registerOldest(context, agentA, a5.loan.id, 12);
    expect(a5Payment.amount).toBe(1_200);
    await confirm(context, admin, a5Payment.id, caja.id);
    expect((await loanOf(context, admin, a5.loan.id)).status).toBe('PAID');
  });

  it('gives an admin the whole portfolio with PAR strictly beyond X days and the DPD buckets', async () => {
    const report = await reports.portfolioOk(admin.token);
    expect(report).toMatchObject({ asOf: T, scope: 'ALL', loans: { active: 1, delayed: 5 } });
    expect(report.outstandingPrincipal).toBe(30_917.59);
    expect(report.outstandingBalance).toBe(40_151.1);
    expect(report.cash).toEqual({ balance: 49_901.2, realBalance: 52_401.2 });
    expect(report.par).toEqual([
      // DPD > 1: a2 (7), a3 (8), a4 (66), b1 (31), b2 (30).
      { days: 1, atRisk: 20_917.59, outstanding: 30_917.59, ratio: 2_091_759 / 3_091_759, loans: 5 },
      // DPD > 7: a2, exactly 7 days late, is out; a3, 8 days late, is in.
      { days: 7, atRisk: 10_917.59, outstanding: 30_917.59, ratio: 1_091_759 / 3_091_759, loans: 4 },
      // DPD > 30: b2, exactly 30 days late, is out; b1, 31 days late, is in.
      { days: 30, atRisk: 3_917.59, outstanding: 30_917.59, ratio: 391_759 / 3_091_759, loans: 2 },
    ]);
    expect(bucketsOf(report)).toEqual([
      ['1-7', '1–7 días', 1, 10_000],
      ['8-30', '8–30 días', 2, 7_000],
      ['31-60', '31–60 días', 1, 3_000],
      ['61+', '61+ días', 1, 917.59],
    ]);
  });

  it("gives each agent only their own portfolio and no cash; agent B sees none of agent A's loans", async () => {
    const a = await reports.portfolioOk(agentA.token);
    expect(a).toMatchObject({ asOf: T, scope: 'AGENT', cash: null, loans: { active: 1, delayed: 3 } });
    expect(a.outstandingPrincipal).toBe(25_917.59);
    expect(a.outstandingBalance).toBe(31_901.1);
    expect(a.par).toEqual([
      { days: 1, atRisk: 15_917.59, outstanding: 25_917.59, ratio: 1_591_759 / 2_591_759, loans: 3 },
      { days: 7, atRisk: 5_917.59, outstanding: 25_917.59, ratio: 591_759 / 2_591_759, loans: 2 },
      { days: 30, atRisk: 917.59, outstanding: 25_917.59, ratio: 91_759 / 2_591_759, loans: 1 },
    ]);
    expect(bucketsOf(a)).toEqual([
      ['1-7', '1–7 días', 1, 10_000],
      ['8-30', '8–30 días', 1, 5_000],
      ['31-60', '31–60 días', 0, 0],
      ['61+', '61+ días', 1, 917.59],
    ]);

    const b = await reports.portfolioOk(agentB.token);
    expect(b).toMatchObject({ scope: 'AGENT', cash: null, loans: { active: 0, delayed: 2 } });
    expect(b.outstandingPrincipal).toBe(5_000);
    expect(b.outstandingBalance).toBe(8_250);
    expect(b.par).toEqual([
      { days: 1, atRisk: 5_000, outstanding: 5_000, ratio: 1, loans: 2 },
      { days: 7, atRisk: 5_000, outstanding: 5_000, ratio: 1, loans: 2 },
      { days: 30, atRisk: 3_000, outstanding: 5_000, ratio: 0.6, loans: 1 },
    ]);
    expect(bucketsOf(b)).toEqual([
      ['1-7', '1–7 días', 0, 0],
      ['8-30', '8–30 días', 1, 2_000],
      ['31-60', '31–60 días', 1, 3_000],
      ['61+', '61+ días', 0, 0],
    ]);
  });

  it('is all zeros for an agent without customers', async () => {
    const agentC = await createUserAndLogin(context, { name: 'Carla', lastName: 'Agente' });
    const report = await reports.portfolioOk(agentC.token);
    expect(report).toMatchObject({
      scope: 'AGENT',
      cash: null,
      loans: { active: 0, delayed: 0 },
      outstandingBalance: 0,
      outstandingPrincipal: 0,
    });
    expect(report.par.map((p) => [p.days, p.atRisk, p.outstanding, p.ratio, p.loans])).toEqual([
      [1, 0, 0, 0, 0],
      [7, 0, 0, 0, 0],
      [30, 0, 0, 0, 0],
    ]);
    expect(report.buckets.every((b) => b.loans === 0 && b.principal === 0)).toBe(true);
  });
});
