import { checkCurp, isOfAgeOn } from '@prestaya/domain';
import { refuse } from '../../http/refusals.ts';

/**
 * The server's part of the CURP check: the contracts' schema has refused a malformed CURP on a new
 * customer already; the age needs the business date, and an edit is checked in full only when it
 * changes the CURP (a customer saved before the full check stays editable; see customerEditInput).
 */

/** A new applicant's CURP: valid (the schema's word, repeated for other callers) and of age today. */
export function requireApplicantCurp(curp: string, today: string): void {
  const check = checkCurp(curp);
  if (!check.ok) {
    if (check.problem === 'length') throw refuse('customer.curp_length');
    throw refuse(`customer.curp_${check.problem}`);
  }
  if (!isOfAgeOn(check.facts.birthDate, today)) throw refuse('customer.under_age');
}

/** An edit's CURP: checked as a new one when it differs from the stored one, else left as it is. */
export function requireEditedCurp(curp: string, storedCurp: string, today: string): void {
  if (curp !== storedCurp) requireApplicantCurp(curp, today);
}
