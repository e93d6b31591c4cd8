import { pesosToCents } from '@prestaya/contracts';
import type { CustomerActor } from '../../domain/customers.ts';
import { hasRole } from '../../domain/users.ts';
import { invalidField } from '../../errors.ts';
import { LOAN_MESSAGES } from './messages.ts';

/* The request checks that creating and editing a loan share. */

export const isAdmin = (actor: CustomerActor) => hasRole(actor.roles, 'ROLE_ADMIN');

/** Pesos already validated by the contracts (≤ 2 decimals, in range); a RangeError here is still a 400. */
export function toCents(field: string, pesos: number): number {
  try {
    return pesosToCents(pesos);
  } catch {
    throw invalidField(field, LOAN_MESSAGES.invalidAmount);
  }
}

/** A request date is a day that has already begun in the business time zone (`today`). */
export function requireNotFuture(requestDate: string, today: string) {
  if (requestDate > today) throw invalidField('requestDate', LOAN_MESSAGES.futureRequestDate);
}
