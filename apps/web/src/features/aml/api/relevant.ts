import { type AmlSettings, amlRelevantOperations, amlSettings } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { amlKeys } from './keys.ts';

/** GET /api/v1/aml/relevant-operations?year&quarter (admin). */
export const useRelevantOperations = (year: number, quarter: number) =>
  useQuery(
    apiQuery({
      read: amlRelevantOperations.parse,
      queryKey: amlKeys.relevant(year, quarter),
      path: apiPaths.amlRelevant,
      query: { year, quarter },
      staleTime: 0,
    }),
  );

/** GET /api/v1/aml/settings (admin): the thresholds in pesos. */
export const useAmlSettings = () =>
  useQuery(apiQuery({ read: amlSettings.parse, queryKey: amlKeys.settings(), path: apiPaths.amlSettings }));

export const saveAmlSettings = (input: AmlSettings) =>
  apiData.put(apiPaths.amlSettings, amlSettings.parse, amlSettings.parse(input));

export const useSaveAmlSettings = () =>
  useApiMutation(['aml', 'settings'], saveAmlSettings, {
    invalidates: [amlKeys.all],
    cacheReplyAt: () => amlKeys.settings(),
  });
