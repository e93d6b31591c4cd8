import { writeOff, writeOffRequest } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { loanChangeKeys } from './invalidate.ts';

/** POST /api/v1/loans/:id/write-off with `{reason}` (admin): 'Castigar' (docs/product.md "Castigo"). */
export function writeOffLoan({ loanId, reason }: { loanId: string; reason: string }) {
  return apiData.post(apiPaths.loanWriteOff(loanId), writeOff.parse, writeOffRequest.parse({ reason }));
}

export const useWriteOffLoan = () =>
  useApiMutation(['loans', 'write-off'], writeOffLoan, {
    // The loan, its lists and the customer's header; 'Cartera castigada'; the Dashboard's portfolio.
    invalidates: [...loanChangeKeys(), queryRoots.writeOffs, queryRoots.reports],
    awaitReload: true,
  });
