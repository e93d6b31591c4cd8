import { writeOff } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { loansKeys } from './keys.ts';

/** GET /api/v1/loans/:id/write-off → the loan's write-off, or null. */
export const loanWriteOffQueryOptions = (loanId: string) =>
  apiQuery({
    read: writeOff.nullable().parse,
    queryKey: loansKeys.writeOff(loanId),
    path: apiPaths.loanWriteOff(loanId),
    staleTime: 0,
  });

/** Only asked for a written-off loan: every other loan has none. */
export const useLoanWriteOff = (loanId: string, writtenOff: boolean) =>
  useQuery({ ...loanWriteOffQueryOptions(loanId), enabled: writtenOff });
