/** Query keys of the loans resource; invalidating `all` reloads every loan list, loan and schedule. */
export const loansKeys = {
  all: ['loans'] as const,
  lists: () => [...loansKeys.all, 'list'] as const,
  customerLists: (customerId: string) => [...loansKeys.all, 'customer', customerId] as const,
  detail: (id: string) => [...loansKeys.all, 'detail', id] as const,
  schedule: (id: string) => [...loansKeys.all, 'schedule', id] as const,
  accounts: () => [...loansKeys.all, 'bank-accounts'] as const,
};

/**
 * Other screens' caches this feature's actions change. Invalidated by key prefix so that no feature
 * imports another: ['customers'] is the customers feature's root key (header balance and badge), and
 * ['bank-accounts'] the bank-accounts feature's (approval reserves money, delivery takes it out).
 */
export const CUSTOMERS_ROOT_KEY = ['customers'] as const;
export const BANK_ACCOUNTS_ROOT_KEY = ['bank-accounts'] as const;
