import type { LoanProduct } from '@prestaya/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { loanProducts } from '../../db/schema/loan-products.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { LOAN_PRODUCT_AUDIT_ENTITY, productAuditSnapshot, toLoanProductDto } from './mapping.ts';
import { lockProducts } from './queries.ts';

/**
 * PATCH /loan-products/{id} (administrators): activate or deactivate. At least one product stays
 * active, or no loan could be requested: deactivating the last one is a 409. Every product row is
 * locked first, so two deactivations at once take turns and the second sees the first. A product in
 * the state asked for is answered as it is, with no audit row.
 */
export async function setLoanProductActive(
  db: AppDb,
  actorId: string,
  id: string,
  active: boolean,
): Promise<LoanProduct> {
  return db.transaction(async (tx) => {
    const rows = await lockProducts(tx);
    const before = rows.find((row) => row.id === id);
    if (!before) throw refuse('product.not_found');
    if (before.active === active) return toLoanProductDto(before);
    if (!active && rows.filter((row) => row.active).length <= 1) throw refuse('product.last_active');
    const [after] = await tx
      .update(loanProducts)
      .set({ active, updatedOn: sql`now()` })
      .where(eq(loanProducts.id, id))
      .returning();
    if (!after) throw refuse('product.not_found');
    await writeAudit(tx, {
      actorId,
      entity: LOAN_PRODUCT_AUDIT_ENTITY,
      entityId: id,
      action: active ? 'product_activated' : 'product_deactivated',
      before: productAuditSnapshot(before),
      after: productAuditSnapshot(after),
    });
    return toLoanProductDto(after);
  });
}
