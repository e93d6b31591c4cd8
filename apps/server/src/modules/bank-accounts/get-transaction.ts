import type { AccountTransaction } from '@prestaya/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { accountTransactions } from '../../db/schema/bank-accounts.ts';
import { refuse } from '../../http/refusals.ts';
import { toAccountTransactionDto } from './mapping.ts';
import { ensureAccountExists } from './queries.ts';

/** A transaction of another account is 404, as if it did not exist. */
export async function getAccountTransaction(
  db: AppDb,
  accountId: string,
  transactionId: string,
): Promise<AccountTransaction> {
  await ensureAccountExists(db, accountId);
  const [row] = await db
    .select()
    .from(accountTransactions)
    .where(and(eq(accountTransactions.id, transactionId), eq(accountTransactions.accountId, accountId)))
    .limit(1);
  if (!row) throw refuse('bank_account.transaction_not_found');
  return toAccountTransactionDto(row);
}
