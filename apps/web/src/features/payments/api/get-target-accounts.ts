import type { BankAccount, Paged } from '@prestaya/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { paymentsKeys } from './keys.ts';

/** Spec 7/9: bank accounts use page size 30 in payment details. */
export const TARGET_ACCOUNTS_PAGE = { page: 1, size: 30 } as const;

/** GET /api/v1/bank-accounts?page=1&size=30 (admin): the accounts a payment can be confirmed into. */
export async function getTargetAccounts(): Promise<BankAccount[]> {
  const reply = await api.get<Paged<BankAccount>>(apiPaths.bankAccounts, { ...TARGET_ACCOUNTS_PAGE });
  return reply.data;
}

export const targetAccountsQueryOptions = () =>
  queryOptions({ queryKey: paymentsKeys.targetAccounts(), queryFn: getTargetAccounts, staleTime: 0 });

export function useTargetAccounts({ enabled = true } = {}) {
  return useQuery({ ...targetAccountsQueryOptions(), enabled });
}
