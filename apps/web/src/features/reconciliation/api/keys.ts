import { queryRoots } from '../../../lib/query-keys.ts';

/** Query keys of 'Conciliación'. */
export const reconciliationKeys = {
  all: queryRoots.reconciliation,
  mapping: (accountId: string) => [...reconciliationKeys.all, 'mapping', accountId] as const,
  statement: (id: string) => [...reconciliationKeys.all, 'statement', id] as const,
};
