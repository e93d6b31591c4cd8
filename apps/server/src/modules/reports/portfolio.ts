import { centsToPesos, type PortfolioReport } from '@prestaya/contracts';
import { portfolioRisk } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import { type CustomerActor, seesAllCustomers } from '../../access/customers.ts';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { bankAccounts } from '../../db/schema/bank-accounts.ts';
import { scopeOf } from './context.ts';
import { agentPortfolioRows, cents } from './live.ts';
import { tallyPortfolioRows } from './tallies.ts';

/**
 * GET /reports/portfolio: the portfolio as of the business day `today` (definitions of DPD,
 * outstanding principal, PAR and buckets in packages/domain/src/portfolio-risk.ts). Cash in accounts (Σ Saldo,
 * Σ Saldo Real over every bank account) is business-wide, so only administrators get it.
 */
export async function portfolioReport(
  db: DbOrTx,
  actor: CustomerActor,
  today: string,
): Promise<PortfolioReport> {
  const rows = seesAllCustomers(actor)
    ? await tallyPortfolioRows(db, today)
    : await agentPortfolioRows(db, actor, today);
  const risk = portfolioRisk(rows, today);

  let cash: PortfolioReport['cash'] = null;
  if (seesAllCustomers(actor)) {
    const [totals] = rowsOf<{ balance: string; real_balance: string }>(
      await db.execute(sql`
        select coalesce(sum(${bankAccounts.balanceCents}), 0) as balance,
               coalesce(sum(${bankAccounts.realBalanceCents}), 0) as real_balance
          from ${bankAccounts}`),
    );
    cash = {
      balance: centsToPesos(cents(totals?.balance)),
      realBalance: centsToPesos(cents(totals?.real_balance)),
    };
  }

  return {
    asOf: today,
    scope: scopeOf(actor),
    loans: risk.loans,
    restructured: {
      balance: centsToPesos(risk.restructuredBalanceCents),
      principal: centsToPesos(risk.restructuredPrincipalCents),
    },
    outstandingBalance: centsToPesos(risk.outstandingBalanceCents),
    outstandingPrincipal: centsToPesos(risk.outstandingPrincipalCents),
    cash,
    par: risk.par.map((figure) => ({
      days: figure.days,
      atRisk: centsToPesos(figure.atRiskCents),
      outstanding: centsToPesos(figure.outstandingCents),
      ratio: figure.ratio,
      loans: figure.loans,
    })),
    buckets: risk.buckets.map((bucket) => ({
      key: bucket.key,
      label: bucket.label,
      loans: bucket.loans,
      principal: centsToPesos(bucket.principalCents),
    })),
  };
}
