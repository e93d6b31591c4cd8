import { type AmlMatchStatus, amlMatch, paged } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { keepPageWhileLoading, type PageWindow } from '../../../components/PagedCards.tsx';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { amlKeys } from './keys.ts';

const readPage = paged(amlMatch).parse;

/**
 * GET /api/v1/aml/matches?status&page&size (admin): a page of 'Coincidencias' (a paged list, not an
 * envelope). The page shown stays on screen while the next one of the same status loads.
 */
export const useAmlMatches = (status: AmlMatchStatus, { page, size }: PageWindow) => {
  const queryKey = amlKeys.matchPage(status, { page, size });
  return useQuery({
    queryKey,
    queryFn: () => api.get(apiPaths.amlMatches, readPage, { status, page, size }),
    staleTime: 0,
    placeholderData: keepPageWhileLoading(queryKey),
  });
};
