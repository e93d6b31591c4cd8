import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { type LoanProductRow, loanProducts } from '../../db/schema/loan-products.ts';
import { refuse } from '../../http/refusals.ts';

/** Every product, active first then by name (accents and case as PostgreSQL's collation orders them). */
export function selectProducts(db: DbOrTx, onlyActive: boolean) {
  const query = db.select().from(loanProducts).$dynamic();
  return (onlyActive ? query.where(eq(loanProducts.active, true)) : query).orderBy(
    sql`${loanProducts.active} desc`,
    asc(sql`lower(${loanProducts.name})`),
    asc(loanProducts.id),
  );
}

/**
 * Locks every product row: creating, editing, activating and deactivating take turns, so two
 * deactivations at once cannot leave no active product, and the count of products stays bounded.
 */
export async function lockProducts(tx: DbOrTx): Promise<LoanProductRow[]> {
  return tx.select().from(loanProducts).orderBy(asc(loanProducts.id)).for('update');
}

/** The unique index on lower(name) is the last word; this turns its violation into the refusal. */
export async function translateDuplicateName<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error, 'loan_products_name_unique')) throw refuse('product.name_taken');
    throw error;
  }
}

/** Whether another product than `exceptId` is called `name` (case-insensitive), among locked rows. */
export const nameTaken = (rows: LoanProductRow[], name: string, exceptId?: string) =>
  rows.some((row) => row.id !== exceptId && row.name.toLowerCase() === name.toLowerCase());
