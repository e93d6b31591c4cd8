import { centsToPesos } from '@prestaya/contracts';
import { formatCents, pesosToCents } from '@prestaya/domain';
import { v7 as uuidv7 } from 'uuid';
import type { AppTx } from '../../db/client.ts';
import type { LoanRow } from '../../db/schema/loans.ts';
import { loanPayoffs } from '../../db/schema/payoffs.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { type GatheredPayoff, gatherPayoff } from './payoff.ts';
import type { Coverage, RegisterPaymentInput } from './register-input.ts';

/** The loans' audit entity (loans/messages.ts LOAN_AUDIT_ENTITY), whose rows the loan's history shows. */
const LOAN_AUDIT_ENTITY = 'loan';

export type PayoffCoverage = Coverage & { gathered: GatheredPayoff };

/**
 * An early payoff (payoff.ts gatherPayoff on the locked rows): the amount sent must be today's quote
 * exactly, else 400 naming the quote. Every fine and installment that remains is a line for what
 * remains of it less its discount; the quote is kept as the payment's loan_payoffs row.
 */
export async function payoffOf(
  tx: AppTx,
  input: RegisterPaymentInput,
  loan: LoanRow,
): Promise<PayoffCoverage> {
  if (input.channel === 'PUBLIC') throw refuse('payoff.staff_only');
  if (input.file && input.request.paymentMethod !== 'TRANSFER')
    throw refuse('payment.file_only_with_transfer');
  const gathered = await gatherPayoff(tx, loan, input.today);
  const { quote } = gathered;
  if (pesosToCents(input.request.payoff ?? 0) !== quote.quoteCents) {
    throw refuse('payoff.amount_mismatch', { values: { quote: formatCents(quote.quoteCents) } });
  }
  const conceptOf = new Map([...gathered.installments, ...gathered.fees].map((r) => [r.id, r.concept]));
  return {
    kind: 'PAYOFF',
    lines: quote.lines.map((line) => ({
      kind: line.kind,
      id: line.id,
      concept: conceptOf.get(line.id) ?? '',
      amountCents: line.amountCents,
      remainingAfterCents: 0,
      discountCents: line.discountCents,
    })),
    amountCents: quote.quoteCents,
    accruedAfterCollection: [],
    gathered,
  };
}

/** Keeps the payoff's quote as the payment's loan_payoffs row, and tells the loan's history. */
export async function recordPayoff(
  tx: AppTx,
  input: RegisterPaymentInput,
  loan: LoanRow,
  paymentId: string,
  payoff: PayoffCoverage,
): Promise<void> {
  const { quote } = payoff.gathered;
  await tx.insert(loanPayoffs).values({
    id: uuidv7(),
    loanId: loan.id,
    paymentId,
    quotedOn: quote.today,
    installmentsCents: quote.installmentsCents,
    finesCents: quote.finesCents,
    interestNotDueCents: quote.interestNotDueCents,
    discountBp: quote.discountBp,
    discountCents: quote.discountCents,
    quoteCents: quote.quoteCents,
    renewalLoanId: input.renewalLoanId ?? null,
    createdBy: input.registeredBy,
  });
  // The loan's history shows the payoff and its quote (the payment's own row is in its history).
  await writeAudit(tx, {
    actorId: input.registeredBy,
    entity: LOAN_AUDIT_ENTITY,
    entityId: loan.id,
    action: 'payoff_registered',
    after: {
      loanNum: loan.num,
      paymentId,
      quotedOn: quote.today,
      installments: centsToPesos(quote.installmentsCents),
      fines: centsToPesos(quote.finesCents),
      interestNotDue: centsToPesos(quote.interestNotDueCents),
      discount: centsToPesos(quote.discountCents),
      total: centsToPesos(quote.quoteCents),
      ...(input.renewalLoanId ? { renewalLoanId: input.renewalLoanId } : {}),
    },
  });
}
