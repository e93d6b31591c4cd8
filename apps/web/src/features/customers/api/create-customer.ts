import { type CustomerInput, customer } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { customersKeys } from './keys.ts';

/** POST /api/v1/customers → 201 envelope; 409 when the CURP is already registered. */
export const createCustomer = (body: CustomerInput) => apiData.post(apiPaths.customers, customer.parse, body);

export const useCreateCustomer = () =>
  useApiMutation(['customers', 'create'], createCustomer, { invalidates: [customersKeys.lists()] });
