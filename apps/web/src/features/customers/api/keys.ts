import { queryRoots } from '../../../lib/query-keys.ts';

/** Query keys of the customers resource; invalidating `all` reloads lists and details. */
export const customersKeys = {
  all: queryRoots.customers,
  lists: () => [...customersKeys.all, 'list'] as const,
  detail: (id: string) => [...customersKeys.all, 'detail', id] as const,
  documents: (id: string) => [...customersKeys.all, 'documents', id] as const,
  // Under the documents' key: an upload or a deletion, which reloads the documents, reloads it too.
  expediente: (id: string) => [...customersKeys.documents(id), 'expediente'] as const,
  identitySettings: () => [...customersKeys.all, 'identity-settings'] as const,
  visits: (id: string) => [...customersKeys.all, 'visits', id] as const,
};
