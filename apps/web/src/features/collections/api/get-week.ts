import { collectionsWeek } from '@prestaya/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { collectionsKeys } from './keys.ts';

/**
 * GET /api/v1/collections/summary ('Semana'; not an envelope): the signed-in agent's week, or every
 * active agent's for an administrator. `week` undefined asks for this week (the server's clock).
 * `page`: an administrator's page of agents (sent from the second on).
 * Under the collections root, so a registered payment or visit reloads it.
 */
export function useCollectionsWeek(userId: string, week: string | undefined, page = 1) {
  return useQuery({
    queryKey: collectionsKeys.week(userId, week, page),
    queryFn: () =>
      api.get(apiPaths.collectionsSummary, collectionsWeek.parse, {
        week,
        page: page === 1 ? undefined : page,
      }),
    placeholderData: keepPreviousData,
  });
}
