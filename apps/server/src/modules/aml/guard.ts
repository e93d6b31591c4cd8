import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { amlMatches } from '../../db/schema/aml.ts';
import { loans } from '../../db/schema/loans.ts';
import { refuse } from '../../http/refusals.ts';

/**
 * THE stop of the blocked-persons screening: a customer with an open match cannot have a loan
 * approved or delivered, nor a payment registered, requested or confirmed, until an administrator
 * resolves the match. The words say nothing of a list: staff read that an administrator must review
 * the customer, the public side a generic refusal. One probe of aml_matches_open_customer_idx.
 */
export async function refuseWhileUnderAmlReview(
  db: DbOrTx,
  customerId: string,
  audience: 'staff' | 'public' = 'staff',
): Promise<void> {
  const [open] = await db
    .select({ id: amlMatches.id })
    .from(amlMatches)
    .where(and(eq(amlMatches.customerId, customerId), eq(amlMatches.status, 'OPEN')))
    .limit(1);
  if (open) throw refuse(audience === 'public' ? 'aml.public_refused' : 'aml.review_required');
}

/**
 * The same stop by loan, for a step that holds only the loan's id: an agent authorising a payment
 * that waits for them ('Pago sin PIN') reads the staff wording.
 */
export async function refuseLoanWhileUnderAmlReview(db: DbOrTx, loanId: string): Promise<void> {
  const [loan] = await db
    .select({ customerId: loans.customerId })
    .from(loans)
    .where(eq(loans.id, loanId))
    .limit(1);
  if (loan) await refuseWhileUnderAmlReview(db, loan.customerId);
}
