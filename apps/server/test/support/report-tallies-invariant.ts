import { type LoanRiskRow, portfolioRisk } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DbOrTx } from '../../src/db/client.ts';
import { rowsOf } from '../../src/db/rows.ts';
import {
  agentPortfolioRows,
  livePortfolioRows,
  liveWeeklyFigures,
  type ReportWindow,
  type WeeklyFigures,
  WHOLE_BUSINESS,
} from '../../src/modules/reports/live.ts';
import { tallyPortfolioRows, tallyWeeklyFigures } from '../../src/modules/reports/tallies.ts';
import { addDays, businessToday, TEST_TIME_ZONE } from './clock.ts';
import { expectCollectionDueFigures } from './collection-due-invariant.ts';

/** Rows in one order, so two lists of the same rows compare equal. */
const sortedRisk = (rows: LoanRiskRow[]) =>
  [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
const sortedWeekly = (figures: WeeklyFigures) => ({
  ...figures,
  days: [...figures.days].sort((a, b) => a.day.localeCompare(b.day)),
});

/**
 * The portfolio tally by its whole key (status, oldest unpaid due date), as LoanRiskRows: what the
 * rows give as of a day after every due date.
 */
async function tallyByWholeKey(db: DbOrTx): Promise<LoanRiskRow[]> {
  const rows = rowsOf<{
    status: LoanRiskRow['status'];
    day: string | null;
    n: string;
    balance: string;
    principal: string;
    restructured: boolean;
  }>(
    await db.execute(sql`
      select status, to_char(oldest_unpaid_due_date, 'YYYY-MM-DD') as day, sum(n) as n,
             sum(balance_cents) as balance, sum(principal_cents) as principal, restructured
        from portfolio_tally group by 1, 2, 6 having sum(n) <> 0`),
  );
  return rows.map((row) => ({
    status: row.status,
    oldestOverdueDueDate: row.day,
    loans: Number(row.n),
    currentBalanceCents: Number(row.balance),
    outstandingPrincipalCents: Number(row.principal),
    ...(row.restructured ? { restructured: true } : {}),
  }));
}

/** Rows summed by the tally's key: loans of every amount and term together. */
function byTallyKey(rows: LoanRiskRow[]): LoanRiskRow[] {
  const merged = new Map<string, LoanRiskRow>();
  for (const row of rows) {
    const key = `${row.status} ${row.oldestOverdueDueDate} ${row.restructured === true}`;
    const into = merged.get(key);
    if (!into) merged.set(key, { ...row });
    else {
      into.loans += row.loans;
      into.currentBalanceCents += row.currentBalanceCents;
      into.outstandingPrincipalCents += row.outstandingPrincipalCents;
    }
  }
  return [...merged.values()];
}

interface DueFigures {
  agentId: string | null;
  day: string;
  n: number;
  cents: number;
  takenN: number;
  takenCents: number;
}

const dueFigures = (rows: Record<string, unknown>[]): DueFigures[] =>
  rows
    .map((row) => ({
      agentId: row.agent_id as string | null,
      day: row.day as string,
      n: Number(row.n),
      cents: Number(row.cents),
      takenN: Number(row.taken_n),
      takenCents: Number(row.taken_cents),
    }))
    .sort((a, b) => `${a.agentId} ${a.day}`.localeCompare(`${b.agentId} ${b.day}`));

/**
 * The installments due of Cobranza's 'Semana' (migration installment_due_tally), per agent of the
 * customer and due date, as the tally holds them and as the rows give them: written out again here
 * (an installment not REJECTED, CANCELLED or RESTRUCTURED of a loan ACTIVE, DELAYED or PAID; taken = PAID or
 * VALIDATING, whole; the cents taken of any other are its parts paid and held by abonos) so the check
 * does not trust the triggers it checks.
 */
export async function expectInstallmentDueTally(db: DbOrTx): Promise<DueFigures[]> {
  const fromRows = dueFigures(
    rowsOf(
      await db.execute(sql`
        select c.agent_id, to_char(sp.due_date, 'YYYY-MM-DD') as day, count(*) as n,
               sum(sp.amount_cents) as cents,
               count(*) filter (where sp.status in ('PAID', 'VALIDATING')) as taken_n,
               coalesce(sum(sp.amount_cents) filter (where sp.status in ('PAID', 'VALIDATING')), 0)
                 + coalesce(sum(sp.paid_cents + sp.held_cents) filter (where sp.status not in ('PAID', 'VALIDATING')), 0)
                 as taken_cents
          from scheduled_payments sp
          join loans l on l.id = sp.loan_id and l.status in ('ACTIVE', 'DELAYED', 'PAID')
          join customers c on c.id = l.customer_id
         where sp.status not in ('REJECTED', 'CANCELLED', 'RESTRUCTURED')
         group by 1, 2`),
    ),
  );
  const tallied = dueFigures(
    rowsOf(
      await db.execute(sql`
        select agent_id, to_char(due_date, 'YYYY-MM-DD') as day, sum(n) as n, sum(amount_cents) as cents,
               sum(taken_n) as taken_n, sum(taken_cents) as taken_cents
          from installment_due_tally group by 1, 2
        having sum(n) <> 0 or sum(amount_cents) <> 0 or sum(taken_n) <> 0 or sum(taken_cents) <> 0`),
    ),
  );
  expect(tallied, 'cuotas por agente y día: tally ≠ cuotas').toEqual(fromRows);
  return fromRows;
}

/**
 * Each agent's portfolio from the figures the triggers keep on their loans (unpaid installments, the
 * last one, the oldest due date, the principal part of what abonos paid of them: agentPortfolioRows)
 * is the one their installments give (livePortfolioRows), row by row and as of several days.
 */
export async function expectAgentPortfolios(db: DbOrTx, today = businessToday()) {
  const agents = rowsOf<{ agent_id: string }>(
    await db.execute(sql`select distinct agent_id from customers where agent_id is not null`),
  );
  for (const { agent_id: id } of agents) {
    const agent = { id, roles: ['ROLE_USER'] };
    for (const asOf of [today, addDays(today, 70)]) {
      expect(
        sortedRisk(await agentPortfolioRows(db, agent, asOf)),
        `cartera del agente ${id} al ${asOf}`,
      ).toEqual(sortedRisk(await livePortfolioRows(db, agent, asOf)));
    }
  }
}

/**
 * The report tallies (migration report_tallies) give, for the whole business, what the rows
 * themselves give (modules/reports/live.ts): the portfolio tally key by key (every due date is
 * before 2100), the portfolio report's figures as of several days, and the weekly figures over all
 * time and over the current week, in the tests' zone and in one 5 h 30 min from UTC (periods of 15
 * minutes fall in one business day of either), each agent's portfolio (expectAgentPortfolios) and the
 * installments due per agent and day (expectInstallmentDueTally), and each loan's figures for
 * 'Cobranza' (expectCollectionDueFigures). Returns the live figures so a caller can check the
 * workload was not empty.
 */
export async function expectReportTallies(db: DbOrTx, today = businessToday()) {
  const portfolio = await livePortfolioRows(db, WHOLE_BUSINESS, '2100-01-01');
  expect(sortedRisk(await tallyByWholeKey(db)), 'cartera: tally ≠ préstamos').toEqual(
    sortedRisk(byTallyKey(portfolio)),
  );
  for (const asOf of [today, addDays(today, -8), addDays(today, 20), addDays(today, 70)]) {
    expect(portfolioRisk(await tallyPortfolioRows(db, asOf), asOf), `cartera al ${asOf}`).toEqual(
      portfolioRisk(await livePortfolioRows(db, WHOLE_BUSINESS, asOf), asOf),
    );
  }
  await expectAgentPortfolios(db, today);
  const installmentsDue = await expectInstallmentDueTally(db);
  await expectCollectionDueFigures(db);
  let everything: WeeklyFigures | undefined;
  for (const timeZone of [TEST_TIME_ZONE, 'Asia/Kolkata']) {
    const windows: ReportWindow[] = [
      { from: '2000-01-01', to: '2099-12-31', timeZone },
      { from: addDays(today, -6), to: today, timeZone },
    ];
    for (const window of windows) {
      const live = sortedWeekly(await liveWeeklyFigures(db, WHOLE_BUSINESS, window));
      expect(
        sortedWeekly(await tallyWeeklyFigures(db, window)),
        `cobranza ${window.from}..${window.to} (${timeZone}): tally ≠ pagos`,
      ).toEqual(live);
      everything ??= live;
    }
  }
  return { portfolio, weekly: everything as WeeklyFigures, installmentsDue };
}
