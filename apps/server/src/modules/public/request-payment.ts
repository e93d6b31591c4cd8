import type { PublicPaymentRequestReply } from '@prestaya/contracts';
import {
  centsToPesos,
  checkPaymentSelection,
  MAX_PENDING_PAYMENT_REQUESTS,
  PAYABLE_FEE_STATUSES,
  PAYMENT_REQUEST_LIFETIME_MS,
} from '@prestaya/domain';
import { and, asc, count, eq, gt, inArray, or } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppDb } from '../../db/client.ts';
import { loans, scheduledPayments } from '../../db/schema/loans.ts';
import { paymentRequests } from '../../db/schema/payment-requests.ts';
import { fees } from '../../db/schema/payments.ts';
import { storeFile } from '../../db/stored-files.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { refuseWhileUnderAmlReview } from '../aml/guard.ts';
import type { PaymentRequestInput, ReceivedProof } from '../payments/upload.ts';

/**
 * "Pago sin PIN" (docs/product.md): a borrower who looked the loan up (the route checks the proof)
 * registers a payment that waits for the customer's agent, who authorises it from their session
 * (modules/payment-requests/authorise.ts). The selection is checked now with the staff rules on the
 * loan's locked row, so the borrower hears at once what is wrong; it is checked again when the agent
 * authorises. At most MAX_PENDING_PAYMENT_REQUESTS wait per loan (the loan row lock serialises the
 * count), so a holder of the loan's proof cannot flood its agent. Audited as the system's.
 */
export async function requestPublicPayment(
  db: AppDb,
  input: { loanId: string; request: PaymentRequestInput; file: ReceivedProof | undefined; now: Date },
): Promise<PublicPaymentRequestReply> {
  return db.transaction(async (tx) => {
    const [loan] = await tx
      .select({ id: loans.id, status: loans.status, customerId: loans.customerId })
      .from(loans)
      .where(eq(loans.id, input.loanId))
      .limit(1)
      .for('no key update');
    if (!loan) throw refuse('loan.not_found');
    await refuseWhileUnderAmlReview(tx, loan.customerId, 'public');
    const installments = await tx
      .select()
      .from(scheduledPayments)
      .where(eq(scheduledPayments.loanId, loan.id))
      .orderBy(asc(scheduledPayments.paymentNumber));
    const selectedFeeIds = [...new Set(input.request.feeIds)];
    const feeRows = await tx
      .select()
      .from(fees)
      .where(
        and(
          eq(fees.loanId, loan.id),
          selectedFeeIds.length > 0
            ? or(inArray(fees.status, PAYABLE_FEE_STATUSES), inArray(fees.id, selectedFeeIds))
            : inArray(fees.status, PAYABLE_FEE_STATUSES),
        ),
      )
      .orderBy(asc(fees.feeDate), asc(fees.id));
    const check = checkPaymentSelection({
      loanStatus: loan.status,
      installments,
      fees: feeRows,
      scheduledPaymentIds: input.request.scheduledPaymentIds,
      feeIds: selectedFeeIds,
      paymentMethod: input.request.paymentMethod,
      hasFile: input.file !== undefined,
    });
    if (!check.ok) throw refuse(check.refusal);
    const [waiting] = await tx
      .select({ n: count() })
      .from(paymentRequests)
      .where(
        and(
          eq(paymentRequests.loanId, loan.id),
          eq(paymentRequests.status, 'PENDING'),
          gt(paymentRequests.createdOn, new Date(input.now.getTime() - PAYMENT_REQUEST_LIFETIME_MS)),
        ),
      );
    if ((waiting?.n ?? 0) >= MAX_PENDING_PAYMENT_REQUESTS)
      throw refuse('payment_request.too_many', { values: { max: String(MAX_PENDING_PAYMENT_REQUESTS) } });
    const [row] = await tx
      .insert(paymentRequests)
      .values({
        id: uuidv7(),
        loanId: loan.id,
        scheduledPaymentIds: input.request.scheduledPaymentIds,
        feeIds: selectedFeeIds,
        paymentMethod: input.request.paymentMethod,
        amountCents: check.amountCents,
        fileId: input.file ? await storeFile(tx, input.file) : null,
        createdOn: input.now,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await writeAudit(tx, {
      actorId: null,
      entity: 'payment_request',
      entityId: row.id,
      action: 'created',
      after: {
        loanId: row.loanId,
        amount: centsToPesos(row.amountCents),
        paymentMethod: row.paymentMethod,
        scheduledPaymentIds: row.scheduledPaymentIds,
        feeIds: row.feeIds,
        hasProof: row.fileId !== null,
      },
    });
    return {
      id: row.id,
      amount: centsToPesos(row.amountCents),
      status: row.status,
      createdOn: row.createdOn.toISOString(),
    };
  });
}
