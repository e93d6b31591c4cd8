import { centsToPesos, type PaymentDetails } from '@prestaya/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb } from '../../db/client.ts';
import { scheduledPayments } from '../../db/schema/loans.ts';
import { fees, paymentAttachments, paymentItems, payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { readStoredFile, type StoredFileContent } from '../../db/stored-files.ts';
import { refuse } from '../../http/refusals.ts';
import { visiblePayments } from './access.ts';
import { signedAttachmentUri } from './attachment-links.ts';
import { balanceAfterCents } from './balance-after.ts';
import { toPaymentListItem } from './mapping.ts';
import { selectPayments } from './queries.ts';

/**
 * GET /payments/{id}/details (administrators, and agents for the payments access.ts lets them see;
 * 404 'Pago no encontrado' otherwise): the summary, the rejection reason, the concept lines ('Pago' dated by the
 * installment's due date, 'Multa' by the fee date; installments by number, then fees by date), the
 * totals, the loan's balance after the payment and the proof images, each with a signed link valid
 * for minutes (attachment-links.ts).
 */
export async function getPaymentDetails(
  db: AppDb,
  actor: CustomerActor,
  id: string,
  linkKey: Buffer,
  now: Date = new Date(),
): Promise<PaymentDetails> {
  const [row] = await selectPayments(db)
    .where(and(eq(payments.id, id), visiblePayments(actor)))
    .limit(1);
  if (!row) throw refuse('payment.not_found');
  const [registeredBy] = row.payment.registeredBy
    ? await db
        .select({ num: users.num, name: users.name, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, row.payment.registeredBy))
    : [];
  const items = await db
    .select({
      concept: paymentItems.concept,
      amountCents: paymentItems.amountCents,
      remainingAfterCents: paymentItems.remainingAfterCents,
      discountCents: paymentItems.discountCents,
      dueDate: scheduledPayments.dueDate,
      paymentNumber: scheduledPayments.paymentNumber,
      feeDate: fees.feeDate,
    })
    .from(paymentItems)
    .leftJoin(scheduledPayments, eq(scheduledPayments.id, paymentItems.scheduledPaymentId))
    .leftJoin(fees, eq(fees.id, paymentItems.feeId))
    .where(eq(paymentItems.paymentId, id))
    .orderBy(
      asc(sql`${paymentItems.feeId} is not null`),
      asc(scheduledPayments.paymentNumber),
      asc(fees.feeDate),
    );
  const attachments = await db
    .select()
    .from(paymentAttachments)
    .where(eq(paymentAttachments.paymentId, id))
    .orderBy(asc(paymentAttachments.createdOn), asc(paymentAttachments.id));
  const balanceAfter = await balanceAfterCents(db, row.payment);

  let installmentsCents = 0;
  let feesCents = 0;
  const lines = items.map((item) => {
    const isFee = item.feeDate !== null;
    if (isFee) feesCents += item.amountCents;
    else installmentsCents += item.amountCents;
    return {
      concept: item.concept,
      amount: centsToPesos(item.amountCents),
      type: isFee ? ('Multa' as const) : ('Pago' as const),
      date: (isFee ? item.feeDate : item.dueDate) ?? '',
      // An abono's line that paid only part of its item says what remained of it.
      ...(item.remainingAfterCents ? { remainingAfter: centsToPesos(item.remainingAfterCents) } : {}),
      // An early payoff's discount on the item: waived, not paid (loan_payoffs).
      ...(item.discountCents ? { discount: centsToPesos(item.discountCents) } : {}),
    };
  });
  const discountCents = items.reduce((total, item) => total + item.discountCents, 0);
  return {
    payment: {
      ...toPaymentListItem(row),
      customer: row.customer,
      registeredBy: registeredBy ?? null,
      rejectionReason: row.payment.rejectionReason,
    },
    lines,
    attachments: attachments.map((a) => ({
      id: a.id,
      uri: signedAttachmentUri(linkKey, a.id, now),
      contentType: a.contentType,
    })),
    totals: {
      scheduledPayments: centsToPesos(installmentsCents),
      fees: centsToPesos(feesCents),
      total: centsToPesos(installmentsCents + feesCents),
    },
    balanceAfter: balanceAfter === null ? null : centsToPesos(balanceAfter),
    ...(row.payment.kind === 'PAYOFF' ? { payoffDiscount: centsToPesos(discountCents) } : {}),
  };
}

/** The image behind a signed link (the route has checked the signature). */
export async function openAttachment(db: AppDb, attachmentId: string): Promise<StoredFileContent> {
  const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!uuidLike.test(attachmentId)) throw refuse('attachment.not_found');
  const [row] = await db
    .select({ fileId: paymentAttachments.fileId })
    .from(paymentAttachments)
    .where(eq(paymentAttachments.id, attachmentId))
    .limit(1);
  // No file id: an older installation's file not imported (yet) from DATA_DIR/uploads.
  const file = row?.fileId ? await readStoredFile(db, row.fileId) : undefined;
  if (!file) throw refuse('attachment.not_found');
  return file;
}
