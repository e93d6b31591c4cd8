import { writeOffTotals } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { writeOffsKeys } from './keys.ts';

/** GET /api/v1/write-offs/totals (admin): loans, amount written off, recovered. */
export const useWriteOffTotals = () =>
  useQuery(
    apiQuery({
      read: writeOffTotals.parse,
      queryKey: writeOffsKeys.totals(),
      path: apiPaths.writeOffTotals,
      staleTime: 0,
    }),
  );
