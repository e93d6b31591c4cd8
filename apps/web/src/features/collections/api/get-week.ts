import { collectionsWeek } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { collectionsKeys } from './keys.ts';

/**
 * GET /api/v1/collections/summary ('Semana'; not an envelope): the signed-in agent's week, or every
 * active agent's for an administrator. `week` undefined asks for this week (the server's clock).
 * Under the collections root, so a registered payment or visit reloads it.
 */
export function useCollectionsWeek(userId: string, week: string | undefined) {
  return useQuery({
    queryKey: collectionsKeys.week(userId, week),
    queryFn: () => api.get(apiPaths.collectionsSummary, collectionsWeek.parse, { week }),
  });
}
