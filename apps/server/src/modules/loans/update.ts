import type { Loan, loanUpdate, z } from '@prestaya/contracts';
import { isUndeliveredStatus, productLoanTerms } from '@prestaya/domain';
import { eq } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb, AppTx } from '../../db/client.ts';
import { type LoanProductRow, loanProducts } from '../../db/schema/loan-products.ts';
import type { LoanRow } from '../../db/schema/loans.ts';
import { refuse } from '../../http/refusals.ts';
import { applyAccountMovement } from '../bank-accounts/apply-movement.ts';
import { productForLoan } from '../loan-products/for-loan.ts';
import { changeVisibleLoan } from './access.ts';
import {
  isAdmin,
  requireNotFuture,
  requireProductAmount,
  requireProductTerms,
  requireTransition,
  toCents,
} from './input-checks.ts';
import { ledgerReason } from './messages.ts';
import { type LoanChanges, loadLoan, reservedAccountOf, saveLoan } from './save.ts';

export type LoanUpdateInput = z.output<typeof loanUpdate>;

/**
 * PUT /loans/{id}. Only what differs from the stored loan counts as a change, so the edit form may send
 * every field back unchanged:
 * - amount and product change only while PENDING (409 otherwise); a new amount recomputes the weekly
 *   fee and the total with the loan's own copy of its product's terms, within the product's limits; a
 *   new product (active) is copied again; a term or daily fee sent must be the loan's (or the new
 *   product's);
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
    const changesProduct = input.productId !== undefined && input.productId !== loan.productId;
    const newProduct = changesProduct ? await productForLoan(tx, input.productId) : undefined;
    requireProductTerms(input, newProduct ?? loan);
    const changesTerms = amountCents !== loan.amountCents || changesProduct;
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
      const product = newProduct ?? (await ownTermsWithLimits(tx, loan));
      requireProductAmount(amountCents, product);
      const { installmentCents: _, ...terms } = productLoanTerms(amountCents, product);
      Object.assign(changes, { ...terms, productId: product.id });
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

/**
 * The loan's own copy of its product's terms with the product's current limits and name: a new amount
 * keeps the terms the loan was requested with, and must be one the product accepts today.
 */
async function ownTermsWithLimits(tx: AppTx, loan: LoanRow): Promise<LoanProductRow> {
  const [product] = await tx.select().from(loanProducts).where(eq(loanProducts.id, loan.productId)).limit(1);
  if (!product) throw new Error(`loan ${loan.id} has no product ${loan.productId}`);
  return {
    ...product,
    termWeeks: loan.termWeeks,
    interestBp: loan.interestBp,
    dailyFeeCents: loan.dailyFeeCents,
    lateFeeCapBp: loan.lateFeeCapBp,
    renewalThreshold: loan.renewalThreshold,
    payoffDiscountBp: loan.payoffDiscountBp,
  };
}
