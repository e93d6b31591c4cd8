import { type AddressInput, address } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useAddressMutation } from './address-mutation.ts';

/** POST /api/v1/customers/:id/addresses → 201 envelope with the address. */
export const createAddress = ({ customerId, body }: { customerId: string; body: AddressInput }) =>
  apiData.post(apiPaths.addresses(customerId), address.parse, body);

export const useCreateAddress = () => useAddressMutation('create', createAddress);
