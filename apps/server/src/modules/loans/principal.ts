import { outstandingPrincipalCents } from '@prestaya/domain';
import type { LoanRow } from '../../db/schema/loans.ts';

/**
 * The principal outstanding right now (domain outstandingPrincipalCents), from the unpaid figures the
 * triggers keep on the loan's row: a restructured loan's own principal and weeks, less the principal
 * part confirmed abonos paid of its unpaid installments. What the portfolio report counts for it, and
 * what a restructure spreads or a write-off takes off the books.
 */
export function principalNow(loan: LoanRow): number {
  const lastNumber = loan.restructuredLastNumber ?? loan.termWeeks;
  return outstandingPrincipalCents({
    amountCents: loan.restructuredPrincipalCents ?? loan.amountCents,
    termWeeks: loan.restructuredWeeks ?? loan.termWeeks,
    unpaidInstallments: loan.unpaidInstallments,
    lastInstallmentUnpaid: loan.lastUnpaidNumber === lastNumber,
    abonoPrincipalCents: loan.abonoPrincipalCents,
  });
}
