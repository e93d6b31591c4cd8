import { type CustomerInput, customer } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { customersKeys } from './keys.ts';

/** PUT /api/v1/customers/:id → 200 envelope with the whole customer. */
export const updateCustomer = ({ id, body }: { id: string; body: CustomerInput }) =>
  apiData.put(apiPaths.customer(id), customer.parse, body);

export const useUpdateCustomer = () =>
  useApiMutation(['customers', 'update'], updateCustomer, {
    cacheReplyAt: (customer) => customersKeys.detail(customer.id),
    invalidates: [customersKeys.all],
  });
