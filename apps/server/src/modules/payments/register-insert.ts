import { REGISTERED_PAYMENT_STATUS } from '@prestaya/domain';
import { v7 as uuidv7 } from 'uuid';
import type { AppTx } from '../../db/client.ts';
import type { LoanRow } from '../../db/schema/loans.ts';
import { type PaymentRow, paymentAttachments, paymentItems, payments } from '../../db/schema/payments.ts';
import { storeFile } from '../../db/stored-files.ts';
import type { Coverage, RegisterPaymentInput } from './register-input.ts';

/** The payment (VALIDATING, its amount the coverage's) and one item per line of the coverage. */
export async function insertPayment(
  tx: AppTx,
  input: RegisterPaymentInput,
  loan: LoanRow,
  check: Coverage,
  collectedAt: Date | undefined,
): Promise<PaymentRow> {
  const [payment] = await tx
    .insert(payments)
    .values({
      id: uuidv7(),
      loanId: loan.id,
      amountCents: check.amountCents,
      status: REGISTERED_PAYMENT_STATUS,
      paymentMethod: input.request.paymentMethod,
      channel: input.channel,
      registeredBy: input.registeredBy,
      // A payment on a written-off loan is money recovered from a loss (docs/product.md "Castigo").
      recovery: loan.status === 'WRITTEN_OFF',
      kind: check.kind,
      ...(collectedAt ? { collectedAt } : {}),
    })
    .returning();
  if (!payment) throw new Error('insert returned no row');
  await tx.insert(paymentItems).values(
    check.lines.map((line) => ({
      id: uuidv7(),
      paymentId: payment.id,
      scheduledPaymentId: line.kind === 'installment' ? line.id : null,
      feeId: line.kind === 'fee' ? line.id : null,
      concept: line.concept,
      amountCents: line.amountCents,
      remainingAfterCents: line.remainingAfterCents,
      discountCents: line.discountCents ?? 0,
    })),
  );
  return payment;
}

/** The proof image's bytes (stored_files) and its attachment row; null without a file. */
export async function insertAttachment(
  tx: AppTx,
  paymentId: string,
  file: RegisterPaymentInput['file'],
): Promise<string | null> {
  if (!file) return null;
  const attachmentId = uuidv7();
  await tx.insert(paymentAttachments).values({
    id: attachmentId,
    paymentId,
    fileId: await storeFile(tx, file),
    contentType: file.contentType,
    sizeBytes: file.bytes.length,
  });
  return attachmentId;
}
