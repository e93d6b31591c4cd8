import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/** Counts for the summary the CLI prints. */
export async function demoCounts(db: AppDb) {
  const count = async (query: ReturnType<typeof sql>) =>
    rowsOf<{ key: string; n: number }>(await db.execute(query));
  const loansByStatus = await count(sql`select status as key, count(*)::int as n from loans group by status`);
  const paymentsByStatus = await count(
    sql`select status as key, count(*)::int as n from payments group by status`,
  );
  const feesByStatus = await count(sql`select status as key, count(*)::int as n from fees group by status`);
  const [totals] = rowsOf<{ customers: number; addresses: number; transactions: number; audit: number }>(
    await db.execute(sql`
      select (select count(*)::int from customers) as customers,
             (select count(*)::int from addresses) as addresses,
             (select count(*)::int from account_transactions) as transactions,
             (select count(*)::int from audit_log) as audit`),
  );
  const asRecord = (rows: { key: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.key, r.n]));
  return {
    ...(totals ?? { customers: 0, addresses: 0, transactions: 0, audit: 0 }),
    loans: asRecord(loansByStatus),
    payments: asRecord(paymentsByStatus),
    fees: asRecord(feesByStatus),
  };
}
