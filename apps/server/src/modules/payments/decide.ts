import type { PaymentListItem, paymentStatusUpdate, z } from '@prestaya/contracts';
import { feePart, installmentPart, type PartAction, paymentTransition } from '@prestaya/domain';
import { eq, sql } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb, AppTx } from '../../db/client.ts';
import { loans, scheduledPayments } from '../../db/schema/loans.ts';
import { fees, paymentItems, payments } from '../../db/schema/payments.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { refuseWhileUnderAmlReview } from '../aml/guard.ts';
import { applyAccountMovement } from '../bank-accounts/apply-movement.ts';
import { recomputeLoan } from '../loans/balance.ts';
import { paymentAuditSnapshot, toPaymentListItem } from './mapping.ts';
import { abonoReason, PAYMENT_AUDIT_ENTITY, recoveryReason, renewalPayoffReason } from './messages.ts';
import { type PartsUpdate, writeFeeParts, writeInstallmentParts } from './parts.ts';
import { loadPayment } from './queries.ts';

const pickParts = (p: { status: string; paidCents: number; heldCents: number }) => ({
  status: p.status,
  paidCents: p.paidCents,
  heldCents: p.heldCents,
});

export type PaymentStatusUpdateInput = z.output<typeof paymentStatusUpdate>;

/**
 * PATCH /payments/{id} (administrators): confirm (PAID) or reject (REJECTED), only from VALIDATING
 * (409). The payment row is locked first (FOR UPDATE), so of two concurrent confirms the second waits,
 * then reads PAID and gets 409: never a second Abono. Then the loan row (lock order of balance.ts).
 * - Confirm: Abono (PAYMENT_DEPOSIT 'Abono préstamo #num', both balances +amount) into targetAccountId
 *   through the ledger (404 for an unknown account); the payment PAID with its account and decision;
 *   each line's part of its installment or fee paid, the item PAID (an installment with paid_on now)
 *   once all of it is paid (an abono's last line leaves it owed); the loan recomputed (PAID when all
 *   is paid).
 * - Reject: the reason kept on the payment (and so in its audit snapshot); each line's part given
 *   back to its item, so an item it had made VALIDATING is payable again (an installment DELAYED when
 *   past due on the business day, else PENDING; a fee PENDING); the loan recomputed.
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
  const confirms = input.status === 'PAID';
  const decided = paymentTransition(payment.status, { kind: confirms ? 'confirm' : 'reject' });
  if (!decided.ok) throw refuse(decided.refusal);
  const targetAccountId = input.targetAccountId ?? null;
  if (confirms && !targetAccountId) {
    throw refuse('payment.target_account_required');
  }
  const [loan] = await tx.select().from(loans).where(eq(loans.id, payment.loanId)).for('no key update');
  if (!loan) throw new Error(`payment ${payment.id} without its loan`);
  if (confirms) await refuseWhileUnderAmlReview(tx, loan.customerId);

  const items = await tx
    .select({
      // A payoff's line took its discount with its amount (register.ts); both move together.
      part: sql<number>`${paymentItems.amountCents} + ${paymentItems.discountCents}`.mapWith(Number),
      installment: {
        id: scheduledPayments.id,
        status: scheduledPayments.status,
        dueDate: scheduledPayments.dueDate,
        amountCents: scheduledPayments.amountCents,
        paidCents: scheduledPayments.paidCents,
        heldCents: scheduledPayments.heldCents,
      },
      fee: {
        id: fees.id,
        status: fees.status,
        amountCents: fees.amountCents,
        paidCents: fees.paidCents,
        heldCents: fees.heldCents,
      },
    })
    .from(paymentItems)
    .leftJoin(scheduledPayments, eq(scheduledPayments.id, paymentItems.scheduledPaymentId))
    .leftJoin(fees, eq(fees.id, paymentItems.feeId))
    .where(eq(paymentItems.paymentId, payment.id));
  // Each line's part moves from held to paid (confirm) or is given back (reject), and the item's status
  // follows its parts through its machine (abono.ts): PAID once all of it is paid; a rejected item with
  // nothing else holding it goes back to DELAYED when past due on the business day, else PENDING. The
  // rows were read under the loan's lock; a line whose item no longer holds its part is left alone.
  const partAction = (dueDate: string): PartAction =>
    confirms ? { kind: 'confirm' } : { kind: 'reject', overdue: dueDate < today };
  const installmentChanges: PartsUpdate[] = [];
  const feeChanges: PartsUpdate[] = [];
  for (const { part, installment, fee } of items) {
    if (installment) {
      const next = installmentPart(installment.status, installment, part, partAction(installment.dueDate));
      if (next.ok) installmentChanges.push({ id: installment.id, ...pickParts(next) });
    } else if (fee) {
      const next = feePart(fee.status, fee, part, partAction(today));
      if (next.ok) feeChanges.push({ id: fee.id, ...pickParts(next) });
    }
  }
  const moveItems = async () => {
    await writeInstallmentParts(tx, installmentChanges);
    await writeFeeParts(tx, feeChanges);
  };

  let updated: typeof payment | undefined;
  if (confirms && targetAccountId) {
    await applyAccountMovement(tx, {
      accountId: targetAccountId,
      type: 'PAYMENT_DEPOSIT',
      amountCents: payment.amountCents,
      reason: payment.recovery
        ? recoveryReason(loan.num)
        : payment.channel === 'RENEWAL'
          ? renewalPayoffReason(loan.num)
          : abonoReason(loan.num),
      paymentId: payment.id,
      loanId: loan.id,
      actorId: actor.id,
    });
    [updated] = await tx
      .update(payments)
      .set({ status: decided.to, bankAccountId: targetAccountId, decidedBy: actor.id, decidedOn: sql`now()` })
      .where(eq(payments.id, payment.id))
      .returning();
    await moveItems();
  } else {
    [updated] = await tx
      .update(payments)
      .set({
        status: decided.to,
        decidedBy: actor.id,
        decidedOn: sql`now()`,
        // The contract requires it with REJECTED; `?? null` only satisfies the optional type.
        rejectionReason: input.reason ?? null,
      })
      .where(eq(payments.id, payment.id))
      .returning();
    await moveItems();
  }
  if (!updated) throw new Error('update returned no row');
  await recomputeLoan(tx, loan.id, {
    today,
    actorId: actor.id,
    reason: confirms ? 'payment_confirmed' : 'payment_rejected',
  });
  await writeAudit(tx, {
    actorId: actor.id,
    entity: PAYMENT_AUDIT_ENTITY,
    entityId: payment.id,
    action: confirms ? 'confirmed' : 'rejected',
    before: paymentAuditSnapshot(payment),
    after: { ...paymentAuditSnapshot(updated), loanNum: loan.num },
  });
  return toPaymentListItem(await loadPayment(tx, payment.id));
}
