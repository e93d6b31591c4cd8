import type { PaymentListItem, paymentStatusUpdate, z } from '@prestaya/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDb, AppTx } from '../../db/client.ts';
import { loans, scheduledPayments } from '../../db/schema/loans.ts';
import { fees, paymentItems, payments } from '../../db/schema/payments.ts';
import { writeAudit } from '../../db/write-audit.ts';
import type { CustomerActor } from '../../domain/customers.ts';
import { installmentStatusAfterRejection } from '../../domain/loan-balance.ts';
import { refuse } from '../../http/refusals.ts';
import { applyAccountMovement } from '../bank-accounts/apply-movement.ts';
import { recomputeLoan } from '../loans/balance.ts';
import { paymentAuditSnapshot, toPaymentListItem } from './mapping.ts';
import { abonoReason, PAYMENT_AUDIT_ENTITY } from './messages.ts';
import { loadPayment } from './queries.ts';

export type PaymentStatusUpdateInput = z.output<typeof paymentStatusUpdate>;

/**
 * PATCH /payments/{id} (administrators): confirm (PAID) or reject (REJECTED), only from VALIDATING
 * (409). The payment row is locked first (FOR UPDATE), so of two concurrent confirms the second waits,
 * then reads PAID and gets 409: never a second Abono. Then the loan row (lock order of balance.ts).
 * - Confirm: Abono (PAYMENT_DEPOSIT 'Abono préstamo #num', both balances +amount) into targetAccountId
 *   through the ledger (404 for an unknown account); the payment PAID with its account and decision;
 *   its installments PAID (paid_on now) and fees PAID; the loan recomputed (PAID when all is paid).
 * - Reject: the reason kept on the payment (and so in its audit snapshot); the installments back to
 *   DELAYED when past due on the business day, else PENDING; the fees back to PENDING; the loan
 *   recomputed.
 */
export async function decidePayment(
  db: AppDb,
  actor: CustomerActor,
  paymentId: string,
  input: PaymentStatusUpdateInput,
  today: string,
): Promise<PaymentListItem> {
  return db.transaction((tx) => decidePaymentInTransaction(tx, actor, paymentId, input, today));
}

/**
 * decidePayment's decision inside the caller's transaction, so that 'Confirmar corte' confirms many
 * payments in one transaction with exactly the rules of a single confirmation.
 */
export async function decidePaymentInTransaction(
  tx: AppTx,
  actor: CustomerActor,
  paymentId: string,
  input: PaymentStatusUpdateInput,
  today: string,
): Promise<PaymentListItem> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!payment) throw refuse('payment.not_found');
  if (payment.status !== 'VALIDATING') throw refuse('payment.only_validating_decides');
  const targetAccountId = input.targetAccountId ?? null;
  if (input.status === 'PAID' && !targetAccountId) {
    throw refuse('payment.target_account_required');
  }
  const [loan] = await tx.select().from(loans).where(eq(loans.id, payment.loanId)).for('no key update');
  if (!loan) throw new Error(`payment ${payment.id} without its loan`);

  const items = await tx
    .select({
      scheduledPaymentId: paymentItems.scheduledPaymentId,
      feeId: paymentItems.feeId,
      dueDate: scheduledPayments.dueDate,
    })
    .from(paymentItems)
    .leftJoin(scheduledPayments, eq(scheduledPayments.id, paymentItems.scheduledPaymentId))
    .where(eq(paymentItems.paymentId, payment.id));
  const installmentIds = items.flatMap((i) => (i.scheduledPaymentId ? [i.scheduledPaymentId] : []));
  const feeIds = items.flatMap((i) => (i.feeId ? [i.feeId] : []));
  const validatingInstallments = (ids: string[]) =>
    and(inArray(scheduledPayments.id, ids), eq(scheduledPayments.status, 'VALIDATING'));
  const validatingFees = (ids: string[]) => and(inArray(fees.id, ids), eq(fees.status, 'VALIDATING'));

  let updated: typeof payment | undefined;
  if (input.status === 'PAID' && targetAccountId) {
    await applyAccountMovement(tx, {
      accountId: targetAccountId,
      type: 'PAYMENT_DEPOSIT',
      amountCents: payment.amountCents,
      reason: abonoReason(loan.num),
      paymentId: payment.id,
      loanId: loan.id,
      actorId: actor.id,
    });
    [updated] = await tx
      .update(payments)
      .set({ status: 'PAID', bankAccountId: targetAccountId, decidedBy: actor.id, decidedOn: sql`now()` })
      .where(eq(payments.id, payment.id))
      .returning();
    if (installmentIds.length > 0) {
      await tx
        .update(scheduledPayments)
        .set({ status: 'PAID', paidOn: sql`now()` })
        .where(validatingInstallments(installmentIds));
    }
    if (feeIds.length > 0) await tx.update(fees).set({ status: 'PAID' }).where(validatingFees(feeIds));
  } else {
    [updated] = await tx
      .update(payments)
      .set({
        status: 'REJECTED',
        decidedBy: actor.id,
        decidedOn: sql`now()`,
        // The contract requires it with REJECTED; `?? null` only satisfies the optional type.
        rejectionReason: input.reason ?? null,
      })
      .where(eq(payments.id, payment.id))
      .returning();
    for (const status of ['PENDING', 'DELAYED'] as const) {
      const ids = items.flatMap((i) =>
        i.scheduledPaymentId && i.dueDate && installmentStatusAfterRejection(i.dueDate, today) === status
          ? [i.scheduledPaymentId]
          : [],
      );
      if (ids.length > 0) {
        await tx.update(scheduledPayments).set({ status }).where(validatingInstallments(ids));
      }
    }
    if (feeIds.length > 0) await tx.update(fees).set({ status: 'PENDING' }).where(validatingFees(feeIds));
  }
  if (!updated) throw new Error('update returned no row');
  await recomputeLoan(tx, loan.id, {
    today,
    actorId: actor.id,
    reason: input.status === 'PAID' ? 'payment_confirmed' : 'payment_rejected',
  });
  await writeAudit(tx, {
    actorId: actor.id,
    entity: PAYMENT_AUDIT_ENTITY,
    entityId: payment.id,
    action: input.status === 'PAID' ? 'confirmed' : 'rejected',
    before: paymentAuditSnapshot(payment),
    after: { ...paymentAuditSnapshot(updated), loanNum: loan.num },
  });
  return toPaymentListItem(await loadPayment(tx, payment.id));
}
