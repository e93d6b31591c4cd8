import type { Loan } from '@prestaya/contracts';
import { buildSchedule, SCHEDULED_INSTALLMENT_STATUS } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb } from '../../db/client.ts';
import { scheduledPayments } from '../../db/schema/loans.ts';
import { refuseWhileUnderAmlReview } from '../aml/guard.ts';
import { applyAccountMovement } from '../bank-accounts/apply-movement.ts';
import { requireSignedContractIfSet } from '../contract-documents/signed-contract.ts';
import { changeVisibleLoan } from './access.ts';
import { requireTransition } from './input-checks.ts';
import { ledgerReason } from './messages.ts';
import { settleRenewal } from './renewal.ts';
import { reservedAccountOf, saveLoan } from './save.ts';

/**
 * PUT /loans/{id}/activate (administrators): APPROVED → ACTIVE, the delivery of the cash. The reserved
 * amount leaves the account (WITHDRAWAL 'Entrega préstamo #num': real balance −amount), the 12 weekly
 * installments are generated (@prestaya/domain buildSchedule, anchored on today's business date, or on
 * the request date for a loanFromPast, which moves no money), and the loan now owes its total:
 * currentRealAmount = currentBalance = Σ installments (no fees yet).
 */
export async function activateLoan(
  db: AppDb,
  actor: CustomerActor,
  id: string,
  /** Today's business date (app.businessClock): the delivery day. */
  today: string,
): Promise<Loan> {
  return changeVisibleLoan(db, actor, id, async (tx, loan) => {
    const next = requireTransition(loan.status, { kind: 'deliver' });
    await refuseWhileUnderAmlReview(tx, loan.customerId);
    await requireSignedContractIfSet(tx, loan.id);
    // A renewal first settles the old loan's payoff into the account (renewal.ts), then the whole
    // amount leaves it: the ledger shows both, and the cash handed over is the difference.
    const renewal =
      loan.renewsLoanId && !loan.loanFromPast
        ? await settleRenewal(tx, actor, loan, reservedAccountOf(loan), today)
        : undefined;
    if (!loan.loanFromPast) {
      await applyAccountMovement(tx, {
        accountId: reservedAccountOf(loan),
        type: 'WITHDRAWAL',
        amountCents: loan.amountCents,
        reason: renewal
          ? ledgerReason.renewalDelivery(loan.num, renewal.renewedNum)
          : ledgerReason.delivery(loan.num),
        loanId: loan.id,
        actorId: actor.id,
      });
    }
    const anchor = loan.loanFromPast ? loan.requestDate : today;
    const schedule = buildSchedule(loan.totalCents, anchor, loan.termWeeks);
    await tx.insert(scheduledPayments).values(
      schedule.map((installment) => ({
        id: uuidv7(),
        loanId: loan.id,
        paymentNumber: installment.paymentNumber,
        dueDate: installment.dueDate,
        amountCents: installment.amountCents,
        status: SCHEDULED_INSTALLMENT_STATUS,
        concept: installment.concept,
      })),
    );
    const owedCents = schedule.reduce((sum, installment) => sum + installment.amountCents, 0);
    return saveLoan(tx, actor.id, loan, 'activated', {
      status: next.to,
      activatedOn: sql`now()`,
      currentRealAmountCents: owedCents,
      currentBalanceCents: owedCents,
    });
  });
}
