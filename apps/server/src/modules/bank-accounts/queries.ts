import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bankAccounts } from '../../db/schema/bank-accounts.ts';
import { refuse } from '../../http/refusals.ts';

/** 404 'bank_account.not_found' unless the account exists. */
export async function ensureAccountExists(db: DbOrTx, id: string): Promise<void> {
  const [row] = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(eq(bankAccounts.id, id))
    .limit(1);
  if (!row) throw refuse('bank_account.not_found');
}
