import { and, asc, eq, type SQL, type sql } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppTx, DbOrTx } from '../../db/client.ts';
import { bankAccountNameColumns, customerNameColumns } from '../../db/name-columns.ts';
import { bankAccounts } from '../../db/schema/bank-accounts.ts';
import { customers } from '../../db/schema/customers.ts';
import { type LoanRow, loans, scheduledPayments } from '../../db/schema/loans.ts';
import { fees, payments } from '../../db/schema/payments.ts';
import { refuse } from '../../http/refusals.ts';
import { visibleLoans } from '../loans/access.ts';
import type { PaymentJoinedRow } from './mapping.ts';

/* The reads, and the loan lock, that more than one payment operation runs. */

const PAYMENT_SELECTION = {
  payment: payments,
  loan: { id: loans.id, num: loans.num },
  customer: customerNameColumns,
  bankAccount: bankAccountNameColumns,
};

/** Payments joined to their loan, its customer and (once confirmed) the account the money went into. */
export function selectPayments(db: DbOrTx) {
  return db
    .select(PAYMENT_SELECTION)
    .from(payments)
    .innerJoin(loans, eq(loans.id, payments.loanId))
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .leftJoin(bankAccounts, eq(bankAccounts.id, payments.bankAccountId));
}

export async function loadPayment(db: DbOrTx, id: string): Promise<PaymentJoinedRow> {
  const [row] = await selectPayments(db).where(eq(payments.id, id)).limit(1);
  if (!row) throw refuse('payment.not_found');
  return row;
}

/** A loan's fees by date, then installment number (rows of `{ fee }`). */
export function feesQuery(db: DbOrTx, loanId: string | ReturnType<typeof sql.placeholder>, where?: SQL) {
  return db
    .select({ fee: fees })
    .from(fees)
    .innerJoin(scheduledPayments, eq(scheduledPayments.id, fees.scheduledPaymentId))
    .where(and(eq(fees.loanId, loanId), where))
    .orderBy(asc(fees.feeDate), asc(scheduledPayments.paymentNumber));
}

/** A loan's fees by date, then installment number. */
export function feesOf(db: DbOrTx, loanId: string, where?: SQL) {
  return feesQuery(db, loanId, where).then((rows) => rows.map((row) => row.fee));
}

/**
 * Locks a loan row (FOR NO KEY UPDATE, the lock order of loans/balance.ts lockLoans: the loan first,
 * then its items) if the actor may see it; else 404 'Préstamo no encontrado'. Without an actor (the
 * public channel, authorised otherwise) any loan.
 */
export async function lockVisibleLoan(
  tx: AppTx,
  actor: CustomerActor | undefined,
  loanId: string,
): Promise<LoanRow> {
  const [row] = await tx
    .select({ loan: loans })
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .where(and(eq(loans.id, loanId), actor ? visibleLoans(actor) : undefined))
    .limit(1)
    .for('no key update', { of: loans });
  if (!row) throw refuse('loan.not_found');
  return row.loan;
}
