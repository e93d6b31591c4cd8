import { centsToPesos, type PortfolioReport } from '@prestaya/contracts';
import { portfolioRisk } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { livePortfolioRows, WHOLE_BUSINESS } from '../../src/modules/reports/live.ts';
import { reportsApi } from '../support/api.ts';
import { jsonPart, rejection } from '../support/builders.ts';
import { businessToday } from '../support/clock.ts';
import { rowsOf } from '../support/database.ts';
import { usePaymentsWorld } from '../support/payments-world.ts';
import { expectReportTallies } from '../support/report-tallies-invariant.ts';
import { activeLoan, confirm, loanOf, openAccount, overdueLoan, secondCustomer } from '../support/worlds.ts';

/**
 * The Dashboard's portfolio figures after a partial payment ('Abono'). Two loans of the agent's
 * customers, $10,000 at 20% over 12 weeks ($1,000 installments, $833.33 of principal each, $833.37
 * the last): Lucía's, installment 1 due T−3 with $150 of fines (overdueLoan), DPD 3; Pedro's delivered
 * today, DPD 0. An abono of $650 pays the fines and half of installment 1: once confirmed, half of its
 * principal, ⌊50,000 × 83,333 ÷ 100,000⌋ = $416.66, is no longer outstanding: Lucía's principal
 * $10,000 → $9,583.34. Money only held by an abono in validation is still outstanding, and a rejected
 * abono leaves the figures as they were.
 */
const { api, context, world } = usePaymentsWorld();
const reports = reportsApi(context);

const figures = (report: PortfolioReport) => ({
  principal: report.outstandingPrincipal,
  balance: report.outstandingBalance,
  par: report.par.map((p) => [p.days, p.atRisk, p.outstanding, p.ratio, p.loans]),
  buckets: report.buckets.filter((b) => b.loans > 0).map((b) => [b.key, b.loans, b.principal]),
});

/** What the rows themselves give for a scope, in the report's pesos. */
async function fromRows(scope: { id: string; roles: readonly string[] }) {
  const T = businessToday();
  const risk = portfolioRisk(await livePortfolioRows(context.database.db, scope, T), T);
  return {
    principal: centsToPesos(risk.outstandingPrincipalCents),
    balance: centsToPesos(risk.outstandingBalanceCents),
    par: risk.par.map((p) => [
      p.days,
      centsToPesos(p.atRiskCents),
      centsToPesos(p.outstandingCents),
      p.ratio,
      p.loans,
    ]),
    buckets: risk.buckets
      .filter((b) => b.loans > 0)
      .map((b) => [b.key, b.loans, centsToPesos(b.principalCents)]),
  };
}

/** The administrator's and the agent's Dashboard agree with each other and with the rows. */
async function dashboards() {
  const admin = figures(await reports.portfolioOk(world.admin.token));
  const agent = figures(await reports.portfolioOk(world.agent.token));
  expect(agent).toEqual(admin);
  expect(admin).toEqual(await fromRows(WHOLE_BUSINESS));
  expect(agent).toEqual(await fromRows({ id: world.agent.id, roles: ['ROLE_USER'] }));
  await expectReportTallies(context.database.db);
  return admin;
}

const par = (atRisk: number, outstanding: number) => [
  [1, atRisk, outstanding, Math.round(atRisk * 100) / Math.round(outstanding * 100), 1],
  [7, 0, outstanding, 0, 0],
  [30, 0, outstanding, 0, 0],
];

const abono = (amount: number) => jsonPart({ abono: amount, paymentMethod: 'CASH' });

describe('portfolio figures after an abono', () => {
  it('drop by the principal part it paid once confirmed, for an administrator and for the agent', async () => {
    const caja = await openAccount(context, world.admin, 50_000, 'Caja');
    const { loan } = await overdueLoan(context, world);
    const pedro = await secondCustomer(context, world.agent);
    await activeLoan(context, world.admin, pedro.id, { accountId: caja.id });

    const before = {
      principal: 20_000,
      balance: 24_150,
      par: par(10_000, 20_000),
      buckets: [['1-7', 1, 10_000]],
    };
    expect(await dashboards()).toEqual(before);

    // Registered: the $500 of installment 1 is only held; still owed, still outstanding.
    const first = await api.registerOk(world.agent.token, loan.id, [abono(650)]);
    expect(first).toMatchObject({ status: 'VALIDATING', kind: 'ABONO' });
    expect(await dashboards()).toEqual(before);

    await confirm(context, world.admin, first.id, caja.id);
    const after = {
      principal: 19_583.34,
      balance: 23_500,
      par: par(9_583.34, 19_583.34),
      buckets: [['1-7', 1, 9_583.34]],
    };
    expect(await dashboards()).toEqual(after);
    expect((await loanOf(context, world.admin, loan.id)).status).toBe('DELAYED');
    const [kept] = rowsOf<{ abono: string }>(
      await context.database.db.execute(
        sql`select abono_principal_cents::text as abono from loans where id = ${loan.id}`,
      ),
    );
    expect(Number(kept?.abono)).toBe(41_666);

    // A second abono of $250 held, then rejected: the figures stay where the confirmed one left them.
    const second = await api.registerOk(world.agent.token, loan.id, [abono(250)]);
    expect(await dashboards()).toEqual(after);
    await api.decideOk(world.admin.token, second.id, rejection());
    expect(await dashboards()).toEqual(after);
  });

  it('stay whole after a rejected abono and drop when one is paid and confirmed', async () => {
    const caja = await openAccount(context, world.admin, 50_000, 'Caja');
    const { loan } = await overdueLoan(context, world);
    const before = await dashboards();
    expect(before.principal).toBe(10_000);

    const held = await api.registerOk(world.agent.token, loan.id, [abono(650)]);
    await api.decideOk(world.admin.token, held.id, rejection());
    expect(await dashboards()).toEqual(before);

    // Paid again and confirmed, it drops by the same principal part.
    const paid = await api.registerOk(world.agent.token, loan.id, [abono(650)]);
    await confirm(context, world.admin, paid.id, caja.id);
    expect((await dashboards()).principal).toBe(9_583.34);
  });
});
