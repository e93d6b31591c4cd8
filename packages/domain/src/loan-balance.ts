/**
 * A loan's balances and computed status (docs/architecture.md "Loan policy"). Pure: the one rule behind
 * modules/loans/balance.ts recomputeLoans, which every payment confirmation/rejection, fee cancellation,
 * payment registration and accrual run goes through. Integer centavos and 'YYYY-MM-DD' dates only.
 *
 * - currentRealAmount = Σ installments + Σ fees not CANCELLED (what the loan has come to cost); an
 *   installment or fee closed by a restructuring (RESTRUCTURED) counts in neither sum nor in "every
 *   installment PAID": what remained of it is in the new installments, which count instead;
 * - currentBalance = Σ installments not PAID (PENDING, DELAYED, VALIDATING) + Σ fees PENDING or
 *   VALIDATING (what is still owed; an item in validation is owed until it is confirmed), each less
 *   the part confirmed abonos paid of it (`paidCents`, abono.ts);
 * - status: PAID when every installment is PAID and no fee is PENDING or VALIDATING; else DELAYED when
 *   an installment not PAID is past due (due date before the business day, or already marked DELAYED
 *   by the accrual); else ACTIVE. A loan without installments (never delivered) is never PAID.
 */

import { OWED_FEE_STATUSES, RESTRUCTURED_FEE_STATUS } from './fee-status.ts';
import { OWED_INSTALLMENT_STATUSES, RESTRUCTURED_INSTALLMENT_STATUS } from './installment-status.ts';
import type { ComputedLoanStatus } from './loan-status.ts';

export type LoanStanding = {
  currentRealAmountCents: number;
  currentBalanceCents: number;
  status: ComputedLoanStatus;
};

export interface InstallmentState {
  amountCents: number;
  /** The part confirmed payments paid of it (abono.ts); 0 when absent. */
  paidCents?: number;
  status: string;
  dueDate: string;
}

export interface FeeState {
  amountCents: number;
  /** The part confirmed payments paid of it (abono.ts); 0 when absent. */
  paidCents?: number;
  status: string;
}

const OWED_INSTALLMENT = new Set<string>(OWED_INSTALLMENT_STATUSES);
const OWED_FEE = new Set<string>(OWED_FEE_STATUSES);

/** Only loans in a computed status (loan-status COMPUTED_STATUSES) are given a standing. */
export function loanStanding(
  installments: readonly InstallmentState[],
  fees: readonly FeeState[],
  today: string,
): LoanStanding {
  let realCents = 0;
  let balanceCents = 0;
  let allPaid = installments.length > 0;
  let overdue = false;
  for (const installment of installments) {
    if (installment.status === RESTRUCTURED_INSTALLMENT_STATUS) continue;
    realCents += installment.amountCents;
    if (OWED_INSTALLMENT.has(installment.status)) {
      balanceCents += installment.amountCents - (installment.paidCents ?? 0);
    }
    if (installment.status !== 'PAID') {
      allPaid = false;
      if (installment.status === 'DELAYED' || installment.dueDate < today) overdue = true;
    }
  }
  let feesOpen = false;
  for (const fee of fees) {
    if (fee.status !== 'CANCELLED' && fee.status !== RESTRUCTURED_FEE_STATUS) realCents += fee.amountCents;
    if (OWED_FEE.has(fee.status)) {
      balanceCents += fee.amountCents - (fee.paidCents ?? 0);
      feesOpen = true;
    }
  }
  const status = allPaid && !feesOpen ? 'PAID' : overdue ? 'DELAYED' : 'ACTIVE';
  return { currentRealAmountCents: realCents, currentBalanceCents: balanceCents, status };
}
