import { useApiMutation } from '../../../lib/mutation.ts';
import { customersKeys } from './keys.ts';

/**
 * docs/product.md §2 "Address form": every address change reloads the customer it belongs to (its details list the
 * addresses), and the change ends only once the reloaded customer is there.
 */
export const useAddressMutation = <TData, TVariables extends { customerId: string }>(
  action: 'create' | 'update' | 'delete',
  mutationFn: (variables: TVariables) => Promise<TData>,
) =>
  useApiMutation(['customers', 'addresses', action], mutationFn, {
    invalidates: ({ customerId }) => [customersKeys.detail(customerId)],
    awaitReload: true,
  });
