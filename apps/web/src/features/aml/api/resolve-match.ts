import { amlMatch } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { amlKeys } from './keys.ts';

/** PUT /api/v1/aml/matches/:id/resolve (admin): the match stops the customer no more. */
export const resolveMatch = ({ id, reason }: { id: string; reason: string }) =>
  apiData.put(apiPaths.amlResolve(id), amlMatch.parse, { reason });

export const useResolveMatch = () =>
  useApiMutation(['aml', 'resolve'], resolveMatch, { invalidates: [amlKeys.all], reloadAfterError: true });
