import { type ContractSettings, contractSettings } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { contractsKeys } from './keys.ts';

/** GET /api/v1/settings/contracts (administrators). */
export const useContractSettings = () =>
  useQuery(
    apiQuery({
      read: contractSettings.parse,
      queryKey: contractsKeys.settings(),
      path: apiPaths.contractSettings,
      staleTime: 0,
    }),
  );

const save = (input: ContractSettings) =>
  apiData.put(apiPaths.contractSettings, contractSettings.parse, input);

/** PUT /api/v1/settings/contracts. */
export const useSaveContractSettings = () =>
  useApiMutation(['contracts', 'settings', 'save'], save, {
    cacheReplyAt: () => contractsKeys.settings(),
  });
