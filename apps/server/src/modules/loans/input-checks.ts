import { formatCents, type LoanStatus, pesosToCents } from '@prestaya/contracts';
import { canSchedule, type LoanAction, minimumLoanAmountCents, transition } from '@prestaya/domain';
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
 * An amount whose 12 installments are each at least one centavo at the loan's rate; anything less
 * could never be delivered (its schedule would hold $0.00 installments), so it is refused when the
 * loan is requested or its amount edited.
 */
export function requireSchedulable(amountCents: number, interestBp: number) {
  if (!canSchedule(amountCents, interestBp)) {
    throw refuse('loan.amount_below_minimum', {
      values: { minimum: formatCents(minimumLoanAmountCents(interestBp)) },
    });
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
