import { chooseProduct } from '@prestaya/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type LoanProductRow, loanProducts } from '../../db/schema/loan-products.ts';
import { refuse } from '../../http/refusals.ts';

/**
 * The product a loan request uses (the loans module's create and update call this in their
 * transaction): the one named if it is active, else the only active product; 400 when several are
 * active and none is named. The rows are read FOR SHARE, so an edit or deactivation of the product
 * waits until the loan has copied its terms.
 */
export async function productForLoan(tx: DbOrTx, productId: string | undefined): Promise<LoanProductRow> {
  const active = await tx
    .select()
    .from(loanProducts)
    .where(eq(loanProducts.active, true))
    .orderBy(loanProducts.id)
    .for('share');
  const choice = chooseProduct(active, productId);
  if (!choice.ok) throw refuse(choice.refusal);
  return choice.product;
}
