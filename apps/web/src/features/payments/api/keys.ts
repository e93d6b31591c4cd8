/** Query keys of the payments resource; invalidating `all` reloads the list and every details screen. */
export const paymentsKeys = {
  all: ['payments'] as const,
  lists: () => [...paymentsKeys.all, 'list'] as const,
  details: (id: string) => [...paymentsKeys.all, 'details', id] as const,
  targetAccounts: () => [...paymentsKeys.all, 'target-accounts'] as const,
};

/**
 * Other screens' caches a confirmation or rejection changes, invalidated by key prefix so that no
 * feature imports another: ['loans'] (balances, schedule, the loan's payments and fees), ['customers']
 * (CustomerDetails header balance and status) and ['bank-accounts'] (the Abono changes both balances).
 */
export const LOANS_ROOT_KEY = ['loans'] as const;
export const CUSTOMERS_ROOT_KEY = ['customers'] as const;
export const BANK_ACCOUNTS_ROOT_KEY = ['bank-accounts'] as const;
