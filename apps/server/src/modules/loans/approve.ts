import { formatCents, type Loan, type loanApprove, type z } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb } from '../../db/client.ts';
import { refuse } from '../../http/refusals.ts';
import { refuseWhileUnderAmlReview } from '../aml/guard.ts';
import { applyAccountMovement, LedgerRefusalError } from '../bank-accounts/apply-movement.ts';
import { ensureAccountExists } from '../bank-accounts/queries.ts';
import { requireExpedienteForApproval } from '../identity/approval-check.ts';
import { changeVisibleLoan } from './access.ts';
import { requireTransition } from './input-checks.ts';
import { ledgerReason } from './messages.ts';
import { saveLoan } from './save.ts';

export type LoanApproveInput = z.output<typeof loanApprove>;

/**
 * PUT /loans/{id}/approve (administrators): PENDING → APPROVED. The amount is reserved in the chosen
 * account (VIRTUAL_WITHDRAWAL 'Reserva préstamo #num': balance −amount) in the same transaction; a short
 * balance is a 409 and nothing changes. A loanFromPast moves no money and needs no account.
 * Lock order: the loan row, then the account row (the same for every loan action). With the identity
 * setting on, the customer's expediente must be complete on the business date `today`.
 */
export async function approveLoan(
  db: AppDb,
  actor: CustomerActor,
  id: string,
  input: LoanApproveInput,
  today: string,
): Promise<Loan> {
  return changeVisibleLoan(db, actor, id, async (tx, loan) => {
    const next = requireTransition(loan.status, { kind: 'approve' });
    await refuseWhileUnderAmlReview(tx, loan.customerId);
    await requireExpedienteForApproval(tx, loan, today);
    const accountId = input.bankAccountId ?? null;
    if (loan.loanFromPast) {
      // It may name the account it came from (informative: no money moves); it must exist.
      if (accountId) await ensureAccountExists(tx, accountId);
    } else {
      if (!accountId) throw refuse('loan.bank_account_required');
      try {
        await applyAccountMovement(tx, {
          accountId,
          type: 'VIRTUAL_WITHDRAWAL',
          amountCents: loan.amountCents,
          reason: ledgerReason.reservation(loan.num),
          loanId: loan.id,
          actorId: actor.id,
        });
      } catch (error) {
        if (error instanceof LedgerRefusalError && error.refusal.kind === 'insufficientBalance') {
          throw refuse('loan.insufficient_balance', {
            values: { available: formatCents(error.refusal.availableCents) },
          });
        }
        throw error;
      }
    }
    return saveLoan(tx, actor.id, loan, 'approved', {
      status: next.to,
      approvedOn: sql`now()`,
      bankAccountId: accountId,
    });
  });
}
