import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customerDocuments } from '../../db/schema/customer-documents.ts';
import { refuse } from '../../http/refusals.ts';
import { readContractSettings } from './settings.ts';

/** The newest signed contract uploaded for the loan ('Contrato firmado' tied to it), if any. */
export async function findSignedContract(db: DbOrTx, loanId: string) {
  const [row] = await db
    .select({ id: customerDocuments.id, uploadedOn: customerDocuments.uploadedOn })
    .from(customerDocuments)
    .where(and(eq(customerDocuments.loanId, loanId), eq(customerDocuments.type, 'SIGNED_CONTRACT')))
    .orderBy(desc(customerDocuments.uploadedOn))
    .limit(1);
  return row ?? null;
}

/**
 * Delivery's check (loans/activate.ts): when 'Exigir contrato firmado para entregar' is on, a loan is
 * delivered only once its signed contract is uploaded. Read in the delivery's transaction, with the
 * loan row locked, so the answer holds for the delivery it guards.
 */
export async function requireSignedContractIfSet(tx: DbOrTx, loanId: string): Promise<void> {
  const { requireSignedContract } = await readContractSettings(tx);
  if (requireSignedContract && !(await findSignedContract(tx, loanId)))
    throw refuse('loan.signed_contract_required');
}
