import { centsToPesos, type Loan, type ScheduledPayment } from '@prestaya/contracts';
import { installmentAmountsCents } from '@prestaya/domain';
import type { LoanRow, ScheduledPaymentRow } from '../../db/schema/loans.ts';

export interface LoanCustomer {
  id: string;
  name: string;
  lastName: string;
  secondLastName: string | null;
}

export interface LoanBankAccount {
  id: string;
  name: string;
}

/** A loan row with what its API shape names beside it. */
export interface LoanJoinedRow {
  loan: LoanRow;
  customer: LoanCustomer;
  bankAccount: LoanBankAccount | null;
  /** The name of the product the loan was requested under (absent where a list does not join it). */
  productName?: string;
}

const BASIS_POINTS = 10_000;

/** The API shape of a loan: centavos become pesos here and only here. */
export function toLoanDto({ loan, customer, bankAccount, productName }: LoanJoinedRow): Loan {
  return {
    id: loan.id,
    num: loan.num,
    amount: centsToPesos(loan.amountCents),
    term: loan.termWeeks,
    status: loan.status,
    dailyFee: centsToPesos(loan.dailyFeeCents),
    weeklyFee: centsToPesos(loan.weeklyFeeCents),
    interestRate: loan.interestBp / BASIS_POINTS,
    totalToRepay: centsToPesos(loan.totalCents),
    installmentAmount: centsToPesos(installmentAmountsCents(loan.totalCents, loan.termWeeks)[0] ?? 0),
    loanFromPast: loan.loanFromPast,
    requestDate: loan.requestDate,
    createdOn: loan.createdOn.toISOString(),
    approvedOn: loan.approvedOn?.toISOString() ?? null,
    activatedOn: loan.activatedOn?.toISOString() ?? null,
    currentRealAmount: centsToPesos(loan.currentRealAmountCents),
    currentBalance: centsToPesos(loan.currentBalanceCents),
    customer: {
      id: customer.id,
      name: customer.name,
      lastName: customer.lastName,
      secondLastName: customer.secondLastName,
    },
    bankAccount: bankAccount ? { id: bankAccount.id, name: bankAccount.name } : null,
    restructureCount: loan.restructureCount,
    restructuredOn: loan.restructuredOn?.toISOString() ?? null,
    ...(productName === undefined ? {} : { product: { id: loan.productId, name: productName } }),
    lateFeeCapRate: loan.lateFeeCapBp / BASIS_POINTS,
    renewalThreshold: loan.renewalThreshold,
    payoffDiscountRate: loan.payoffDiscountBp / BASIS_POINTS,
    // Only a renewal names the loan it renews: every other reply keeps its shape.
    ...(loan.renewsLoanId ? { renewsLoanId: loan.renewsLoanId } : {}),
  };
}

export function toScheduledPaymentDto(
  row: Pick<ScheduledPaymentRow, 'id' | 'paymentNumber' | 'dueDate' | 'amountCents' | 'status' | 'concept'> &
    Partial<Pick<ScheduledPaymentRow, 'paidCents' | 'heldCents'>>,
): ScheduledPayment {
  return {
    id: row.id,
    paymentNumber: row.paymentNumber,
    dueDate: row.dueDate,
    amount: centsToPesos(row.amountCents),
    status: row.status,
    concept: row.concept,
    // Only an installment an abono paid or holds part of names its parts (absent means 0).
    ...(row.paidCents ? { paid: centsToPesos(row.paidCents) } : {}),
    ...(row.heldCents ? { held: centsToPesos(row.heldCents) } : {}),
  };
}

/** What the audit trail keeps of a loan (pesos, as the API shows them). */
export function loanAuditSnapshot(loan: LoanRow): Record<string, unknown> {
  return {
    num: loan.num,
    customerId: loan.customerId,
    amount: centsToPesos(loan.amountCents),
    term: loan.termWeeks,
    dailyFee: centsToPesos(loan.dailyFeeCents),
    weeklyFee: centsToPesos(loan.weeklyFeeCents),
    interestBp: loan.interestBp,
    totalToRepay: centsToPesos(loan.totalCents),
    productId: loan.productId,
    lateFeeCapBp: loan.lateFeeCapBp,
    renewalThreshold: loan.renewalThreshold,
    payoffDiscountBp: loan.payoffDiscountBp,
    ...(loan.renewsLoanId ? { renewsLoanId: loan.renewsLoanId } : {}),
    status: loan.status,
    loanFromPast: loan.loanFromPast,
    requestDate: loan.requestDate,
    bankAccountId: loan.bankAccountId,
    approvedOn: loan.approvedOn?.toISOString() ?? null,
    activatedOn: loan.activatedOn?.toISOString() ?? null,
    currentRealAmount: centsToPesos(loan.currentRealAmountCents),
    currentBalance: centsToPesos(loan.currentBalanceCents),
    restructureCount: loan.restructureCount,
  };
}
