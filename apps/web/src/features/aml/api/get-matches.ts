import { type AmlMatchStatus, amlMatch, z } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { amlKeys } from './keys.ts';

const readMatches = z.array(amlMatch).parse;

/** GET /api/v1/aml/matches?status (admin): 'Coincidencias'. */
export const useAmlMatches = (status: AmlMatchStatus) =>
  useQuery(
    apiQuery({
      read: readMatches,
      queryKey: amlKeys.matches(status),
      path: apiPaths.amlMatches,
      query: { status },
      staleTime: 0,
    }),
  );
