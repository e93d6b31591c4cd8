import { queryRoots } from '../../../lib/query-keys.ts';

/** Query keys of the bank-accounts resource; invalidating `all` reloads lists, details and ledgers. */
export const bankAccountsKeys = {
  all: queryRoots.bankAccounts,
  lists: () => [...bankAccountsKeys.all, 'list'] as const,
  detail: (id: string) => [...bankAccountsKeys.all, 'detail', id] as const,
  transactions: (id: string) => [...bankAccountsKeys.all, 'transactions', id] as const,
  transaction: (id: string, transactionId: string) =>
    [...bankAccountsKeys.all, 'transaction', id, transactionId] as const,
};
