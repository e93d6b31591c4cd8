import type { BankAccount, Paged } from '@prestaya/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { loansKeys } from './keys.ts';

/** Spec 2 "GlobalLoanList": the withdrawal accounts are loaded at page 1 with size 20 on entry. */
export const APPROVAL_ACCOUNTS_PAGE = { page: 1, size: 20 } as const;

/** GET /api/v1/bank-accounts?page=1&size=20 (admin): the accounts a loan can be approved from. */
export async function getApprovalAccounts(): Promise<BankAccount[]> {
  const reply = await api.get<Paged<BankAccount>>(apiPaths.bankAccounts, { ...APPROVAL_ACCOUNTS_PAGE });
  return reply.data;
}

export const approvalAccountsQueryOptions = () =>
  queryOptions({ queryKey: loansKeys.accounts(), queryFn: getApprovalAccounts, staleTime: 0 });

export function useApprovalAccounts() {
  return useQuery(approvalAccountsQueryOptions());
}
