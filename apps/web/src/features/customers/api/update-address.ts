import type { Address, AddressInput, Envelope } from '@prestaya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { customersKeys } from './keys.ts';

/** PUT /api/v1/customers/:id/addresses/:addressId → 200 envelope with the address. */
export async function updateAddress({
  customerId,
  addressId,
  body,
}: {
  customerId: string;
  addressId: string;
  body: AddressInput;
}): Promise<Address> {
  const reply = await api.put<Envelope<Address>>(apiPaths.address(customerId, addressId), body);
  return reply.data;
}

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['customers', 'addresses', 'update'],
    mutationFn: updateAddress,
    onSuccess: (_address, { customerId }) =>
      queryClient.invalidateQueries({ queryKey: customersKeys.detail(customerId) }),
  });
}
