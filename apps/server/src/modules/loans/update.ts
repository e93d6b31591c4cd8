import type { Loan, loanUpdate, z } from '@prestaya/contracts';
import { isUndeliveredStatus, loanTerms } from '@prestaya/domain';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb } from '../../db/client.ts';
import { refuse } from '../../http/refusals.ts';
import { applyAccountMovement } from '../bank-accounts/apply-movement.ts';
import { changeVisibleLoan } from './access.ts';
import { isAdmin, requireNotFuture, requireSchedulable, requireTransition, toCents } from './input-checks.ts';
import { ledgerReason } from './messages.ts';
import { type LoanChanges, loadLoan, reservedAccountOf, saveLoan } from './save.ts';

export type LoanUpdateInput = z.output<typeof loanUpdate>;

/**
 * PUT /loans/{id}. Only what differs from the stored loan counts as a change, so the edit form may send
 * every field back unchanged:
 * - amount/term/dailyFee change only while PENDING (409 otherwise); a new amount recomputes the weekly
 *   fee and the total with the loan's own rate;
 * - status, requestDate and loanFromPast are changed by administrators only (403 for an agent);
 *   loanFromPast only while PENDING, requestDate only before delivery (the schedule of a loanFromPast is
 *   anchored on it), never in the future;
 * - status follows the loan status machine (@prestaya/domain transition, `edit`): cancelling an
 *   APPROVED loan releases its reservation (Liberación) in the same transaction, other transitions
 *   have their own action.
 */
export async function updateLoan(
  db: AppDb,
  actor: CustomerActor,
  id: string,
  input: LoanUpdateInput,
  /** Today's business date (app.businessClock): a request date may not be later. */
  today: string,
): Promise<Loan> {
  return changeVisibleLoan(db, actor, id, async (tx, loan) => {
    const status = loan.status;

    const changesStatus = input.status !== undefined && input.status !== status;
    const changesRequestDate = input.requestDate !== undefined && input.requestDate !== loan.requestDate;
    const changesFromPast = input.loanFromPast !== undefined && input.loanFromPast !== loan.loanFromPast;
    if (!isAdmin(actor)) {
      if (changesStatus) throw refuse('loan.admin_only_status');
      if (changesRequestDate || changesFromPast) throw refuse('loan.admin_only_request_fields');
    }

    const amountCents = input.amount === undefined ? loan.amountCents : toCents('amount', input.amount);
    const dailyFeeCents =
      input.dailyFee === undefined ? loan.dailyFeeCents : toCents('dailyFee', input.dailyFee);
    const termWeeks = input.term ?? loan.termWeeks;
    const changesTerms =
      amountCents !== loan.amountCents ||
      dailyFeeCents !== loan.dailyFeeCents ||
      termWeeks !== loan.termWeeks;
    if (changesTerms && status !== 'PENDING') throw refuse('loan.amount_only_while_pending');
    if (changesFromPast && status !== 'PENDING') throw refuse('loan.from_past_only_while_pending');
    if (changesRequestDate && input.requestDate !== undefined) {
      if (!isUndeliveredStatus(status)) {
        throw refuse('loan.request_date_only_before_delivery');
      }
      requireNotFuture(input.requestDate, today);
    }
    const next = requireTransition(status, {
      kind: 'edit',
      to: input.status ?? status,
      loanFromPast: loan.loanFromPast,
    });
    const cancels = next.to !== status;

    const changes: LoanChanges = {};
    if (changesTerms) {
      requireSchedulable(amountCents, loan.interestBp);
      const terms = loanTerms(amountCents, loan.interestBp);
      Object.assign(changes, {
        amountCents,
        dailyFeeCents,
        termWeeks,
        weeklyFeeCents: terms.weeklyFeeCents,
        totalCents: terms.totalCents,
      });
    }
    if (changesFromPast) changes.loanFromPast = input.loanFromPast;
    if (changesRequestDate) changes.requestDate = input.requestDate;
    if (cancels) {
      changes.status = next.to;
      if (next.releasesReservation) {
        await applyAccountMovement(tx, {
          accountId: reservedAccountOf(loan),
          type: 'RELEASE',
          amountCents: loan.amountCents,
          reason: ledgerReason.release(loan.num),
          loanId: loan.id,
          actorId: actor.id,
        });
      }
    }
    if (Object.keys(changes).length === 0) return loadLoan(tx, id);
    return saveLoan(tx, actor.id, loan, cancels ? 'cancelled' : 'updated', changes);
  });
}
