import { loan } from '@prestaya/contracts';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { loansKeys } from './keys.ts';

/** GET /api/v1/loans/:id → envelope; 404 when the loan is not visible to the user. */
export const loanQueryOptions = (id: string) =>
  apiQuery({ read: loan.parse, queryKey: loansKeys.detail(id), path: apiPaths.loan(id), staleTime: 0 });
