import type { BankAccount } from '@prestaya/contracts';
import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { bankAccounts } from '../../db/schema/bank-accounts.ts';
import { refuse } from '../../http/refusals.ts';
import { toBankAccountDto } from './mapping.ts';

export async function getBankAccount(db: AppDb, id: string): Promise<BankAccount> {
  const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.id, id)).limit(1);
  if (!row) throw refuse('bank_account.not_found');
  return toBankAccountDto(row);
}
