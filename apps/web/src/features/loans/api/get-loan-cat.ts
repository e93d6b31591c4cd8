import { loanCat } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { loansKeys } from './keys.ts';

/** GET /api/v1/loans/:id/cat → the loan's CAT (percent, one decimal), from its own terms. */
export const useLoanCat = (loanId: string) =>
  useQuery(
    apiQuery({
      read: loanCat.parse,
      queryKey: [...loansKeys.detail(loanId), 'cat'],
      path: apiPaths.loanCat(loanId),
      // A loan's terms are fixed once requested: its CAT only changes with an edit, which reloads it.
      staleTime: 60_000,
    }),
  );
