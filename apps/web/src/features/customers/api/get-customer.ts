import { customer } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { customersKeys } from './keys.ts';

/** GET /api/v1/customers/:id: the customer with addresses, agent and current loan; 404 when not visible. */
export const customerQueryOptions = (id: string) =>
  apiQuery({
    read: customer.parse,
    queryKey: customersKeys.detail(id),
    path: apiPaths.customer(id),
    staleTime: 0,
  });

export const useCustomer = (id: string) => useQuery(customerQueryOptions(id));
