import type { Customer, Envelope } from '@prestaya/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { customersKeys } from './keys.ts';

/** GET /api/v1/customers/:id: the customer with addresses, agent and current loan; 404 when not visible. */
export async function getCustomer(id: string): Promise<Customer> {
  const reply = await api.get<Envelope<Customer>>(apiPaths.customer(id));
  return reply.data;
}

export const customerQueryOptions = (id: string) =>
  queryOptions({ queryKey: customersKeys.detail(id), queryFn: () => getCustomer(id), staleTime: 0 });

export function useCustomer(id: string) {
  return useQuery(customerQueryOptions(id));
}
