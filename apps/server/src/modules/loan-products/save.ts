import { type LoanProduct, type LoanProductInput, MAX_LOAN_PRODUCTS } from '@prestaya/contracts';
import { checkProductTerms, formatCents, MAX_PAYMENT_FEES, productFeesBeyondPayment } from '@prestaya/domain';
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppDb } from '../../db/client.ts';
import { loanProducts } from '../../db/schema/loan-products.ts';
import { insertAudited, updateAudited } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import {
  LOAN_PRODUCT_AUDIT_ENTITY,
  productAuditSnapshot,
  productColumns,
  toLoanProductDto,
} from './mapping.ts';
import { lockProducts, nameTaken, translateDuplicateName } from './queries.ts';

/** The columns of a valid input, or its refusal (the contract checked each field; this relates them). */
function validColumns(input: LoanProductInput) {
  const columns = productColumns(input);
  const refusal = checkProductTerms(columns);
  if (refusal) throw refuse(refusal);
  // Every loan of the product must fit one payment that ticks what it owes.
  const fees = productFeesBeyondPayment(columns);
  if (fees !== null) {
    throw refuse('product.fees_beyond_payment', {
      values: {
        fees: fees.toLocaleString('en-US'),
        max: MAX_PAYMENT_FEES.toLocaleString('en-US'),
        amount: formatCents(columns.maxAmountCents),
      },
    });
  }
  return columns;
}

/** POST /loan-products (administrators): a new active product, audited. */
export async function createLoanProduct(
  db: AppDb,
  actorId: string,
  input: LoanProductInput,
): Promise<LoanProduct> {
  const columns = validColumns(input);
  return translateDuplicateName(
    db.transaction(async (tx) => {
      const rows = await lockProducts(tx);
      if (rows.length >= MAX_LOAN_PRODUCTS) {
        throw refuse('product.too_many', { values: { max: String(MAX_LOAN_PRODUCTS) } });
      }
      if (nameTaken(rows, columns.name)) throw refuse('product.name_taken');
      const row = await insertAudited(
        tx,
        loanProducts,
        { id: uuidv7(), ...columns, active: true, createdBy: actorId },
        { actorId, entity: LOAN_PRODUCT_AUDIT_ENTITY, snapshot: productAuditSnapshot },
      );
      return toLoanProductDto(row);
    }),
  );
}

/**
 * PUT /loan-products/{id} (administrators): new terms for the loans requested from now on. A loan
 * keeps the copy it took when it was requested, so no loan changes here.
 */
export async function updateLoanProduct(
  db: AppDb,
  actorId: string,
  id: string,
  input: LoanProductInput,
): Promise<LoanProduct> {
  const columns = validColumns(input);
  return translateDuplicateName(
    db.transaction(async (tx) => {
      const rows = await lockProducts(tx);
      const before = rows.find((row) => row.id === id);
      if (!before) throw refuse('product.not_found');
      if (nameTaken(rows, columns.name, id)) throw refuse('product.name_taken');
      const after = await updateAudited(
        tx,
        loanProducts,
        eq(loanProducts.id, id),
        { ...columns, updatedOn: sql`now()` },
        {
          actorId,
          entity: LOAN_PRODUCT_AUDIT_ENTITY,
          entityId: id,
          before,
          snapshot: productAuditSnapshot,
        },
      );
      if (!after) throw refuse('product.not_found');
      return toLoanProductDto(after);
    }),
  );
}
