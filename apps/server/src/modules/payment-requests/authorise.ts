import type { PaymentListItem } from '@prestaya/contracts';
import { paymentRequestTransition } from '@prestaya/domain';
import { and, eq } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb } from '../../db/client.ts';
import { paymentRequests } from '../../db/schema/payment-requests.ts';
import { readStoredFile } from '../../db/stored-files.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { refuseLoanWhileUnderAmlReview } from '../aml/guard.ts';
import { requireVisibleLoan } from '../loans/access.ts';
import { registerPayment } from '../payments/register.ts';
import type { ReceivedProof } from '../payments/upload.ts';

/**
 * POST /api/v1/payment-requests/{id}/authorise: the customer's agent (or an administrator), signed in,
 * authorises a public payment registered without a PIN — the session instead of the PIN. Another
 * agent gets 404 (the loan does not exist for them). The payment is registered exactly as a public
 * payment authorised with the PIN (registerPayment: staff rules, VALIDATING, channel PUBLIC, the
 * authorising user as registrar), with the request's id as its idempotency key, so a repeat (double
 * click, or a retry after a failure between the two steps) gets the same payment; then the request is
 * AUTHORISED and audited with the user.
 */
export async function authorisePaymentRequest(
  db: AppDb,
  actor: CustomerActor,
  id: string,
  clock: { now: Date; today: string },
): Promise<PaymentListItem> {
  const [request] = await db.select().from(paymentRequests).where(eq(paymentRequests.id, id)).limit(1);
  if (!request) throw refuse('payment_request.not_found');
  await requireVisibleLoan(db, actor, request.loanId);
  await refuseLoanWhileUnderAmlReview(db, request.loanId);
  const move = paymentRequestTransition(request, clock.now);
  if (!move.ok) throw refuse(move.refusal);
  const stored = request.fileId ? await readStoredFile(db, request.fileId) : undefined;
  const payment = await registerPayment(db, {
    loanId: request.loanId,
    request: {
      scheduledPaymentIds: request.scheduledPaymentIds,
      feeIds: request.feeIds,
      paymentMethod: request.paymentMethod,
    },
    file: stored ? ({ bytes: stored.bytes, contentType: stored.contentType } as ReceivedProof) : undefined,
    registeredBy: actor.id,
    actor,
    channel: 'PUBLIC',
    today: clock.today,
    idempotency: { scope: 'POST /api/v1/payment-requests/:id/authorise', key: request.id },
  });
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(paymentRequests)
      .set({ status: move.to, authorisedBy: actor.id, authorisedOn: clock.now, paymentId: payment.id })
      .where(and(eq(paymentRequests.id, id), eq(paymentRequests.status, 'PENDING')))
      .returning({ id: paymentRequests.id });
    if (!done) return;
    await writeAudit(tx, {
      actorId: actor.id,
      entity: 'payment_request',
      entityId: id,
      action: 'authorised',
      before: { status: request.status },
      after: { status: move.to, paymentId: payment.id },
    });
  });
  return payment;
}
