import { type CustomerLoanSummary, centsToPesos, type LoanStatus } from '@prestaya/contracts';
import { loans } from '../../db/schema/loans.ts';

/**
 * The columns of a customer's current loan that the CustomerDetails header and the 'Clientes' list
 * show, read from the loan itself: which loan is current is `customers.current_loan_id`, kept by the
 * triggers on loans (`customers_current_loan_refresh`, in the migration that added the column): the
 * open loan, ACTIVE or DELAYED, else the newest not cancelled.
 */
export const CURRENT_LOAN_COLUMNS = {
  id: loans.id,
  num: loans.num,
  status: loans.status,
  currentBalanceCents: loans.currentBalanceCents,
};

export interface CurrentLoanRow {
  id: string;
  num: number;
  status: LoanStatus;
  currentBalanceCents: number;
}

/** The current loan's API shape, with its balance in pesos; null when the customer has none. */
export function toCustomerLoanSummary(row: CurrentLoanRow | null): CustomerLoanSummary | null {
  if (!row) return null;
  return {
    id: row.id,
    num: row.num,
    status: row.status,
    currentBalance: centsToPesos(row.currentBalanceCents),
  };
}
