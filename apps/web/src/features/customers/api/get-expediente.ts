import { expediente } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { customersKeys } from './keys.ts';

/** GET /api/v1/customers/:id/expediente: complete, or what is missing on the business date. */
export const useExpediente = (customerId: string) =>
  useQuery(
    apiQuery({
      read: expediente.parse,
      queryKey: customersKeys.expediente(customerId),
      path: apiPaths.customerExpediente(customerId),
      staleTime: 0,
    }),
  );
