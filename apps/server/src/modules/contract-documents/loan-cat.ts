import type { LoanCat } from '@prestaya/contracts';
import { loanCatPercent } from '@prestaya/domain';
import { eq } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb } from '../../db/client.ts';
import { loans } from '../../db/schema/loans.ts';
import { refuse } from '../../http/refusals.ts';
import { findVisibleLoan } from '../loans/access.ts';

/** GET /loans/{id}/cat: the loan's CAT from its own terms, for whoever sees the loan. */
export async function staffLoanCat(db: AppDb, actor: CustomerActor, id: string): Promise<LoanCat> {
  const { loan } = await findVisibleLoan(db, actor, id);
  return { cat: loanCatPercent(loan) };
}

/**
 * GET /public/api/v1/loans/{id}/cat: the public statement's CAT. The loan's unguessable id is the
 * proof, as for the statement itself; nothing else of the loan is answered.
 */
export async function publicLoanCat(db: AppDb, id: string): Promise<LoanCat> {
  const [loan] = await db
    .select({ amountCents: loans.amountCents, totalCents: loans.totalCents, termWeeks: loans.termWeeks })
    .from(loans)
    .where(eq(loans.id, id))
    .limit(1);
  if (!loan) throw refuse('loan.not_found');
  return { cat: loanCatPercent(loan) };
}
