import { centsToPesos, type Fee, type PaymentListItem } from '@prestaya/contracts';
import type { FeeRow, PaymentRow } from '../../db/schema/payments.ts';

/** A payment row with what its API shape names beside it. */
export interface PaymentJoinedRow {
  payment: PaymentRow;
  loan: { id: string; num: number };
  customer: { id: string; name: string; lastName: string; secondLastName: string | null };
  bankAccount: { id: string; name: string } | null;
}

/** The API shape of a fee: centavos become pesos here and only here. */
export function toFeeDto(
  row: Pick<FeeRow, 'id' | 'feeDate' | 'concept' | 'amountCents' | 'status' | 'scheduledPaymentId'> &
    Partial<Pick<FeeRow, 'cancelReason' | 'paidCents' | 'heldCents'>>,
): Fee {
  return {
    id: row.id,
    feeDate: row.feeDate,
    concept: row.concept,
    amount: centsToPesos(row.amountCents),
    status: row.status,
    scheduledPaymentId: row.scheduledPaymentId,
    // Only a cancelled fee has a reason; reads of payable fees do not select the column.
    cancelReason: row.cancelReason ?? null,
    // Only a fine an abono paid or holds part of names its parts (absent means 0).
    ...(row.paidCents ? { paid: centsToPesos(row.paidCents) } : {}),
    ...(row.heldCents ? { held: centsToPesos(row.heldCents) } : {}),
  };
}

export function toPaymentListItem({
  payment,
  loan,
  customer,
  bankAccount,
}: PaymentJoinedRow): PaymentListItem {
  return {
    id: payment.id,
    kind: payment.kind,
    createdOn: payment.createdOn.toISOString(),
    collectedAt: payment.collectedAt.toISOString(),
    amount: centsToPesos(payment.amountCents),
    status: payment.status,
    paymentMethod: payment.paymentMethod,
    bankAccount: bankAccount ? { id: bankAccount.id, name: bankAccount.name } : null,
    loan: {
      id: loan.id,
      num: loan.num,
      customer: { id: customer.id, name: customer.name, lastName: customer.lastName },
    },
    recovery: payment.recovery,
  };
}

/**
 * What the audit trail keeps of a payment (pesos, as the API shows them); the rejection reason only
 * once there is one, so the history shows it as 'Motivo' on the rejection alone.
 */
export function paymentAuditSnapshot(payment: PaymentRow): Record<string, unknown> {
  return {
    loanId: payment.loanId,
    amount: centsToPesos(payment.amountCents),
    status: payment.status,
    paymentMethod: payment.paymentMethod,
    channel: payment.channel,
    ...(payment.kind !== 'ITEMS' ? { kind: payment.kind } : {}),
    registeredBy: payment.registeredBy,
    bankAccountId: payment.bankAccountId,
    decidedBy: payment.decidedBy,
    decidedOn: payment.decidedOn?.toISOString() ?? null,
    ...(payment.rejectionReason ? { rejectionReason: payment.rejectionReason } : {}),
    ...(payment.recovery ? { recovery: true } : {}),
  };
}
