import { visit, z } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { customersKeys } from './keys.ts';

const readVisits = z.array(visit).parse;

/** GET /api/v1/customers/:id/visits: the visits of every loan, newest first; 404 when not visible. */
export const customerVisitsQueryOptions = (customerId: string) =>
  apiQuery({
    read: readVisits,
    queryKey: customersKeys.visits(customerId),
    path: apiPaths.customerVisits(customerId),
    staleTime: 0,
  });

export const useCustomerVisits = (customerId: string) => useQuery(customerVisitsQueryOptions(customerId));
