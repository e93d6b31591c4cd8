import type { PaymentRequestItem } from '@prestaya/contracts';
import { centsToPesos, PAYMENT_REQUEST_LIFETIME_MS } from '@prestaya/domain';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb } from '../../db/client.ts';
import { paymentRequests } from '../../db/schema/payment-requests.ts';
import { requireVisibleLoan } from '../loans/access.ts';

/**
 * GET /api/v1/loans/{id}/payment-requests: the public payments of the loan waiting for authorisation
 * (PENDING, less than a day old), oldest first. The loan must be visible: the customer's agent or an
 * administrator; another agent gets 404.
 */
export async function listPaymentRequests(
  db: AppDb,
  actor: CustomerActor,
  loanId: string,
  now: Date,
): Promise<PaymentRequestItem[]> {
  await requireVisibleLoan(db, actor, loanId);
  const rows = await db
    .select()
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.loanId, loanId),
        eq(paymentRequests.status, 'PENDING'),
        gt(paymentRequests.createdOn, new Date(now.getTime() - PAYMENT_REQUEST_LIFETIME_MS)),
      ),
    )
    .orderBy(asc(paymentRequests.createdOn), asc(paymentRequests.id));
  return rows.map((row) => ({
    id: row.id,
    loanId: row.loanId,
    amount: centsToPesos(row.amountCents),
    paymentMethod: row.paymentMethod,
    scheduledPaymentIds: row.scheduledPaymentIds,
    feeIds: row.feeIds,
    hasProof: row.fileId !== null,
    createdOn: row.createdOn.toISOString(),
  }));
}
