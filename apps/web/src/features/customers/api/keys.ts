/** Query keys of the customers resource; invalidating `all` reloads lists and details. */
export const customersKeys = {
  all: ['customers'] as const,
  lists: () => [...customersKeys.all, 'list'] as const,
  detail: (id: string) => [...customersKeys.all, 'detail', id] as const,
};

export const agentsKeys = {
  all: ['agents'] as const,
};

export const CUSTOMERS_PATH = '/api/v1/customers';
export const AGENTS_PATH = '/api/v1/agents';

export const customerPath = (id: string) => `${CUSTOMERS_PATH}/${encodeURIComponent(id)}`;
export const addressesPath = (customerId: string) => `${customerPath(customerId)}/addresses`;
export const addressPath = (customerId: string, addressId: string) =>
  `${addressesPath(customerId)}/${encodeURIComponent(addressId)}`;
