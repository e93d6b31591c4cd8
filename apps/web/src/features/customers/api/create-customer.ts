import type { Customer, CustomerInput, Envelope } from '@prestaya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { customersKeys } from './keys.ts';

/** POST /api/v1/customers → 201 envelope; 409 when the CURP is already registered. */
export async function createCustomer(body: CustomerInput): Promise<Customer> {
  const reply = await api.post<Envelope<Customer>>(apiPaths.customers, body);
  return reply.data;
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['customers', 'create'],
    mutationFn: createCustomer,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: customersKeys.lists() });
    },
  });
}
