import { type CustomerLoanSummary, centsToPesos, type LoanStatus } from '@prestaya/contracts';
import { OPEN_STATUSES } from '@prestaya/domain';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { loans } from '../../db/schema/loans.ts';

/**
 * THE loan a customer's status and balance are read from, for the CustomerDetails header and the
 * 'Clientes' list (docs/architecture.md "Loan policy": the open loan, ACTIVE or DELAYED, else the
 * newest): a subquery of one row per customer, to be joined LATERAL on `customerId` (the outer
 * query's customers.id). Cancelled loans are skipped when looking for "the newest": the badge has no
 * label for them (spec 2 lists En espera, Al corriente, Sin Adeudo, Atrasado), and a cancelled request
 * should not hide a paid loan ('Sin Adeudo') behind it. loans_customer_idx serves the lookup: a
 * customer has a handful of loans.
 */
export function currentLoanOf(db: DbOrTx, customerId: PgColumn) {
  const isOpen = inArray(loans.status, [...OPEN_STATUSES]);
  return db
    .select({
      id: loans.id,
      num: loans.num,
      status: loans.status,
      currentBalanceCents: loans.currentBalanceCents,
    })
    .from(loans)
    .where(and(eq(loans.customerId, customerId), ne(loans.status, 'CANCELLED')))
    .orderBy(desc(sql`(${isOpen})`), desc(loans.createdOn), desc(loans.id))
    .limit(1)
    .as('current_loan');
}

export interface CurrentLoanRow {
  id: string;
  num: number;
  status: string;
  currentBalanceCents: number;
}

/** The current loan's API shape, with its balance in pesos; null when the customer has none. */
export function toCustomerLoanSummary(row: CurrentLoanRow | null): CustomerLoanSummary | null {
  if (!row) return null;
  return {
    id: row.id,
    num: row.num,
    status: row.status as LoanStatus,
    currentBalance: centsToPesos(row.currentBalanceCents),
  };
}
