import { queryRoots } from '../../../lib/query-keys.ts';

/** Query keys of the loans resource; invalidating `all` reloads every loan list, loan and schedule. */
export const loansKeys = {
  all: queryRoots.loans,
  lists: () => [...loansKeys.all, 'list'] as const,
  customerLists: (customerId: string) => [...loansKeys.all, 'customer', customerId] as const,
  detail: (id: string) => [...loansKeys.all, 'detail', id] as const,
  schedule: (id: string) => [...loansKeys.all, 'schedule', id] as const,
  writeOff: (id: string) => [...loansKeys.all, 'write-off', id] as const,
};
