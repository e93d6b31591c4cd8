import { type Customer, centsToPesos, type LoanStatus } from '@prestaya/contracts';
import { OPEN_STATUSES } from '@prestaya/domain';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loans } from '../../db/schema/loans.ts';

/**
 * The loan the CustomerDetails header summarises (docs/architecture.md "Loan policy": the open loan, ACTIVE
 * or DELAYED, else the newest), with its current balance in pesos; null when the customer has none.
 * Cancelled loans are skipped when looking for "the newest": the header's badge has no label for them
 * (spec 2 lists En espera, Al corriente, Sin Adeudo, Atrasado), and a cancelled request should not hide
 * a paid loan ('Sin Adeudo') behind it.
 */
export async function currentLoanSummary(db: DbOrTx, customerId: string): Promise<Customer['currentLoan']> {
  const isOpen = inArray(loans.status, [...OPEN_STATUSES]);
  const [row] = await db
    .select({
      id: loans.id,
      num: loans.num,
      status: loans.status,
      currentBalanceCents: loans.currentBalanceCents,
    })
    .from(loans)
    .where(and(eq(loans.customerId, customerId), ne(loans.status, 'CANCELLED')))
    .orderBy(desc(sql`(${isOpen})`), desc(loans.createdOn), desc(loans.id))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    num: row.num,
    status: row.status as LoanStatus,
    currentBalance: centsToPesos(row.currentBalanceCents),
  };
}
