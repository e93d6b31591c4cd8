import { type AddressInput, address } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useAddressMutation } from './address-mutation.ts';

interface AddressUpdate {
  customerId: string;
  addressId: string;
  body: AddressInput;
}

/** PUT /api/v1/customers/:id/addresses/:addressId → 200 envelope with the address. */
export const updateAddress = ({ customerId, addressId, body }: AddressUpdate) =>
  apiData.put(apiPaths.address(customerId, addressId), address.parse, body);

export const useUpdateAddress = () => useAddressMutation('update', updateAddress);
