import type { BankAccount, Envelope } from '@prestaya/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { bankAccountsKeys } from './keys.ts';

/** GET /api/v1/bank-accounts/:id. */
export async function getBankAccount(id: string): Promise<BankAccount> {
  const reply = await api.get<Envelope<BankAccount>>(apiPaths.bankAccount(id));
  return reply.data;
}

export const bankAccountQueryOptions = (id: string) =>
  queryOptions({ queryKey: bankAccountsKeys.detail(id), queryFn: () => getBankAccount(id), staleTime: 0 });
