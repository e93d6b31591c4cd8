import { centsToPesos } from '@prestaya/contracts';
import type { AppTx } from '../../db/client.ts';
import type { LoanRow } from '../../db/schema/loans.ts';
import type { PaymentRow } from '../../db/schema/payments.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { paymentAuditSnapshot } from './mapping.ts';
import { PAYMENT_AUDIT_ENTITY } from './messages.ts';
import type { Coverage, RegisterPaymentInput } from './register-input.ts';
import type { PayoffCoverage } from './register-payoff.ts';

/** The payment's 'registered' row: what it covers, an abono's parts, a payoff's quote, fees it cancelled. */
export async function auditRegistration(
  tx: AppTx,
  input: RegisterPaymentInput,
  loan: LoanRow,
  payment: PaymentRow,
  check: Coverage,
  payoff: PayoffCoverage | undefined,
  attachmentId: string | null,
): Promise<void> {
  const installmentIds = check.lines.filter((l) => l.kind === 'installment').map((l) => l.id);
  const feeIds = check.lines.filter((l) => l.kind === 'fee').map((l) => l.id);
  await writeAudit(tx, {
    actorId: input.registeredBy,
    entity: PAYMENT_AUDIT_ENTITY,
    entityId: payment.id,
    action: 'registered',
    after: {
      ...paymentAuditSnapshot(payment),
      collectedAt: payment.collectedAt.toISOString(),
      loanNum: loan.num,
      scheduledPaymentIds: installmentIds,
      feeIds,
      ...(check.kind === 'ABONO'
        ? {
            kind: check.kind,
            parts: check.lines.map((l) => ({
              id: l.id,
              amount: centsToPesos(l.amountCents),
              remainingAfter: centsToPesos(l.remainingAfterCents),
            })),
          }
        : {}),
      ...(payoff
        ? {
            kind: check.kind,
            payoff: {
              quotedOn: payoff.gathered.quote.today,
              installments: centsToPesos(payoff.gathered.quote.installmentsCents),
              fines: centsToPesos(payoff.gathered.quote.finesCents),
              discount: centsToPesos(payoff.gathered.quote.discountCents),
              total: centsToPesos(payoff.gathered.quote.quoteCents),
              ...(input.renewalLoanId ? { renewalLoanId: input.renewalLoanId } : {}),
            },
          }
        : {}),
      ...(check.accruedAfterCollection.length > 0 ? { cancelledFeeIds: check.accruedAfterCollection } : {}),
      attachmentId,
    },
  });
}
