import { centsToPesos, type PayoffQuote as PayoffQuoteDto } from '@prestaya/contracts';
import { isOpenStatus, type PayoffQuote, quotePayoff } from '@prestaya/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type LoanRow, type ScheduledPaymentRow, scheduledPayments } from '../../db/schema/loans.ts';
import { type FeeRow, fees, payments } from '../../db/schema/payments.ts';
import { refuse } from '../../http/refusals.ts';
import { findVisibleLoan } from '../loans/access.ts';
import { feesOf } from './queries.ts';

/*
 * Early payoff ('Liquidación anticipada', docs/architecture.md "Early payoff"). The quote is
 * @prestaya/domain quotePayoff on the loan's rows; the quote endpoint and the payoff payment read the
 * rows the same way, so the amount the screen shows is the amount the registration requires.
 */

export interface GatheredPayoff {
  quote: PayoffQuote;
  installments: ScheduledPaymentRow[];
  fees: FeeRow[];
}

/**
 * The loan's payoff for `today`, or the refusal: only an open loan (ACTIVE or DELAYED) and none of its
 * payments awaiting a decision (what it holds would be paid twice, or its rejection would reopen a
 * closed loan). Read under the loan's lock when `db` is the registration's transaction.
 */
export async function gatherPayoff(db: DbOrTx, loan: LoanRow, today: string): Promise<GatheredPayoff> {
  if (!isOpenStatus(loan.status)) throw refuse('payoff.loan_not_open');
  const [validating] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.loanId, loan.id), eq(payments.status, 'VALIDATING')))
    .limit(1);
  if (validating) throw refuse('payoff.payment_validating');
  const installments = await db
    .select()
    .from(scheduledPayments)
    .where(eq(scheduledPayments.loanId, loan.id))
    .orderBy(asc(scheduledPayments.paymentNumber));
  const pendingFees = await feesOf(db, loan.id, eq(fees.status, 'PENDING'));
  const outcome = quotePayoff({
    today,
    interestBp: loan.interestBp,
    discountBp: loan.payoffDiscountBp,
    installments,
    fees: pendingFees,
  });
  if (!outcome.ok) throw refuse(outcome.refusal);
  return { quote: outcome.quote, installments, fees: pendingFees };
}

export function toPayoffQuoteDto(
  gathered: GatheredPayoff,
  loan: { id: string; num: number; renewalThreshold: number },
  customer: { id: string; name: string; lastName: string; secondLastName: string | null },
): PayoffQuoteDto {
  const { quote } = gathered;
  const installmentById = new Map(gathered.installments.map((i) => [i.id, i]));
  const feeById = new Map(gathered.fees.map((f) => [f.id, f]));
  const paid = gathered.installments.filter((i) => i.status === 'PAID').length;
  return {
    loan: { id: loan.id, num: loan.num },
    customer: {
      id: customer.id,
      name: [customer.name, customer.lastName, customer.secondLastName].filter(Boolean).join(' '),
    },
    date: quote.today,
    installments: centsToPesos(quote.installmentsCents),
    fines: centsToPesos(quote.finesCents),
    interestNotDue: centsToPesos(quote.interestNotDueCents),
    discountBp: quote.discountBp,
    discount: centsToPesos(quote.discountCents),
    total: centsToPesos(quote.quoteCents),
    renewal: {
      paidInstallments: paid,
      threshold: loan.renewalThreshold,
      eligible: paid >= loan.renewalThreshold,
    },
    lines: quote.lines.map((line) => {
      const installment = line.kind === 'installment' ? installmentById.get(line.id) : undefined;
      const fee = line.kind === 'fee' ? feeById.get(line.id) : undefined;
      return {
        kind: line.kind,
        id: line.id,
        concept: installment?.concept ?? fee?.concept ?? '',
        dueDate: installment?.dueDate ?? fee?.feeDate ?? '',
        remaining: centsToPesos(line.remainingCents),
        discount: centsToPesos(line.discountCents),
        amount: centsToPesos(line.amountCents),
      };
    }),
  };
}

/** GET /loans/{id}/payoff-quote: staff who see the loan (an agent, their customers'; else 404). */
export async function getPayoffQuote(
  db: DbOrTx,
  actor: CustomerActor,
  loanId: string,
  today: string,
): Promise<PayoffQuoteDto> {
  const row = await findVisibleLoan(db, actor, loanId);
  return toPayoffQuoteDto(await gatherPayoff(db, row.loan, today), row.loan, row.customer);
}
