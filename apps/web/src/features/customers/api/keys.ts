/** Query keys of the customers resource; invalidating `all` reloads lists and details. */
export const customersKeys = {
  all: ['customers'] as const,
  lists: () => [...customersKeys.all, 'list'] as const,
  detail: (id: string) => [...customersKeys.all, 'detail', id] as const,
  documents: (id: string) => [...customersKeys.all, 'documents', id] as const,
};

export const agentsKeys = {
  all: ['agents'] as const,
  page: (term: string) => [...agentsKeys.all, 'page', term] as const,
};
