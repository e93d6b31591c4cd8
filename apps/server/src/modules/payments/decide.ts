import type { PaymentListItem, paymentStatusUpdate, z } from '@prestaya/contracts';
import {
  feeActionSources,
  feeTransition,
  type InstallmentAction,
  installmentActionSources,
  installmentTransition,
  paymentTransition,
} from '@prestaya/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb, AppTx } from '../../db/client.ts';
import { loans, scheduledPayments } from '../../db/schema/loans.ts';
import { fees, paymentItems, payments } from '../../db/schema/payments.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { applyAccountMovement } from '../bank-accounts/apply-movement.ts';
import { recomputeLoan } from '../loans/balance.ts';
import { paymentAuditSnapshot, toPaymentListItem } from './mapping.ts';
import { abonoReason, PAYMENT_AUDIT_ENTITY, recoveryReason } from './messages.ts';
import { loadPayment } from './queries.ts';
import { movesOf } from './status-moves.ts';

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
  const confirms = input.status === 'PAID';
  const decided = paymentTransition(payment.status, { kind: confirms ? 'confirm' : 'reject' });
  if (!decided.ok) throw refuse(decided.refusal);
  const targetAccountId = input.targetAccountId ?? null;
  if (confirms && !targetAccountId) {
    throw refuse('payment.target_account_required');
  }
  const [loan] = await tx.select().from(loans).where(eq(loans.id, payment.loanId)).for('no key update');
  if (!loan) throw new Error(`payment ${payment.id} without its loan`);

  const items = await tx
    .select({
      installment: {
        id: scheduledPayments.id,
        status: scheduledPayments.status,
        dueDate: scheduledPayments.dueDate,
      },
      fee: { id: fees.id, status: fees.status },
    })
    .from(paymentItems)
    .leftJoin(scheduledPayments, eq(scheduledPayments.id, paymentItems.scheduledPaymentId))
    .leftJoin(fees, eq(fees.id, paymentItems.feeId))
    .where(eq(paymentItems.paymentId, payment.id));
  const installments = items.flatMap((i) => (i.installment ? [i.installment] : []));
  const itemFees = items.flatMap((i) => (i.fee ? [i.fee] : []));
  // Each installment and fee moves as its machine says; a rejected installment goes back to DELAYED
  // when past due on the business day, else PENDING. The guard re-checks the statuses the action moves
  // from: an item no longer held by this payment is left alone.
  const decision = confirms ? 'confirm' : 'reject';
  const installmentAction = (dueDate: string): InstallmentAction =>
    confirms ? { kind: 'confirm' } : { kind: 'reject', overdue: dueDate < today };
  const installmentSources = installmentActionSources(installmentAction(today));
  const installmentMoves = movesOf(installments, (i) =>
    installmentTransition(i.status, installmentAction(i.dueDate)),
  );
  const feeMoves = movesOf(itemFees, (f) => feeTransition(f.status, { kind: decision }));
  const moveItems = async () => {
    for (const [status, ids] of installmentMoves) {
      await tx
        .update(scheduledPayments)
        .set(status === 'PAID' ? { status, paidOn: sql`now()` } : { status })
        .where(
          and(inArray(scheduledPayments.id, ids), inArray(scheduledPayments.status, installmentSources)),
        );
    }
    for (const [status, ids] of feeMoves) {
      await tx
        .update(fees)
        .set({ status })
        .where(and(inArray(fees.id, ids), inArray(fees.status, feeActionSources({ kind: decision }))));
    }
  };

  let updated: typeof payment | undefined;
  if (confirms && targetAccountId) {
    await applyAccountMovement(tx, {
      accountId: targetAccountId,
      type: 'PAYMENT_DEPOSIT',
      amountCents: payment.amountCents,
      reason: payment.recovery ? recoveryReason(loan.num) : abonoReason(loan.num),
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
