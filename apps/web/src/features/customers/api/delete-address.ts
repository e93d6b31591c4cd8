import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useAddressMutation } from './address-mutation.ts';

/** DELETE /api/v1/customers/:id/addresses/:addressId → 200. */
export async function deleteAddress({ customerId, addressId }: { customerId: string; addressId: string }) {
  await api.delete(apiPaths.address(customerId, addressId));
}

export const useDeleteAddress = () => useAddressMutation('delete', deleteAddress);
