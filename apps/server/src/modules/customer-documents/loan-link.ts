import type { customerDocumentUpload, z } from '@prestaya/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppTx } from '../../db/client.ts';
import { loans } from '../../db/schema/loans.ts';
import { refuse } from '../../http/refusals.ts';

/**
 * The loan a document is tied to: a signed contract ('Contrato firmado') names one of the same
 * customer's loans (a cancelled one too: it is still that customer's paper); no other type names one.
 * Returns the loan id to store (null for every other type).
 */
export async function checkDocumentLoan(
  tx: AppTx,
  customerId: string,
  input: z.output<typeof customerDocumentUpload>,
): Promise<string | null> {
  if (input.type !== 'SIGNED_CONTRACT') {
    if (input.loanId) throw refuse('document.loan_only_signed_contract');
    return null;
  }
  if (!input.loanId) throw refuse('document.signed_contract_needs_loan');
  const [loan] = await tx
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.id, input.loanId), eq(loans.customerId, customerId)))
    .limit(1);
  if (!loan) throw refuse('document.loan_not_customers');
  return loan.id;
}
