import { type CashCount, type CashCountOfDay, centsToPesos } from '@prestaya/contracts';
import { cashCloseTotals } from '@prestaya/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { bankAccounts } from '../../db/schema/bank-accounts.ts';
import { cashCounts } from '../../db/schema/cash-counts.ts';
import { users } from '../../db/schema/users.ts';

const agents = alias(users, 'cash_count_agent');
const closers = alias(users, 'cash_count_closer');

/** The columns a close is read with: its row, the agent, who closed it and the account. */
export const closureColumns = {
  id: cashCounts.id,
  date: cashCounts.businessDate,
  expectedCents: cashCounts.expectedCents,
  countedCents: cashCounts.countedCents,
  differenceCents: cashCounts.differenceCents,
  kind: cashCounts.kind,
  denominations: cashCounts.denominations,
  note: cashCounts.note,
  confirmed: cashCounts.confirmedCount,
  closedOn: cashCounts.closedOn,
  agent: { id: agents.id, num: agents.num, name: agents.name, lastName: agents.lastName },
  closedBy: { id: closers.id, num: closers.num, name: closers.name, lastName: closers.lastName },
  bankAccount: { id: bankAccounts.id, name: bankAccounts.name },
};

/**
 * `select <columns> from cash_counts` with the joins closureColumns reads, ready for a where/order. The
 * columns are closureColumns, plus the history's running total when `running` is given.
 */
export function selectClosures(db: DbOrTx, running?: SQL.Aliased<number>) {
  return db
    .select({ ...closureColumns, runningDifferenceCents: running ?? sql<number>`0`.mapWith(Number).as('r') })
    .from(cashCounts)
    .innerJoin(agents, eq(agents.id, cashCounts.agentId))
    .innerJoin(closers, eq(closers.id, cashCounts.closedBy))
    .innerJoin(bankAccounts, eq(bankAccounts.id, cashCounts.bankAccountId))
    .$dynamic();
}

type ClosureRow = {
  id: string;
  date: string;
  expectedCents: number;
  countedCents: number;
  differenceCents: number;
  kind: CashCount['kind'];
  denominations: Record<string, number> | null;
  note: string | null;
  confirmed: number;
  closedOn: Date;
  agent: CashCount['agent'];
  closedBy: CashCount['closedBy'];
  bankAccount: CashCount['bankAccount'];
};

/** A close as the API shows it: pesos, the instant as ISO text. */
export function toCashCount(row: ClosureRow): CashCount {
  const { expectedCents, countedCents, differenceCents, closedOn, denominations, ...rest } = row;
  return {
    ...rest,
    expected: centsToPesos(expectedCents),
    counted: centsToPesos(countedCents),
    difference: centsToPesos(differenceCents),
    denominations: denominations as CashCount['denominations'],
    closedOn: closedOn.toISOString(),
  };
}

const ofDay = (agentId: string, date: string): SQL | undefined =>
  and(eq(cashCounts.agentId, agentId), eq(cashCounts.businessDate, date));

/** The close of an agent's day, or null while the day is open. */
export async function readClosure(db: DbOrTx, agentId: string, date: string): Promise<CashCount | null> {
  const [row] = await selectClosures(db).where(ofDay(agentId, date)).limit(1);
  return row ? toCashCount(row) : null;
}

/**
 * The close as the day shows it. Every cash payment of the day still VALIDATING arrived after the close
 * (it confirmed each one there was): a late arrival, outside the count, left to confirm.
 */
export async function dayClosure(
  db: DbOrTx,
  agentId: string,
  date: string,
  dayPayments: readonly { status: string; paymentMethod: string; amountCents: number }[],
): Promise<CashCountOfDay | null> {
  const closure = await readClosure(db, agentId, date);
  if (!closure) return null;
  const late = dayPayments.filter((p) => p.paymentMethod === 'CASH' && p.status === 'VALIDATING');
  const lateCents = cashCloseTotals(late).cashPendingCents;
  return { ...closure, lateArrivals: { count: late.length, total: centsToPesos(lateCents) } };
}
