import { type LoanStatus, pesosToCents } from '@prestaya/contracts';
import { type LoanAction, transition } from '@prestaya/domain';
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
