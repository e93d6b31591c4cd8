import { centsToPesos, checkRenewal, formatCents, type PayoffQuote } from '@prestaya/domain';
import { and, count, eq } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppTx } from '../../db/client.ts';
import { type LoanRow, loans, scheduledPayments } from '../../db/schema/loans.ts';
import { refuse } from '../../http/refusals.ts';
import { decidePaymentInTransaction } from '../payments/decide.ts';
import { gatherPayoff } from '../payments/payoff.ts';
import { registerPaymentInTransaction } from '../payments/register.ts';

/*
 * Renewal ('Renovación', docs/architecture.md "Early payoff and renewal"; the rule is @prestaya/domain
 * checkRenewal). A new loan may renew the customer's open loan once that loan has PAID installments up
 * to its renewal threshold; the request checks it (and that the amount covers today's payoff), the
 * delivery checks it again on the locked old loan and settles the payoff from the new amount.
 */

/** The renewed loan's row, locked, its PAID installments and today's payoff quote. */
async function renewedLoan(tx: AppTx, customerId: string, loanId: string, today: string) {
  const [loan] = await tx
    .select()
    .from(loans)
    .where(and(eq(loans.id, loanId), eq(loans.customerId, customerId)))
    .for('no key update');
  if (!loan) throw refuse('renewal.loan_not_found');
  const [paid] = await tx
    .select({ n: count() })
    .from(scheduledPayments)
    .where(and(eq(scheduledPayments.loanId, loan.id), eq(scheduledPayments.status, 'PAID')));
  const paidInstallments = Number(paid?.n ?? 0);
  if (!['ACTIVE', 'DELAYED'].includes(loan.status)) throw refuse('renewal.loan_not_open');
  if (paidInstallments < loan.renewalThreshold) {
    throw refuse('renewal.threshold_not_reached', {
      values: {
        num: String(loan.num),
        paid: String(paidInstallments),
        threshold: String(loan.renewalThreshold),
      },
    });
  }
  const { quote } = await gatherPayoff(tx, loan, today);
  return { loan, paidInstallments, quote };
}

/** Refuses a renewal the rule refuses; answers the renewed loan and its quote. */
export async function requireRenewal(
  tx: AppTx,
  customerId: string,
  renewsLoanId: string,
  amountCents: number,
  today: string,
): Promise<{ loan: LoanRow; quote: PayoffQuote; cashCents: number }> {
  const { loan, paidInstallments, quote } = await renewedLoan(tx, customerId, renewsLoanId, today);
  const outcome = checkRenewal({
    status: loan.status,
    paidInstallments,
    threshold: loan.renewalThreshold,
    amountCents,
    payoffCents: quote.quoteCents,
  });
  if (!outcome.ok) {
    throw refuse(outcome.refusal, {
      values: {
        num: String(loan.num),
        payoff: formatCents(quote.quoteCents),
        paid: String(paidInstallments),
        threshold: String(loan.renewalThreshold),
      },
    });
  }
  return { loan, quote, cashCents: outcome.cashCents };
}

/**
 * The delivery of a renewal, inside the delivery's transaction (new loan locked first, then the old):
 * the old loan's payoff is registered (channel RENEWAL, no cash) for exactly today's quote and
 * confirmed at once into the new loan's account, so the ledger shows the Entrega of the whole new
 * amount and the Abono 'Liquidación por renovación' of the payoff; the cash handed over is the
 * difference. The old loan becomes PAID. Answers what was settled.
 */
export async function settleRenewal(
  tx: AppTx,
  actor: CustomerActor,
  newLoan: LoanRow,
  accountId: string,
  today: string,
): Promise<{ renewedNum: number; payoffCents: number; cashCents: number }> {
  if (!newLoan.renewsLoanId) throw new Error('not a renewal');
  const { loan, quote, cashCents } = await requireRenewal(
    tx,
    newLoan.customerId,
    newLoan.renewsLoanId,
    newLoan.amountCents,
    today,
  );
  const payment = await registerPaymentInTransaction(tx, {
    loanId: loan.id,
    request: {
      scheduledPaymentIds: [],
      feeIds: [],
      paymentMethod: 'TRANSFER',
      payoff: centsToPesos(quote.quoteCents),
    },
    registeredBy: actor.id,
    channel: 'RENEWAL',
    today,
    renewalLoanId: newLoan.id,
  });
  await decidePaymentInTransaction(
    tx,
    actor,
    payment.id,
    { status: 'PAID', targetAccountId: accountId },
    today,
  );
  return { renewedNum: loan.num, payoffCents: quote.quoteCents, cashCents };
}
