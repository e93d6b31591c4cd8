import type { Customer, CustomerInput, Envelope } from '@prestaya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { customersKeys } from './keys.ts';

/** PUT /api/v1/customers/:id → 200 envelope with the whole customer. */
export async function updateCustomer({ id, body }: { id: string; body: CustomerInput }): Promise<Customer> {
  const reply = await api.put<Envelope<Customer>>(apiPaths.customer(id), body);
  return reply.data;
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['customers', 'update'],
    mutationFn: updateCustomer,
    onSuccess: (customer) => {
      // The reply is the saved customer: show it at once, then reload lists and details.
      queryClient.setQueryData(customersKeys.detail(customer.id), customer);
      void queryClient.invalidateQueries({ queryKey: customersKeys.all });
    },
  });
}
