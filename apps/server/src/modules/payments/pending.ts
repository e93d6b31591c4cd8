import { centsToPesos, type PendingPayments } from '@prestaya/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { scheduledPayments } from '../../db/schema/loans.ts';
import { fees } from '../../db/schema/payments.ts';
import type { CustomerActor } from '../../domain/customers.ts';
import { PAYABLE_FEE_STATUSES, PAYABLE_INSTALLMENT_STATUSES } from '../../domain/payment-rules.ts';
import { requireVisibleLoan } from '../loans/access.ts';
import { toScheduledPaymentDto } from '../loans/mapping.ts';
import { toFeeDto } from './mapping.ts';
import { feesQuery } from './queries.ts';

/**
 * GET /loans/{id}/pending-payments: what can be paid now — the installments PENDING or DELAYED by
 * number, the fees PENDING by date, and `total` = all of them (the form always includes every pending
 * fee; spec 5 "Payment totals").
 */
export async function pendingPayments(
  db: AppDb,
  actor: CustomerActor,
  loanId: string,
): Promise<PendingPayments> {
  // In parallel: a loan the actor may not see is a 404 all the same, its rows are never used.
  const [, pending] = await Promise.all([requireVisibleLoan(db, actor, loanId), payableItems(db, loanId)]);
  return pending;
}

/**
 * The pending payments of a loan the caller has already proven (the staff route's visibility check
 * above; the public lookup's number + phone): two prepared reads, no other check.
 */
export async function payableItems(db: AppDb, loanId: string): Promise<PendingPayments> {
  const [installments, pendingFees] = await Promise.all([
    payableInstallmentsQuery(db).execute({ loanId }),
    payableFeesQuery(db).execute({ loanId }),
  ]);
  const totalCents =
    installments.reduce((sum, row) => sum + row.amountCents, 0) +
    pendingFees.reduce((sum, row) => sum + row.fee.amountCents, 0);
  return {
    scheduledPayments: installments.map(toScheduledPaymentDto),
    fees: pendingFees.map((row) => toFeeDto(row.fee)),
    total: centsToPesos(totalCents),
  };
}

/** Pending payments' two reads, prepared: staff payment forms and every public lookup run them. */
const payableInstallmentsQuery = preparedPerDatabase((db) =>
  db
    .select()
    .from(scheduledPayments)
    .where(
      and(
        eq(scheduledPayments.loanId, sql.placeholder('loanId')),
        inArray(scheduledPayments.status, [...PAYABLE_INSTALLMENT_STATUSES]),
      ),
    )
    .orderBy(asc(scheduledPayments.paymentNumber))
    .prepare('payable_installments'),
);
const payableFeesQuery = preparedPerDatabase((db) =>
  feesQuery(db, sql.placeholder('loanId'), inArray(fees.status, [...PAYABLE_FEE_STATUSES])).prepare(
    'payable_fees',
  ),
);
