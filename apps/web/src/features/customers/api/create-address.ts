import type { Address, AddressInput, Envelope } from '@prestaya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { customersKeys } from './keys.ts';

/** POST /api/v1/customers/:id/addresses → 201 envelope with the address. */
export async function createAddress({
  customerId,
  body,
}: {
  customerId: string;
  body: AddressInput;
}): Promise<Address> {
  const reply = await api.post<Envelope<Address>>(apiPaths.addresses(customerId), body);
  return reply.data;
}

export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['customers', 'addresses', 'create'],
    mutationFn: createAddress,
    // Spec "Address form": on save the customer is reloaded.
    onSuccess: (_address, { customerId }) =>
      queryClient.invalidateQueries({ queryKey: customersKeys.detail(customerId) }),
  });
}
