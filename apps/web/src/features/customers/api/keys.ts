import { queryRoots } from '../../../lib/query-keys.ts';

/** Query keys of the customers resource; invalidating `all` reloads lists and details. */
export const customersKeys = {
  all: queryRoots.customers,
  lists: () => [...customersKeys.all, 'list'] as const,
  detail: (id: string) => [...customersKeys.all, 'detail', id] as const,
  documents: (id: string) => [...customersKeys.all, 'documents', id] as const,
  visits: (id: string) => [...customersKeys.all, 'visits', id] as const,
};
