import type { Loan, loanCreate, z } from '@prestaya/contracts';
import { IN_PROGRESS_STATUSES, productLoanTerms } from '@prestaya/domain';
import { and, eq, gt, inArray, ne, or } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb, AppTx } from '../../db/client.ts';
import { loans } from '../../db/schema/loans.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { findVisibleCustomer } from '../customers/access.ts';
import { productForLoan } from '../loan-products/for-loan.ts';
import {
  isAdmin,
  requireNotFuture,
  requireProductAmount,
  requireProductTerms,
  toCents,
} from './input-checks.ts';
import { loanAuditSnapshot } from './mapping.ts';
import { LOAN_AUDIT_ENTITY } from './messages.ts';
import { requireRenewal } from './renewal.ts';
import { loadLoan } from './save.ts';

export type LoanCreateInput = z.output<typeof loanCreate>;

/**
 * One loan in progress per customer (@prestaya/domain IN_PROGRESS_STATUSES says which and why). A
 * written-off loan that still owes counts too (docs/product.md "Castigo"): a lender does not lend again
 * to someone whose debt it wrote off until it is recovered.
 */
async function refuseSecondLoanInProgress(tx: AppTx, customerId: string, renewsLoanId?: string) {
  const [open] = await tx
    .select({ id: loans.id, status: loans.status })
    .from(loans)
    .where(
      and(
        eq(loans.customerId, customerId),
        // A renewal may be requested while the loan it renews is open, and only that one.
        renewsLoanId ? ne(loans.id, renewsLoanId) : undefined,
        or(
          inArray(loans.status, [...IN_PROGRESS_STATUSES]),
          and(eq(loans.status, 'WRITTEN_OFF'), gt(loans.currentBalanceCents, 0)),
        ),
      ),
    )
    .limit(1);
  if (open?.status === 'WRITTEN_OFF') throw refuse('loan.written_off_debt_exists');
  if (open) throw refuse('loan.open_loan_exists');
}

/**
 * POST /customers/{id}/loans: a new PENDING loan under its product (the one named, else the only active
 * one) with its own copy of the product's terms (@prestaya/domain productLoanTerms: for the spec's
 * product, weekly fee 10% of the amount and total = amount × 1.2); the amount must be one the product
 * accepts (never below $100). Nothing is delivered yet, so currentRealAmount and currentBalance are 0. `requestDate` (default today) and `loanFromPast` are for
 * administrators: an agent sending `loanFromPast: true` or a request date other than today gets 403
 * (the form may echo today's date). The customer row is locked, so two simultaneous requests for one
 * customer cannot both pass the one-loan-in-progress check.
 */
export async function createLoan(
  db: AppDb,
  actor: CustomerActor,
  customerId: string,
  input: LoanCreateInput,
  /** Today's business date (app.businessClock). */
  today: string,
): Promise<Loan> {
  const setsRequestDate = input.requestDate !== undefined && input.requestDate !== today;
  if (!isAdmin(actor) && (setsRequestDate || input.loanFromPast)) {
    throw refuse('loan.admin_only_request_fields');
  }
  const requestDate = input.requestDate ?? today;
  requireNotFuture(requestDate, today);
  const amountCents = toCents('amount', input.amount);

  return db.transaction(async (tx) => {
    await findVisibleCustomer(tx, actor, customerId, 'update');
    const product = await productForLoan(tx, input.productId);
    requireProductTerms(input, product);
    requireProductAmount(amountCents, product);
    const terms = productLoanTerms(amountCents, product);
    if (input.renewsLoanId) {
      if (input.loanFromPast) throw refuse('renewal.not_from_past');
      await requireRenewal(tx, customerId, input.renewsLoanId, terms.amountCents, today);
    }
    await refuseSecondLoanInProgress(tx, customerId, input.renewsLoanId);
    const [row] = await tx
      .insert(loans)
      .values({
        id: uuidv7(),
        customerId,
        amountCents: terms.amountCents,
        productId: product.id,
        termWeeks: terms.termWeeks,
        dailyFeeCents: terms.dailyFeeCents,
        weeklyFeeCents: terms.weeklyFeeCents,
        interestBp: terms.interestBp,
        totalCents: terms.totalCents,
        lateFeeCapBp: terms.lateFeeCapBp,
        renewalThreshold: terms.renewalThreshold,
        payoffDiscountBp: terms.payoffDiscountBp,
        status: 'PENDING',
        loanFromPast: input.loanFromPast,
        requestDate,
        createdBy: actor.id,
        renewsLoanId: input.renewsLoanId ?? null,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await writeAudit(tx, {
      actorId: actor.id,
      entity: LOAN_AUDIT_ENTITY,
      entityId: row.id,
      action: 'created',
      after: loanAuditSnapshot(row),
    });
    return loadLoan(tx, row.id);
  });
}
