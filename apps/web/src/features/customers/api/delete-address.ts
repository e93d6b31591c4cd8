import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { customersKeys } from './keys.ts';

/** DELETE /api/v1/customers/:id/addresses/:addressId → 200. */
export async function deleteAddress({
  customerId,
  addressId,
}: {
  customerId: string;
  addressId: string;
}): Promise<void> {
  await api.delete<unknown>(apiPaths.address(customerId, addressId));
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['customers', 'addresses', 'delete'],
    mutationFn: deleteAddress,
    onSuccess: (_nothing, { customerId }) =>
      queryClient.invalidateQueries({ queryKey: customersKeys.detail(customerId) }),
  });
}
