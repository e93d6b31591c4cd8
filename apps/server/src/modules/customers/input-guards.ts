import { hasCurpLength } from '../../access/customers.ts';
import { refuse } from '../../http/refusals.ts';

/**
 * Checks the contracts' schemas cannot express, run before any write so that nothing a client sends
 * reaches a database error (a 500): each is a 400 naming the field. Characters PostgreSQL text
 * cannot hold (U+0000) are already refused by the contracts' text rule (packages/contracts text.ts).
 */

/** The contracts count UTF-16 units; the table's check counts characters (code points). */
export function requireCurpLength(curp: string): void {
  if (!hasCurpLength(curp)) throw refuse('customer.curp_length');
}
