import { formatCents, type LoanStatus, pesosToCents } from '@prestaya/contracts';
import { checkLoanAmount, type LoanAction, type LoanProductTerms, transition } from '@prestaya/domain';
import type { CustomerActor } from '../../access/customers.ts';
import { hasRole } from '../../access/users.ts';
import { refuse } from '../../http/refusals.ts';

/* The request checks that creating, editing, approving and delivering a loan share. */

export const isAdmin = (actor: CustomerActor) => hasRole(actor.roles, 'ROLE_ADMIN');

/** Pesos already validated by the contracts (≤ 2 decimals, in range); a RangeError here is still a 400. */
export function toCents(field: string, pesos: number): number {
  try {
    return pesosToCents(pesos);
  } catch {
    throw refuse('money.invalid_amount', { field });
  }
}

/**
 * A loan amount its product accepts (@prestaya/domain checkLoanAmount): never below $100, within the
 * product's minimum and maximum, every installment at least a centavo. Checked where a loan is
 * requested or its amount (or product) changed, after the loan or customer is known to be visible.
 */
export function requireProductAmount(amountCents: number, product: LoanProductTerms & { name: string }) {
  const refused = checkLoanAmount(amountCents, product);
  if (!refused) return;
  const limit = formatCents(refused.limitCents);
  switch (refused.refusal) {
    case 'loan.amount_below_floor':
    case 'loan.amount_below_minimum':
      throw refuse(refused.refusal, { values: { minimum: limit } });
    case 'loan.amount_below_product_minimum':
      throw refuse(refused.refusal, { values: { product: product.name, minimum: limit } });
    case 'loan.amount_above_product_maximum':
      throw refuse(refused.refusal, { values: { product: product.name, maximum: limit } });
  }
}

/** Whole pesos without decimals ('$50'), as the spec writes the daily fee; else the usual format. */
const feeText = (cents: number) => formatCents(cents).replace(/\.00$/, '');

/**
 * A term or daily fee a request sends must be its product's: the loan form shows them read-only, and
 * an API call that names others is told the product's.
 */
export function requireProductTerms(
  input: { term?: number | undefined; dailyFee?: number | undefined },
  product: Pick<LoanProductTerms, 'termWeeks' | 'dailyFeeCents'>,
) {
  if (input.term !== undefined && input.term !== product.termWeeks) {
    throw refuse('loan.term_not_product', { values: { term: String(product.termWeeks) } });
  }
  if (input.dailyFee !== undefined && toCents('dailyFee', input.dailyFee) !== product.dailyFeeCents) {
    throw refuse('loan.daily_fee_not_product', { values: { fee: feeText(product.dailyFeeCents) } });
  }
}

/** A request date is a day that has already begun in the business time zone (`today`). */
export function requireNotFuture(requestDate: string, today: string) {
  if (requestDate > today) throw refuse('loan.future_request_date');
}

/** The loan status machine's move for `action`, or its refusal thrown (409). */
export function requireTransition(status: LoanStatus, action: LoanAction) {
  const next = transition(status, action);
  if (!next.ok) throw refuse(next.refusal);
  return next;
}
